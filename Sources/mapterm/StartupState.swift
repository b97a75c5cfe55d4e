import Foundation
import GeoCore
import MapFeature
import Places
import Positioning
import Storage
import TextSafety

/// The state the map opens with: where to look (explicit flags, else the user's location at a local
/// zoom, else the last view, else Market Street in San Francisco), the user location and saved pins;
/// and the alert for anything the user gave that could not be used.
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

    /// The first state: the camera (see `initialCamera`), the user's location, `pins` (nil: they could
    /// not be loaded, and new pins get ids of this run only), and the text mode. Reads the last view only when nothing else says where to look.
    /// - Parameters:
    ///   - center: the `--center` point, and the zoom that fits what it named (nil for a coordinate).
    ///   - zoom: `--zoom`.
    static func make(
        center: (point: LatLon, zoom: Double?)?, zoom: Double?, location: LatLon?, pins: [Pin]?, lastView: LastViewFile,
        screen: Viewport, ascii: Bool
    ) -> MapState {
        let camera = initialCamera(center: center, zoom: zoom, location: location, lastView: lastView, screen: screen)
        var state = MapState(camera: camera, screen: screen, ascii: ascii)
        state.userLocation = location
        if let pins {
            state.pins = PinsState(pins: pins)
            state.pins.idSeed = "pin-" + UUID().uuidString
        }
        return state
    }

    /// The alert for what could not be used: the location given, the saved pins; nil when all was.
    static func alert(location: MapConfiguration.Location?, pinsProblem: (any Error)?) -> Alert? {
        var alerts: [Alert] = []
        if let location, case .failure(let problem) = location.value {
            alerts.append(
                Alert(
                    "Location '\(TextSanitizer.clean(location.text, maxLength: 40))' is not valid.",
                    detail: GPSDEndpoint.isGPSD(location.text)
                        ? problem.description
                        : "Use LAT,LON in degrees, like 37.3315,-121.8911 or 37°19'N 121°53'W (latitude -90...90, longitude -180...180), or gpsd."
                ))
        }
        if let pinsProblem {
            alerts.append(Alert("Your pins could not be loaded.", detail: String(describing: pinsProblem)))
        }
        return alerts.first.map { first in
            alerts.count == 1 ? first : Alert(first.title, detail: alerts.compactMap(\.detail).joined(separator: " "))
        }
    }

    static func initialCamera(
        center: (point: LatLon, zoom: Double?)?, zoom: Double?, location: LatLon?, lastView: LastViewFile,
        screen: Viewport
    ) -> Camera {
        if let center {
            return Camera(center: center.point, zoom: zoom ?? center.zoom ?? defaultZoom)
        }
        if let location {
            let local = log2(Double(screen.dotsWide) * 360 / (localSpanDegrees * Camera.worldDotsAtZoomZero))
            return Camera(center: location, zoom: zoom ?? local)
        }
        if let saved = lastView.load() {
            return zoom.map { saved.zoomed(to: $0) } ?? saved
        }
        return Camera(center: marketStreet, zoom: zoom ?? firstZoom)
    }
}

/// The view at the last quit, in `$XDG_STATE_HOME/mapterm/view.json` ({"lat", "lon", "zoom"}).
struct LastViewFile {
    let url: URL

    /// The file for `environment` (`XDG_STATE_HOME`, else `~/.local/state`).
    static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> LastViewFile {
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
