/// What a key press asks for.
public enum Command: Equatable, Sendable {
    case panLeft, panRight, panUp, panDown
    case zoomIn, zoomOut, wholeWorld
    case toggleAscii, help, quit, dismiss
    case refresh, nextPlace, previousPlace, openDetail
    case dropPin, removePin, renamePin, fit, recenter, route, switchProfile, filters, attribution
    case scrollPaneUp, scrollPaneDown
    case search, nextResult, previousResult
    case layers
    /// Keep the map centred on the user's position (`F`), or stop.
    case follow
    /// Start or stop recording a track (`T`).
    case track
    /// Centre on pin N (1...9) and select it.
    case jumpToPin(Int)
}

/// The map's keys (`Focus.map`); `KeyTable` lists them for people.
public enum KeyBindings {
    /// The command for a key, or nil when the key means nothing here.
    public static func command(for key: Key) -> Command? {
        switch key {
        case .left, .character("h"): return .panLeft
        case .right, .character("l"): return .panRight
        case .up, .character("k"): return .panUp
        case .down, .character("j"): return .panDown
        case .character("+"), .character("="), .character("a"): return .zoomIn
        case .character("-"), .character("z"): return .zoomOut
        case .character("0"): return .wholeWorld
        case .character(let c) where ("1"..."9").contains(c): return c.wholeNumberValue.map(Command.jumpToPin)
        case .character("e"): return .renamePin
        case .character("b"): return .toggleAscii
        case .character("c"): return .recenter
        case .character("p"): return .dropPin
        case .character("x"), .delete: return .removePin
        case .character("f"): return .fit
        case .character("g"): return .route
        case .character("m"): return .switchProfile
        case .pageUp: return .scrollPaneUp
        case .pageDown: return .scrollPaneDown
        case .character("?"): return .help
        case .character("v"): return .filters
        case .character("L"): return .layers
        case .character("F"): return .follow
        case .character("T"): return .track
        case .character("i"): return .attribution
        case .character("q"): return .quit
        case .escape: return .dismiss
        case .character("r"): return .refresh
        case .tab: return .nextPlace
        case .backTab: return .previousPlace
        case .character("n"): return .nextResult
        case .character("N"): return .previousResult
        case .character("/"): return .search
        case .enter, .character(" "): return .openDetail
        case .backspace, .home, .end, .character: return nil
        }
    }
}
