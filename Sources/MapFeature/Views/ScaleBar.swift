import Foundation

/// A scale bar: a round ground distance and its length in cells at the view centre.
public struct ScaleBar: Equatable, Sendable {
    /// Length of the bar in cells.
    public var cells: Int
    /// Ground distance the bar spans, in metres.
    public var meters: Double

    /// The longest round distance (1, 2 or 5 × 10^n metres) that fits in `maxCells` cells, where one
    /// cell is `metersPerCell` wide; nil when not even one metre fits.
    public static func fitting(metersPerCell: Double, maxCells: Int) -> ScaleBar? {
        guard metersPerCell.isFinite, metersPerCell > 0, maxCells > 0 else { return nil }
        let limit = metersPerCell * Double(maxCells)
        var magnitude = pow(10, log10(limit).rounded(.down))
        var best: Double?
        while best == nil, magnitude >= 1 {
            best = [5.0, 2, 1].map { $0 * magnitude }.first { $0 <= limit }
            magnitude /= 10
        }
        guard let meters = best else { return nil }
        return ScaleBar(cells: max(1, Int((meters / metersPerCell).rounded())), meters: meters)
    }

    /// "200 km" or "500 m".
    public var metricText: String {
        meters >= 1000 ? "\(Self.format(meters / 1000)) km" : "\(Self.format(meters)) m"
    }

    /// The same length in miles or feet: "124 mi", "0.3 mi" or "1640 ft".
    public var imperialText: String {
        let miles = meters / 1609.344
        if miles >= 10 { return "\(Int(miles.rounded())) mi" }
        if miles >= 0.1 { return String(format: "%.1f mi", miles) }
        return "\(Int((meters / 0.3048).rounded())) ft"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
