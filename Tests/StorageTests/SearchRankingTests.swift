import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

/// The search over what mapterm ships (the places database built from `Resources/places` and the
/// gazetteer): query → expected first result, seen from Market Street, San Francisco.
@Suite(.serialized) struct SearchRankingTests {
    /// One search over the shipped data, built once for the suite.
    static let shipped: PlaceSearch = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mapterm-search-\(UUID().uuidString)")
        let resources = RepositoryPaths.root.appendingPathComponent("Resources")
        let store = try! PlaceDatabase.open(directory: folder, resources: resources)
        let geocoder = try! ReverseGeocoder(directory: resources.appendingPathComponent("gazetteer"))
        return PlaceSearch(sources: [
            GazetteerSearchIndex(geocoder, directory: resources.appendingPathComponent("gazetteer")), store,
        ]) { geocoder.describe($0) }
    }()

    static let marketStreet = LatLon(lat: 37.7793, lon: -122.4137)

    /// Query, expected first name, its kind, and (for names that repeat) where it lies.
    static let table: [(query: String, name: String, kind: SearchKind, whereHas: String?)] = [
        // Codes
        ("SFO", "San Francisco International Airport", .place(.airport), nil),
        ("sfo", "San Francisco International Airport", .place(.airport), nil),
        ("KSFO", "San Francisco International Airport", .place(.airport), nil),
        ("LHR", "London Heathrow Airport", .place(.airport), nil),
        ("EGLL", "London Heathrow Airport", .place(.airport), nil),
        ("JFK", "John F Kennedy International Airport", .place(.airport), nil),
        ("CDG", "Charles de Gaulle International Airport", .place(.airport), nil),
        ("fr", "France", .country, nil),
        // Names, exact
        ("Heathrow", "London Heathrow Airport", .place(.airport), nil),
        ("london", "London", .city, "United Kingdom"),
        ("Paris", "Paris", .city, "France"),
        ("tokyo", "Tokyo", .city, nil),
        ("japan", "Japan", .country, nil),
        ("germany", "Germany", .country, nil),
        ("bavaria", "Bayern", .region, "Germany"),
        ("california", "California", .region, "United States"),
        ("berlin", "Berlin", .city, "Germany"),
        ("oakland", "Oakland", .city, nil),
        // Case and accents
        ("zurich", "Zürich", .city, "Switzerland"),
        ("ZÜRICH", "Zürich", .city, "Switzerland"),
        ("sao paulo", "São Paulo", .city, "Brazil"),
        ("São Paulo", "São Paulo", .city, "Brazil"),
        ("montreal", "Montréal", .city, nil),
        ("malmo", "Malmö", .city, nil),
        // Prefixes
        ("san fr", "San Francisco", .city, "California"),
        ("san franc", "San Francisco", .city, "California"),
        ("heathr", "London Heathrow Airport", .place(.airport), nil),
        ("new yo", "New York City", .city, "New York"),
        ("johannesb", "Johannesburg", .city, nil),
        ("los ang", "Los Angeles", .city, nil),
        // Typos (one, in words of five letters or more)
        ("heathorw", "London Heathrow Airport", .place(.airport), nil),
        ("heatrow", "London Heathrow Airport", .place(.airport), nil),
        ("zurihc", "Zürich", .city, "Switzerland"),
        ("barcelnoa", "Barcelona", .city, "Spain"),
        ("stockholn", "Stockholm", .city, nil),
        ("amsterdan", "Amsterdam", .city, nil),
        // Ambiguous names: the most important first
        ("paris", "Paris", .city, "France"),
        ("springfield", "Springfield", .city, "United States"),
        ("portland", "Portland", .city, "Oregon"),
        ("cambridge", "Cambridge", .city, "United Kingdom"),
        // Restrooms by name and by street
        ("rainbow grocery", "Rainbow Grocery", .place(.restroom), nil),
        ("1745 folsom", "Rainbow Grocery Co-op", .place(.restroom), nil),
    ]

    @Test func everyQueryFindsItsPlaceFirst() throws {
        var failures: [String] = []
        for row in Self.table {
            let answer = try Self.shipped.search(SearchQuery(row.query), center: Self.marketStreet, limit: 5)
            guard let first = answer.results.first else {
                failures.append("\(row.query): nothing")
                continue
            }
            let whereOK = row.whereHas.map { first.whereText.contains($0) } ?? true
            if first.name != row.name || first.kind != row.kind || !whereOK {
                failures.append("\(row.query): \(first.name) (\(first.kind.label), \(first.whereText))")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(Self.table.count >= 40)
    }

    /// Issue 19: a generic word or a chain's name finds the nearest first, a typo beats a rare literal
    /// hit, and cities are found by their other names (GeoNames' alternate names).
    static let nearAndOtherNames: [(query: String, name: String, kind: SearchKind, withinKm: Double?)] = [
        ("heliport", "Hall of Justice Heliport", .place(.heliport), 1.5),
        ("starbucks", "Starbucks", .place(.restroom), 1),
        ("san fransisco", "San Francisco", .city, nil),
        ("zurch", "Zürich", .city, nil),
        ("tokio", "Tokyo", .city, nil),
        ("new yrok", "New York City", .city, nil),
        ("münchen", "Munich", .city, nil),
        ("東京", "Tokyo", .city, nil),
        ("nyc", "New York City", .city, nil),
    ]

    @Test func genericWordsTyposAndOtherNamesFindTheirPlaceFirst() throws {
        var failures: [String] = []
        for row in Self.nearAndOtherNames {
            let answer = try Self.shipped.search(SearchQuery(row.query), center: Self.marketStreet, limit: 5)
            let first = try #require(answer.results.first, "\(row.query): nothing")
            let nearOK = row.withinKm.map { first.distanceKm < $0 } ?? true
            if first.name != row.name || first.kind != row.kind || !nearOK {
                failures.append("\(row.query): \(first.name) (\(first.kind.label), \(first.distanceKm) km)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func airportFromSanFranciscoListsSFOAndOAKFirst() throws {
        let results = try Self.shipped.search(SearchQuery("airport"), center: Self.marketStreet, limit: 5).results
        let codes = results.prefix(2).map { $0.candidate.placeID }
        #expect(Set(codes) == ["ap:KSFO", "ap:KOAK"], "\(results.map(\.name))")
    }

    @Test func paris_FranceBeforeTexas_andSpringfieldListsSeveral() throws {
        let paris = try Self.shipped.search(SearchQuery("paris"), center: Self.marketStreet, limit: 10).results
        let france = try #require(paris.firstIndex { $0.kind == .city && $0.whereText.contains("France") })
        let texas = try #require(paris.firstIndex { $0.kind == .city && $0.whereText.contains("Texas") })
        #expect(france < texas)
        let springfields = try Self.shipped.search(SearchQuery("springfield"), center: Self.marketStreet, limit: 10)
            .results.filter { $0.name == "Springfield" && $0.kind == .city }
        #expect(Set(springfields.map(\.whereText)).count >= 4, "\(springfields.map(\.whereText))")
    }

    /// From Dallas, 150 km from Paris, Texas: Paris, France is the better match by the score, `near:`
    /// puts the nearer first; in Paris, Texas itself, the Paris at hand comes first either way.
    @Test func nearFavoursTheView() throws {
        let inParis = try Self.shipped.search(SearchQuery("paris"), center: LatLon(lat: 33.66, lon: -95.55), limit: 3)
        #expect(inParis.results.first?.whereText.contains("Texas") == true)
        let center = LatLon(lat: 32.78, lon: -96.80)
        let plain = try Self.shipped.search(SearchQuery("paris"), center: center, limit: 3).results
        let near = try Self.shipped.search(SearchQuery("near:paris"), center: center, limit: 3).results
        #expect(plain.first?.whereText.contains("France") == true)
        #expect(near.first?.whereText.contains("Texas") == true, "\(near.map(\.whereText))")
    }

    @Test func coordinatesInEveryFormAnswerThemselves() throws {
        let forms: [(String, Double, Double)] = [
            ("37.77,-122.42", 37.77, -122.42), ("37.77 -122.42", 37.77, -122.42), ("37.77, -122.42", 37.77, -122.42),
            ("geo:37.77,-122.42", 37.77, -122.42), ("37°46'N 122°25'W", 37 + 46 / 60.0, -(122 + 25 / 60.0)),
            ("N 37 46.2 W 122 25.2", 37.77, -122.42), ("0,180", 0, 180), ("0,-180", 0, -180),
            ("-16.5 179.9999", -16.5, 179.9999), ("90,0", 90, 0), ("-90 0", -90, 0),
        ]
        for (text, lat, lon) in forms {
            let answer = try Self.shipped.search(SearchQuery(text), center: Self.marketStreet, limit: 5)
            let first = try #require(answer.results.first, "\(text)")
            #expect(answer.results.count == 1 && first.kind == .coordinate, "\(text)")
            #expect(abs(first.coordinate.lat - lat) < 1e-9 && abs(first.coordinate.lon - lon) < 1e-9, "\(text)")
        }
        let sf = try Self.shipped.search(SearchQuery("37.77,-122.42"), center: Self.marketStreet, limit: 1)
        #expect(sf.results.first?.whereText.contains("San Francisco") == true)
        for text in ["91,0", "0,181", "-90.5 10", "geo:0,200"] {
            let answer = try Self.shipped.search(SearchQuery(text), center: Self.marketStreet, limit: 5)
            #expect(answer.results.isEmpty && answer.problem?.contains("out of range") == true, "\(text)")
        }
    }

    @Test func badInputNeverFailsAndFindsNothingOrText() throws {
        let inputs = [
            "", "   ", "\"", "*", "\"heathrow", "heathrow*", "NEAR(heathrow london)", "-heathrow", "name:heathrow",
            "^heathrow", "heathrow OR paris", "AND", "a\"b*c:d^e-f", "'; DROP TABLE places; --", "\u{1B}[31mparis\u{7}",
            "\u{0}\u{1}\u{2}", String(repeating: "heathrow ", count: 1200), String(repeating: "x", count: 10_000),
            "東京", "\u{202E}sirap",
        ]
        for input in inputs {
            let answer = try Self.shipped.search(SearchQuery(input), center: Self.marketStreet, limit: 10)
            for result in answer.results {
                #expect(!result.name.unicodeScalars.contains { $0.value < 0x20 }, "\(input.prefix(20))")
            }
        }
        #expect(
            try Self.shipped.search(SearchQuery("\"heathrow"), center: Self.marketStreet, limit: 1).results.first?.name
                == "London Heathrow Airport")
        #expect(
            try Self.shipped.search(SearchQuery("\u{1B}[31mparis\u{7}"), center: Self.marketStreet, limit: 1)
                .results.first?.name == "Paris")
        #expect(try Self.shipped.search(SearchQuery(""), center: Self.marketStreet, limit: 10).results.isEmpty)
    }
}
