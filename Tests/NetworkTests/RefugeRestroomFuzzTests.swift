import Foundation
import Places
import TestSupport
import Testing

@testable import Network

/// Seeded structure-aware fuzzing of Refuge Restrooms answers: pages of random restroom objects with
/// hostile text, numbers as strings, extreme and wrong-typed values, then damaged. Every page decodes or
/// is refused with `PlaceSourceError`; every place made from it shows only safe text.
@Suite struct RefugeRestroomFuzzTests {
    static let tokens = [
        "{", "}", "[", "]", ",", ":", "\"", "\"id\":", "\"latitude\":", "\"name\":", "null", "\\u001b", "\\uD83D",
    ]

    @Test func generatedPagesDecodeSafely() {
        var places = 0
        var refused = 0
        var hostile = 0
        let figures = FuzzMeter.run("Refuge", cases: FuzzBudget.cases(2_000), seed: FuzzBudget.seed(0x7265_6675)) {
            _, rng in
            var body = Array(Self.page(using: &rng).utf8)
            if Bool.random(using: &rng) { body = FuzzMutator.mutate(body, tokens: Self.tokens, using: &rng) }
            guard let page = try? RefugeRestroomsClient.decodePage(Data(body)) else {
                refused += 1
                return
            }
            let held = page.records.reduce(0) { $0 + Self.rawTexts($1).reduce(0) { $0 + $1.utf8.count } }
            #expect(held <= 3 * body.count + 1024, "holds \(held) bytes of \(body.count)")
            for record in page.records {
                if !Self.rawTexts(record).allSatisfy(FuzzText.isTerminalSafe) { hostile += 1 }
                do {
                    let place = try record.toPlace()
                    places += 1
                    for text in Self.shownTexts(place) where !FuzzText.isTerminalSafe(text) {
                        Issue.record("unsafe text shown: \(text.unicodeScalars.prefix(80).map(\.value))")
                    }
                    #expect((-90...90).contains(place.coordinate.lat) && (-180...180).contains(place.coordinate.lon))
                } catch {
                    #expect(FuzzText.isTerminalSafe("\(error)"))
                }
            }
        }
        FuzzMeter.expectBounded(figures)
        #expect(places > figures.cases / 2 && refused > 0, "\(places) places, \(refused) pages refused")
        #expect(hostile > 0, "the generated pages carry hostile text into the records")
    }

    @Test func aGiantCommentIsShownSafely() throws {
        let giant = FuzzJSON.string(FuzzText.giant(1 << 20))
        let body = "[{\"id\":1,\"latitude\":1,\"longitude\":2,\"name\":\(giant),\"comment\":\(giant)}]"
        let page = try RefugeRestroomsClient.decodePage(Data(body.utf8))
        let place = try #require(page.records.first).toPlace()
        #expect(Self.shownTexts(place).allSatisfy(FuzzText.isTerminalSafe))
    }

    // MARK: What is held and shown

    static func rawTexts(_ record: RefugeRestroomDTO) -> [String] {
        [
            record.name, record.street, record.city, record.state, record.country, record.directions,
            record.comment, record.latitudeText, record.longitudeText, record.createdAt, record.updatedAt,
        ].compactMap { $0 }
    }

    /// The text a user sees of a restroom: its id and name, the address line and every detail.
    static func shownTexts(_ place: Place) -> [String] {
        var texts = [place.id, place.name]
        if let details = place.restroom {
            texts += [details.street, details.city, details.state, details.country, details.address]
            texts += [details.directions, details.comment, details.createdAt, details.updatedAt].compactMap { $0 }
        }
        return texts
    }

    // MARK: Generators

    static func page(using rng: inout SeededGenerator) -> String {
        let records = (0..<Int.random(in: 0...8, using: &rng)).map { _ in restroom(using: &rng) }
        return "[" + records.joined(separator: ",") + "]"
    }

    static let textFields = ["name", "street", "city", "state", "country", "directions", "comment", "created_at"]
    static let flagFields = ["accessible", "unisex", "changing_table"]

    static func restroom(using rng: inout SeededGenerator) -> String {
        var members = ["\"id\":" + scalar(String(Int.random(in: 1...99_999, using: &rng)), using: &rng)]
        members.append("\"latitude\":" + scalar(String(Double.random(in: -90...90, using: &rng)), using: &rng))
        members.append("\"longitude\":" + scalar(String(Double.random(in: -180...180, using: &rng)), using: &rng))
        for field in textFields where Int.random(in: 0..<4, using: &rng) > 0 {
            let text = FuzzJSON.string(FuzzText.random(using: &rng))
            members.append(
                "\"\(field)\":" + (Int.random(in: 0..<10, using: &rng) == 0 ? FuzzJSON.value(using: &rng) : text))
        }
        for field in flagFields {
            members.append(
                "\"\(field)\":" + ["true", "false", "1", "0", "\"t\"", "\"f\"", "null", "[]"].randomElement(
                    using: &rng)!)
        }
        for field in ["upvote", "downvote", "distance", "bearing"] where Bool.random(using: &rng) {
            members.append("\"\(field)\":" + scalar(String(Int.random(in: -5...500, using: &rng)), using: &rng))
        }
        if Int.random(in: 0..<10, using: &rng) == 0 {
            members.append(members[Int.random(in: 0..<members.count, using: &rng)])
        }
        members.shuffle(using: &rng)
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A number mostly as it is, sometimes as a string, an extreme number, a string no parser takes for a
    /// number, or another type.
    static func scalar(_ number: String, using rng: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return FuzzJSON.string(number)
        case 1: return FuzzText.extremeJSONNumbers.randomElement(using: &rng)!
        case 2: return FuzzJSON.string(FuzzText.extremeNumbers.randomElement(using: &rng)!)
        case 3: return FuzzJSON.value(using: &rng)
        default: return number
        }
    }
}
