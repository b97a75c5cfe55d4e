import GeoCore
import TextSafety

/// Reads a CSV or TSV file with a header into point features: the latitude and longitude columns found
/// by their usual names or given in the options (headers compared case-insensitively, after
/// `TextSanitizer.clean`), an optional name column, every other non-empty cell
/// kept as a property under its column's header.
enum CSVLayerReader {
    /// Headers taken as the latitude column, in order of preference (compared case-insensitively).
    static let latitudeNames = ["lat", "latitude", "y"]
    /// Headers taken as the longitude column, in order of preference.
    static let longitudeNames = ["lon", "lng", "long", "longitude", "x"]
    /// Headers taken as the name column, in order of preference.
    static let nameNames = ["name", "title", "label"]

    /// The columns a header gives.
    private struct Columns {
        var headers: [String]
        var lat: Int
        var lon: Int
        var name: Int?
    }

    /// Reads `bytes`; `delimiter` nil picks a comma, else a semicolon, else a tab, by the header line.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, delimiter: UInt8?, options: LayerReadOptions
    ) throws(LayerFileError) -> LayerData {
        var scanner = CSVScanner(bytes: bytes, delimiter: delimiter ?? guessDelimiter(bytes))
        var fields: [CSVField] = []
        var data = LayerData()
        var invalid = false
        let first: Int?
        do throws(CSVScanner.UnclosedQuote) {
            first = try scanner.next(into: &fields)
        } catch {
            throw LayerFileError(file: name, line: error.line, reason: "a quoted header field is never closed")
        }
        guard let headerLine = first else {
            throw LayerFileError(file: name, reason: "the file is empty (a header line is needed)")
        }
        let headers = fields.map { scanner.text($0, invalid: &invalid).trimmingSpaces }
        let columns = try findColumns(headers, options: options, name: name, line: headerLine)
        if invalid { data.report(LayerProblem(line: headerLine, message: ByteText.invalidUTF8)) }
        var row = 0
        while true {
            let line: Int
            do throws(CSVScanner.UnclosedQuote) {
                guard let next = try scanner.next(into: &fields) else { break }
                line = next
            } catch {
                data.report(
                    LayerProblem(
                        line: error.line, feature: row,
                        message: "a quoted field is never closed; the rest of the file is skipped"))
                break
            }
            read(fields, columns: columns, scanner: scanner, line: line, row: row, into: &data)
            row += 1
        }
        return data
    }

    /// Appends the row's feature to `data`, or its problem.
    private static func read(
        _ fields: [CSVField], columns: Columns, scanner: CSVScanner, line: Int, row: Int, into data: inout LayerData
    ) {
        func problem(_ message: String) {
            data.report(LayerProblem(line: line, feature: row, message: message))
        }
        guard columns.lat < fields.count, !fields[columns.lat].range.isEmpty else {
            return problem("no latitude in column \"\(columns.headers[columns.lat].prefix(40))\"")
        }
        guard columns.lon < fields.count, !fields[columns.lon].range.isEmpty else {
            return problem("no longitude in column \"\(columns.headers[columns.lon].prefix(40))\"")
        }
        guard let lat = number(fields[columns.lat], scanner) else {
            return problem("latitude \(quoted(fields[columns.lat], scanner)) is not a number")
        }
        guard let lon = number(fields[columns.lon], scanner) else {
            return problem("longitude \(quoted(fields[columns.lon], scanner)) is not a number")
        }
        let position: LatLon
        switch LayerCoordinates.position(lat: lat, lon: lon) {
        case .success(let valid): position = LayerCoordinates.point(valid)
        case .failure(let error): return problem(error.message)
        }
        var feature = LayerFeature(geometries: [.point(position)])
        var invalid = false
        for (column, field) in fields.enumerated() where column != columns.lat && column != columns.lon {
            guard !field.range.isEmpty else { continue }
            let value = scanner.text(field, invalid: &invalid)
            if column == columns.name {
                feature.name = value
            } else {
                let key = column < columns.headers.count ? columns.headers[column] : "column \(column + 1)"
                feature.properties.append(LayerProperty(key: key, value: value))
            }
        }
        if invalid { problem(ByteText.invalidUTF8) }
        data.features.append(feature)
    }

    /// The number in a field, spaces around it allowed.
    private static func number(_ field: CSVField, _ scanner: CSVScanner) -> Double? {
        var range = field.range
        while let first = range.first, scanner.bytes[first] == 0x20 { range = range.dropFirst() }
        while let last = range.last, scanner.bytes[last] == 0x20 { range = range.dropLast() }
        return DecimalNumber.parse(scanner.bytes, range)
    }

    private static func quoted(_ field: CSVField, _ scanner: CSVScanner) -> String {
        var invalid = false
        return "\"\(scanner.text(field, invalid: &invalid).prefix(40))\""
    }

    // MARK: Header

    private static func findColumns(_ headers: [String], options: LayerReadOptions, name: String, line: Int)
        throws(LayerFileError) -> Columns
    {
        let lowered = headers.map { TextSanitizer.clean($0).lowercased() }
        func column(given: String?, candidates: [String], what: String) throws(LayerFileError) -> Int {
            if let given {
                guard let index = lowered.firstIndex(of: given.trimmingSpaces.lowercased()) else {
                    throw LayerFileError(
                        file: name, line: line,
                        reason: "no column named \"\(given)\" (the columns are \(list(headers)))")
                }
                return index
            }
            for candidate in candidates {
                if let index = lowered.firstIndex(of: candidate) { return index }
            }
            throw LayerFileError(
                file: name, line: line,
                reason:
                    "no \(what) column (looked for \(candidates.joined(separator: ", ")) among \(list(headers))); name it with --\(what == "latitude" ? "lat" : "lon")-col"
            )
        }
        let lat = try column(given: options.latColumn, candidates: latitudeNames, what: "latitude")
        let lon = try column(given: options.lonColumn, candidates: longitudeNames, what: "longitude")
        let nameColumn = nameNames.lazy.compactMap { lowered.firstIndex(of: $0) }.first
        return Columns(headers: headers, lat: lat, lon: lon, name: nameColumn)
    }

    private static func list(_ headers: [String]) -> String {
        let shown = headers.prefix(12).map { "\"\($0.prefix(40))\"" }.joined(separator: ", ")
        return headers.count > 12 ? shown + ", …" : shown
    }

    /// A comma if the first line has one, else a semicolon, else a tab.
    private static func guessDelimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let firstLine = bytes.prefix { $0 != 0x0A }
        for candidate in [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09] where firstLine.contains(candidate) {
            return candidate
        }
        return UInt8(ascii: ",")
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: String {
        var view = Substring(self)
        while view.first == " " || view.first == "\t" { view = view.dropFirst() }
        while view.last == " " || view.last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
