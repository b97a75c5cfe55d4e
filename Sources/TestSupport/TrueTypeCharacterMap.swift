import Foundation

/// The characters a TrueType font has glyphs for, read from its `cmap` table (format 12, else format 4
/// of a Unicode subtable): enough for tests to check that every symbol mapterm draws exists in a font.
public struct TrueTypeCharacterMap {
    /// Inclusive ranges of code points that map to a glyph other than the missing glyph 0.
    private var ranges: [ClosedRange<UInt32>] = []

    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    public init(contentsOf url: URL) throws {
        try self.init(bytes: [UInt8](Data(contentsOf: url)))
    }

    public init(bytes: [UInt8]) throws {
        let font = ByteView(bytes: bytes)
        let tables = try font.u16(4)
        var cmap: Int?
        for i in 0..<tables {
            let record = 12 + i * 16
            if try font.tag(record) == "cmap" { cmap = Int(try font.u32(record + 8)) }
        }
        guard let cmap else { throw FormatError(description: "the font has no cmap table") }
        var best: (format: Int, offset: Int)?
        for i in 0..<(try font.u16(cmap + 2)) {
            let record = cmap + 4 + i * 8
            let platform = try font.u16(record), encoding = try font.u16(record + 2)
            let offset = cmap + Int(try font.u32(record + 4))
            let format = try font.u16(offset)
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, format == 4 || format == 12 else { continue }
            if best == nil || format > best!.format { best = (format, offset) }
        }
        guard let best else { throw FormatError(description: "the font has no Unicode cmap of format 4 or 12") }
        ranges = best.format == 12 ? try Self.format12(font, at: best.offset) : try Self.format4(font, at: best.offset)
    }

    /// True when the font draws `scalar` with a glyph of its own.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }

    /// Segmented coverage: groups of consecutive code points and their first glyph.
    private static func format12(_ font: ByteView, at offset: Int) throws -> [ClosedRange<UInt32>] {
        let groups = Int(try font.u32(offset + 12))
        var ranges: [ClosedRange<UInt32>] = []
        for i in 0..<groups {
            let group = offset + 16 + i * 12
            let first = try font.u32(group), last = try font.u32(group + 4), glyph = try font.u32(group + 8)
            guard first <= last else { throw FormatError(description: "a cmap group ends before it starts") }
            // A group starting at glyph 0 maps its first code point to the missing glyph.
            let start = glyph == 0 ? first + 1 : first
            if start <= last { ranges.append(start...last) }
        }
        return ranges
    }

    /// Segment mapping to delta values: each code point of a segment is looked up, since a segment may map
    /// some of its code points to glyph 0.
    private static func format4(_ font: ByteView, at offset: Int) throws -> [ClosedRange<UInt32>] {
        let segments = try font.u16(offset + 6) / 2
        let ends = offset + 14, starts = ends + segments * 2 + 2
        let deltas = starts + segments * 2, rangeOffsets = deltas + segments * 2
        var ranges: [ClosedRange<UInt32>] = []
        for s in 0..<segments {
            let end = try font.u16(ends + s * 2), start = try font.u16(starts + s * 2)
            let delta = try font.u16(deltas + s * 2), rangeOffset = try font.u16(rangeOffsets + s * 2)
            guard start <= end, end != 0xFFFF else { continue }
            for code in start...end {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (code + delta) & 0xFFFF
                } else {
                    let at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2
                    glyph = try font.u16(at)
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                guard glyph != 0 else { continue }
                let value = UInt32(code)
                if let last = ranges.last, last.upperBound + 1 == value {
                    ranges[ranges.count - 1] = last.lowerBound...value
                } else {
                    ranges.append(value...value)
                }
            }
        }
        return ranges
    }

    /// Big-endian reads that throw past the end.
    private struct ByteView {
        var bytes: [UInt8]

        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw FormatError(description: "the font is cut short") }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }

        func u32(_ at: Int) throws -> UInt32 {
            guard at >= 0, at + 4 <= bytes.count else { throw FormatError(description: "the font is cut short") }
            return (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[at + $1]) }
        }

        func tag(_ at: Int) throws -> String {
            guard at >= 0, at + 4 <= bytes.count else { throw FormatError(description: "the font is cut short") }
            return String(decoding: bytes[at..<at + 4], as: UTF8.self)
        }
    }
}
