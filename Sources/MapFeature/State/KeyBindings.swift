/// What a key press asks for.
public enum Command: Equatable, Sendable {
    case panLeft, panRight, panUp, panDown
    case zoomIn, zoomOut, wholeWorld
    case toggleAscii, toggleHelp, quit, dismiss
    case refresh, nextPlace, previousPlace, openDetail
    case dropPin, removePin, fit, recenter, route, filters, attribution
    case search, nextResult, previousResult
    case layers
}

/// The key map, and the text of the help overlay generated from it.
public enum KeyBindings {
    /// One line of the help overlay: the keys and what they do.
    public struct Entry: Sendable {
        public var keys: String
        public var meaning: String
    }

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
        case .character("b"): return .toggleAscii
        case .character("c"): return .recenter
        case .character("p"): return .dropPin
        case .character("x"), .delete: return .removePin
        case .character("f"): return .fit
        case .character("g"): return .route
        case .character("?"): return .toggleHelp
        case .character("v"): return .filters
        case .character("L"): return .layers
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
        default: return nil
        }
    }

    /// Every key, as the help overlay lists it.
    public static let help: [Entry] = [
        Entry(keys: "← → ↑ ↓  h l k j", meaning: "pan a quarter screen"),
        Entry(keys: "+ = a / - z", meaning: "zoom in / out"),
        Entry(keys: "0", meaning: "whole world"),
        Entry(keys: "mouse drag / wheel", meaning: "pan / zoom at the pointer"),
        Entry(keys: "r", meaning: "refresh the places in view"),
        Entry(keys: "v", meaning: "show or hide kinds of place, amenities"),
        Entry(keys: "/", meaning: "search places, cities, countries, codes, lat,lon"),
        Entry(keys: "L", meaning: "your layers: legend, show/hide, fit into view"),
        Entry(keys: "Tab n / S-Tab N", meaning: "select the next / previous marker or pin"),
        Entry(keys: "n / N after a search", meaning: "the next / previous result"),
        Entry(keys: "Enter Space", meaning: "details; on a count, zoom in to split it"),
        Entry(keys: "mouse click", meaning: "select what is under the pointer"),
        Entry(keys: "p", meaning: "drop a pin at the crosshair"),
        Entry(keys: "x Delete", meaning: "remove the selected pin"),
        Entry(keys: "f", meaning: "fit all pins and their centres"),
        Entry(keys: "c", meaning: "centre on your location"),
        Entry(keys: "g", meaning: "the way from you to the selection"),
        Entry(keys: "b", meaning: "braille / ASCII lines"),
        Entry(keys: "i", meaning: "where the map data comes from (attribution)"),
        Entry(keys: "?", meaning: "this help"),
        Entry(keys: "Esc", meaning: "close the pane, the selection, this help"),
        Entry(keys: "q", meaning: "quit (closes an open pane or panel first)"),
    ]
}
