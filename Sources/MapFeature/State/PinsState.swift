import GeoCore
import Places

/// The pins and the two centres derived from them: the geographic midpoint (mean of unit vectors)
/// and the meeting point (geometric median, least total great-circle distance). Both exist only
/// with two or more pins and are recomputed whenever the pins change.
public struct PinsState: Equatable, Sendable {
    public private(set) var pins: [Pin] = []
    public private(set) var midpoint: LatLon?
    public private(set) var meetingPoint: LatLon?
    /// Reverse-geocoded descriptions of pins by number, filled in by the runtime.
    public var labels: [Int: String] = [:]
    /// Why the last save failed, once one has (so the box is shown only the first time).
    public var saveProblem: String?
    /// Changes shown but not saved yet, oldest first: the first is being saved, or waits for the
    /// lock another process holds; the others wait their turn, so changes are saved in order.
    public private(set) var unsaved: [PinChange] = []
    /// How many times in a row the first unsaved change found the lock held by another process.
    public private(set) var busyCount = 0

    /// What the ids of the pins this map adds start with: unique to the map (the composition root sets
    /// a random one), so that a change queued against a pin not saved yet names the pin it will be.
    public var idSeed = "local"
    /// Pins this map has added, for the next one's id.
    private var addedCount = 0

    /// True once `q` was pressed with changes unsaved and told so: the next `q` quits without them.
    public var quitWarned = false
    /// Said when `q` would drop pin changes that still wait for another process's lock.
    public static let unsavedQuitNote = "pins not saved yet (another mapterm is saving): q again quits without them"

    /// Said in the status bar while another process holds the pins' lock.
    public static let waitingNote = "waiting for another mapterm to save pins"

    public init(pins: [Pin] = []) { replace(with: pins) }

    /// The smallest free pin number, or nil when all `Pin.maximumCount` are used.
    public var nextNumber: Int? {
        let used = Set(pins.map(\.number))
        return (1...Pin.maximumCount).first { !used.contains($0) }
    }

    /// Replaces all pins (sorted by number) and recomputes the centres.
    public mutating func replace(with newPins: [Pin]) {
        let before = Dictionary(pins.map { ($0.number, $0.id) }, uniquingKeysWith: { first, _ in first })
        pins = newPins.sorted { $0.number < $1.number }
        // A description stays with its pin: a number now held by another pin loses it.
        let kept = Set(pins.filter { before[$0.number] == $0.id }.map(\.number))
        labels = labels.filter { kept.contains($0.key) }
        let points = pins.map(\.coordinate)
        midpoint = points.count >= 2 ? Geodesy.midpoint(points) : nil
        meetingPoint = points.count >= 2 ? Geodesy.geometricMedian(points) : nil
    }

    /// Adds a pin with the next free number, a new id and `name` ("" for none); the pin, or nil when
    /// the limit is reached.
    public mutating func add(at point: LatLon, name: String = "") -> Pin? {
        guard nextNumber != nil else { return nil }
        addedCount += 1
        return add(at: point, id: "\(idSeed)-\(addedCount)", name: name)
    }

    /// Adds a pin with the next free number and this id (none when the limit is reached).
    @discardableResult
    mutating func add(at point: LatLon, id: String, name: String = "") -> Pin? {
        guard let number = nextNumber else { return nil }
        let pin = Pin(number: number, coordinate: point.normalized, id: id, name: name)
        replace(with: pins + [pin])
        return pin
    }

    /// Gives the pin with this id the name `name` (cleaned; "" for none).
    mutating func rename(id: String, to name: String) {
        replace(
            with: pins.map {
                $0.id == id ? Pin(number: $0.number, coordinate: $0.coordinate, id: $0.id, name: name) : $0
            })
    }

    /// The pin numbered `number`, if there is one.
    public func pin(_ number: Int) -> Pin? { pins.first { $0.number == number } }

    /// Removes the pin with this number.
    public mutating func remove(number: Int) {
        replace(with: pins.filter { $0.number != number })
    }

