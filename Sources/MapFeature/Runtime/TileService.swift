/// Loads the tiles of `TileRequest`s off the frame path and answers each with `.tilesLoaded` through
/// the map's inbox (again whenever tiles arrive or a source's health changes). The composition root
/// provides it; the runtime only hands it requests.
public protocol TileService: Sendable {
    /// Starts loading the tiles of `request`; a request still waiting is dropped for it.
    func load(_ request: TileRequest)
    /// Returns once the answer to the newest request has been posted (for `render` and tests).
    func idle() async
}
