import Foundation
import MapFeature

extension LayerStream {
    /// The stream of `--layer -` into layer `layer`; stdin must carry data, not be the terminal.
    static func forStdin(layer: Int) throws -> LayerStream {
        guard isatty(STDIN_FILENO) == 0 else {
            throw UsageError("--layer - reads features from stdin: pipe them in (… | mapterm --layer -)")
        }
        return LayerStream(fd: STDIN_FILENO, layer: layer)
    }
}