    /// Queues a change made on screen; true when it is the only one, so it is to be saved now.
    mutating func queue(_ change: PinChange) -> Bool {
        unsaved.append(change)
        return unsaved.count == 1
    }

    /// The first unsaved change was saved (`saved` are the pins then) or given up (`saved` nil):
    /// shows the saved pins with the other changes on top; returns the next change to save.
    mutating func finishFirst(saved: [Pin]?) -> PinChange? {
        if !unsaved.isEmpty { unsaved.removeFirst() }
        if unsaved.isEmpty { quitWarned = false }
        busyCount = 0
        if let saved { show(saved: saved) }
        return unsaved.first
    }

    /// The first unsaved change found the lock held; returns how many times in a row that happened.
    mutating func noteBusy() -> Int {
        busyCount += 1
        return busyCount
    }

    /// Shows `saved` (the pins as saved now) with the unsaved changes applied on top.
    mutating func show(saved: [Pin]) {
        replace(with: saved)
        for change in unsaved {
            switch change {
            case .add(let point, let id, let name):
                if let id {
                    if !pins.contains(where: { $0.id == id }) { add(at: point, id: id, name: name) }
                } else {
                    _ = add(at: point, name: name)
                }
            case .remove(let id): replace(with: pins.filter { $0.id != id })
            case .rename(let id, let name): rename(id: id, to: name)
            }
        }
    }

    /// Pins and centres: what `f` fits into view.
    public var allPoints: [LatLon] { pins.map(\.coordinate) + [midpoint, meetingPoint].compactMap { $0 } }
}

/// A question in the status bar: yes or no, or a pin's name to type.
public enum Prompt: Equatable, Sendable {
    /// "Drop pin 3 at 37.77490, -122.41940? Name (optional): …" for this position, with the name typed
    /// so far: Enter drops the pin, Esc cancels.
    case dropPin(LatLon, name: String = "")
    /// "Remove pin N (Mum) at …? (Y/n)": y or Enter removes it.
    case removePin(Int)
    /// "Name pin N: …" with the name typed so far (it starts as the pin's name): Enter keeps it.
    case renamePin(Int, name: String)

    /// The name typed, for the prompts that ask one.
    var typedName: String? {
        switch self {
        case .dropPin(_, let name), .renamePin(_, let name): return name
        case .removePin: return nil
        }
    }

    /// The same prompt with `name` typed.
    func typing(_ name: String) -> Prompt {
        switch self {
        case .dropPin(let point, _): return .dropPin(point, name: name)
        case .renamePin(let number, _): return .renamePin(number, name: name)
        case .removePin: return self
        }
    }

    /// What the status bar says, with the pins as they are, from the fullest to the shortest
    /// (`ascii`: a plain cursor).
    func texts(_ pins: PinsState, ascii: Bool) -> [String] {
        let cursor = ascii ? "_" : "▏"
        let dot = ascii ? "-" : "·"
        switch self {
        case .dropPin(let point, let name):
            let number = pins.nextNumber.map { " \($0)" } ?? ""
            let short = String(format: "%.4f,%.4f", point.lat, point.lon)
            return [
                "Drop pin\(number) at \(point)? Name (optional): \(name)\(cursor)  Enter drops \(dot) Esc cancels",
                "Drop pin\(number) at \(short)? Name: \(name)\(cursor)  Enter drops \(dot) Esc cancels",
                "Pin\(number) at \(short), name: \(name)\(cursor)  Enter/Esc",
                "Pin\(number) name: \(name)\(cursor)",
            ]
        case .removePin(let number):
            let pin = pins.pin(number)
            let title = pin?.title ?? "pin \(number)"
            let place = pin.map { " at \($0.coordinate)" } ?? ""
            return ["Remove \(title)\(place)? (Y/n)", "Remove \(title)? (Y/n)", "Remove pin \(number)? (Y/n)"]
        case .renamePin(let number, let name):
            return [
                "Name pin \(number): \(name)\(cursor)  Enter keeps \(dot) Esc leaves it as it was",
                "Name pin \(number): \(name)\(cursor)  Enter/Esc", "Pin \(number): \(name)\(cursor)",
            ]
        }
    }
}
