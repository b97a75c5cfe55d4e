import GeoCore
import Places
import Render
import Testing

@testable import MapFeature

/// Named pins on the map: the drop prompt says where and takes a name, Enter takes the default shown,
/// `e` renames, `1`…`9` go to a pin; the status bar names the selection; keys that cannot act say why.
@Suite struct NamedPinsTests {
    static let center = LatLon(lat: 37.7793, lon: -122.4137)
    static let start = MapState(camera: Camera(center: center, zoom: 15), screen: Viewport(cols: 120, rows: 40))

    static func send(_ keys: [Key], _ state: inout MapState) -> [MapEffect] {
        keys.flatMap { MapReducer.reduce(&state, .key($0)) }
    }

    static func typed(_ text: String) -> [Key] { text.map { Key.character($0) } }

    static func statusLine(_ state: MapState) -> String {
        let map = RenderedMap(grid: CellGrid(cols: state.screen.cols, rows: state.screen.rows - 1), labels: [])
        let grid = FrameComposer().compose(state, map: map)
        return grid.line(grid.rows - 1)
    }

    @Test func theDropPromptSaysWhereAndEnterDropsAnUnnamedPin() {
        var state = Self.start
        _ = Self.send([.character("p")], &state)
        let line = Self.statusLine(state)
        #expect(line.contains("Drop pin 1 at 37.77930, -122.41370?"), "\(line)")
        #expect(line.contains("Enter drops"))
        let effects = Self.send([.enter], &state)
        #expect(state.focus == .map)
        #expect(state.pins.pins.map(\.coordinate) == [Self.center] && state.pins.pins.map(\.name) == [""])
        #expect(effects == [.changePins(.add(Self.center, id: "local-1", name: ""))])
    }

    @Test func aNameTypedWhenDroppingIsKeptAndSaved() {
        var state = Self.start
        let effects = Self.send([.character("p")] + Self.typed("Mumx") + [.backspace, .enter], &state)
        #expect(state.pins.pins.first?.name == "Mum")
        #expect(effects == [.changePins(.add(Self.center, id: "local-1", name: "Mum"))])
        var cancelled = Self.start
        #expect(Self.send([.character("p")] + Self.typed("Gran") + [.escape], &cancelled).isEmpty)
        #expect(cancelled.pins.pins.isEmpty && cancelled.focus == .map)
    }

    @Test func aNameIsBoundedAndControlsAreNotTyped() {
        var state = Self.start
        _ = Self.send(
            [.character("p"), .character("\u{1B}"), .character("\u{07}")]
                + Self.typed(String(repeating: "a", count: 60)), &state)
        #expect(state.prompt?.typedName == String(repeating: "a", count: Pin.nameLimit))
    }

    @Test func theRemovePromptShowsItsDefaultAndEnterTakesIt() {
        var state = Self.start
        state.pins = PinsState(pins: [Pin(number: 1, coordinate: Self.center, id: "a", name: "Mum")])
        state.selection = .pin(1)
        _ = Self.send([.character("x")], &state)
        let line = Self.statusLine(state)
        #expect(line.contains("Remove pin 1 (Mum) at 37.77930, -122.41370? (Y/n)"), "\(line)")
        #expect(Self.send([.enter], &state) == [.changePins(.remove(id: "a"))])
        #expect(state.pins.pins.isEmpty)
    }

    @Test func eRenamesTheSelectedPin() {
        var state = Self.start
        state.pins = PinsState(pins: [Pin(number: 1, coordinate: Self.center, id: "a", name: "Mum")])
        state.selection = .pin(1)
        _ = Self.send([.character("e")], &state)
        #expect(state.focus == .prompt(.renamePin(1, name: "Mum")))
        #expect(Self.statusLine(state).contains("Name pin 1: Mum"))
        let effects = Self.send([.backspace, .backspace, .backspace] + Self.typed("Dad") + [.enter], &state)
        #expect(effects == [.changePins(.rename(id: "a", name: "Dad"))])
        #expect(state.pins.pins.first?.name == "Dad")
        var unselected = Self.start
        _ = Self.send([.character("e")], &unselected)
        #expect(unselected.notice == "e names a pin: select one first (Tab, or its number 1-9)")
    }

    @Test func digitsGoToThatPin() {
        var state = Self.start
        let far = LatLon(lat: 48.8566, lon: 2.3522)
        state.pins = PinsState(pins: [
            Pin(number: 1, coordinate: Self.center, id: "a"), Pin(number: 2, coordinate: far, id: "b", name: "Work"),
        ])
        _ = Self.send([.character("2")], &state)
        #expect(Geodesy.distance(state.camera.center, far) < 1e-6 && state.selection == .pin(2))
        #expect(Self.statusLine(state).contains("2 Work · pin 2"))
        _ = Self.send([.character("7")], &state)
        #expect(state.notice == "no pin 7 (pins: 1, 2)")
        #expect(Geodesy.distance(state.camera.center, far) < 1e-6)
    }

