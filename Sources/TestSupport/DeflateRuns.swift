/// Gzip streams that really compress, for tests of decompression limits without zlib: the data is
/// given as runs of one repeated byte, each written as a literal and then back-references of 258
/// bytes at distance 1 (fixed-Huffman deflate, about 1 000 : 1). A few KiB inflate to megabytes.
public enum DeflateRuns {
    /// `count` copies of `byte`.
    public struct Run: Sendable {
        public var byte: UInt8
        public var count: Int

        public init(_ byte: UInt8, count: Int) {
            self.byte = byte
            self.count = count
        }
    }

    /// A valid gzip stream (CRC-32 and length trailer included) of the runs, one after the other.
    public static func gzip(_ runs: [Run]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // last block
        bits.write(1, count: 2)  // fixed Huffman codes
        var crc = CRC32()
        var total = 0
        for run in runs where run.count > 0 {
            bits.literal(run.byte)
            var left = run.count - 1
            while left >= 3 {
                let length = left >= 258 ? 258 : min(left, 10)
                bits.copy(length: length)
                left -= length
            }
            for _ in 0..<left { bits.literal(run.byte) }
            crc.update(run.byte, count: run.count)
            total += run.count
        }
        bits.writeCode(0, length: 7)  // end of block (symbol 256)
        bits.finish()
        return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + bits.bytes + le32(crc.value)
            + le32(UInt32(truncatingIfNeeded: total))
    }

    /// CRC-32 (IEEE 802.3) of a stream given run by run, table-driven.
    private struct CRC32 {
        private static let table: [UInt32] = (0..<256).map { index in
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            return crc
        }
        private var state: UInt32 = 0xFFFF_FFFF

        var value: UInt32 { ~state }

        mutating func update(_ byte: UInt8, count: Int) {
            for _ in 0..<count { state = Self.table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8) }
        }
    }

    private static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}

/// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
private struct BitWriter {
    var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingCount = 0

    mutating func write(_ value: UInt32, count: Int) {
        for i in 0..<count { push(value >> UInt32(i) & 1) }
        flush()
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        for i in (0..<length).reversed() { push(code >> UInt32(i) & 1) }
        flush()
    }

    /// A literal byte in the fixed code: 0x30 + byte on 8 bits below 144, 0x190 + (byte - 144) on 9.
    mutating func literal(_ byte: UInt8) {
        if byte < 144 {
            writeCode(0x30 + UInt32(byte), length: 8)
        } else {
            writeCode(0x190 + UInt32(byte) - 144, length: 9)
        }
    }

    /// A back-reference at distance 1: 258 bytes (symbol 285) or 3...10 (symbols 257...264).
    mutating func copy(length: Int) {
        let symbol = length == 258 ? 285 : 254 + length
        // Symbols 256...279 have 7-bit codes from 0; 280...287 8-bit codes from 0xC0.
        if symbol < 280 {
            writeCode(UInt32(symbol - 256), length: 7)
        } else {
            writeCode(0xC0 + UInt32(symbol - 280), length: 8)
        }
        writeCode(0, length: 5)  // distance code 0: distance 1
    }

    private mutating func push(_ bit: UInt32) {
        pending |= bit << UInt32(pendingCount)
        pendingCount += 1
    }

    private mutating func flush() {
        while pendingCount >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount -= 8
        }
    }

    /// Pads the last byte with zero bits.
    mutating func finish() {
        if pendingCount > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
        pending = 0
        pendingCount = 0
    }
}
