import Foundation
import GeoCore
import Places
import TextSafety

/// Reads the place data shipped in `Resources/places/` (written by `Resources/tools/make_places.py`).
///
/// - `restrooms_*.csv` (in file-name order): Refuge-style CSV with a header row in the Refuge column
///   order. A numeric `id` becomes "rr:ID" (Refuge Restrooms); any other id is kept as written
///   ("osm:node/123"). Rows go through `RefugeRestroomDTO.toPlace()`, which checks coordinates and
///   sanitises every string.
/// - `airports.csv` + `runways.csv`: OurAirports airports (ident, type, name, latitude, longitude,
///   elevation_ft, iso_country, iso_region, municipality, gps_code, iata_code, icao_code) and their
///   runways (airport_ident, length_ft, width_ft, surface, lighted, closed, le_ident, he_ident,
///   le_latitude, le_longitude, he_latitude, he_longitude: the thresholds in degrees), joined
///   on the ident; place ids are "ap:IDENT"; text is sanitised.
///
/// Columns are found by their header names. Rows with a bad coordinate are reported and left out.
public struct EmbeddedPlaceData: Sendable {
    /// The folder inside the resources folder: "places".
    package static let folderName = "places"

    /// Valid, sanitised places in file order (restroom files, then airports).
    public var places: [Place]
    /// Rejected rows: "airports.csv line 17: latitude 123.4 out of range".
    public var issues: [String]

