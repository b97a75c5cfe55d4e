import GeoCore

/// Turns parsed GeoJSON objects into features: a Feature, or a bare geometry as a feature without
/// properties. Multi-geometries and geometry collections are flattened; null geometries and empty
/// coordinate arrays give a feature without geometries. Anything wrong in a feature refuses that feature
/// alone, with one message.
struct GeoJSONDecoder {
    /// The buffer the values were parsed from (numbers of properties are shown as written there).
    let source: UnsafeBufferPointer<UInt8>

    /// The property keys taken as the feature's label, in order of preference.
    static let nameKeys = ["name", "title", "label"]

    /// The GeoJSON geometry type names.
    static let geometryTypes: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    /// The feature a Feature or geometry object stands for, or why it is refused (a message naming
    /// the line of the object).
    func feature(_ value: JSONValue, line fallbackLine: Int?, index: Int?) -> Result<LayerFeature, LayerProblem> {
        guard case .object(let object) = value else {
            return .failure(
                LayerProblem(
                    line: fallbackLine, feature: index, message: "expected a Feature object, found \(value.typeName)"))
        }
        do throws(GeoJSONError) {
            return .success(try decodeFeature(object))
        } catch {
            return .failure(LayerProblem(line: error.line ?? object.line, feature: index, message: error.message))
        }
    }

    private func decodeFeature(_ object: JSONObject) throws(GeoJSONError) -> LayerFeature {
        guard case .string(let type) = object["type"] else {
            throw GeoJSONError("an object without a \"type\" is not a GeoJSON feature")
        }
        guard type == "Feature" else {
            guard Self.geometryTypes.contains(type) else {
                throw GeoJSONError("type \"\(type.prefix(40))\" is not a Feature or a geometry")
            }
            var geometries: [LayerGeometry] = []
            try appendGeometries(of: object, to: &geometries)
            return LayerFeature(geometries: geometries)
        }
        var geometries: [LayerGeometry] = []
        switch object["geometry"] {
        case nil, .null?: break
        case .object(let geometry)?: try appendGeometries(of: geometry, to: &geometries)
        case let other?: throw GeoJSONError("\"geometry\" must be an object or null, not \(other.typeName)")
        }
        var feature = LayerFeature(id: object["id"].flatMap(scalarText), geometries: geometries)
        switch object["properties"] {
        case nil, .null?: break
        case .object(let properties)?:
            feature.properties.reserveCapacity(properties.members.count)
            for member in properties.members {
                if feature.name == nil, Self.nameKeys.contains(member.key), let name = scalarText(member.value) {
                    feature.name = name
                } else {
                    feature.properties.append(LayerProperty(key: member.key, value: text(member.value)))
                }
            }
        case let other?: throw GeoJSONError("\"properties\" must be an object or null, not \(other.typeName)")
        }
        return feature
    }

