@testable import FeedImport
import Testing

/// CRC-32C against published check values (the CRC catalogue's "check", RFC 3720 appendix B.4).
@Suite struct CRC32CTests {
    @Test func theStandardCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)[...]) == 0xE306_9283)
        #expect(CRC32C.checksum([][...]) == 0)
    }

    // RFC 3720 (iSCSI) B.4: 32 bytes of zeros, of ones, ascending and descending; whole eight-byte steps.
    @Test func theISCSITestVectors() {
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)[...]) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)[...]) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }[...]) == 0x46DD_794E)
        #expect(CRC32C.checksum((0..<32).reversed().map { UInt8($0) }[...]) == 0x113F_DB5C)
    }

    @Test func aSliceIsChecksummedAlone() {
        let bytes = Array("xx123456789yy".utf8)
        #expect(CRC32C.checksum(bytes[2..<11]) == 0xE306_9283)
    }
}
