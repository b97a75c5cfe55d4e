import GeoCore

/// The countries, regions and cities of the gazetteer as a `SearchSource`, in memory.
///
/// Entries are kept most important first; the distinct folded words of their names, keywords and codes
/// form a sorted vocabulary, and each word lists the entries that have it, so the entries with a word
/// starting with a prefix are one binary search and a run of the lists of consecutive words. A query
/// takes the run of its rarest word and checks the other words against each entry's words. Typos are
/// looked for in the vocabulary. About 39 000 entries (241 countries, 4 538 regions, 34 006 cities, the
/// larger ones with their other names, `GazetteerCityNames`) and 55 000 words.
///
/// Building the index from the gazetteer takes about 60 ms (folding the names dominates), so it is
/// also shipped built (`Resources/gazetteer/search.bin`, `fileName`), which loads in a few
/// milliseconds (`init(contentsOf:)`); a test keeps that file equal to what `init(_:)` builds.
public struct GazetteerSearchIndex: SearchSource {
    /// The file of the prebuilt index in the gazetteer folder: "search.bin".
    public static let fileName = "search.bin"

    /// The entries, most important first (ties: countries, regions, cities, then file order).
    public var entries: [SearchCandidate] { (0..<store.count).map { store[$0] } }
    /// The entries, as built or as stored in the file they are decoded from when a search returns them.
    private let store: GazetteerEntries
    /// The distinct folded words of the entries, in order.
    let vocabulary: [String]
    /// The entries of `vocabulary[w]` are `postingEntries[postingStart[w]..<postingStart[w + 1]]`,
    /// ascending.
    let postingStart: [Int32]
    let postingEntries: [Int32]
    /// The words (indices into `vocabulary`) of entry `e` are
    /// `entryWordIDs[entryWordStart[e]..<entryWordStart[e + 1]]`.
    private let entryWordStart: [Int32]
    private let entryWordIDs: [Int32]
    /// The scalars of `vocabulary[w]` are `scalars[scalarStart[w]..<scalarStart[w + 1]]` (typo matching).
    private let scalarStart: [Int32]
    private let scalars: [Unicode.Scalar]

    /// English names of regions that Natural Earth names in their own language (found as names too).
    static let englishNames: [String: String] = [
        "Bayern": "Bavaria", "Sachsen": "Saxony", "Niedersachsen": "Lower Saxony", "Hessen": "Hesse",
        "Nordrhein-Westfalen": "North Rhine-Westphalia", "Thüringen": "Thuringia", "Toscana": "Tuscany",
        "Lombardia": "Lombardy", "Sardegna": "Sardinia", "Piemonte": "Piedmont",
        "Cataluña": "Catalonia", "Andalucía": "Andalusia", "Wien": "Vienna", "Tirol": "Tyrol",
    ]

    /// Builds the index over `geocoder`'s countries, regions and cities, the cities found by their
    /// `cityNames` too.
    public init(_ geocoder: ReverseGeocoder, cityNames: GazetteerCityNames) {
        self.init(entries: Self.candidates(of: geocoder, cityNames: cityNames))
    }

    /// Builds the index over `entries` (any order).
    public init(entries: [SearchCandidate]) {
        let sorted = entries.enumerated().sorted { a, b in
            a.element.importance != b.element.importance
                ? a.element.importance > b.element.importance : a.offset < b.offset
        }.map(\.element)
        var postings: [(word: String, entry: Int32)] = []
        for (index, entry) in sorted.enumerated() {
            var words = entry.alternateNames.flatMap(SearchText.words) + SearchText.words(entry.name)
            words += SearchText.words(entry.keywords) + entry.codes
            var seen = Set<String>()
            for word in words where seen.insert(word).inserted { postings.append((word, Int32(index))) }
        }
        postings.sort { $0.word != $1.word ? $0.word < $1.word : $0.entry < $1.entry }
        var vocabulary: [String] = []
        var postingStart: [Int32] = []
        for (position, posting) in postings.enumerated() where posting.word != vocabulary.last {
            vocabulary.append(posting.word)
            postingStart.append(Int32(position))
        }
        postingStart.append(Int32(postings.count))  // checked: built from the shipped gazetteer, far below 2^31 entries
        self.init(
            store: .built(sorted), vocabulary: vocabulary, postingStart: postingStart,
            postingEntries: postings.map(\.entry))
    }

    /// Takes the sorted entries, the sorted vocabulary and each word's entries; derives the rest.
    init(store: GazetteerEntries, vocabulary: [String], postingStart: [Int32], postingEntries: [Int32]) {
        self.store = store
        self.vocabulary = vocabulary
        self.postingStart = postingStart
        self.postingEntries = postingEntries
        // Each entry's words: the postings inverted by a counting sort.
        var entryWordStart = [Int32](repeating: 0, count: store.count + 1)
        for entry in postingEntries { entryWordStart[Int(entry) + 1] += 1 }
        for entry in 0..<store.count { entryWordStart[entry + 1] += entryWordStart[entry] }
        var next = entryWordStart
        var entryWordIDs = [Int32](repeating: 0, count: postingEntries.count)
        for word in vocabulary.indices {
            for position in Int(postingStart[word])..<Int(postingStart[word + 1]) {
                let entry = Int(postingEntries[position])
                entryWordIDs[Int(next[entry])] = Int32(word)
                next[entry] += 1
            }
        }
        self.entryWordStart = entryWordStart
        self.entryWordIDs = entryWordIDs
        var scalarStart: [Int32] = [0]
        var scalars: [Unicode.Scalar] = []
        scalarStart.reserveCapacity(vocabulary.count + 1)
        // A word has at most as many scalars as bytes.
        scalars.reserveCapacity(vocabulary.reduce(0) { $0 + $1.utf8.count })
        for word in vocabulary {
            for scalar in word.unicodeScalars { scalars.append(scalar) }
            // checked: built from the shipped gazetteer, far below 2^31 entries
            scalarStart.append(Int32(scalars.count))
        }
        self.scalarStart = scalarStart
        self.scalars = scalars
    }