    /// A string or a number as text (an id, a name); nil for anything else.
    private func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number: return value.text(source: source)
        default: return nil
        }
    }

    /// A property value as text: strings as they are, everything else as compact JSON.
    private func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.text(source: source)
    }

    // MARK: Geometries

    private func appendGeometries(of object: JSONObject, to geometries: inout [LayerGeometry])
        throws(GeoJSONError)
    {
        guard case .string(let type) = object["type"] else {
            throw GeoJSONError(line: object.line, "a geometry without a \"type\"")
        }
        if type == "GeometryCollection" {
            guard case .array(let members) = object["geometries"] else {
                throw GeoJSONError(line: object.line, "a GeometryCollection needs a \"geometries\" array")
            }
            for member in members {
                guard case .object(let geometry) = member else {
                    throw GeoJSONError(
                        line: object.line, "a GeometryCollection holds \(member.typeName), not a geometry")
                }
                try appendGeometries(of: geometry, to: &geometries)
            }
            return
        }
        guard var coordinates = object["coordinates"] else {
            throw GeoJSONError(line: object.line, "a \(type.prefix(40)) without \"coordinates\"")
        }
        do throws(GeoJSONError) {
            if case .numbers(let numbers) = coordinates {
                if try flatGeometries(type, numbers, into: &geometries) { return }
                coordinates = generic(numbers)
            }
            switch type {
            case "Point":
                if try !isEmpty(coordinates) {
                    geometries.append(.point(LayerCoordinates.point(try position(coordinates))))
                }
            case "MultiPoint":
                for member in try array(coordinates) {
                    geometries.append(.point(LayerCoordinates.point(try position(member))))
                }
            case "LineString":
                if try !isEmpty(coordinates) { geometries.append(try line(coordinates)) }
            case "MultiLineString":
                for member in try array(coordinates) { geometries.append(try line(member)) }
            case "Polygon":
                if try !isEmpty(coordinates) { geometries.append(try polygon(coordinates)) }
            case "MultiPolygon":
                for member in try array(coordinates) where try !isEmpty(member) {
                    geometries.append(try polygon(member))
                }
            default:
                throw GeoJSONError("unknown geometry type \"\(type.prefix(40))\"")
            }
        } catch {
            throw GeoJSONError(line: error.line ?? object.line, "\(type.prefix(40)): \(error.message)")
        }
    }

    // MARK: Flat coordinates

    /// The levels of arrays the coordinates of each geometry type have.
    private static let coordinateDepths = [
        "Point": 1, "MultiPoint": 2, "LineString": 2, "MultiLineString": 3, "Polygon": 3, "MultiPolygon": 4,
    ]

    /// Appends the geometries of flat coordinates when they have the depth `type` takes (false when
    /// not, or the type is unknown: the generic reading then gives the message).
    private func flatGeometries(_ type: String, _ numbers: JSONNumberArray, into geometries: inout [LayerGeometry])
        throws(GeoJSONError) -> Bool
    {
        guard let depth = Self.coordinateDepths[type], depth == numbers.depth else { return false }
        var cursor = JSONNumberArray.Cursor(numbers, source: source)
        switch type {
        case "Point": geometries.append(.point(LayerCoordinates.point(try position(cursor.leaf()))))
        case "MultiPoint":
            for _ in 0..<cursor.count(level: 0) {
                geometries.append(.point(LayerCoordinates.point(try position(cursor.leaf()))))
            }
        case "LineString": geometries.append(try line(positions(&cursor, level: 0)))
        case "MultiLineString":
            for _ in 0..<cursor.count(level: 0) { geometries.append(try line(positions(&cursor, level: 1))) }
        case "Polygon": geometries.append(try polygon(&cursor, level: 0))
        default:
            for _ in 0..<cursor.count(level: 0) { geometries.append(try polygon(&cursor, level: 1)) }
        }
        return true
    }

    /// The value flat coordinates stand for, parsed again as ordinary arrays.
    private func generic(_ numbers: JSONNumberArray) -> JSONValue {
        var parser = JSONParser(
            bytes: source, start: numbers.range.lowerBound, line: numbers.line, flatCoordinates: false)
        return (try? parser.parseValue()) ?? .null
    }

    /// The positions of the next array at `level`.
    private func positions(_ cursor: inout JSONNumberArray.Cursor, level: Int) throws(GeoJSONError) -> [LatLon] {
        let count = cursor.count(level: level)
        var result: [LatLon] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try position(cursor.leaf())) }
        return result
    }

    /// `[lon, lat]` or `[lon, lat, altitude, …]` read flat.
    private func position(_ leaf: (count: Int, first: Double, second: Double)) throws(GeoJSONError) -> LatLon {
        guard leaf.count >= 2 else {
            throw GeoJSONError("a position needs two numbers [longitude, latitude], found \(leaf.count)")
        }
        return try checked(lat: leaf.second, lon: leaf.first)
    }

    private func polygon(_ cursor: inout JSONNumberArray.Cursor, level: Int) throws(GeoJSONError) -> LayerGeometry {
        var rings: [[LatLon]] = []
        for _ in 0..<cursor.count(level: level) {
            rings.append(try ring(positions(&cursor, level: level + 1), after: rings))
        }
        return .polygon(rings)
    }

    // MARK: Generic coordinates

    private func isEmpty(_ value: JSONValue) throws(GeoJSONError) -> Bool {
        try array(value).isEmpty
    }

    private func array(_ value: JSONValue) throws(GeoJSONError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw GeoJSONError("found \(value.typeName) where an array of coordinates belongs")
        }
        return elements
    }

    /// `[lon, lat]` or `[lon, lat, altitude, …]`.
    private func position(_ value: JSONValue) throws(GeoJSONError) -> LatLon {
        let elements = try array(value)
        guard elements.count >= 2 else {
            throw GeoJSONError("a position needs two numbers [longitude, latitude], found \(elements.count)")
        }
        guard case .number(let lon, _) = elements[0] else {
            throw GeoJSONError("found \(elements[0].typeName) where the longitude (a number) belongs")
        }
        guard case .number(let lat, _) = elements[1] else {
            throw GeoJSONError("found \(elements[1].typeName) where the latitude (a number) belongs")
        }
        return try checked(lat: lat, lon: lon)
    }

    private func checked(lat: Double, lon: Double) throws(GeoJSONError) -> LatLon {
        switch LayerCoordinates.position(lat: lat, lon: lon) {
        case .success(let position): return position
        case .failure(let error): throw GeoJSONError(error.message)
        }
    }

    private func positions(_ value: JSONValue) throws(GeoJSONError) -> [LatLon] {
        let elements = try array(value)
        var result: [LatLon] = []
        result.reserveCapacity(elements.count)
        for element in elements { result.append(try position(element)) }
        return result
    }

    private func line(_ value: JSONValue) throws(GeoJSONError) -> LayerGeometry {
        try line(positions(value))
    }

    private func line(_ points: [LatLon]) throws(GeoJSONError) -> LayerGeometry {
        guard points.count >= 2 else {
            throw GeoJSONError("a line needs two or more positions, found \(points.count)")
        }
        return .line(LayerCoordinates.continuous(points))
    }

    private func polygon(_ value: JSONValue) throws(GeoJSONError) -> LayerGeometry {
        var rings: [[LatLon]] = []
        for member in try array(value) { rings.append(try ring(positions(member), after: rings)) }
        return .polygon(rings)
    }

    /// A ring closed, checked and made continuous, next to the outer ring when `rings` has one.
    private func ring(_ positions: [LatLon], after rings: [[LatLon]]) throws(GeoJSONError) -> [LatLon] {
        var ring = positions
        if let first = ring.first, ring.last != first { ring.append(first) }
        guard ring.count >= 4 else {
            throw GeoJSONError(
                "a polygon ring needs four or more positions (the first repeated last), found \(ring.count)")
        }
        ring = LayerCoordinates.continuous(ring)
        if let outer = rings.first?.first { ring = LayerCoordinates.shifted(ring, near: outer.lon) }
        return ring
    }
}

/// Why a GeoJSON object was refused, with the line of the innermost object when known.
struct GeoJSONError: Error {
    var line: Int?
    var message: String

    init(line: Int? = nil, _ message: String) {
        self.line = line
        self.message = message
    }
}
