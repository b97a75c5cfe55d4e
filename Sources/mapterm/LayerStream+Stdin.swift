import Blocking
import Foundation
import MapFeature
import Storage

extension LayerStream {
    /// The stream of `--layer -`; stdin must carry data, not be the terminal.
    static func forStdin() throws -> LayerStream {
        guard isatty(STDIN_FILENO) == 0 else {
            throw UsageError("--layer - reads features from stdin: pipe them in (… | mapterm --layer -)")
        }
        return LayerStream(fd: STDIN_FILENO)
    }

    /// Starts reading into the map's stream layer `layer`: each delivery reaches the reducer through
    /// the inbox, and the reader waits until the map has taken it (a writer faster than the map waits
    /// on the pipe, and keys stay quick).
    func start(layer: Int, inbox: Inbox) {
        start { delivery in
            let action: MapAction
            switch delivery {
            case .lines(let features, let problems):
                action = .layers(.streamed(layer: layer, features: features, problems: problems))
            case .ended(let reason):
                action = .layers(.streamEnded(layer: layer, reason: reason))
            }
            // The reader's own thread waits here (through the one bridge), never a task of the pool.
            BlockingBridge.run {
                await withCheckedContinuation { taken in inbox.post(action) { taken.resume() } }
            }
        }
    }

    /// Reads stdin to its end into the stream layer `layer` of `state` (for `render --layer -`),
    /// reducing each batch as it is read: memory stays within the layer's capacity (past it the oldest
    /// features go; a feature sent again moves). The end itself is not news in a single frame.
    static func readAll(fd: Int32, into layer: Int, _ state: inout MapState) {
        readAll(fd: fd) { features, problems in
            _ = MapReducer.reduce(&state, .layers(.streamed(layer: layer, features: features, problems: problems)))
        }
    }
}
