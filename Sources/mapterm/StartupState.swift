import Foundation
import GeoCore
import MapFeature
import Places
import Storage
import TextSafety

/// The state the map opens with: where to look (explicit flags, else the user's location at a local
/// zoom, else the last view, else Market Street in San Francisco), the user location, saved pins, and
/// alerts for anything the user gave that could not be used.
struct StartupState {
    /// Where the map opens without a location or a saved view: Market Street at Civic Center, San
    /// Francisco, where the shipped streets (`bayarea.mbtiles`) and restrooms both are.
    static let marketStreet = LatLon(lat: 37.7793, lon: -122.4137)
    /// The zoom of the first view: street names and single restroom glyphs show.
    static let firstZoom = 15.0
    /// The zoom for `--center` without `--zoom`.
    static let defaultZoom = 12.0
    /// Degrees of longitude across the screen at the start when the location is known.
    static let localSpanDegrees = 0.05

    static func make(
        options: MapOptions, locationText: String?, pins: (any PinStore)?, lastView: LastViewFile, screen: Viewport,
        utf8: Bool
    ) -> MapState {
        var alerts: [Alert] = []
        var location: LatLon?
        if let text = locationText, !text.isEmpty {
            location = LatLon.parse(text)
            if location == nil {
                alerts.append(
                    Alert(
                        "Location '\(TextSanitizer.clean(text, maxLength: 40))' is not valid.",
                        detail:
                            "Use LAT,LON in degrees, like 37.3315,-121.8911 (latitude -90...90, longitude -180...180).")
                )
            }
        }
        let camera = initialCamera(options: options, location: location, lastView: lastView, screen: screen)
        var state = MapState(camera: camera, screen: screen, ascii: options.ascii || !utf8)
        state.userLocation = location
        do {
            state.pins = PinsState(pins: try pins?.load() ?? [])
            state.pins.idSeed = "pin-" + UUID().uuidString
        } catch {
            alerts.append(Alert("Your pins could not be loaded.", detail: String(describing: error)))
        }
        state.alert = alerts.first.map { first in
            alerts.count == 1 ? first : Alert(first.title, detail: alerts.compactMap(\.detail).joined(separator: " "))
        }
        return state
    }

    static func initialCamera(options: MapOptions, location: LatLon?, lastView: LastViewFile, screen: Viewport)
        -> Camera
    {
        if let center = options.center {
            return Camera(center: center, zoom: options.zoom ?? options.centerZoom ?? defaultZoom)
        }
        if let location {
            let zoom = log2(Double(screen.dotsWide) * 360 / (localSpanDegrees * Camera.worldDotsAtZoomZero))
            return Camera(center: location, zoom: options.zoom ?? zoom)
        }
        if let saved = lastView.load() {
            return options.zoom.map { saved.zoomed(to: $0) } ?? saved
        }
        return Camera(center: marketStreet, zoom: options.zoom ?? firstZoom)
    }
}

/// The view at the last quit, in `$XDG_STATE_HOME/mapterm/view.json` ({"lat", "lon", "zoom"}).
struct LastViewFile {
    let url: URL

    static func defaultFile() -> LastViewFile {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/state")
        return LastViewFile(url: base.appendingPathComponent("mapterm/view.json"))
    }

    struct Saved: Codable {
        var lat: Double
        var lon: Double
        var zoom: Double
    }

    /// The saved camera; nil when there is none or it is not valid.
    func load() -> Camera? {
        guard (try? RegularFile.check(url.path)) != nil, let data = try? Data(contentsOf: url),
            let saved = try? JSONDecoder().decode(Saved.self, from: data),
            LatLon(lat: saved.lat, lon: saved.lon).isValid, Camera.zoomRange.contains(saved.zoom)
        else { return nil }
        return Camera(center: LatLon(lat: saved.lat, lon: saved.lon), zoom: saved.zoom)
    }

    /// Saves the camera (temp file and rename); failures are ignored, the view is a convenience.
    func save(_ camera: Camera) {
        let saved = Saved(lat: camera.center.lat, lon: camera.center.lon, zoom: camera.zoom)
        guard let data = try? JSONEncoder().encode(saved) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }
}
