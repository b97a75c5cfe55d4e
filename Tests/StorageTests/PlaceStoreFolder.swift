import Foundation
import Places
import Storage

/// A fresh folder under the system temporary directory for one test, removed by `remove()`.
struct PlaceStoreFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mapterm-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The names of the files in the folder, sorted.
    func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// A new store at `name` holding `places`.
    func store(_ name: String = "places.sqlite", with places: [Place] = []) throws -> PlaceStore {
        let store = try PlaceStore(path: path(name))
        if !places.isEmpty { try store.import(places) }
        return store
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The place without its details: what `PlaceStore.places(in:kinds:limit:)` returns.
func light(_ place: Place) -> Place {
    Place(id: place.id, kind: place.kind, name: place.name, coordinate: place.coordinate)
}

extension PlaceStore {
    /// The ids of the places the search index finds for the words of `text` (folded, no typos), as
    /// the search of the map looks them up.
    func ids(matching text: String, limit: Int) throws -> [String] {
        try candidates(for: SearchText.words(text), near: .init(lat: 0, lon: 0), typos: false, limit: limit).compactMap(
            \.placeID)
    }
}
