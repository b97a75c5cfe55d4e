import Foundation
import Places

/// The options that choose which places are shown, shared by the map, `render` and `places`:
/// `--hide KINDS` (map, render) or `--kind KINDS` (places), `--ada`, `--unisex`, `--changing-table` and
/// `--closed`. KINDS is a comma-separated list of `PlaceKind` names: restroom, airport, heliport,
/// seaplane_base, balloonport, cafe, restaurant, pharmacy, drinking_water, station, atm, hospital.
enum FilterOptions {
    /// `[FILTERS]` of the map's and `render`'s usage.
    static let mapGroup = CommandSpec.Item.group("FILTERS", [OptionTable.hide] + OptionTable.amenities)

    /// The filter the options ask for: `--hide` removes the kinds it lists (`hiding`), `places --kind`
    /// keeps only them.
    static func filter(_ args: ArgumentList, hiding: Bool) throws -> PlaceFilter {
        var filter = PlaceFilter.standard
        if hiding, let kinds = try args.value(OptionTable.hide) {
            filter.kinds = PlaceKind.all.subtracting(kinds)
        } else if !hiding, let kinds = try args.value(OptionTable.placesKind) {
            filter.kinds = kinds
        }
        if args.has(OptionTable.ada) { filter.amenities.insert(.accessible) }
        if args.has(OptionTable.unisex) { filter.amenities.insert(.unisex) }
        if args.has(OptionTable.changingTable) { filter.amenities.insert(.changingTable) }
        filter.includeClosed = args.has(OptionTable.closed)
        return filter
    }
}
