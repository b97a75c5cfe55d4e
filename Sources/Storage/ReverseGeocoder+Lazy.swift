import Foundation
import GeoCore
import Places

extension ReverseGeocoder {
    /// A `ReverseGeocoder` loaded on first use, at most once, from any thread: the app can create this at
    /// start for free and pay the few milliseconds of loading only when a pin's pane first asks.
    /// A load failure is remembered (and rethrown), not retried.
    public final class Lazy: @unchecked Sendable {
        // @unchecked: `state` is only touched while holding `lock`.
        private let directory: URL
        private let lock = NSLock()
        private var state: Result<ReverseGeocoder, any Error>?

        /// Remembers `directory` (the `Resources/gazetteer` folder); reads nothing yet.
        public init(directory: URL) {
            self.directory = directory
        }

        /// The loaded geocoder, loading it now if this is the first call.
        /// - Throws: the `GazetteerError` of the (first) failed load.
        public func geocoder() throws -> ReverseGeocoder {
            lock.lock()
            defer { lock.unlock() }
            if let state { return try state.get() }
            let loaded = Result { try ReverseGeocoder(directory: directory) }
            state = loaded
            return try loaded.get()
        }

        /// `describe(point)` of the loaded geocoder; nil when the gazetteer cannot be loaded.
        public func describe(_ point: LatLon) -> ReverseGeocode? {
            (try? geocoder())?.describe(point)
        }
    }
}
