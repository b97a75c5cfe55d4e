/// Byte-level mutations of a mostly valid document, for structure-aware fuzz tests: the document is
/// generated well-formed, then damaged in ways real files are (cut short, spliced, re-encoded).
public enum FuzzMutator {
    /// The UTF-8 byte order mark.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `document` with one to three mutations applied; `tokens` are format-specific pieces to splice
    /// in (delimiters, quotes, keys, tags), mixed with `FuzzText`'s hostile text and invalid UTF-8.
    public static func mutate(_ document: [UInt8], tokens: [String], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = document
        for _ in 0..<Int.random(in: 1...3, using: &rng) { bytes = mutateOnce(bytes, tokens: tokens, using: &rng) }
        return bytes
    }

    private static func mutateOnce(_ input: [UInt8], tokens: [String], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        let at = Int.random(in: 0...bytes.count, using: &rng)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: bytes.removeSubrange(at...)  // truncate
        case 1:  // delete a span
            bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...32, using: &rng)))
        case 2:  // duplicate a span
            let end = min(bytes.count, at + Int.random(in: 1...64, using: &rng))
            bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &rng))
        case 3: bytes.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: at)
        case 4: bytes.insert(contentsOf: Array(FuzzText.hostile.randomElement(using: &rng)!.utf8), at: at)
        case 5: bytes.insert(contentsOf: FuzzText.invalidUTF8.randomElement(using: &rng)!, at: at)
        case 6: bytes.insert(contentsOf: Array(FuzzText.extremeNumbers.randomElement(using: &rng)!.utf8), at: at)
        case 7: bytes = byteOrderMark + bytes
        case 8: bytes = crlf(bytes)
        default:  // overwrite a byte
            if !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
        }
        return bytes
    }

    /// Every LF turned into CRLF.
    public static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == 0x0A { out.append(0x0D) }
            out.append(byte)
        }
        return out
    }
}
