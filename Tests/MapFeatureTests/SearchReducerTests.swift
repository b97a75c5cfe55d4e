import GeoCore
import MapFeature
import Places
import TestSupport
import Testing

/// The search line in the reducer: what each key does to the line, which queries go out, which answers
/// are kept, where Enter and Esc leave the map.
@Suite struct SearchReducerTests {
    let start: MapState = {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.78, lon: -122.41), zoom: 15), screen: Viewport(cols: 120, rows: 40))
        state.places.generation = 3
        return state
    }()

    static let heathrow = SearchResult(
        candidate: SearchCandidate(
            name: "London Heathrow Airport", kind: .place(.airport), coordinate: LatLon(lat: 51.4706, lon: -0.46194),
            importance: 550, placeID: "ap:EGLL"),
        match: .exact, distanceKm: 8603, whereText: "Hounslow, England, United Kingdom")
    static let paris = SearchResult(
        candidate: SearchCandidate(
            name: "Paris", kind: .city, coordinate: LatLon(lat: 48.8566, lon: 2.3522), importance: 634),
        match: .exact, distanceKm: 8950, whereText: "Île-de-France, France")
    static let parisTexas = SearchResult(
        candidate: SearchCandidate(
            name: "Paris", kind: .city, coordinate: LatLon(lat: 33.66, lon: -95.55), importance: 440),
        match: .exact, distanceKm: 2300, whereText: "Texas, United States")

    func sending(_ actions: [MapAction], to state: MapState) -> (MapState, [MapEffect]) {
        var state = state
        var effects: [MapEffect] = []
        for action in actions { effects += MapReducer.reduce(&state, action) }
        return (state, effects)
    }

    func typing(_ text: String) -> [MapAction] { text.map { .key(.character($0)) } }

    func searches(_ effects: [MapEffect]) -> [SearchRequest] {
        effects.compactMap { if case .search(let request) = $0 { return request } else { return nil } }
    }

    /// The line as `/` opens it over `state`.
    func opened(over state: MapState) -> SearchState {
        SearchState(cameraBefore: state.camera, selectionBefore: state.selection, detailOpenBefore: state.detailOpen)
    }

    @Test func slashOpensTheLineAndEveryChangeSendsANewQuery() {
        var store = TestStore(start)
        var search = opened(over: start)
        store.send(.key(.character("/")), effects: []) { [search] in $0.focus = .search(search) }
        for (i, c) in "par".enumerated() {
            _ = search.line.insert(c)
            search.generation = i + 1
            search.pending = true
            let request = SearchRequest(
                generation: i + 1, text: search.line.text, center: start.camera.center, limit: 50)
            store.send(.key(.character(c)), effects: [.search(request)]) { [search] in $0.focus = .search(search) }
        }
        #expect(store.state.search?.line.text == "par")
    }

    @Test func keysThatDoNotChangeTheTextSendNoQuery() {
        let open = sending([.key(.character("/"))] + typing("paris"), to: start).0
        for key in [Key.left, .right, .home, .end, .character("\u{01}"), .character("\u{05}")] {
            #expect(searches(sending([.key(key)], to: open).1).isEmpty, "\(key)")
        }
        #expect(searches(sending([.key(.character("\u{7}"))], to: open).1).isEmpty)
    }

    @Test func editingKeysEditTheLine() {
        let open = sending([.key(.character("/"))] + typing("san fran"), to: start).0
        func text(after keys: [Key]) -> String? { sending(keys.map(MapAction.key), to: open).0.search?.line.text }
        #expect(text(after: [.backspace]) == "san fra")
        #expect(text(after: [.character("\u{17}")]) == "san ")
        #expect(text(after: [.character("\u{15}")]) == "")
        #expect(text(after: [.home, .delete]) == "an fran")
        #expect(text(after: [.left, .left, .character("x")]) == "san frxan")
        #expect(text(after: [.home, .character("\u{05}"), .character("c")]) == "san franc")
        #expect(text(after: [.home, .right, .right, .right, .character("\u{15}")]) == " fran")
        #expect(sending(typing("ü東"), to: sending([.key(.character("/"))], to: start).0).0.search?.line.text == "ü東")
    }

    @Test func onlyTheAnswerToTheLatestQueryIsShown() throws {
        let open = sending([.key(.character("/"))] + typing("pa"), to: start).0
        var store = TestStore(open)
        store.send(.searchAnswered(generation: 1, .init(results: [Self.heathrow])), effects: [])
        var search = try #require(open.search)
        search.results = [Self.paris, Self.parisTexas]
        search.pending = false
        search.answeredText = "pa"
        store.send(.searchAnswered(generation: 2, .init(results: [Self.paris, Self.parisTexas])), effects: []) {
            $0.focus = .search(search)
        }
        store.send(.key(.escape), effects: []) { $0.focus = .map }
        store.send(.searchAnswered(generation: 2, .init(results: [Self.paris])), effects: [])
    }

    @Test func enterFliesToTheHighlightedResultSelectsItAndOpensItsPane() {
        let answered = sending(
            [.key(.character("/"))] + typing("heathrow")
                + [.searchAnswered(generation: 8, .init(results: [Self.heathrow, Self.paris]))], to: start
        ).0
        let place = Place(
            id: "ap:EGLL", kind: .airport, name: "London Heathrow Airport", coordinate: Self.heathrow.coordinate)
        var store = TestStore(answered)
        let moved: (MapState) -> [MapEffect] = {
            [
                .loadDetails(place), .settle(generation: 4, afterSeconds: 0.15), .loadTiles(.view(of: $0)),
                .tick(afterSeconds: 0.1),
            ]
        }
        store.send(.key(.enter), effectsAfter: moved) {
            $0.focus = .map
            $0.lastSearch = SearchHistory(text: "heathrow", results: [Self.heathrow, Self.paris], index: 0)
            $0.camera = Camera(center: Self.heathrow.coordinate, zoom: 13)
            $0.selection = .place(place)
            $0.detailOpen = true
            $0.places.generation = 4
            $0.places.awaitingSettle = true
        }
    }

    @Test func enterBeforeTheAnswerGoesWhenItComes() {
        let typed = sending([.key(.character("/"))] + typing("paris") + [.key(.enter)], to: start).0
        #expect(typed.search?.goWhenAnswered == true)
        let state = sending([.searchAnswered(generation: 5, .init(results: [Self.paris, Self.parisTexas]))], to: typed)
            .0
        #expect(state.search == nil)
        #expect(state.selection == .found(Self.paris))
        #expect(state.camera == Camera(center: Self.paris.coordinate, zoom: 11))
        #expect(state.detailOpen)
    }

    @Test func upDownAndTabMoveTheHighlightAndShowItEscPutsTheViewBack() throws {
        var before = start
        before.selection = .pin(1)
        before.detailOpen = true
        let results = [Self.paris, Self.parisTexas, Self.heathrow]
        let answered = sending(
            [.key(.character("/"))] + typing("paris") + [.searchAnswered(generation: 5, .init(results: results))],
            to: before
        ).0
        #expect(answered.detailOpen == false)
        var store = TestStore(answered)
        var search = try #require(answered.search)
        // Each move shows its result at its kind's zoom: a new region to settle.
        for (key, highlighted) in [(Key.down, 1), (.tab, 2), (.tab, 0), (.up, 2)] {  // wraps both ways
            search.highlighted = highlighted
            let generation = store.state.places.generation + 1
            let result = results[highlighted]
            let spinner: [MapEffect] = store.state.places.isLoading ? [] : [.tick(afterSeconds: 0.1)]
            let moved: (MapState) -> [MapEffect] = {
                [.settle(generation: generation, afterSeconds: 0.15), .loadTiles(.view(of: $0))] + spinner
            }
            store.send(.key(key), effectsAfter: moved) { [search] in
                $0.focus = .search(search)
                $0.camera = Camera(center: result.coordinate, zoom: result.kind.zoom)
                $0.places.generation = generation
                $0.places.awaitingSettle = true
            }
        }
        #expect(store.state.camera == Camera(center: Self.heathrow.coordinate, zoom: 13))
        let generation = store.state.places.generation + 1
        store.send(
            .key(.escape),
            effectsAfter: { [.settle(generation: generation, afterSeconds: 0.15), .loadTiles(.view(of: $0))] }
        ) {
            $0.focus = .map
            $0.camera = before.camera
            $0.selection = .pin(1)
            $0.detailOpen = true
            $0.places.generation = generation
        }
        #expect(store.state.lastSearch == nil)
    }

    @Test func backspaceOnAnEmptyLineClosesIt() {
        let state = sending([.key(.character("/")), .key(.character("a")), .key(.backspace)], to: start).0
        #expect(state.search?.line.text == "")
        var store = TestStore(state)
        store.send(.key(.backspace), effects: []) { $0.focus = .map }
    }

    @Test func anEmptyLineSendsNothingAndClearsTheResults() {
        let answered = sending(
            [.key(.character("/"))] + typing("p") + [.searchAnswered(generation: 1, .init(results: [Self.paris]))],
            to: start
        ).0
        let (state, effects) = sending([.key(.backspace)], to: answered)
        #expect(searches(effects).isEmpty)
        #expect(state.search?.results == [])
        #expect(state.search?.pending == false)
        #expect(
            sending([.key(.character(" ")), .key(.character(" "))], to: state).1.allSatisfy {
                if case .search = $0 { return false } else { return true }
            })
    }

    @Test func nAndNStepThroughTheResultsAfterEnterAndEscForgetsThem() {
        let results = [Self.paris, Self.parisTexas, Self.heathrow]
        let taken = sending(
            [.key(.character("/"))] + typing("paris") + [
                .searchAnswered(generation: 5, .init(results: results)), .key(.enter),
            ],
            to: start
        ).0
        var state = sending([.key(.character("n"))], to: taken).0
        #expect(state.selection == .found(Self.parisTexas))
        #expect(state.camera.center == Self.parisTexas.coordinate)
        #expect(state.notice == "'paris': 2 of 3")
        state = sending([.key(.character("N")), .key(.character("N"))], to: state).0
        #expect(state.selection?.place?.id == "ap:EGLL")
        #expect(state.notice == "'paris': 3 of 3")
        // Esc closes the pane, then the selection, then forgets the results: n selects markers again.
        state = sending([.key(.escape), .key(.escape), .key(.escape)], to: state).0
        #expect(state.lastSearch == nil)
        #expect(sending([.key(.character("n"))], to: state).0.notice != "'paris': 1 of 3")
    }

    @Test func aProblemIsShownAndEnterOnNothingSaysSo() {
        let open = sending([.key(.character("/"))] + typing("91,0"), to: start).0
        let problem = "latitude 91 is out of range (-90 to 90)"
        let state = sending([.searchAnswered(generation: 4, .init(problem: problem)), .key(.enter)], to: open).0
        #expect(state.search?.problem == problem)
        #expect(state.notice == problem)
        #expect(state.camera == start.camera)
    }

    @Test func otherPanelsAndAlertsComeFirst() {
        var alerted = start
        alerted.alert = Alert("Something")
        var store = TestStore(alerted)
        // The key that closes an alert still acts.
        store.send(.key(.character("/")), effects: []) {
            $0.alert = nil
            $0.focus = .search(opened(over: start))
        }
        store.set { $0.focus = .filters }
        store.send(.key(.character("/")), effects: [])  // nothing in the Show panel
    }
}
