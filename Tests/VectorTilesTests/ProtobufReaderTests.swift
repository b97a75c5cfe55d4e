import TestSupport
import Testing

@testable import VectorTiles

/// Runs `body` on a reader over `bytes`.
private func withReader<T>(_ bytes: [UInt8], _ body: (inout ProtobufReader) throws -> T) throws -> T {
    try bytes.withUnsafeBufferPointer { buffer in
        var reader = ProtobufReader(buffer)
        return try body(&reader)
    }
}

@Suite struct ProtobufReaderTests {
    @Test(
        arguments: [
            ([0x00], 0),
            ([0x01], 1),
            ([0x96, 0x01], 150),
            ([0xFF, 0xFF, 0xFF, 0xFF, 0x0F], UInt64(UInt32.max)),
            ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], UInt64.max),
            ([0x80, 0x80, 0x00], 0),  // non-minimal but valid
        ] as [([UInt8], UInt64)])
    func varints(bytes: [UInt8], expected: UInt64) throws {
        let (value, atEnd) = try withReader(bytes) { r in (try r.readVarint(), r.isAtEnd) }
        #expect(value == expected)
        #expect(atEnd)
    }

    @Test func truncatedVarintThrows() {
        #expect(throws: VectorTileError.truncated(offset: 0)) { try withReader([0x80]) { try $0.readVarint() } }
        #expect(throws: VectorTileError.truncated(offset: 0)) { try withReader([]) { try $0.readVarint() } }
        #expect(throws: VectorTileError.truncated(offset: 0)) {
            try withReader([0xFF, 0xFF, 0xFF]) { try $0.readVarint() }
        }
    }

    @Test func overlongVarintThrows() {
        let eleven = [UInt8](repeating: 0x80, count: 10) + [0x00]
        #expect(throws: VectorTileError.malformedVarint(offset: 0)) { try withReader(eleven) { try $0.readVarint() } }
        let tooWide: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]
        #expect(throws: VectorTileError.malformedVarint(offset: 0)) { try withReader(tooWide) { try $0.readVarint() } }
        #expect(throws: VectorTileError.malformedVarint(offset: 0)) {
            try withReader([0x80, 0x80, 0x80, 0x80, 0x10]) { try $0.readVarint32() }
        }
    }

    @Test func zigzag() {
        #expect(ProtobufReader.zigzagDecode(0) == 0)
        #expect(ProtobufReader.zigzagDecode(1) == -1)
        #expect(ProtobufReader.zigzagDecode(2) == 1)
        #expect(ProtobufReader.zigzagDecode(3) == -2)
        #expect(ProtobufReader.zigzagDecode(UInt64.max) == Int64.min)
        #expect(ProtobufReader.zigzagDecode(UInt64.max - 1) == Int64.max)
    }

    @Test func fixedWidthLittleEndian() throws {
        let bytes: [UInt8] = [0x78, 0x56, 0x34, 0x12, 1, 2, 3, 4, 5, 6, 7, 8]
        let (a, b) = try withReader(bytes) { r in (try r.readFixed32(), try r.readFixed64()) }
        #expect(a == 0x1234_5678)
        #expect(b == 0x0807_0605_0403_0201)
        #expect(throws: VectorTileError.truncated(offset: 0)) { try withReader([1, 2, 3]) { try $0.readFixed32() } }
        #expect(throws: VectorTileError.truncated(offset: 0)) { try withReader([1, 2, 3, 4]) { try $0.readFixed64() } }
    }

    @Test func lengthDelimitedMustFit() throws {
        let range = try withReader([0x03, 0x61, 0x62, 0x63]) { try $0.readLengthDelimited() }
        #expect(range == 1..<4)
        #expect(try withReader([0x03, 0x61, 0x62, 0x63]) { try $0.readString() } == "abc")
        #expect(throws: VectorTileError.truncated(offset: 0)) { try withReader([0x04, 0x61]) { try $0.readString() } }
        // A length near 2^64 must not overflow the bounds check.
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        #expect(throws: VectorTileError.truncated(offset: 0)) { try withReader(huge) { try $0.readLengthDelimited() } }
    }

    @Test func invalidUTF8IsRepairedNotRejected() throws {
        let text = try withReader([0x02, 0xC3, 0x28]) { try $0.readString() }
        #expect(text.unicodeScalars.first == "\u{FFFD}")
    }

    @Test func skipsUnknownFieldsOfEveryWireType() throws {
        var w = MVTWireWriter()
        w.varintField(9, 300)
        w.fixed64Field(10, 1)
        w.bytesField(11, [1, 2, 3])
        w.fixed32Field(12, 7)
        w.varintField(1, 42)
        let value: UInt64? = try withReader(w.bytes) { r in
            while let (field, wireType) = try r.readTag() {
                if field == 1 { return try r.readVarint() }
                try r.skip(wireType)
            }
            return nil
        }
        #expect(value == 42)
    }

    @Test func groupsAndBadKeysThrow() {
        // Field 1, wire type 3 (start group) and 6 (undefined).
        #expect(throws: VectorTileError.unsupportedWireType(3, offset: 0)) {
            try withReader([0x0B]) { try $0.readTag() }
        }
        #expect(throws: VectorTileError.unsupportedWireType(6, offset: 0)) {
            try withReader([0x0E]) { try $0.readTag() }
        }
        // Field number 0.
        #expect(throws: VectorTileError.invalidField(0, offset: 0)) {
            try withReader([0x02, 0x00]) { try $0.readTag() }
        }
    }

    @Test func packedVarintsStopAtTheirEnd() throws {
        // Packed field of 3 values followed by another field.
        let bytes: [UInt8] = [0x22, 0x03, 0x01, 0x96, 0x01, 0x08, 0x05]
        let values = try withReader(bytes) { r -> [UInt32] in
            var out: [UInt32] = []
            guard let (field, wireType) = try r.readTag() else { return out }
            try r.readPackedUInt32s(wireType, field: field, into: &out, tooWide: .missingLayerName)
            return out
        }
        #expect(values == [1, 150])
        // A varint crossing the end of the packed payload is truncated, not read beyond.
        let crossing: [UInt8] = [0x22, 0x01, 0x96, 0x01]
        #expect(throws: VectorTileError.truncated(offset: 2)) {
            try withReader(crossing) { r in
                let (field, wireType) = try #require(try r.readTag())
                var out: [UInt32] = []
                try r.readPackedUInt32s(wireType, field: field, into: &out, tooWide: .missingLayerName)
            }
        }
        // A value past 32 bits throws the error given; an unpacked field gives its one value.
        #expect(throws: VectorTileError.missingLayerName) {
            try withReader([0x22, 0x05, 0x80, 0x80, 0x80, 0x80, 0x10]) { r in
                let (field, wireType) = try #require(try r.readTag())
                var out: [UInt32] = []
                try r.readPackedUInt32s(wireType, field: field, into: &out, tooWide: .missingLayerName)
            }
        }
        let single = try withReader([0x20, 0x07]) { r -> [UInt32] in
            var out: [UInt32] = [3]
            guard let (field, wireType) = try r.readTag() else { return out }
            try r.readPackedUInt32s(wireType, field: field, into: &out, tooWide: .missingLayerName)
            return out
        }
        #expect(single == [3, 7])
    }
}
