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
