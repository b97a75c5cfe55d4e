/// Gzip for tests without zlib: wraps data in "stored" (uncompressed) deflate blocks, which any
/// inflater accepts, with a correct CRC-32 and length trailer.
public enum MVTGzip {
    /// A valid gzip stream of `data`.
    public static func stored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var offset = 0
        repeat {
            let length = min(0xFFFF, data.count - offset)
            let isLast = offset + length == data.count
            out.append(isLast ? 1 : 0)
            out += le16(UInt16(length)) + le16(~UInt16(length))
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        out += le32(crc32(data)) + le32(UInt32(truncatingIfNeeded: data.count))
        return out
    }

    /// CRC-32 (IEEE 802.3, as used by gzip).
    public static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}
