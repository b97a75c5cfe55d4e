import GeoCore
import MapFeature
import Places
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

    @Test func slashOpensTheLineAndEveryChangeSendsANewQuery() {
        let (state, effects) = sending([.key(.character("/"))] + typing("par"), to: start)
        #expect(state.search?.line.text == "par")
        let requests = searches(effects)
        #expect(requests.map(\.text) == ["p", "pa", "par"])
        #expect(requests.map(\.generation) == [1, 2, 3])
        #expect(requests.allSatisfy { $0.center == start.camera.center && $0.limit == 50 })
        #expect(state.search?.pending == true)
        #expect(state.camera == start.camera)
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

    @Test func onlyTheAnswerToTheLatestQueryIsShown() {
        let open = sending([.key(.character("/"))] + typing("pa"), to: start).0
        let stale = sending([.searchAnswered(generation: 1, .init(results: [Self.heathrow]))], to: open).0
        #expect(stale.search?.results == [])
        #expect(stale.search?.pending == true)
        let fresh = sending([.searchAnswered(generation: 2, .init(results: [Self.paris, Self.parisTexas]))], to: open).0
        #expect(fresh.search?.results == [Self.paris, Self.parisTexas])
        #expect(fresh.search?.pending == false)
        #expect(fresh.search?.answeredText == "pa")
        let closed = sending([.key(.escape), .searchAnswered(generation: 2, .init(results: [Self.paris]))], to: open).0
        #expect(closed.search == nil)
    }

    @Test func enterFliesToTheHighlightedResultSelectsItAndOpensItsPane() {
        let answered = sending(
            [.key(.character("/"))] + typing("heathrow")
                + [.searchAnswered(generation: 8, .init(results: [Self.heathrow, Self.paris]))], to: start
        ).0
        let (state, effects) = sending([.key(.enter)], to: answered)
        #expect(state.search == nil)
        #expect(state.camera == Camera(center: Self.heathrow.coordinate, zoom: 13))
        let place = Place(
            id: "ap:EGLL", kind: .airport, name: "London Heathrow Airport", coordinate: Self.heathrow.coordinate)
        #expect(state.selection == .place(place))
        #expect(state.detailOpen)
        #expect(effects.contains(.loadDetails(place)))
        #expect(state.lastSearch?.results.count == 2)
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

    @Test func upDownAndTabMoveTheHighlightAndShowItEscPutsTheViewBack() {
        var before = start
        before.selection = .pin(1)
        before.detailOpen = true
        let answered = sending(
            [.key(.character("/"))] + typing("paris")
                + [.searchAnswered(generation: 5, .init(results: [Self.paris, Self.parisTexas, Self.heathrow]))],
            to: before
        ).0
        #expect(answered.detailOpen == false)
        var state = sending([.key(.down)], to: answered).0
        #expect(state.search?.highlighted == 1)
        #expect(state.camera == Camera(center: Self.parisTexas.coordinate, zoom: 11))
        state = sending([.key(.tab), .key(.tab)], to: state).0
        #expect(state.search?.highlighted == 0)  // wraps
        state = sending([.key(.up)], to: state).0
        #expect(state.search?.highlighted == 2)
        let cancelled = sending([.key(.escape)], to: state).0
        #expect(cancelled.search == nil)
        #expect(cancelled.camera == before.camera)
        #expect(cancelled.selection == .pin(1))
        #expect(cancelled.detailOpen)
        #expect(cancelled.lastSearch == nil)
    }

    @Test func backspaceOnAnEmptyLineClosesIt() {
        let state = sending([.key(.character("/")), .key(.character("a")), .key(.backspace)], to: start).0
        #expect(state.search?.line.text == "")
        #expect(sending([.key(.backspace)], to: state).0.search == nil)
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
        let state = sending([.key(.character("/"))], to: alerted).0
        #expect(state.alert == nil)
        #expect(state.search != nil)  // the key that closes an alert still acts
        var filtering = start
        filtering.focus = .filters
        #expect(sending([.key(.character("/"))], to: filtering).0.search == nil)
    }
}