    /// Loads every file of `resources/places/`.
    /// - Throws: `PlaceStoreError.cannotOpen` when the folder or `airports.csv` is missing or unreadable,
    ///   `CSVError` for a malformed file.
    public static func load(resources: URL) throws -> EmbeddedPlaceData {
        let folder = resources.appendingPathComponent(folderName)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw PlaceStoreError.cannotOpen(path: folder.path, reason: "the shipped place data is missing")
        }
        var result = EmbeddedPlaceData(places: [], issues: [])
        for name in names where name.hasPrefix("restrooms_") && name.hasSuffix(".csv") {
            try result.addRestrooms(read(folder.appendingPathComponent(name)), file: name)
        }
        let runways = names.contains("runways.csv") ? try read(folder.appendingPathComponent("runways.csv")) : Data()
        try result.addAirports(read(folder.appendingPathComponent("airports.csv")), runways: runways)
        return result
    }

    private static func read(_ url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw PlaceStoreError.cannotOpen(path: url.path, reason: "cannot read the shipped place data")
        }
    }

    // MARK: Restrooms

    /// Adds the rows of a Refuge-style CSV file.
    mutating func addRestrooms(_ data: Data, file: String) throws {
        var columns: Columns?
        try CSVReader.forEachRecord(in: data) { record in
            guard let columns else {
                columns = Columns(header: record.fields)
                return
            }
            let row = Row(fields: record.fields, columns: columns)
            let idText = row["id"].trimmingCharacters(in: .whitespaces)
            guard !idText.isEmpty else { return reject(file, record.line, "id is missing") }
            let numericID = Int(idText)
            var dto = RefugeRestroomDTO(
                id: numericID ?? 0, name: row["name"], street: row["street"], city: row["city"], state: row["state"],
                country: row["country"], accessible: row.bool("accessible"), unisex: row.bool("unisex"),
                changingTable: row.bool("changing_table"), directions: row.optional("directions"),
                comment: row.optional("comment"), latitude: row.double("latitude"),
                longitude: row.double("longitude"), upvote: row.int("upvote") ?? 0,
                downvote: row.int("downvote") ?? 0, createdAt: row.optional("created_at"),
                updatedAt: row.optional("updated_at"))
            dto.latitudeText = row["latitude"]
            dto.longitudeText = row["longitude"]
            do {
                var place = try dto.toPlace()
                if numericID == nil { place.id = TextSanitizer.clean(idText) }
                places.append(place)
            } catch {
                reject(file, record.line, "\(error)")
            }
        }
    }

    // MARK: Airports

    /// Adds the airports of `airports.csv` with their runways from `runways.csv`.
    mutating func addAirports(_ airports: Data, runways: Data) throws {
        var runwaysByIdent: [String: [Runway]] = [:]
        var runwayColumns: Columns?
        try CSVReader.forEachRecord(in: runways) { record in
            guard let columns = runwayColumns else {
                runwayColumns = Columns(header: record.fields)
                return
            }
            let row = Row(fields: record.fields, columns: columns)
            runwaysByIdent[row["airport_ident"], default: []].append(
                Runway(
                    lengthFt: row.int("length_ft"), widthFt: row.int("width_ft"), surface: row.optional("surface"),
                    lighted: row.bool("lighted"), closed: row.bool("closed"), lowEndIdent: row.optional("le_ident"),
                    highEndIdent: row.optional("he_ident"), lowEnd: row.point("le_latitude", "le_longitude"),
                    highEnd: row.point("he_latitude", "he_longitude")))
        }
        var columns: Columns?
        try CSVReader.forEachRecord(in: airports) { record in
            guard let columns else {
                columns = Columns(header: record.fields)
                return
            }
            let row = Row(fields: record.fields, columns: columns)
            let ident = row["ident"]
            guard !ident.isEmpty else { return reject("airports.csv", record.line, "ident is missing") }
            guard let lat = row.double("latitude"), let lon = row.double("longitude") else {
                return reject("airports.csv", record.line, "coordinates are missing or not numbers")
            }
            let coordinate = LatLon(lat: lat, lon: lon)
            guard coordinate.isValid else {
                return reject("airports.csv", record.line, "coordinates \(lat), \(lon) out of range")
            }
            let details = AirportDetails(
                ident: ident, type: row["type"], iataCode: row.optional("iata_code"),
                icaoCode: row.optional("icao_code"), gpsCode: row.optional("gps_code"),
                elevationFt: row.int("elevation_ft"), municipality: row.optional("municipality"),
                region: row["iso_region"], country: row["iso_country"], runways: runwaysByIdent[ident] ?? [])
            let name = row["name"].isEmpty ? ident : row["name"]
            places.append(
                Place(
                    id: "ap:\(ident)", kind: PlaceKind.ofAirportType(details.type), name: name, coordinate: coordinate,
                    details: .airport(details)
                )
                .sanitized())
        }
    }

    private mutating func reject(_ file: String, _ line: Int, _ message: String) {
        issues.append("\(file) line \(line): \(message)")
    }

    // MARK: Rows

    /// Column positions by lower-cased header name.
    private struct Columns {
        var index: [String: Int]
        init(header: [String]) {
            index = Dictionary(
                header.enumerated().map { ($1.trimmingCharacters(in: .whitespaces).lowercased(), $0) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// One CSV row addressed by column name; missing columns read as "".
    private struct Row {
        var fields: [String]
        var columns: Columns

        subscript(name: String) -> String {
            guard let i = columns.index[name], i < fields.count else { return "" }
            return fields[i]
        }
        /// Nil when empty.
        func optional(_ name: String) -> String? {
            let text = self[name]
            return text.isEmpty ? nil : text
        }
        func double(_ name: String) -> Double? { Double(self[name].trimmingCharacters(in: .whitespaces)) }
        func int(_ name: String) -> Int? { Int(self[name].trimmingCharacters(in: .whitespaces)) }
        /// The point of two degree columns; nil when either is empty or not a number (`Runway` drops
        /// points out of range).
        func point(_ lat: String, _ lon: String) -> LatLon? {
            guard let latitude = double(lat), let longitude = double(lon) else { return nil }
            return LatLon(lat: latitude, lon: longitude)
        }
        /// "true", "t", "yes" and "1" (any case) are true; anything else is false.
        func bool(_ name: String) -> Bool {
            ["true", "t", "yes", "1"].contains(self[name].trimmingCharacters(in: .whitespaces).lowercased())
        }
    }
}
