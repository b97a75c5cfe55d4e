import GeoCore
import Places
import Testing

struct SearchTextTests {
    @Test func foldsCaseAndAccentsAndSplitsOnEverythingElse() {
        #expect(SearchText.words("Zürich") == ["zurich"])
        #expect(SearchText.words("São Paulo") == ["sao", "paulo"])
        #expect(SearchText.words("O'Brien's \"Pub\" (back)") == ["o", "brien", "s", "pub", "back"])
        #expect(SearchText.words("Straße Ørsted Æbeltoft Łódź") == ["strasse", "orsted", "aebeltoft", "lodz"])
        #expect(SearchText.words("東京 タワー") == ["東京", "タワー"])
        #expect(SearchText.words("Cafe\u{301} noeud") == ["cafe", "noeud"])
        #expect(SearchText.words(" -*: ^ ").isEmpty)
        #expect(SearchText.words("  New   York ") == ["new", "york"])
    }

    @Test func oneTypoInLongWords() {
        func ok(_ typed: String, _ word: String) -> Bool {
            SearchTypo.matchesPrefix(Array(typed.unicodeScalars), of: Array(word.unicodeScalars))
        }
        #expect(ok("heathorw", "heathrow"))  // swap
        #expect(ok("heatrow", "heathrow"))  // missing letter
        #expect(ok("heathrrow", "heathrow"))  // extra letter
        #expect(ok("heathraw", "heathrow"))  // wrong letter
        #expect(ok("heathor", "heathrow"))  // being typed, with a swap
        #expect(!ok("hetaorw", "heathrow"))  // two typos
        #expect(!ok("pari", "paris"))  // too short to correct
        #expect(!ok("londn", "paris"))
        // Four letters: a swap of two neighbours only, also at the start of a longer word.
        #expect(ok("yrok", "york"))
        #expect(ok("yrok", "yorkshire"))
        #expect(!ok("oykr", "york"))  // two swaps
        #expect(!ok("yrk", "york"))
        #expect(!ok("yokr", "yolk"))
        #expect(!ok("yoek", "york"))  // a wrong letter is not forgiven in four letters
        #expect(!ok("york", "york"))  // the same word is no typo
    }

    @Test func queriesAreSanitisedCutAndTakenApart() {
        let near = SearchQuery("  near: San Fr ")
        #expect(near.near && near.text == "San Fr" && near.words == ["san", "fr"])
        let escape = SearchQuery("\u{1B}[31mparis\u{1B}[0m\u{7}")
        #expect(escape.text == "paris" && escape.words == ["paris"])
        let paste = SearchQuery(String(repeating: "abcdefghij", count: 1000))
        #expect(paste.text.count <= SearchQuery.maxLength)
        #expect(SearchQuery(String(repeating: "a b ", count: 5000)).words.count == SearchQuery.maxWords)
        #expect(SearchQuery("").isEmpty && SearchQuery("\"*^:-").isEmpty)
        #expect(SearchQuery("NEAR(a b)").words == ["near", "a", "b"])
    }
}

struct CoordinateQueryTests {
    func point(_ text: String) -> LatLon? {
        if case .coordinate(let p) = CoordinateQuery.parse(text) { return p }
        return nil
    }

    @Test func everyForm() throws {
        let cases: [(String, Double, Double)] = [
            ("37.77,-122.42", 37.77, -122.42), ("37.77 -122.42", 37.77, -122.42), ("37.77 , -122.42", 37.77, -122.42),
            ("geo:37.77,-122.42", 37.77, -122.42), ("GEO:37.77,-122.42,15;u=30", 37.77, -122.42),
            ("37°46'N 122°25'W", 37 + 46 / 60.0, -(122 + 25 / 60.0)),
            ("37°46'30\"N 122°25'10\"W", 37 + 46 / 60.0 + 30 / 3600.0, -(122 + 25 / 60.0 + 10 / 3600.0)),
            ("N 37 46.2 W 122 25.2", 37.77, -122.42), ("n37.5 w122.5", 37.5, -122.5), ("37.5N 122.5W", 37.5, -122.5),
            ("122°25'W 37°46'N", 37 + 46 / 60.0, -(122 + 25 / 60.0)), ("S 33 52 E 151 12", -(33 + 52 / 60.0), 151.2),
            ("-33 52, 151 12", -(33 + 52 / 60.0), 151.2),
            // The antimeridian and the poles are on Earth.
            ("0,180", 0, 180), ("0,-180", 0, -180), ("-16.5, 179.99", -16.5, 179.99), ("65.5 -179.99", 65.5, -179.99),
            ("90,0", 90, 0), ("-90,0", -90, 0), ("90°N 0°E", 90, 0), ("S 90 W 180", -90, -180),
        ]
        for (text, lat, lon) in cases {
            let p = try #require(point(text), "\(text)")
            #expect(abs(p.lat - lat) < 1e-9 && abs(p.lon - lon) < 1e-9, "\(text): \(p)")
        }
    }

    @Test func outOfRangeIsSaid() {
        for text in ["91,0", "-90.01 0", "0,180.5", "0 -181", "geo:95,0", "91°N 0°E", "N 10 W 190"] {
            guard case .outOfRange(let why) = CoordinateQuery.parse(text) else {
                Issue.record("\(text) is not out of range")
                continue
            }
            #expect(why.contains("out of range"), "\(text)")
        }
    }

    @Test func otherTextIsNotACoordinate() {
        for text in [
            "", "paris", "37.77", "1 2 3 4 5 6 7", "N 37", "route 66", "37.77,", "37°61'N 122°W", "N 37 S 20",
            "1e999,0",
            "37.77-122.42", "sfo", "geo:", "E",
        ] {
            #expect(CoordinateQuery.parse(text) == nil, "\(text)")
        }
    }
}
