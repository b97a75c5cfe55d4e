/// Parses decimal numbers from bytes, fast for the short numbers of coordinates.
enum DecimalNumber {
    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowers: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The number written in `bytes[range]` (`-12.5`, `3e-7`, `+4`; also `NaN`, `inf`, `Infinity`,
    /// which callers then reject as not finite), or nil when the bytes are not one number.
    /// Correctly rounded: up to 15 significant digits with small exponents are converted exactly here,
    /// anything else by the standard library.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var index = range.lowerBound
        let end = range.upperBound
        guard index < end else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var digits = 0
        while index < end, let digit = digitValue(bytes[index]) {
            if mantissa != 0 || digit != 0 { significant += 1 }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            digits += 1
            index += 1
        }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, let digit = digitValue(bytes[index]) {
                if mantissa != 0 || digit != 0 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                exponent -= 1
                digits += 1
                index += 1
            }
        }
        guard digits > 0 else { return slow(bytes, range) }
        if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < end, let digit = digitValue(bytes[index]) {
                written = min(written * 10 + digit, 100_000)
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == end else { return nil }
        guard significant <= 15, abs(exponent) <= 22 else { return slow(bytes, range) }
        let magnitude =
            exponent < 0 ? Double(mantissa) / exactPowers[-exponent] : Double(mantissa) * exactPowers[exponent]
        return negative ? -magnitude : magnitude
    }

    /// The number in `text`, spaces and tabs around it allowed.
    static func parse(_ text: String) -> Double? {
        var text = text.trimmingSpaces
        return text.withUTF8 { parse($0, 0..<$0.count) }
    }

    @inline(__always)
    private static func digitValue(_ byte: UInt8) -> Int? {
        byte &- 0x30 < 10 ? Int(byte &- 0x30) : nil
    }

    /// The standard library's parse (long numbers, huge exponents, `nan`, `inf`), hexadecimal refused.
    private static func slow(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard range.count <= 400 else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let lowered = text.lowercased()
        if lowered.hasSuffix("infinity") { return text.hasPrefix("-") ? -.infinity : .infinity }
        return lowered.contains("x") ? nil : Double(text)  // no hexadecimal floats
    }
}
