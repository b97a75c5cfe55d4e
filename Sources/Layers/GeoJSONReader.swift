/// Reads GeoJSON documents and GeoJSON text sequences into layer data.
enum GeoJSONReader {
    /// A GeoJSON document: a FeatureCollection (its features streamed as they parse, so a syntax error
    /// keeps the features before it), a Feature, a geometry, or an array of features. A document
    /// followed by more values, one a line, is read as a sequence.
    static func document(_ bytes: UnsafeBufferPointer<UInt8>, name: String) throws(LayerFileError) -> LayerData {
        let decoder = GeoJSONDecoder(source: bytes)
        var data = LayerData()
        var parser = JSONParser(bytes: bytes, start: ByteText.bodyStart(bytes))
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try parser.parseValue { parsed, index in
                switch parsed {
                case .success(let value): data.append(decoder.feature(value, line: nil, index: index))
                case .failure(let error):
                    data.report(LayerProblem(line: error.line, feature: index, message: error.message))
                }
            }
        } catch {
            guard !data.features.isEmpty || !data.problems.isEmpty else {
                throw LayerFileError(file: name, line: error.line, reason: "not GeoJSON: \(error.message)")
            }
            data.report(.stop(line: error.line, message: error.message))
            for line in parser.invalidUTF8Lines { data.report(LayerProblem(line: line, message: ByteText.invalidUTF8)) }
            return data
        }
        guard parser.atEnd() else {
            if case .object(let object) = root, object["features"] == nil {
                return try sequence(bytes, name: name)
            }
            data.report(
                LayerProblem(line: parser.line, message: "more text after the GeoJSON value; it is skipped"))
            return data
        }
        try read(root, into: &data, decoder: decoder, name: name)
        for line in parser.invalidUTF8Lines { data.report(LayerProblem(line: line, message: ByteText.invalidUTF8)) }
        return data
    }

    /// The root value (features of a FeatureCollection were already streamed into `data`).
    private static func read(_ root: JSONValue, into data: inout LayerData, decoder: GeoJSONDecoder, name: String)
        throws(LayerFileError)
    {
        switch root {
        case .object(let object):
            switch object["type"] {
            case .string("FeatureCollection")?:
                if case .array? = object["features"] { return }
                throw LayerFileError(
                    file: name, line: object.line, reason: "a FeatureCollection without a \"features\" array")
            case .string(let type)? where type == "Feature" || GeoJSONDecoder.geometryTypes.contains(type):
                data.append(decoder.feature(root, line: object.line, index: 0))
            case .string(let type)?:
                throw LayerFileError(
                    file: name, line: object.line, reason: "not GeoJSON: unknown type \"\(type.prefix(40))\"")
            default:
                if case .array? = object["features"] { return }
                throw LayerFileError(file: name, line: object.line, reason: "not GeoJSON: the object has no \"type\"")
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                data.append(decoder.feature(element, line: 1, index: index))
            }
        default:
            throw LayerFileError(file: name, line: 1, reason: "not GeoJSON: the file holds \(root.typeName)")
        }
    }

    /// GeoJSON text sequence records: each starts after a 0x1E byte or, without those, on a new line.
    /// A record that is not valid is a problem on its line; the next record is read all the same. A
    /// file whose first record is not JSON and that gives no feature is not a sequence at all.
    static func sequence(_ bytes: UnsafeBufferPointer<UInt8>, name: String) throws(LayerFileError) -> LayerData {
        var data = LayerData()
        let separator: UInt8 = bytes.contains(0x1E) ? 0x1E : 0x0A
        var start = ByteText.bodyStart(bytes)
        var line = 1
        var records = 0
        var firstNotJSON: JSONSyntaxError?
        while start < bytes.count {
            var end = start
            var lines = 0
            while end < bytes.count, bytes[end] != separator {
                if bytes[end] == 0x0A { lines += 1 }
                end += 1
            }
            let record = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if record.contains(where: { !ByteText.isSpace($0) }) {
                let notJSON = read(record: record, line: line, index: records, into: &data)
                if records == 0 { firstNotJSON = notJSON }
                records += 1
            }
            line += lines + (separator == 0x0A && end < bytes.count ? 1 : 0)
            start = end + 1
        }
        if data.features.isEmpty, let firstNotJSON {
            throw LayerFileError(file: name, line: firstNotJSON.line, reason: "not GeoJSON: \(firstNotJSON.message)")
        }
        return data
    }

    /// Reads one record of a sequence (starting on `line`) into `data`; returns its syntax error when it
    /// is not JSON.
    private static func read(record: UnsafeBufferPointer<UInt8>, line: Int, index: Int, into data: inout LayerData)
        -> JSONSyntaxError?
    {
        var parser = JSONParser(bytes: record, line: line)
        do throws(JSONSyntaxError) {
            let value = try parser.parseValue()
            guard parser.atEnd() else {
                let error = JSONSyntaxError(line: parser.line, message: "more text after the feature")
                data.report(LayerProblem(line: error.line, feature: index, message: error.message))
                return error
            }
            data.append(GeoJSONDecoder(source: record).feature(value, line: line, index: index))
            for line in parser.invalidUTF8Lines {
                data.report(LayerProblem(line: line, feature: index, message: ByteText.invalidUTF8))
            }
            return nil
        } catch {
            data.report(LayerProblem(line: error.line, feature: index, message: error.message))
            return error
        }
    }
}

extension LayerData {
    /// Appends a feature that loaded, or the problem of one that did not.
    mutating func append(_ result: Result<LayerFeature, LayerProblem>) {
        switch result {
        case .success(let feature): features.append(feature)
        case .failure(let problem): report(problem)
        }
    }
}
