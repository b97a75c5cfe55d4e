import GeoCore
import Places

/// The search line: `/` opens it, typing asks the runtime for results (each change a new query; an
/// answer to an older one is dropped), Up/Down/Tab move the highlight and show that result on the
/// map, Enter goes to it (selected, its pane open), Esc puts the view back. After Enter, `n`/`N`
/// step through the same results.
enum SearchReducer {
    /// The most results asked for per query (the pane shows what fits; `n` reaches them all).
    static let resultLimit = 50

    /// Opens the line over the current view.
    static func open(_ state: inout MapState) -> [MapEffect] {
        state.focus = .search(
            SearchState(
                cameraBefore: state.camera, selectionBefore: state.selection, detailOpenBefore: state.detailOpen))
        state.detailOpen = false
        return []
    }

    /// A key while the line is open (`search` is the focus).
    static func handle(_ key: Key, _ search: SearchState, _ state: inout MapState) -> [MapEffect] {
        var search = search
        let before = search.line
        switch key {
        case .escape: return cancel(&state)
        case .enter: return take(&state)
        case .up, .backTab, .character("\u{10}"): return highlight(by: -1, &state)
        case .down, .tab, .character("\u{0E}"): return highlight(by: 1, &state)
        case .pageUp: return highlight(by: -SearchPane.visibleRows(state), &state)
        case .pageDown: return highlight(by: SearchPane.visibleRows(state), &state)
        case .left: search.line.move(by: -1)
        case .right: search.line.move(by: 1)
        case .home, .character("\u{01}"): search.line.moveToStart()
        case .end, .character("\u{05}"): search.line.moveToEnd()
        case .backspace:
            if search.line.characters.isEmpty { return cancel(&state) }
            search.line.deleteBackward()
        case .delete: search.line.deleteForward()
        case .character("\u{17}"): search.line.deleteWordBackward()
        case .character("\u{15}"): search.line.deleteToStart()
        case .character(let c):
            if !search.line.insert(c), search.line.isFull { state.notice = "the search line is full" }
        }
        state.focus = .search(search)
        return search.line.characters == before.characters ? [] : changed(&state)
    }

    /// The text changed: a new query for it (or, for an empty line, no results and no query).
    static func changed(_ state: inout MapState) -> [MapEffect] {
        guard var search = state.search else { return [] }
        search.generation += 1
        search.highlighted = 0
        search.goWhenAnswered = false
        let query = SearchQuery(search.line.text)
        if query.isEmpty {
            search.results = []
            search.problem = nil
            search.pending = false
            search.answeredText = ""
            state.focus = .search(search)
            return []
        }
        search.pending = true
        state.focus = .search(search)
        let request = SearchRequest(
            generation: search.generation, text: search.line.text, center: search.cameraBefore.center,
            limit: resultLimit)
        return [.search(request)]
    }

    /// An answer came: shown when it answers the latest query, else dropped.
    static func answered(_ generation: Int, _ answer: PlaceSearch.Answer, _ state: inout MapState) -> [MapEffect] {
        guard var search = state.search, search.generation == generation else { return [] }
        search.results = answer.results
        search.problem = answer.problem
        search.pending = false
        search.highlighted = 0
        search.answeredText = search.line.text
        state.focus = .search(search)
        return search.goWhenAnswered ? take(&state) : []
    }

    /// Enter: goes to the highlighted result; while the latest query runs, to its best result as soon
    /// as it comes.
    static func take(_ state: inout MapState) -> [MapEffect] {
        guard var search = state.search else { return [] }
        if search.pending {
            search.goWhenAnswered = true
            state.focus = .search(search)
            return []
        }
        guard let result = search.current else {
            state.notice = search.problem ?? (search.line.characters.isEmpty ? nil : "nothing found")
            if search.line.characters.isEmpty { return cancel(&state) }
            return []
        }
        state.focus = .map
        state.lastSearch = SearchHistory(
            text: SearchQuery(search.line.text).text, results: search.results, index: search.highlighted)
        return go(to: result, &state)
    }

    /// Esc: closes the line and puts back the view, the selection and the pane.
    static func cancel(_ state: inout MapState) -> [MapEffect] {
        guard let search = state.search else { return [] }
        state.focus = .map
        state.camera = search.cameraBefore
        state.selection = search.selectionBefore
        state.detailOpen = search.detailOpenBefore
        return []
    }

    /// Moves the highlight (wrapping) and shows that result on the map.
    static func highlight(by offset: Int, _ state: inout MapState) -> [MapEffect] {
        guard var search = state.search, !search.results.isEmpty else { return [] }
        let count = search.results.count
        search.highlighted = ((search.highlighted + offset) % count + count) % count
        state.focus = .search(search)
        if let result = search.current { state.camera = camera(for: result) }
        return []
    }

    /// `n`/`N` after a search: the next or previous of its results.
    static func step(forward: Bool, _ state: inout MapState) -> [MapEffect] {
        guard var history = state.lastSearch, !history.results.isEmpty else { return [] }
        let count = history.results.count
        history.index = (history.index + (forward ? 1 : count - 1)) % count
        state.lastSearch = history
        let result = history.results[history.index]
        let effects = go(to: result, &state)
        state.notice = "'\(history.text)': \(history.index + 1) of \(count)"
        return effects
    }

    /// Flies to a result at the zoom of its kind, selects it and opens its pane.
    static func go(to result: SearchResult, _ state: inout MapState) -> [MapEffect] {
        state.camera = camera(for: result)
        state.route = nil
        state.selection = selection(for: result)
        state.detailOpen = true
        return SelectionReducer.paneEffects(&state)
    }

    /// The view of a result: centred on it at its kind's zoom.
    static func camera(for result: SearchResult) -> Camera {
        Camera(center: result.coordinate, zoom: result.kind.zoom)
    }

    /// A place of the places database is selected as that place (its marker highlights, its details
    /// load); anything else as the result itself.
    static func selection(for result: SearchResult) -> Selection {
        if case .place(let kind) = result.kind, let id = result.candidate.placeID {
            return .place(Place(id: id, kind: kind, name: result.name, coordinate: result.coordinate))
        }
        return .found(result)
    }
}
