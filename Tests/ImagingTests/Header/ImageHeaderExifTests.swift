import Imaging
import Testing

/// An APP1 Exif block laid out by hand: TIFF header (8 bytes), IFD0 at 8 with the given entries,
/// then whatever `tail` holds at the offsets the entries name.
private struct ExifBlock {
    var bigEndian: Bool
    func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 255), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8 & 255)] }
    func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
    /// One 12-byte IFD entry: tag, type, count, value (a 16-bit value sits in the first two bytes).
    func entry(_ tag: Int, type: Int, count: Int, value: [UInt8]) -> [UInt8] {
        u16(tag) + u16(type) + u32(count) + (value + [0, 0, 0, 0]).prefix(4)
    }
    /// A directory of `entries` with no next directory.
    func ifd(_ entries: [[UInt8]]) -> [UInt8] { u16(entries.count) + entries.flatMap { $0 } + u32(0) }
    /// The APP1 segment holding the TIFF header and `body` (which starts at TIFF offset 8).
    func segment(_ body: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8) + body
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 255)] + payload
    }

    /// IFD0 with orientation `orientation` and a pointer to an Exif IFD holding DateTimeOriginal `date`.
    func withDate(_ date: String, orientation: Int = 1) -> [UInt8] {
        // IFD0: 2 + 2·12 + 4 = 30 bytes at 8 → the Exif IFD at 38: 2 + 12 + 4 = 18 bytes → the string at 56.
        let ifd0 = ifd([entry(0x0112, type: 3, count: 1, value: u16(orientation)),
                        entry(0x8769, type: 4, count: 1, value: u32(38))])
        let exif = ifd([entry(0x9003, type: 2, count: 20, value: u32(56))])
        return segment(ifd0 + exif + Array(date.utf8) + [0])
    }
}

private let sof: [UInt8] = [0xFF, 0xC0, 0, 17, 8, 0, 50, 0, 100, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]

private func probeJPEG(_ app1: [UInt8]) -> ImageInfo? {
    try? ImageHeader.probe([0xFF, 0xD8] + app1 + sof + [0xFF, 0xD9], fileSize: app1.count + sof.count + 4).get()
}

@Suite struct ImageHeaderExifTests {
    @Test(arguments: [false, true]) func dateTimeOriginalInEitherByteOrder(bigEndian: Bool) throws {
        let info = try #require(probeJPEG(ExifBlock(bigEndian: bigEndian).withDate("2021:03:12 14:05:09", orientation: 6)))
        #expect(info.taken == ExifDateTime(year: 2021, month: 3, day: 12, hour: 14, minute: 5, second: 9))
        #expect(info.orientation == 6)
        #expect(info.orientedSize == PixelSize(width: 50, height: 100))
    }

    @Test func unsetAndMalformedDatesAreNoDate() throws {
        let block = ExifBlock(bigEndian: true)
        for date in ["0000:00:00 00:00:00", "                   ", "2021:13:12 14:05:09", "2021:03:12T14:05:09",
                     "2021:03:1x 14:05:09"] {
            let info = try #require(probeJPEG(block.withDate(date, orientation: 3)))
            #expect(info.taken == nil, "\(date)")
            #expect(info.orientation == 3, "the orientation survives a bad date")
        }
    }

    @Test func aDateOutsideTheSegmentOrAPointerLoopIsNoDate() throws {
        let block = ExifBlock(bigEndian: false)
        // The string's offset points past the end of the segment.
        let far = block.segment(block.ifd([block.entry(0x8769, type: 4, count: 1, value: block.u32(26))])
                                + block.ifd([block.entry(0x9003, type: 2, count: 20, value: block.u32(4000))]))
        #expect(try #require(probeJPEG(far)).taken == nil)
        // The Exif IFD pointer names IFD0 itself.
        let loop = block.segment(block.ifd([block.entry(0x8769, type: 4, count: 1, value: block.u32(8))]))
        #expect(try #require(probeJPEG(loop)).taken == nil)
        // No Exif IFD at all: the plain block of a phone that strips dates.
        let plain = block.segment(block.ifd([block.entry(0x0112, type: 3, count: 1, value: block.u16(8))]))
        let info = try #require(probeJPEG(plain))
        #expect(info.taken == nil)
        #expect(info.orientation == 8)
    }

    @Test func exifDateTimeParsesTheCamerasFormat() {
        #expect(ExifDateTime(exif: Array("2004:02:29 23:59:59".utf8)) == ExifDateTime(year: 2004, month: 2, day: 29,
                                                                                       hour: 23, minute: 59, second: 59))
        #expect(ExifDateTime(exif: Array("2004-02-29 07:00:00\0".utf8))?.description == "2004:02:29 07:00:00")
        #expect(ExifDateTime(exif: Array("2004:02:29 24:00:00".utf8)) == nil)
        #expect(ExifDateTime(exif: Array("2004:02:29".utf8)) == nil)
    }
}
