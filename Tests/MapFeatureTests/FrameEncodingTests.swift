import GeoCore
import MapFeature
import Render
import TestSupport
import Testing

/// Real frames (the shipped map and places) sent through `TerminalEncoder` and replayed in a model
/// terminal look exactly like the frames, step after step of panning and zooming, with and without
/// background colour erase.
@Suite struct FrameEncodingTests {
    @Test(arguments: [true, false])
    func panningAndZoomingReplaysExactly(erase: Bool) throws {
        let renderer = try WorldMap.renderer()
        var state = WorldMap.withPlaces(
            MapState(camera: Camera(center: LatLon(lat: 50, lon: 10), zoom: 3.5), screen: Viewport(cols: 160, rows: 48))
        )
        var encoder = TerminalEncoder(capabilities: .init(colorMode: .palette256, backgroundColorErase: erase))
        var terminal = VirtualTerminal(cols: 160, rows: 48)
        let keys: [Key] = [.right, .down, .character("+"), .left, .up, .up, .character("-"), .down, .right, .tab]
        for (step, key) in ([nil] + keys).enumerated() {
            if let key {
                _ = MapReducer.reduce(&state, .key(key))
                state = WorldMap.withPlaces(state)
            }
            let frame = WorldMap.frame(state, renderer: renderer)
            terminal.apply(encoder.encode(frame, scrollableRows: 47))
            #expect(terminal.unknown.isEmpty)
            let want = VirtualTerminal.appearance(frame), got = VirtualTerminal.appearance(terminal.screen)
            let row = want.indices.first { want[$0] != got[$0] }
            #expect(row == nil, "step \(step) (\(String(describing: key))): row \(row ?? -1) differs")
        }
    }
}