    @Test func theStatusBarNamesTheSelectedPlace() {
        var state = Self.start
        let place = Place(
            id: "r1", kind: .restroom, name: "Pentacle \u{1B}[2JCoffee",
            coordinate: LatLon(lat: 37.7804, lon: -122.4137))
        state.userLocation = Self.center
        state.selection = .place(place)
        let line = Self.statusLine(state)
        #expect(
            line.contains("Pentacle [2JCoffee · restroom · 122 m away")
                || line.contains("Coffee · restroom · 122 m away"), "\(line)")
        #expect(!line.contains("\u{1B}"))
        state.userLocation = nil
        #expect(Self.statusLine(state).contains("122 m from the centre"))
    }

    @Test func keysThatCannotActSayWhy() {
        var state = Self.start
        state.selection = .place(Place(id: "r1", kind: .restroom, name: "Loo", coordinate: Self.center))
        _ = Self.send([.character("x")], &state)
        #expect(state.notice == "only pins can be removed (x): this is not one of your pins")
        state.selection = nil
        _ = Self.send([.character("x")], &state)
        #expect(state.notice == "x removes a pin: select one first (Tab, or its number 1-9)")
        _ = Self.send([.character("f")], &state)
        #expect(state.notice == "no pins to fit: p drops one at the crosshair")
        state.places.storedOnly = "the places database"
        #expect(Self.send([.character("r")], &state).isEmpty)
        #expect(state.notice?.hasPrefix("nothing to refresh: the places are read from the places database") == true)
    }

    @Test func theKeysOfTheNamePromptAreTheTables() {
        var state = Self.start
        _ = Self.send([.character("p")], &state)
        #expect(state.focus.keySection == .naming)
        let named = KeyTable.entries(in: .naming).flatMap(\.pressed).compactMap { $0 }
        #expect(Set(named) == [.enter, .escape, .backspace])
        #expect(
            KeyTable.entries(in: .map).contains { $0.keys == "`1…9`" }
                && KeyTable.entries(in: .map).contains { $0.keys == "`e`" })
    }
}

/// The pane never hides what it describes; `i` shows credits that can be read, of what is drawn.
@Suite struct PaneAndCreditTests {
    @Test(arguments: [(120, 40), (80, 24)])
    func openingThePaneShiftsTheMapSoTheSelectionStaysBesideIt(size: (Int, Int)) {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.7793, lon: -122.4137), zoom: 15),
            screen: Viewport(cols: size.0, rows: size.1))
        // A place near the bottom-right corner: under the pane whichever side it opens on.
        let corner = state.transform.latLon(col: size.0 - 6, row: size.1 - 4)
        state.selection = .place(Place(id: "r1", kind: .restroom, name: "Corner", coordinate: corner))
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.detailOpen)
        let pane = DetailPane.frame(cols: size.0, rows: size.1)
        let dots = state.transform.dots(corner)
        let col = Int(dots.x) / Viewport.dotsPerColumn, row = Int(dots.y) / Viewport.dotsPerRow
        let inPane = col >= pane.col && row >= pane.row
        #expect(!inPane && col >= 0 && row >= 0 && col < size.0 && row < size.1 - 1, "at \(col),\(row)")
        // Closing the pane leaves the place where it is.
        let shifted = state.camera
        _ = MapReducer.reduce(&state, .key(.escape))
        #expect(!state.detailOpen && state.camera == shifted)
    }

    @Test func iShowsTheWholeCreditsOfWhatIsDrawnAtAnyWidth() throws {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.7793, lon: -122.4137), zoom: 15), screen: Viewport(cols: 80, rows: 24)
        )
        let long = "© OpenMapTiles © OpenStreetMap contributors, streets of San Francisco, Oakland and Mountain View"
        state.tiles = TileStatus(
            attribution: "Natural Earth · " + long + " · Monaco", credit: ["© OpenStreetMap"],
            inView: ["Made with Natural Earth.", long])
        state.placesCredit = ["Restrooms: Refuge Restrooms (refugerestrooms.org)"]
        _ = MapReducer.reduce(&state, .key(.character("i")))
        let alert = try #require(state.alert)
        #expect(
            alert.lines == [
                "Map: Made with Natural Earth.", "Map: " + long, "Restrooms: Refuge Restrooms (refugerestrooms.org)",
            ])
        let grid = FrameComposer().compose(state, map: RenderedMap(grid: CellGrid(cols: 80, rows: 23), labels: []))
        let words = grid.text.split(whereSeparator: { " │╭╮╰╯─\n".contains($0) }).joined(separator: " ")
        #expect(words.contains("Mountain View") && words.contains("Refuge Restrooms (refugerestrooms.org)"))
        #expect(!words.contains("Monaco") && !grid.text.contains("…"))
    }

    @Test func anAlertNamesALongPathWhole() {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 0, lon: 0), zoom: 2), screen: Viewport(cols: 80, rows: 24))
        let kept =
            "/home/someone/with/a/rather/long/home/directory/.local/share/mapterm/pins.json.corrupt-20261202T104500Z"
        state.alert = Alert(
            "Your pins could not be loaded.",
            detail: "the pins file was unreadable (it is not valid JSON); it was kept as \(kept)")
        let grid = FrameComposer().compose(state, map: RenderedMap(grid: CellGrid(cols: 80, rows: 23), labels: []))
        let rows = (0..<grid.rows).map { grid.line($0) }
        let inside = rows.compactMap { row -> String? in
            guard let open = row.firstIndex(of: "│"), let close = row.lastIndex(of: "│"), open < close else {
                return nil
            }
            return row[row.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        }
        #expect(inside.joined().contains(kept), "\(inside)")
        #expect(!grid.text.contains("…"))
    }
}
