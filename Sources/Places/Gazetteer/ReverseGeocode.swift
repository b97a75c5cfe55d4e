import GeoCore
import TextSafety

/// Where a point is, in words: the answer of `ReverseGeocoder.describe(_:)`.
public struct ReverseGeocode: Hashable, Sendable {
    /// A city and its distance from the described point.
    public struct City: Hashable, Sendable {
        public var name: String
        /// ISO 3166-1 alpha-2 code of the city's country.
        public var countryCode: String
        /// The name of the city's country when the gazetteer knows the code ("France").
        public var countryName: String?
        public var population: Int
        public var coordinate: LatLon
        /// WGS84 distance from the described point, kilometres (`Geodesy.distance`).
        public var distanceKm: Double

        public init(
            name: String, countryCode: String, countryName: String?, population: Int, coordinate: LatLon,
            distanceKm: Double
        ) {
            self.name = name
            self.countryCode = countryCode
            self.countryName = countryName
            self.population = population
            self.coordinate = coordinate
            self.distanceKm = distanceKm
        }
    }

    /// The country (Natural Earth 50m admin-0) the point lies in; nil at sea.
    public var country: String?
    /// Its ISO 3166-1 alpha-2 code; nil at sea and for the few units without one (N. Cyprus, Somaliland).
    public var countryCode: String?
    /// The state or province where known (see `ReverseGeocoder` for how it is found).
    public var region: String?
    /// The city the point is in when `isWithinCity`, else the nearest city whatever its country; nil only
    /// when the gazetteer has no cities. (GeoNames lists city districts as cities too, so the nearest
    /// entry to a point in Paris is often an arrondissement; the city it is in is Paris.)
    public var nearestCity: City?
    /// True when the point lies within `urbanRadiusKm` of `nearestCity` and in its country (see
    /// `ReverseGeocoder`): the label then names the city without a distance.
    public var isWithinCity: Bool

    public init(
        country: String? = nil, countryCode: String? = nil, region: String? = nil, nearestCity: City? = nil,
        isWithinCity: Bool = false
    ) {
        self.country = country
        self.countryCode = countryCode
        self.region = region
        self.nearestCity = nearestCity
        self.isWithinCity = isWithinCity
    }

    // MARK: Label

    /// One deterministic line for the detail pane:
    /// - in a city (`isWithinCity`): "San Francisco, California, United States"; a region equal to the
    ///   city's name is said once ("Paris, France");
    /// - elsewhere on land: "12.3 km from Nome, Alaska, United States", with the city's country in
    ///   brackets when its name differs ("3.1 km from Strasbourg (France), Baden-Württemberg, Germany");
    /// - at sea: "At sea — 1,234 km from Honolulu, United States";
    /// - without any data: "Unknown place".
    public var label: String {
        guard let country else {
            guard let city = nearestCity else { return "Unknown place" }
            let cityCountry = city.countryName ?? city.countryCode
            return "At sea — \(Self.formatDistance(city.distanceKm)) from \(city.name), \(cityCountry)"
        }
        var parts: [String] = []
        if let city = nearestCity {
            if isWithinCity {
                parts.append(city.name)
            } else {
                let cityCountry = city.countryName ?? city.countryCode
                let foreign = cityCountry == country ? "" : " (\(cityCountry))"
                parts.append("\(Self.formatDistance(city.distanceKm)) from \(city.name)\(foreign)")
            }
        }
        for part in [region, country].compactMap({ $0 }) where part != parts.last { parts.append(part) }
        return parts.joined(separator: ", ")
    }

    /// The radius in kilometres within which a point counts as in a city: that of a disc holding the
    /// population at 5 000 people per km², kept within 1...12 km (a town of 15 000: 1 km; a city of a
    /// million: 8 km; Paris, Berlin and larger: 12 km).
    public static func urbanRadiusKm(population: Int) -> Double {
        min(12, max(1, (Double(max(0, population)) / (Double.pi * 5000)).squareRoot()))
    }

    /// "0.4 km", "12.3 km" below 100 km; whole kilometres with commas between thousands above
    /// ("1,234 km"). Locale-independent.
    public static func formatDistance(_ km: Double) -> String {
        guard km.isFinite else { return "? km" }
        if km < 99.95 {
            let tenths = Int((max(0, km) * 10).rounded())  // checked: finite (guarded) and below 999.5
            return "\(tenths / 10).\(tenths % 10) km"
        }
        return NumberText.grouped(km.clampedInt(.toNearestOrAwayFromZero, in: 0...Int.max) ?? 0) + " km"
    }
}
