import GeoCore

/// What the map asks its tile sources for: the tiles covering the map area of a view (each source at
/// its best zoom for the camera, `ViewTransform.tileCover`), tagged with the region generation the
/// places request of the same view carries.
public struct TileRequest: Equatable, Sendable {
    public var generation: Int
    public var camera: Camera
    /// The map area, cells (the screen minus the status bar).
    public var viewport: Viewport

    public init(generation: Int, camera: Camera, viewport: Viewport) {
        self.generation = generation
        self.camera = camera
        self.viewport = viewport
    }
}

/// Loads the tiles of `TileRequest`s off the frame path and answers each with `.tilesLoaded` through
/// the map's inbox (again whenever tiles arrive or a source's health changes). The composition root
/// provides it; the runtime only hands it requests.
public protocol TileService: Sendable {
    /// Starts loading the tiles of `request`; a request still waiting is dropped for it.
    func load(_ request: TileRequest)
    /// Returns once the answer to the newest request has been posted (for `render` and tests).
    func idle() async
}
