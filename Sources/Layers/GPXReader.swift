import GeoCore

/// Reads GPX 1.0/1.1 (a tolerant reader of the subset that is drawn): each waypoint `<wpt>` is a point
/// feature, each route `<rte>` a feature with one line through its `<rtept>`s, each track `<trk>` a
/// feature with one line per `<trkseg>` (a segment of one point is a point). `<name>` is the label;
/// the other simple child elements of a waypoint, route or track (`ele`, `time`, `desc`, `cmt`, `type`,
/// `sym`, `number`, …) are properties; `<extensions>` and `<link>` are skipped.
///
/// A point with a bad `lat`/`lon` is left out with a problem (the rest of its route or track is kept);
/// a bad waypoint is left out. A file that breaks off keeps what came before, the open track included.
struct GPXReader {
    /// Child elements that are not properties.
    private static let skippedChildren: Set<String> = ["trkseg", "rtept", "extensions", "link"]

    /// The waypoint, route or track being read.
    private struct Builder {
        var feature = LayerFeature(geometries: [])
        var points: [LatLon] = []
        var valid = true
    }

    private var scanner: XMLScanner
    private var data = LayerData()
    private var stack: [String] = []
    private var builder: Builder?
    /// The child element whose text is a property, and its text so far.
    private var capture: (name: String, text: String)?
    private var invalidText = false

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        scanner = XMLScanner(bytes: bytes)
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, name: String) throws(LayerFileError) -> LayerData {
        var reader = GPXReader(bytes: bytes)
        try reader.run(name: name)
        return reader.data
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
                breakOff(line: error.line, message: error.message)
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
                start(element, attributes: attributes, line: line)
                if selfClosing { end(line: line) }
            case .end(let element):
                guard stack.last == element else {
                    breakOff(line: line, message: "</\(element.prefix(40))> does not close <\(stack.last ?? "")>")
                    return
                }
                end(line: line)
            case .text(let range):
                if !sawRoot,
                    UnsafeBufferPointer(rebasing: scanner.bytes[range]).contains(where: { !ByteText.isSpace($0) })
                {
                    throw LayerFileError(file: name, line: line, reason: "not GPX: text before the root element")
                }
                if capture != nil, stack.count == 3 { capture?.text += scanner.decode(range, invalid: &invalidText) }
            case .cdata(let range):
                if capture != nil, stack.count == 3 {
                    capture?.text += ByteText.string(scanner.bytes, range, invalid: &invalidText)
                }
            }
        }
        guard sawRoot else { throw LayerFileError(file: name, reason: "not GPX: the file has no <gpx> element") }
        if let open = stack.last { breakOff(line: scanner.line, message: "the file ends inside <\(open)>") }
    }

    /// Stops reading: keeps the open waypoint, route or track as far as it got, and says where and why.
    private mutating func breakOff(line: Int, message: String) {
        while stack.count > 1 { end(line: line) }
        data.report(.stop(line: line, message: message))
    }

    // MARK: Elements

    private mutating func start(_ element: String, attributes: [(name: String, value: String)], line: Int) {
        stack.append(element)
        let parent = stack.count >= 2 ? stack[stack.count - 2] : ""
        switch (stack.count, element) {
        case (2, "wpt"), (2, "rte"), (2, "trk"):
            builder = Builder()
            if element == "wpt" {
                if let point = position(attributes, line: line) {
                    builder?.feature.geometries = [.point(LayerCoordinates.point(point))]
                } else {
                    builder?.valid = false
                }
            }
        case (3, _) where builder != nil && !Self.skippedChildren.contains(element):
            capture = (element, "")
        default:
            guard builder != nil, (element == "rtept" && parent == "rte") || (element == "trkpt" && parent == "trkseg")
            else { return }
            if let point = position(attributes, line: line) { builder?.points.append(point) }
        }
    }

    private mutating func end(line: Int) {
        guard let element = stack.popLast() else { return }
        if stack.count == 2, let (name, text) = capture {
            capture = nil
            if name == "name" {
                builder?.feature.name = text.trimmingSpaces
            } else {
                builder?.feature.properties.append(LayerProperty(key: name, value: text.trimmingSpaces))
            }
            if invalidText {
                data.report(
                    LayerProblem(line: line, feature: data.features.count, message: ByteText.invalidUTF8))
                invalidText = false
            }
        } else if element == "trkseg" || element == "rte" {
            flushSegment()
        }
        if stack.count == 1, let finished = builder {
            builder = nil
            if finished.valid { data.features.append(finished.feature) }
        }
    }

    /// Turns the points read so far into a line (or a point, when there is one).
    private mutating func flushSegment() {
        guard let points = builder?.points, !points.isEmpty else { return }
        builder?.points = []
        builder?.feature.geometries.append(
            points.count == 1 ? .point(LayerCoordinates.point(points[0])) : .line(LayerCoordinates.continuous(points)))
    }

    /// The position in `lat` and `lon` attributes, or nil with a problem.
    private mutating func position(_ attributes: [(name: String, value: String)], line: Int) -> LatLon? {
        let element = stack.last ?? ""
        guard let latText = attributes.first(where: { $0.name == "lat" })?.value,
            let lonText = attributes.first(where: { $0.name == "lon" })?.value
        else {
            data.report(LayerProblem(line: line, message: "<\(element)> needs lat and lon attributes"))
            return nil
        }
        guard let lat = DecimalNumber.parse(latText), let lon = DecimalNumber.parse(lonText) else {
            data.report(
                LayerProblem(
                    line: line,
                    message: "<\(element)> lat=\"\(latText.prefix(40))\" lon=\"\(lonText.prefix(40))\" are not numbers")
            )
            return nil
        }
        switch LayerCoordinates.position(lat: lat, lon: lon) {
        case .success(let point): return point
        case .failure(let error):
            data.report(LayerProblem(line: line, message: "<\(element)>: \(error.message)"))
            return nil
        }
    }
}
