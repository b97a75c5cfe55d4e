import Foundation
import Places

/// The compact JSON form of `PlaceDetails` in the `details` column of a place store.
///
/// Keys are the `Codable` keys of `RestroomDetails`, `AirportDetails` and `Runway` (camelCase);
/// fields holding their default (empty string, nil, false, 0, no runways) are left out, so a restroom
/// with only an address takes about 60 bytes. Reading goes through the types' own tolerant `Decodable`
/// conformances, which fill left-out fields with those defaults; writing is hand-made because it runs a
/// million times in a bulk import (about 0.3 µs per restroom, several times faster than `JSONEncoder`).
/// `.none` is stored as NULL. A change to this form that an older reader misreads needs a new
/// `PlaceStoreSchema.version`; a new optional member does not (the runway thresholds `lowEndLat`…
/// `highEndLon` were added so: a store built before them reads them as unknown).
package enum PlaceDetailsCoding {
    /// The JSON text for `details`, or nil for `.none`.
    package static func encode(_ details: PlaceDetails) -> String? {
        switch details {
        case .none: return nil
        case .restroom(let restroom):
            var writer = Writer()
            writer.write(restroom)
            return writer.finish()
        case .airport(let airport):
            var writer = Writer()
            writer.write(airport)
            return writer.finish()
        case .openStreetMap(let tile):
            // Strings only: encoding cannot fail.
            return (try? JSONEncoder().encode(tile)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Decodes the stored JSON of a place of `kind`; nil text gives `.none`.
    /// - Throws: `PlaceStoreError.corrupt` when the text is not the JSON of that kind's details.
    package static func decode(_ text: String?, kind: PlaceKind, path: String) throws -> PlaceDetails {
        guard let text else { return .none }
        let data = Data(text.utf8)
        do {
            switch kind {
            case .restroom: return .restroom(try JSONDecoder().decode(RestroomDetails.self, from: data))
            case .airport, .heliport, .seaplaneBase, .balloonport:
                return .airport(try JSONDecoder().decode(AirportDetails.self, from: data))
            case .cafe, .restaurant, .pharmacy, .drinkingWater, .station, .atm, .hospital:
                return .openStreetMap(try JSONDecoder().decode(OpenStreetMapDetails.self, from: data))
            }
        } catch {
            throw PlaceStoreError.corrupt(path: path, reason: "unreadable details of a \(kind) place")
        }
    }

    // MARK: Writer

    /// Appends JSON members to a UTF-8 buffer, leaving out default values.
    private struct Writer {
        private var bytes: [UInt8] = [UInt8(ascii: "{")]
        private var first = true

        mutating func finish() -> String {
            bytes.append(UInt8(ascii: "}"))
            return String(decoding: bytes, as: UTF8.self)
        }

        mutating func write(_ r: RestroomDetails) {
            string("street", r.street)
            string("city", r.city)
            string("state", r.state)
            string("country", r.country)
            bool("accessible", r.accessible)
            bool("unisex", r.unisex)
            bool("changingTable", r.changingTable)
            string("directions", r.directions)
            string("comment", r.comment)
            int("upvote", r.upvote)
            int("downvote", r.downvote)
            string("createdAt", r.createdAt)
            string("updatedAt", r.updatedAt)
        }

        mutating func write(_ a: AirportDetails) {
            // ident and type are required by the decoder: always written.
            key("ident")
            quoted(a.ident)
            key("type")
            quoted(a.type)
            string("iataCode", a.iataCode)
            string("icaoCode", a.icaoCode)
            string("gpsCode", a.gpsCode)
            if let elevation = a.elevationFt {
                key("elevationFt")
                number(elevation)
            }
            string("municipality", a.municipality)
            string("region", a.region)
            string("country", a.country)
            guard !a.runways.isEmpty else { return }
            key("runways")
            bytes.append(UInt8(ascii: "["))
            for (index, runway) in a.runways.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                var inner = Writer()
                inner.write(runway)
                bytes.append(contentsOf: inner.bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }

        mutating func write(_ r: Runway) {
            if let length = r.lengthFt {
                key("lengthFt")
                number(length)
            }
            if let width = r.widthFt {
                key("widthFt")
                number(width)
            }
            string("surface", r.surface)
            bool("lighted", r.lighted)
            bool("closed", r.closed)
            string("lowEndIdent", r.lowEndIdent)
            string("highEndIdent", r.highEndIdent)
            if let low = r.lowEnd {
                degrees("lowEndLat", low.lat)
                degrees("lowEndLon", low.lon)
            }
            if let high = r.highEnd {
                degrees("highEndLat", high.lat)
                degrees("highEndLon", high.lon)
            }
        }

        // MARK: Members (left out when default)

        /// A non-optional string: left out when empty (decodes back as "").
        private mutating func string(_ name: String, _ value: String) {
            guard !value.isEmpty else { return }
            key(name)
            quoted(value)
        }

        /// An optional string: left out when nil (decodes back as nil). "" is kept.
        private mutating func string(_ name: String, _ value: String?) {
            guard let value else { return }
            key(name)
            quoted(value)
        }

        private mutating func bool(_ name: String, _ value: Bool) {
            guard value else { return }
            key(name)
            bytes.append(contentsOf: "true".utf8)
        }

        private mutating func int(_ name: String, _ value: Int) {
            guard value != 0 else { return }
            key(name)
            number(value)
        }

        /// Degrees as Swift's shortest round-tripping decimal (always finite: `Runway` keeps only valid points).
        private mutating func degrees(_ name: String, _ value: Double) {
            key(name)
            bytes.append(contentsOf: "\(value)".utf8)
        }

        // MARK: Tokens

        private mutating func key(_ name: String) {
            if first {
                first = false
            } else {
                bytes.append(UInt8(ascii: ","))
            }
            quoted(name)
            bytes.append(UInt8(ascii: ":"))
        }

        private mutating func number(_ value: Int) {
            bytes.append(contentsOf: String(value).utf8)
        }

        private static let hex = Array("0123456789abcdef".utf8)

        /// A JSON string: `"` and `\` escaped, controls as \u00XX, everything else as UTF-8.
        private mutating func quoted(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(byte)
                case 0..<0x20:
                    bytes.append(contentsOf: "\\u00".utf8)
                    bytes.append(Self.hex[Int(byte >> 4)])
                    bytes.append(Self.hex[Int(byte & 0xF)])
                default:
                    bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
