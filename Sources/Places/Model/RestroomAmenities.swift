/// The amenities a restroom may have, as bits: what `--ada`, `--unisex` and `--changing-table` ask for.
public struct RestroomAmenities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0b111 }

    /// Wheelchair accessible.
    public static let accessible = RestroomAmenities(rawValue: 1)
    /// Gender-neutral.
    public static let unisex = RestroomAmenities(rawValue: 2)
    /// A baby changing table.
    public static let changingTable = RestroomAmenities(rawValue: 4)

    /// The amenities of a restroom's details.
    public init(_ details: RestroomDetails) {
        var bits: UInt8 = 0
        if details.accessible { bits |= 1 }
        if details.unisex { bits |= 2 }
        if details.changingTable { bits |= 4 }
        self.init(rawValue: bits)
    }

    /// "accessible, unisex", "" when empty.
    public var description: String {
        var words: [String] = []
        if contains(.accessible) { words.append("accessible") }
        if contains(.unisex) { words.append("unisex") }
        if contains(.changingTable) { words.append("changing table") }
        return words.joined(separator: ", ")
    }
}
