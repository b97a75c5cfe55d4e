import GeoCore
import Layers
import Testing

/// Chunked storage keeps value semantics across chunk boundaries; a long stream keeps its capacity.
@Suite struct ChunkedArrayTests {
    @Test func aCopyChangesIndependentlyAcrossChunks() {
        var a = ChunkedArray<Int>()
        for i in 0..<10_000 { a.append(i) }
        var b = a
        b[5_000] = -1
        b.append(10_000)
        #expect(a[5_000] == 5_000 && a.count == 10_000)
        #expect(b[5_000] == -1 && b.count == 10_001 && b[10_000] == 10_000)
        #expect(Array(a) == Array(0..<10_000))
    }

    @Test func aStreamPastItsCapacityKeepsTheNewest() {
        var content = LayerContent(streamIdentity: 1, trail: 0)
        content.capacity = 10
        for i in 0..<70_000 {
            content.add([LayerFeature(geometries: [.point(LatLon(lat: 0, lon: Double(i % 360) - 180))])])
        }
        #expect(content.count == 10 && content.points.count == 10 && content.features.count == 10)
    }
}