    // MARK: SearchSource

    /// Typos are looked for in memory, in a part of the vocabulary.
    public var cheapTypos: Bool { true }

    /// The gazetteer is small enough to answer by importance alone: `center` is not used.
    public func candidates(for words: [String], near center: LatLon, typos: Bool, limit: Int) -> [SearchCandidate] {
        guard !words.isEmpty, limit > 0 else { return [] }
        let found = typos ? typoMatches(words) : prefixMatches(words)
        return found.sorted().prefix(limit).map { store[Int($0)] }
    }

    /// The words of entry `entry`, as indices into `vocabulary`.
    private func words(of entry: Int32) -> ArraySlice<Int32> {
        entryWordIDs[Int(entryWordStart[Int(entry)])..<Int(entryWordStart[Int(entry) + 1])]
    }

    /// The scalars of `vocabulary[word]`.
    private func scalars(of word: Int32) -> ArraySlice<Unicode.Scalar> {
        scalars[Int(scalarStart[Int(word)])..<Int(scalarStart[Int(word) + 1])]
    }

    /// Entries having, for every word typed, a word it starts.
    private func prefixMatches(_ words: [String]) -> [Int32] {
        let runs = words.map(run(of:))
        guard let rarest = runs.indices.min(by: { runs[$0].count < runs[$1].count }) else { return [] }
        var seen = Set<Int32>()
        var result: [Int32] = []
        for position in runs[rarest] {
            let entry = postingEntries[position]
            guard seen.insert(entry).inserted else { continue }
            let own = self.words(of: entry)
            if words.count == 1 || words.allSatisfy({ word in own.contains { vocabulary[Int($0)].hasPrefix(word) } }) {
                result.append(entry)
            }
        }
        return result
    }

    /// Entries having, for every word typed, a word it starts or is one typo away from (`SearchTypo`;
    /// numbers are not corrected). The words tried for the longest typed word are those starting with
    /// its first or its second letter (a typo after the first letter, a swap of the first two, a letter
    /// typed before the word), so a typo search reads a tenth of the vocabulary or less.
    private func typoMatches(_ words: [String]) -> [Int32] {
        let typed = words.map { Array($0.unicodeScalars) }
        let lettered = typed.indices.filter { typed[$0].contains { $0.properties.isAlphabetic } }
        guard let longest = lettered.max(by: { typed[$0].count < typed[$1].count }),
            typed[longest].count >= SearchTypo.swapLength
        else { return [] }
        var result: [Int32] = []
        var seen = Set<Int32>()
        let heads = Set(typed[longest].prefix(2).map { String($0) }).sorted()
        let terms = heads.flatMap { self.words(startingWith: $0) }
        for term in terms where SearchTypo.matchesPrefix(typed[longest], of: scalars(of: Int32(term))) {
            for position in run(of: vocabulary[term]) {
                let entry = postingEntries[position]
                guard seen.insert(entry).inserted else { continue }
                let own = self.words(of: entry).map(scalars(of:))
                let all = typed.allSatisfy { word in
                    own.contains { $0.starts(with: word) || SearchTypo.matchesPrefix(word, of: $0) }
                }
                if all { result.append(entry) }
            }
        }
        return result
    }

    /// The positions in `postingEntries` of the entries of the words starting with `prefix`: the lists
    /// of consecutive words of `vocabulary`.
    private func run(of prefix: String) -> Range<Int> {
        let range = words(startingWith: prefix)
        return Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound])
    }

    /// The indices in `vocabulary` of the words starting with `prefix` (consecutive).
    private func words(startingWith prefix: String) -> Range<Int> {
        var low = 0, high = vocabulary.count
        while low < high {
            let mid = (low + high) / 2
            if vocabulary[mid] < prefix { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < vocabulary.count, vocabulary[end].hasPrefix(prefix) { end += 1 }
        return low..<end
    }

    // MARK: Entries

    /// Countries (centre of their largest part, ISO code as a code), regions (`representativePoints`,
    /// "country" as context) and cities of `geocoder` (with their `cityNames` as other names).
    static func candidates(of geocoder: ReverseGeocoder, cityNames: GazetteerCityNames) -> [SearchCandidate] {
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
        for (index, city) in geocoder.cities.enumerated() {
            result.append(
                SearchCandidate(
                    name: city.name, kind: .city, coordinate: city.coordinate,
                    importance: SearchCandidate.importance(population: city.population),
                    alternateNames: cityNames.byCity[index] ?? []))
        }
        return result
    }

    /// The importance of every country (`SearchCandidate.importance`): above every city but the largest.
    static let countryImportance = 750
    /// The importance of every region: that of a city of about 250 000 people (a region named after its
    /// capital comes after the capital when that is larger).
    static let regionImportance = 540
}
