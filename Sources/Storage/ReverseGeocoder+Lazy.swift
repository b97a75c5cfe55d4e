import Foundation
import GeoCore
import Places
import Synchronization

extension ReverseGeocoder {
    /// A `ReverseGeocoder` loaded on first use, at most once, from any thread: the app can create this at
    /// start for free and pay the few milliseconds of loading only when a pin's pane first asks.
    /// A load failure is remembered (and rethrown), not retried.
    public final class Lazy: Sendable {
        private let directory: URL
        /// The load, once done; held while loading, so a second caller waits for the first load.
        private let state = Mutex<Result<ReverseGeocoder, any Error>?>(nil)

        /// Remembers `directory` (the `Resources/gazetteer` folder); reads nothing yet.
        public init(directory: URL) {
            self.directory = directory
        }

        /// The loaded geocoder, loading it now if this is the first call.
        /// - Throws: the `GazetteerError` of the (first) failed load.
        public func geocoder() throws -> ReverseGeocoder {
            try state.withLock { state in
                if let state { return state }
                let loaded = Result { try ReverseGeocoder(directory: directory) }
                state = loaded
                return loaded
            }.get()
        }

        /// `describe(point)` of the loaded geocoder; nil when the gazetteer cannot be loaded.
        public func describe(_ point: LatLon) -> ReverseGeocode? {
            (try? geocoder())?.describe(point)
        }
    }
}
