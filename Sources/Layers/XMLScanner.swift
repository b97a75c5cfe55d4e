/// One piece of an XML document.
enum XMLToken {
    /// `<name a="1">` or, with `selfClosing`, `<name/>`; the name without its namespace prefix.
    case start(name: String, attributes: [(name: String, value: String)], selfClosing: Bool)
    /// `</name>`.
    case end(name: String)
    /// Character data between tags, still with its entity references, as a byte range.
    case text(Range<Int>)
    /// The inside of a CDATA section, as a byte range.
    case cdata(Range<Int>)
}

/// An XML syntax error: where and what.
struct XMLSyntaxError: Error {
    var line: Int
    var message: String
}

/// A small, tolerant XML tokenizer for GPX: tags, attributes, text, CDATA; skips the declaration,
/// processing instructions, comments and the DOCTYPE. Does not check that tags nest (the reader does)
/// and knows only the predefined and numeric entities.
struct XMLScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    /// The line of the next byte, 1-based.
    private(set) var line = 1

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.index = ByteText.bodyStart(bytes)
    }

    /// The next token with the line it starts on, or nil at the end of the bytes.
    mutating func next() throws(XMLSyntaxError) -> (token: XMLToken, line: Int)? {
        while index < bytes.count {
            let start = line
            guard bytes[index] == UInt8(ascii: "<") else {
                let textStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { step() }
                return (.text(textStart..<index), start)
            }
            if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<![CDATA[") {
                index += 9
                let textStart = index
                try skip(past: "]]>", what: "a CDATA section")
                return (.cdata(textStart..<(index - 3)), start)
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts(with: "<!") {
                try skipDeclaration()
            } else {
                return (try tag(), start)
            }
        }
        return nil
    }

    // MARK: Tags

    private mutating func tag() throws(XMLSyntaxError) -> XMLToken {
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let name = try self.name()
        var attributes: [(name: String, value: String)] = []
        while true {
            skipSpace()
            guard index < bytes.count else { throw error("the file ends inside the tag <\(name)>") }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                return closing ? .end(name: name) : .start(name: name, attributes: attributes, selfClosing: false)
            case UInt8(ascii: "/") where !closing:
                index += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                    throw error("expected '>' after '/' in the tag <\(name)>")
                }
                index += 1
                return .start(name: name, attributes: attributes, selfClosing: true)
            default:
                guard !closing else { throw error("expected '>' to end the tag </\(name)>") }
                attributes.append(try attribute(in: name))
            }
        }
    }

    /// `name="value"` or `name='value'`.
    private mutating func attribute(in tag: String) throws(XMLSyntaxError) -> (name: String, value: String) {
        let name = try self.name()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw error("expected '=' after the attribute \(name) of <\(tag)>")
        }
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw error("expected a quoted value for the attribute \(name) of <\(tag)>")
        }
        let quote = bytes[index]
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != quote { step() }
        guard index < bytes.count else { throw error("the file ends inside the attribute \(name) of <\(tag)>") }
        let end = index
        index += 1
        var invalid = false
        return (name, decode(start..<end, invalid: &invalid))
    }

    /// A tag or attribute name without its namespace prefix.
    private mutating func name() throws(XMLSyntaxError) -> String {
        let start = index
        var local = index
        while index < bytes.count {
            let byte = bytes[index]
            if ByteText.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
            {
                break
            }
            index += 1
            if byte == UInt8(ascii: ":") { local = index }
        }
        guard index > start, local < index else {
            throw error("expected a name after '<' but found \(describeByte())")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[local..<index]), as: UTF8.self)
    }

    // MARK: Text

    /// The text of `range` with entity references replaced; invalid UTF-8 becomes U+FFFD and sets
    /// `invalid`.
    func decode(_ range: Range<Int>, invalid: inout Bool) -> String {
        let raw = ByteText.string(bytes, range, invalid: &invalid)
        guard raw.contains("&") else { return raw }
        var output = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            let tail = rest[amp...]
            guard let semicolon = tail.prefix(12).firstIndex(of: ";"),
                let scalar = Self.entity(tail[tail.index(after: amp)..<semicolon])
            else {
                output += "&"
                rest = tail.dropFirst()
                continue
            }
            output.unicodeScalars.append(scalar)
            rest = tail[tail.index(after: semicolon)...]
        }
        return output + rest
    }

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }

    // MARK: Skipping

    private mutating func step() {
        if bytes[index] == 0x0A { line += 1 }
        index += 1
    }

    private mutating func skipSpace() {
        while index < bytes.count, ByteText.isSpace(bytes[index]) { step() }
    }

    private func starts(with prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
            index + prefix.count <= bytes.count
                && prefix.elementsEqual(UnsafeBufferPointer(rebasing: bytes[index..<(index + prefix.count)]))
        }
    }

    private mutating func skip(past end: StaticString, what: String) throws(XMLSyntaxError) {
        let startLine = line
        while index < bytes.count {
            if starts(with: end) {
                index += end.utf8CodeUnitCount
                return
            }
            step()
        }
        throw XMLSyntaxError(line: startLine, message: "\(what) that starts here is never closed")
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets.
    private mutating func skipDeclaration() throws(XMLSyntaxError) {
        let startLine = line
        var brackets = 0
        while index < bytes.count {
            let byte = bytes[index]
            step()
            if byte == UInt8(ascii: "[") { brackets += 1 }
            if byte == UInt8(ascii: "]") { brackets -= 1 }
            if byte == UInt8(ascii: ">"), brackets <= 0 { return }
        }
        throw XMLSyntaxError(line: startLine, message: "a declaration that starts here is never closed")
    }

    private func error(_ message: String) -> XMLSyntaxError { XMLSyntaxError(line: line, message: message) }

    private func describeByte() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        guard byte < 0x21 || byte >= 0x7F else { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte \(byte)"
    }
}
