/// One line of a live stream (stdin while the map runs).
///
/// A line is `lat,lon[,label]` (degrees; spaces around the parts allowed; the label is the rest of the
/// line, commas included, a pair of surrounding double quotes removed), or a GeoJSON Feature or
/// geometry object, optionally led by the RFC 8142 record separator 0x1E. A trailing CR is ignored.
/// Positions follow `LayerCoordinates`. A feature's id is its GeoJSON `id`, else its label, so a
/// tracker moves a feature by sending it again (`bus 42` at a new place); a bare `lat,lon` line is a
/// new point each time.
public enum LayerStreamLine {
    /// The longest line parsed, bytes (1 MiB). A reader of the stream must not hold a longer line
    /// whole: it drops the rest up to the next line break and reports `overlongProblem(lineNumber:)`.
    public static let maximumLength = 1 << 20

    /// The problem of a line longer than `maximumLength`.
    public static func overlongProblem(lineNumber: Int) -> LayerProblem {
        LayerProblem(line: lineNumber, message: "the line is longer than \(maximumLength >> 20) MiB; it is skipped")
    }

    /// The feature of one line (without its line break), a problem naming `lineNumber`, or nil for a
    /// blank line.
    public static func parse(_ line: some StringProtocol, lineNumber: Int) -> Result<LayerFeature, LayerProblem>? {
        var text = String(line)
        return text.withUTF8 { parse(bytes: $0, lineNumber: lineNumber) }
    }

    /// The feature of one line given as UTF-8 bytes (without its line break); see `parse(_:lineNumber:)`.
    public static func parse(_ line: [UInt8], lineNumber: Int) -> Result<LayerFeature, LayerProblem>? {
        line.withUnsafeBufferPointer { parse(bytes: $0, lineNumber: lineNumber) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Result<LayerFeature, LayerProblem>?
    {
        guard bytes.count <= maximumLength else { return .failure(overlongProblem(lineNumber: lineNumber)) }
        var start = ByteText.bodyStart(bytes)
        var end = bytes.count
        while start < end, ByteText.isSpace(bytes[start]) || bytes[start] == 0x1E { start += 1 }
        while end > start, ByteText.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let parsed =
            body[0] == UInt8(ascii: "{")
            ? geoJSON(body, lineNumber: lineNumber) : coordinates(body, lineNumber: lineNumber)
        return parsed.map { feature in
            var feature = feature
            if feature.id == nil { feature.id = feature.name }
            return feature
        }
    }

    private static func geoJSON(_ body: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Result<
        LayerFeature, LayerProblem
    > {
        var parser = JSONParser(bytes: body, line: lineNumber)
        do throws(JSONSyntaxError) {
            let value = try parser.parseValue()
            guard parser.atEnd() else {
                return .failure(LayerProblem(line: lineNumber, message: "more text after the GeoJSON object"))
            }
            if case .object(let object) = value, case .string("FeatureCollection")? = object["type"] {
                return .failure(
                    LayerProblem(line: lineNumber, message: "a FeatureCollection: send one feature a line"))
            }
            return GeoJSONDecoder(source: body).feature(value, line: lineNumber, index: nil)
        } catch {
            let fileEnds = "the file ends"
            let message =
                error.message.hasPrefix(fileEnds)
                ? "the line ends" + error.message.dropFirst(fileEnds.count) : error.message
            return .failure(LayerProblem(line: lineNumber, message: message))
        }
    }

    /// `lat,lon[,label]`.
    private static func coordinates(_ body: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Result<
        LayerFeature, LayerProblem
    > {
        let comma = UInt8(ascii: ",")
        guard let first = body.firstIndex(of: comma) else {
            return .failure(LayerProblem(line: lineNumber, message: "expected lat,lon[,label] or a GeoJSON feature"))
        }
        let second = body[(first + 1)...].firstIndex(of: comma) ?? body.count
        guard let lat = DecimalNumber.parse(body, trimmed(body, 0..<first)),
            let lon = DecimalNumber.parse(body, trimmed(body, (first + 1)..<second))
        else {
            return .failure(LayerProblem(line: lineNumber, message: "expected lat,lon[,label] with numbers in degrees"))
        }
        switch LayerCoordinates.position(lat: lat, lon: lon) {
        case .failure(let error): return .failure(LayerProblem(line: lineNumber, message: error.message))
        case .success(let valid):
            var feature = LayerFeature(geometries: [.point(LayerCoordinates.point(valid))])
            if second < body.count {
                var range = trimmed(body, (second + 1)..<body.count)
                if range.count >= 2, body[range.lowerBound] == UInt8(ascii: "\""),
                    body[range.upperBound - 1] == UInt8(ascii: "\"")
                {
                    range = (range.lowerBound + 1)..<(range.upperBound - 1)
                }
                var invalid = false
                let label = ByteText.string(body, range, invalid: &invalid)
                feature.name = label.isEmpty ? nil : label
            }
            return .success(feature)
        }
    }

    private static func trimmed(_ body: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var range = range
        while let first = range.first, ByteText.isSpace(body[first]) { range = range.dropFirst() }
        while let last = range.last, ByteText.isSpace(body[last]) { range = range.dropLast() }
        return range
    }
}
