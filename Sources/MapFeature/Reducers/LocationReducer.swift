import GeoCore
import Positioning

/// The user's live position: gpsd's events move the marker and say the fix, age timers grey it, `F`
/// follows it (a pan ends that), `T` records it to a track, and the first fix centres a map nobody has
/// moved yet. A route from the user that the position leaves is asked again, at most every
/// `rerouteSeconds`.
enum LocationReducer {
    /// Seconds without a report after which a position is stale (drawn grey).
    static let staleSeconds = 10
    /// The ages (seconds without a report) at which the marker and status bar change; the last one stays.
    static let ageSteps = [10, 30, 60, 120, 300, 600, 1800, 3600]
    /// Least seconds between two routes asked again because the user left the way.
    static let rerouteSeconds = 5.0
    /// The zoom the first fix shows when the map is zoomed out further than `closeZoom`.
    static let firstFixZoom = 15.0
    static let closeZoom = 12.0
    /// Said when `F` or `T` need a live position and there is none.
    static let noLiveNote = "no GPS: start with --location gpsd (or gpsd://HOST:PORT)"
    static let unfollowNote = "stopped following you: F follows again"

    /// One event of the GPS source, arrived at `at` seconds on the map's clock.
    static func reduce(_ event: GPSEvent, at: Double, _ state: inout MapState) -> [MapEffect] {
        switch event {
        case .connected(let source):
            // A gpsd found on this machine without being asked for becomes the location source.
            if !state.location.isLive { state.location.source = .gpsd(source) }
            state.location.link = .connected
            return []
        case .lost(let reason):
            state.location.link = .lost(reason)
            state.location.hasFix = false
            return []
        case .problem(let line):
            state.notice = "GPS: " + line
            return []
        case .report(let report):
            state.location.link = .connected
            return reported(report, at: at, &state)
        }
    }

    /// A TPV report: a fix moves the marker (and the map, when following or at the first fix); every
    /// report restarts the age timers.
    static func reported(_ report: GPSReport, at: Double, _ state: inout MapState) -> [MapEffect] {
        var effects: [MapEffect] = []
        switch report {
        case .other: return []
        case .rejected(let why):
            state.notice = "GPS: " + why + " (ignored)"
            return []
        case .noFix:
            state.location.hasFix = false
        case .fix(let fix):
            effects = fixed(fix, at: at, &state)
        }
        state.location.reports += 1
        state.location.age = 0
        let first = Double(ageSteps[0])
        return effects + [.ageLocation(report: state.location.reports, seconds: ageSteps[0], afterSeconds: first)]
    }

    static func fixed(_ fix: GPSFix, at: Double, _ state: inout MapState) -> [MapEffect] {
        let first = state.location.fix == nil
        state.location.fix = fix
        state.location.hasFix = true
        let position = fix.position
        if state.location.following {
            state.camera = Camera(center: position, zoom: state.camera.zoom)
        } else if first, state.location.centresOnFirstFix {
            let zoom = state.camera.zoom < closeZoom ? firstFixZoom : state.camera.zoom
            state.camera = Camera(center: position, zoom: zoom)
        }
        var effects: [MapEffect] = []
        if state.location.recording != nil {
            state.location.recording?.points.append(position)
            effects.append(.appendTrack(TrackPoint(position: position, time: fix.time ?? at, elevation: fix.altitude)))
        }
        if at - state.location.rerouteAt >= rerouteSeconds {
            let asked = RouteReducer.located(position, &state)
            if !asked.isEmpty { state.location.rerouteAt = at }
            effects += asked
        } else {
            state.userLocation = position
        }
        return effects
    }

    /// The age timer of report `report` fired after `seconds`: grey the marker, and wait for the next step.
    static func aged(report: Int, seconds: Int, _ state: inout MapState) -> [MapEffect] {
        guard report == state.location.reports else { return [] }
        state.location.age = seconds
        guard let index = ageSteps.firstIndex(of: seconds), index + 1 < ageSteps.count else { return [] }
        let next = ageSteps[index + 1]
        return [.ageLocation(report: report, seconds: next, afterSeconds: Double(next - seconds))]
    }

    /// `F`: follow the position (centring on it now), or stop following.
    static func toggleFollow(_ state: inout MapState) {
        if state.location.following {
            state.location.following = false
            state.notice = "not following you any more"
            return
        }
        guard let position = state.userLocation else {
            state.alert = Alert(PinsReducer.noLocation, detail: PinsReducer.locationHint)
            return
        }
        state.camera = Camera(center: position, zoom: state.camera.zoom)
        guard state.location.isLive else {
            state.notice = "centred on your location, which is fixed (--location LAT,LON)"
            return
        }
        state.location.following = true
        state.notice = "following you: a pan stops it"
    }

    /// `T`: start recording the GPS positions to a new track file, or stop.
    static func toggleTrack(_ state: inout MapState) -> [MapEffect] {
        if let track = state.location.recording {
            state.location.recording = nil
            let name = track.name ?? "the track"
            state.notice = "track saved: \(name), \(track.points.count) point\(track.points.count == 1 ? "" : "s")"
            return [.finishTrack]
        }
        guard state.location.isLive else {
            state.notice = noLiveNote
            return []
        }
        state.location.recording = TrackRecordingState()
        state.notice = "recording a track: T stops"
        return [.startTrack]
    }

    /// The track file exists.
    static func trackStarted(_ name: String, _ state: inout MapState) {
        state.location.recording?.name = name
    }

    /// The track file could not be made or written: recording stops and the user is told why.
    static func trackFailed(_ reason: String, _ state: inout MapState) -> [MapEffect] {
        guard state.location.recording != nil else { return [] }
        state.location.recording = nil
        state.notice = nil
        state.alert = Alert("The track is not being recorded any more.", detail: reason)
        return [.finishTrack]
    }

    /// A key or the mouse moved the map's centre: the first fix no longer centres it, and following ends.
    static func userMoved(_ state: inout MapState) {
        if state.location.centresOnFirstFix { state.location.centresOnFirstFix = false }
        guard state.location.following else { return }
        state.location.following = false
        state.notice = unfollowNote
    }
}
