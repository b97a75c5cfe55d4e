import TestSupport
import Testing
import VectorTiles

@Suite struct GzipTests {
    private let sample: [UInt8] =
        Array("mapterm draws maps in the terminal. ".utf8) + (0..<2000).map { UInt8($0 % 251) }

    @Test func recognisesFormats() {
        #expect(Gzip.format(of: [0x1F, 0x8B, 8, 0]) == .gzip)
        #expect(Gzip.format(of: [0x78, 0x9C]) == .zlib)
        #expect(Gzip.format(of: [0x78, 0x01]) == .zlib)
        #expect(Gzip.format(of: [0x78, 0xDA]) == .zlib)
        #expect(Gzip.format(of: [0x1A, 0x05]) == .plain)
        #expect(Gzip.format(of: [0x78, 0x9D]) == .plain)  // bad header checksum
        #expect(Gzip.format(of: []) == .plain)
        #expect(Gzip.format(of: [0x1F]) == .plain)
    }

    @Test func inflatesGzip() throws {
        #expect(try Gzip.decompressIfNeeded(MVTGzip.stored(sample)) == sample)
        #expect(try Gzip.decompressIfNeeded(MVTGzip.stored([])) == [])
        // Larger than one stored block (65535 bytes).
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(try Gzip.inflate(MVTGzip.stored(big)) == big)
    }

    @Test func inflatesZlib() throws {
        // zlib header (no compression), one stored block, Adler-32 trailer.
        var adlerA: UInt32 = 1
        var adlerB: UInt32 = 0
        for byte in sample {
            adlerA = (adlerA + UInt32(byte)) % 65521
            adlerB = (adlerB + adlerA) % 65521
        }
        let adler = adlerB << 16 | adlerA
        let n = UInt16(sample.count)
        var stream: [UInt8] = [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)]
        stream += sample
        stream += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        #expect(Gzip.format(of: stream) == .zlib)
        #expect(try Gzip.decompressIfNeeded(stream) == sample)
    }

    @Test func plainBytesPassThrough() throws {
        let plain: [UInt8] = [0x1A, 0x03, 0x0A, 0x01, 0x61]
        #expect(try Gzip.decompressIfNeeded(plain) == plain)
        #expect(try Gzip.decompressIfNeeded([]) == [])
    }

    @Test func joinsConcatenatedMembersAndIgnoresTrailingBytes() throws {
        let a: [UInt8] = [1, 2, 3]
        let b: [UInt8] = [4, 5]
        #expect(try Gzip.inflate(MVTGzip.stored(a) + MVTGzip.stored(b)) == a + b)
        #expect(try Gzip.inflate(MVTGzip.stored(a) + [0, 0, 0]) == a)
    }

    @Test func truncatedGzipThrows() {
        let full = MVTGzip.stored(sample)
        for cut in [3, 10, 11, 15, 500, full.count - 4, full.count - 1] {
            #expect(throws: VectorTileError.truncatedCompressedData) { try Gzip.inflate(Array(full.prefix(cut))) }
        }
        #expect(throws: VectorTileError.truncatedCompressedData) { try Gzip.inflate([]) }
    }

    @Test func garbageAfterMagicThrows() {
        let garbage: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA]
        #expect(throws: VectorTileError.self) { try Gzip.decompressIfNeeded(garbage) }
        // Bad compression method in the header.
        #expect(throws: VectorTileError.self) {
            try Gzip.decompressIfNeeded([0x1F, 0x8B, 0x07, 0, 0, 0, 0, 0, 0, 3, 1])
        }
        // A flipped byte in the data breaks the CRC.
        var corrupt = MVTGzip.stored(sample)
        corrupt[40] ^= 0xFF
        #expect(throws: VectorTileError.self) { try Gzip.decompressIfNeeded(corrupt) }
        do {
            _ = try Gzip.decompressIfNeeded(corrupt)
        } catch {
            #expect(error.description.contains("corrupt"))
        }
    }

    @Test func sizeCapStopsBombs() throws {
        let zeros = [UInt8](repeating: 0, count: 100_000)
        #expect(throws: VectorTileError.decompressedTooLarge(limit: 1000)) {
            try Gzip.decompressIfNeeded(MVTGzip.stored(zeros), maxOutputBytes: 1000)
        }
        // Exactly at the cap is fine.
        #expect(try Gzip.decompressIfNeeded(MVTGzip.stored(zeros), maxOutputBytes: 100_000).count == 100_000)
        #expect(throws: VectorTileError.decompressedTooLarge(limit: 10)) {
            try Gzip.decompressIfNeeded([UInt8](repeating: 0x1A, count: 11), maxOutputBytes: 10)
        }
    }
}
