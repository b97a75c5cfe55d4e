/// The words a place is found by besides its name, as the places database stores them (column
/// `keywords`): its codes, a tab, then other text.
///
/// - an airport: IATA, ICAO, GPS and local codes (`sfo ksfo`), then its city (`San Francisco`);
/// - a restroom: no codes, then its street and city (`301 W. 2nd St Austin`).
public enum PlaceKeywords {
    /// The stored form: folded codes separated by spaces, a tab, the other words as written.
    public static func stored(_ place: Place) -> String {
        codes(place).joined(separator: " ") + "\t" + text(place)
    }

    /// The folded, distinct codes of an airport (none for other places).
    public static func codes(_ place: Place) -> [String] {
        guard let airport = place.airport else { return [] }
        var codes: [String] = []
        for code in [airport.iataCode, airport.icaoCode, airport.gpsCode, airport.ident] {
            guard let words = code.map(SearchText.words), words.count == 1, !codes.contains(words[0]) else { continue }
            codes.append(words[0])
        }
        return codes
    }

    /// The other words: an airport's city, a restroom's street and city.
    public static func text(_ place: Place) -> String {
        switch place.details {
        case .airport(let airport): return airport.municipality ?? ""
        case .restroom(let restroom):
            return [restroom.street, restroom.city].filter { !$0.isEmpty }.joined(separator: " ")
        case .openStreetMap, .none: return ""
        }
    }

    /// Appends the folded words of `text(place)` to `words` (without joining the parts first).
    public static func append(textWordsOf place: Place, to words: inout [String]) {
        switch place.details {
        case .airport(let airport): SearchText.append(wordsOf: airport.municipality ?? "", to: &words)
        case .restroom(let restroom):
            SearchText.append(wordsOf: restroom.street, to: &words)
            SearchText.append(wordsOf: restroom.city, to: &words)
        case .openStreetMap, .none: break
        }
    }

    /// Codes and text of a stored `keywords` value.
    public static func parse(_ stored: String) -> (codes: [String], text: String) {
        guard let tab = stored.firstIndex(of: "\t") else { return ([], stored) }
        let codes = stored[..<tab].split(separator: " ").map(String.init)
        return (codes, String(stored[stored.index(after: tab)...]))
    }
}
