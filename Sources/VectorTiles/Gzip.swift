import CZlib

/// Decompression of tile blobs. MBTiles files store MVT tiles gzip-compressed (sometimes
/// zlib-wrapped, sometimes plain); `decompressIfNeeded` accepts all three.
public enum Gzip {
    /// Default cap on decompressed size: 32 MiB (real tiles stay far below 1 MiB; the cap stops
    /// decompression bombs).
    public static let defaultMaxOutputBytes = 32 << 20

    /// The container format recognised from the first bytes.
    public enum Format: Sendable, Equatable {
        /// Starts with the gzip magic `1f 8b`.
        case gzip
        /// A valid zlib header (deflate method, header checksum ok).
        case zlib
        /// Anything else: taken as uncompressed data.
        case plain
    }

    /// Recognises gzip and zlib headers. Plain MVT cannot be mistaken for zlib: a tile starts
    /// with tag `0x1a` (layer) while zlib's first byte has low nibble 8.
    public static func format(of bytes: [UInt8]) -> Format {
        guard bytes.count >= 2 else { return .plain }
        let b0 = bytes[0]
        let b1 = bytes[1]
        if b0 == 0x1F && b1 == 0x8B { return .gzip }
        if b0 & 0x0F == 8, b0 >> 4 <= 7, (UInt16(b0) << 8 | UInt16(b1)) % 31 == 0 { return .zlib }
        return .plain
    }

    /// Inflates gzip or zlib data; returns plain data unchanged.
    public static func decompressIfNeeded(
        _ bytes: [UInt8], maxOutputBytes: Int = defaultMaxOutputBytes
    ) throws(VectorTileError) -> [UInt8] {
        if format(of: bytes) == .plain {
            guard bytes.count <= maxOutputBytes else { throw .decompressedTooLarge(limit: maxOutputBytes) }
            return bytes
        }
        return try inflate(bytes, maxOutputBytes: maxOutputBytes)
    }

    /// Inflates a gzip or zlib stream (header auto-detected). Concatenated gzip members are
    /// joined; bytes after the last member that are not another member are ignored.
    /// Throws `.truncatedCompressedData`, `.corruptCompressedData` or `.decompressedTooLarge`.
    public static func inflate(
        _ bytes: [UInt8], maxOutputBytes: Int = defaultMaxOutputBytes
    ) throws(VectorTileError) -> [UInt8] {
        guard !bytes.isEmpty else { throw .truncatedCompressedData }
        guard bytes.count <= Int(UInt32.max) else { throw .decompressedTooLarge(limit: maxOutputBytes) }
        let result: Result<[UInt8], VectorTileError> = bytes.withUnsafeBufferPointer { input in
            inflate(input, maxOutputBytes: maxOutputBytes)
        }
        return try result.get()
    }

    // MARK: - Private

    private static let chunkSize = 64 << 10

    private static func inflate(
        _ input: UnsafeBufferPointer<UInt8>, maxOutputBytes: Int
    ) -> Result<[UInt8], VectorTileError> {
        var stream = z_stream()
        // 15 + 32: largest window, detect gzip or zlib header automatically.
        guard mt_inflate_init2(&stream, 15 + 32) == Z_OK else {
            return .failure(.corruptCompressedData("zlib initialisation failed"))
        }
        defer { inflateEnd(&stream) }

        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }

        var output: [UInt8] = []
        output.reserveCapacity(min(maxOutputBytes, input.count * 4))
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)  // checked: inflate(_:maxOutputBytes:) refuses input above UInt32.max

        while true {
            // Ask for at most one byte past the cap so that exceeding it is detectable.
            let room = min(chunkSize, maxOutputBytes - output.count + 1)
            stream.next_out = chunk
            stream.avail_out = UInt32(room)
            let rc = CZlib.inflate(&stream, Z_NO_FLUSH)
            let produced = room - Int(stream.avail_out)
            output.append(contentsOf: UnsafeBufferPointer(start: chunk, count: produced))
            if output.count > maxOutputBytes { return .failure(.decompressedTooLarge(limit: maxOutputBytes)) }

            switch rc {
            case Z_STREAM_END:
                // Another gzip member follows? Join it; otherwise ignore trailing bytes.
                let remaining = Int(stream.avail_in)
                if remaining >= 2, let next = stream.next_in, next[0] == 0x1F, next[1] == 0x8B {
                    guard inflateReset(&stream) == Z_OK else {
                        return .failure(.corruptCompressedData("zlib reset failed"))
                    }
                    continue
                }
                return .success(output)
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress possible: either out of input (truncated) or a zero-room call.
                if stream.avail_in == 0 { return .failure(.truncatedCompressedData) }
                if produced == 0 && room > 0 { return .failure(.truncatedCompressedData) }
                continue
            case Z_NEED_DICT:
                return .failure(.corruptCompressedData("preset dictionary required"))
            case Z_MEM_ERROR:
                return .failure(.corruptCompressedData("out of memory"))
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(rc)"
                return .failure(.corruptCompressedData(message))
            }
        }
    }
}
