import GeoCore
import Positioning

/// Reads the track points of a GPX document with their times: every `<trkpt>` of every `<trkseg>` of
/// every `<trk>`, in file order, with its `<time>` and `<ele>`. For `mapterm track` and tracks being
/// drawn; `--layer` reads the same files with `LayerReader` (as lines, without times).
///
/// Tolerant and bounded as the layer readers are: a point without a `<time>` (or with one that is not
/// ISO-8601) is counted in `untimed` and left out, one with a bad or out-of-range position
/// (1e308, "abc") in `rejected`; a document that breaks off (a file cut in the middle of a write) keeps
/// the points before the break and says where in `stop`; after `maximumPoints` points the rest is
/// counted in `beyondLimit`, not kept. The track's name is kept as written (sanitise it before showing).
public struct GPXTrackReader {
    /// What a GPX document's tracks hold.
    public struct Track: Equatable, Sendable {
        /// The first `<trk>`'s `<name>`, as written (at most 1 000 characters; unsanitised).
        public var name: String?
        /// The timed points, in file order.
        public var points: [TrackPoint] = []
        /// Points left out for want of a readable `<time>`.
        public var untimed = 0
        /// Points left out for a missing, unreadable or out-of-range `lat`/`lon`.
        public var rejected = 0
        /// Points after the first `maximumPoints`, not kept.
        public var beyondLimit = 0
        /// Why reading stopped early ("line 12: the file ends inside <trkpt>"), unsanitised; nil when the
        /// document ends well.
        public var stop: String?
    }

    /// Most points kept: 2 million, 23 days at one a second (about 80 MB).
    public static let maximumPoints = 2_000_000

    private var scanner: XMLScanner
    private var track = Track()
    private var stack: [String] = []
    /// The point being read: its position (nil when rejected), time and elevation so far.
    private var point: (position: LatLon?, time: Double?, elevation: Double?)?
    /// The text of the element being read (`name`, `time`, `ele`), at most 1 000 characters.
    private var text: String?
    private var sawName = false
    private var invalid = false
    private let limit: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        scanner = XMLScanner(bytes: bytes)
        self.limit = limit
    }

    /// The tracks of `bytes`. - Throws: `LayerFileError` when the bytes are not GPX at all (no `<gpx>`
    /// root element); `name` is used in its message.
    public static func read(
        bytes: [UInt8], name: String, maximumPoints: Int = maximumPoints
    ) throws(LayerFileError) -> Track {
        let result: Result<Track, LayerFileError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = GPXTrackReader(bytes: buffer, limit: maximumPoints)
            do throws(LayerFileError) {
                try reader.run(name: name)
                return .success(reader.track)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private mutating func run(name: String) throws(LayerFileError) {
        var sawRoot = false
        while true {
            let next: (token: XMLToken, line: Int)?
            do throws(XMLSyntaxError) {
                next = try scanner.next()
            } catch {
                guard sawRoot else {
                    throw LayerFileError(file: name, line: error.line, reason: "not GPX: \(error.message)")
                }
                track.stop = "line \(error.line): \(error.message)"
                return
            }
            guard let (token, line) = next else { break }
            switch token {
            case .start(let element, let attributes, let selfClosing):
                if !sawRoot {
                    guard element == "gpx" else {
                        throw LayerFileError(
                            file: name, line: line, reason: "not GPX: the root element is <\(element.prefix(40))>")
                    }
                    sawRoot = true
                }
                start(element, attributes: attributes)
                if selfClosing { end() }
            case .end(let element):
                guard stack.last == element else {
                    track.stop = "line \(line): </\(element.prefix(40))> does not close <\(stack.last ?? "")>"
                    return
                }
                end()
            case .text(let range):
                if text != nil { append(scanner.decode(range, invalid: &invalid)) }
            case .cdata(let range):
                if text != nil { append(ByteText.string(scanner.bytes, range, invalid: &invalid)) }
            }
        }
        guard sawRoot else { throw LayerFileError(file: name, reason: "not GPX: the file has no <gpx> element") }
        if let open = stack.last { track.stop = "line \(scanner.line): the file ends inside <\(open)>" }
    }

    private mutating func append(_ piece: String) {
        guard let sofar = text, sofar.count < 1000 else { return }
        text = sofar + piece.prefix(1000 - sofar.count)
    }

    private mutating func start(_ element: String, attributes: [(name: String, value: String)]) {
        stack.append(element)
        let parent = stack.count >= 2 ? stack[stack.count - 2] : ""
        switch (element, parent) {
        case ("trkpt", "trkseg"):
            point = (position(attributes), nil, nil)
        case ("time", "trkpt"), ("ele", "trkpt"):
            text = ""
        case ("name", "trk") where !sawName:
            text = ""
        default:
            break
        }
    }

    private mutating func end() {
        guard let element = stack.popLast() else { return }
        let parent = stack.last ?? ""
        switch (element, parent) {
        case ("trkpt", "trkseg"):
            guard let finished = point else { return }
            point = nil
            guard let position = finished.position else {
                track.rejected += 1
                return
            }
            guard let time = finished.time else {
                track.untimed += 1
                return
            }
            guard track.points.count < limit else {
                track.beyondLimit += 1
                return
            }
            track.points.append(TrackPoint(position: position, time: time, elevation: finished.elevation))
        case ("time", "trkpt"):
            point?.time = text.flatMap(UTCTime.parse)
            text = nil
        case ("ele", "trkpt"):
            point?.elevation = text.flatMap { DecimalNumber.parse($0.trimmingSpaces) }.flatMap {
                $0.isFinite && abs($0) <= 100_000 ? $0 : nil
            }
            text = nil
        case ("name", "trk") where text != nil:
            track.name = text?.trimmingSpaces
            sawName = true
            text = nil
        default:
            break
        }
    }

    /// The position in `lat` and `lon`, in range (latitude -90...90, longitude -180...180), or nil.
    private func position(_ attributes: [(name: String, value: String)]) -> LatLon? {
        guard let latText = attributes.first(where: { $0.name == "lat" })?.value,
            let lonText = attributes.first(where: { $0.name == "lon" })?.value,
            let lat = DecimalNumber.parse(latText), let lon = DecimalNumber.parse(lonText),
            lat.isFinite, lon.isFinite, (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return LatLon(lat: lat, lon: lon)
    }
}
