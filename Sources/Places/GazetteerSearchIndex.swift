import GeoCore

/// The countries, regions and cities of the gazetteer as a `SearchSource`, in memory.
///
/// Entries are kept most important first; each folded word of their names, keywords and codes is listed
/// once per entry in one array sorted by word, so the entries with a word starting with a prefix are one
/// binary search and a run of that array. A query takes the run of its rarest word and checks the other
/// words against each entry's words. Typos are looked for in the sorted vocabulary of distinct words.
/// About 39 000 entries (241 countries, 4 538 regions, 34 006 cities); built in a few milliseconds.
public struct GazetteerSearchIndex: SearchSource {
    /// The entries, most important first (ties: countries, regions, cities, then file order).
    public let entries: [SearchCandidate]
    /// The folded words of each entry: name, keywords, codes.
    private let entryWords: [[String]]
    /// (word, entry) pairs sorted by word, then entry.
    private let postings: [(word: String, entry: Int32)]
    /// The distinct words of `postings`, as scalars, for typo matching.
    private let vocabulary: [[Unicode.Scalar]]

    /// English names of regions that Natural Earth names in their own language (found as names too).
    static let englishNames: [String: String] = [
        "Bayern": "Bavaria", "Sachsen": "Saxony", "Niedersachsen": "Lower Saxony", "Hessen": "Hesse",
        "Nordrhein-Westfalen": "North Rhine-Westphalia", "Thüringen": "Thuringia", "Toscana": "Tuscany",
        "Lombardia": "Lombardy", "Sardegna": "Sardinia", "Piemonte": "Piedmont",
        "Cataluña": "Catalonia", "Andalucía": "Andalusia", "Wien": "Vienna", "Tirol": "Tyrol",
    ]

    /// Builds the index over `geocoder`'s countries, regions and cities.
    public init(_ geocoder: ReverseGeocoder) {
        self.init(entries: Self.candidates(of: geocoder))
    }

    /// Builds the index over `entries` (any order).
    public init(entries: [SearchCandidate]) {
        let sorted = entries.enumerated().sorted { a, b in
            a.element.importance != b.element.importance
                ? a.element.importance > b.element.importance : a.offset < b.offset
        }.map(\.element)
        self.entries = sorted
        entryWords = sorted.map { entry in
            var words = entry.alternateNames.flatMap(SearchText.words) + SearchText.words(entry.name)
            words += SearchText.words(entry.keywords) + entry.codes
            var seen = Set<String>()
            words = words.filter { seen.insert($0).inserted }
            return words
        }
        var postings: [(word: String, entry: Int32)] = []
        for (index, words) in entryWords.enumerated() {
            for word in words { postings.append((word, Int32(index))) }
        }
        postings.sort { $0.word != $1.word ? $0.word < $1.word : $0.entry < $1.entry }
        self.postings = postings
        var vocabulary: [[Unicode.Scalar]] = []
        var last: String?
        for posting in postings where posting.word != last {
            vocabulary.append(Array(posting.word.unicodeScalars))
            last = posting.word
        }
        self.vocabulary = vocabulary
    }

    // MARK: SearchSource

    public func candidates(for words: [String], typos: Bool, limit: Int) -> [SearchCandidate] {
        guard !words.isEmpty, limit > 0 else { return [] }
        let found = typos ? typoMatches(words) : prefixMatches(words)
        return found.sorted().prefix(limit).map { entries[Int($0)] }
    }

    /// Entries having, for every word typed, a word it starts.
    private func prefixMatches(_ words: [String]) -> [Int32] {
        let runs = words.map(run(of:))
        guard let rarest = runs.indices.min(by: { runs[$0].count < runs[$1].count }) else { return [] }
        var seen = Set<Int32>()
        var result: [Int32] = []
        for position in runs[rarest] {
            let entry = postings[position].entry
            guard seen.insert(entry).inserted else { continue }
            let own = entryWords[Int(entry)]
            if words.count == 1 || words.allSatisfy({ word in own.contains { $0.hasPrefix(word) } }) {
                result.append(entry)
            }
        }
        return result
    }

    /// Entries having, for every word typed, a word it starts or is one typo away from (words of
    /// `SearchTypo.minimumLength` letters or more; numbers are not corrected).
    private func typoMatches(_ words: [String]) -> [Int32] {
        let typed = words.map { Array($0.unicodeScalars) }
        let lettered = typed.indices.filter { typed[$0].contains { $0.properties.isAlphabetic } }
        guard let longest = lettered.max(by: { typed[$0].count < typed[$1].count }),
            typed[longest].count >= SearchTypo.minimumLength
        else { return [] }
        var result: [Int32] = []
        var seen = Set<Int32>()
        for term in vocabulary where SearchTypo.matchesPrefix(typed[longest], of: term) {
            for position in run(of: String(String.UnicodeScalarView(term))) {
                let entry = postings[position].entry
                guard seen.insert(entry).inserted else { continue }
                let own = entryWords[Int(entry)].map { Array($0.unicodeScalars) }
                let all = typed.allSatisfy { word in
                    own.contains { $0.starts(with: word) || SearchTypo.matchesPrefix(word, of: $0) }
                }
                if all { result.append(entry) }
            }
        }
        return result
    }

    /// The positions in `postings` of the words starting with `prefix`.
    private func run(of prefix: String) -> Range<Int> {
        var low = 0, high = postings.count
        while low < high {
            let mid = (low + high) / 2
            if postings[mid].word < prefix { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < postings.count, postings[end].word.hasPrefix(prefix) { end += 1 }
        return low..<end
    }

    // MARK: Entries

    /// Countries (centre of their largest part, ISO code as a code), regions (`representativePoints`,
    /// "country" as context) and cities of `geocoder`.
    static func candidates(of geocoder: ReverseGeocoder) -> [SearchCandidate] {
        var result: [SearchCandidate] = []
        var countryOfA3: [String: String] = [:]
        let countries = geocoder.countries
        for (index, feature) in countries.features.enumerated() {
            countryOfA3[feature.parent] = feature.name
            result.append(
                SearchCandidate(
                    name: feature.name, kind: .country, coordinate: countries.mainCenter(of: index),
                    importance: countryImportance, codes: feature.code.isEmpty ? [] : [feature.code.lowercased()]))
        }
        let points = geocoder.regionPoints.representativePoints()
        for (index, name) in geocoder.regionPoints.names.enumerated() {
            guard let point = points[index] else { continue }
            let country = countryOfA3[geocoder.regionPoints.countries[index]]
            result.append(
                SearchCandidate(
                    name: name, kind: .region, coordinate: point, importance: regionImportance,
                    alternateNames: englishNames[name].map { [$0] } ?? [], context: country))
        }
        for city in geocoder.cities {
            result.append(
                SearchCandidate(
                    name: city.name, kind: .city, coordinate: city.coordinate,
                    importance: SearchCandidate.importance(population: city.population)))
        }
        return result
    }

    /// The importance of every country (`SearchCandidate.importance`): above every city but the largest.
    static let countryImportance = 750
    /// The importance of every region: that of a city of about 250 000 people (a region named after its
    /// capital comes after the capital when that is larger).
    static let regionImportance = 540
}
