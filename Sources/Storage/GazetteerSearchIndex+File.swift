import Blocking
import Foundation
import Places

extension GazetteerSearchIndex {
    /// The geocoder of the gazetteer in `directory` and its search index, loaded at once: the index from
    /// `directory/search.bin` on the cooperative pool (`ForkedWork`) while the geocoder builds its k-d
    /// tree (about 12 ms) on the calling thread, or, when that file is missing or cannot be read, built
    /// from the geocoder and `city_names.bin` (about 60 ms more).
    /// `geocoder` gives the geocoder (by default loaded from `directory`; a `ReverseGeocoder.Lazy` shared
    /// with the rest of the program loads it once for all).
    /// - Throws: `GazetteerError` when the geocoder's files cannot be read.
    public static func loadWithGeocoder(
        directory: URL, geocoder: (() throws -> ReverseGeocoder)? = nil
    ) throws -> (geocoder: ReverseGeocoder, index: Self) {
        let indexLoad = ForkedWork { try? GazetteerSearchIndex(contentsOf: directory.appendingPathComponent(fileName)) }
        let geocoder = Result { try geocoder?() ?? ReverseGeocoder(directory: directory) }
        let index = indexLoad.join()
        return (try geocoder.get(), try index ?? GazetteerSearchIndex(geocoder.get(), directory: directory))
    }

    /// Builds the index over `geocoder` with the other names of its cities from
    /// `directory/city_names.bin` (none when that file is missing or cannot be read).
    public init(_ geocoder: ReverseGeocoder, directory: URL) {
        let url = directory.appendingPathComponent(GazetteerCityNames.fileName)
        let names = try? GazetteerCityNames(
            fileBytes: GazetteerFile.bytes(url), file: url.lastPathComponent, cityCount: geocoder.cities.count)
        self.init(geocoder, cityNames: names ?? .none)
    }

    /// Loads the index file at `url` (written from `fileBytes()`).
    /// - Throws: `GazetteerError` when the file is missing, of another kind or version, or corrupt.
    public init(contentsOf url: URL) throws {
        try self.init(fileBytes: GazetteerFile.bytes(url), file: url.lastPathComponent)
    }
}
