import Places

/// The colour of one pin: an xterm-256 palette index for the terminal and the same colour as
/// "#rrggbb" (xterm's default RGB for that index) for the GeoJSON `marker-color` property.
package struct PinColor: Hashable, Sendable {
    /// xterm-256 palette index 0...255.
    package let xterm256: Int
    /// "#rrggbb", lower case.
    package let hex: String

    package init(xterm256: Int, hex: String) {
        self.xterm256 = xterm256
        self.hex = hex
    }
}

extension PinFile {
    /// Pin colours by number: `palette[n - 1]` is pin n's colour, the `marker-color` written for it.
    /// The same colours as `Pin.palette` (Places), which the map draws with: one source of truth.
    package static let palette: [PinColor] = Pin.palette.map { PinColor(xterm256: $0.xterm, hex: $0.hex) }

    /// Pin `number`'s colour; numbers outside 1...10 wrap around the palette.
    package static func color(for number: Int) -> PinColor {
        palette[((number - 1) % palette.count + palette.count) % palette.count]
    }
}
