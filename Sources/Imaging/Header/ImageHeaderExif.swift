/// The EXIF fields the viewer uses, read from a JPEG's APP1 payload (`Exif\0\0` + a TIFF header in
/// either byte order): IFD0's orientation (tag 0x0112) and, through IFD0's Exif sub-IFD pointer
/// (0x8769), DateTimeOriginal (0x9003). One walk of the TIFF directories serves both.

/// A calendar date and time as a camera writes it (EXIF "YYYY:MM:DD HH:MM:SS"): the clock of the
/// place it was taken, with no time zone.
public struct ExifDateTime: Hashable, Sendable, CustomStringConvertible {
    /// Year 1…9999, month 1…12, day 1…31, hour 0…23, minute and second 0…59.
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    /// Creates a date from fields already known to be in range.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year; self.month = month; self.day = day; self.hour = hour; self.minute = minute; self.second = second
    }

    /// Parses EXIF's 19 characters "YYYY:MM:DD HH:MM:SS" (any of ':', '-', '/' between date fields,
    /// trailing NULs or spaces ignored); nil for blanks, "0000:00:00 00:00:00" (cameras write it
    /// when the clock was never set) and fields out of range.
    public init?(exif bytes: some Collection<UInt8>) {
        let chars = Array(bytes.prefix(19))
        guard chars.count == 19, [4, 7].allSatisfy({ [0x3A, 0x2D, 0x2F].contains(chars[$0]) }), chars[10] == 0x20,
              chars[13] == 0x3A, chars[16] == 0x3A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for c in chars[range] {
                guard (0x30...0x39).contains(c) else { return nil }
                value = value * 10 + Int(c - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              year >= 1, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: min(59, second))
    }

    /// "2021:03:12 14:05:00", as EXIF writes it.
    public var description: String {
        func p(_ v: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(v).count)) + String(v) }
        return "\(p(year, 4)):\(p(month, 2)):\(p(day, 2)) \(p(hour, 2)):\(p(minute, 2)):\(p(second, 2))"
    }
}

/// What the EXIF block of a JPEG says, field by field (nil = absent or unreadable).
struct ExifFields: Hashable, Sendable {
    /// Orientation 1…8 from IFD0.
    var orientation: Int?
    /// DateTimeOriginal from the Exif sub-IFD.
    var taken: ExifDateTime?
}

extension ImageHeader {
    /// The EXIF fields of an APP1 payload in `segment`; nil when it is no Exif block or its TIFF
    /// header is malformed. Fields cut off by the prefix or malformed are left nil, one by one.
    static func exifFields(_ b: HeaderBytes, segment: Range<Int>) -> ExifFields? {
        let end = min(segment.upperBound, b.count)
        guard b.matches(Array("Exif".utf8) + [0, 0], at: segment.lowerBound) else { return nil }
        let tiff = segment.lowerBound + 6
        let bigEndian: Bool
        if b.matches(Array("MM".utf8), at: tiff) {
            bigEndian = true
        } else if b.matches(Array("II".utf8), at: tiff) {
            bigEndian = false
        } else {
            return nil
        }
        guard b.u16(tiff + 2, bigEndian: bigEndian) == 42, let ifd0 = b.u32(tiff + 4, bigEndian: bigEndian) else {
            return nil
        }
        let directory = TIFFDirectory(bytes: b, tiff: tiff, end: end, bigEndian: bigEndian)
        var fields = ExifFields()
        var exifIFD: Int?
        directory.forEachEntry(at: ifd0) { tag, type, count, valueAt in
            switch tag {
            case 0x0112 where type == 3:
                if let value = b.u16(valueAt, bigEndian: bigEndian), (1...8).contains(value) { fields.orientation = value }
            case 0x8769 where (type == 4 || type == 13) && count == 1:
                exifIFD = b.u32(valueAt, bigEndian: bigEndian)
            default:
                break
            }
        }
        // The sub-IFD must lie after the TIFF header; a pointer back to IFD0 would only re-read it.
        if let exifIFD, exifIFD >= 8, exifIFD != ifd0 {
            directory.forEachEntry(at: exifIFD) { tag, type, count, valueAt in
                guard tag == 0x9003, type == 2, count >= 19 else { return }
                // 20 bytes do not fit in the entry: its value field holds their offset from the TIFF header.
                guard let offset = b.u32(valueAt, bigEndian: bigEndian), tiff + offset + 19 <= end else { return }
                fields.taken = ExifDateTime(exif: b.bytes[(tiff + offset)..<(tiff + offset + 19)])
            }
        }
        return fields
    }
}

/// The entries of one TIFF image file directory inside a prefix, read bounds-checked.
private struct TIFFDirectory {
    /// The prefix holding the EXIF block.
    let bytes: HeaderBytes
    /// Offset of the TIFF header in `bytes` (IFD offsets count from it).
    let tiff: Int
    /// End of the APP1 segment, or of the prefix when that comes first.
    let end: Int
    /// The TIFF header's byte order.
    let bigEndian: Bool

    /// Calls `body(tag, type, count, valueAt)` for each 12-byte entry of the directory at `offset`
    /// (from the TIFF header) that lies inside the segment, at most 512 of them; `valueAt` is where
    /// the entry's value (or the offset of its value) is.
    func forEachEntry(at offset: Int, _ body: (_ tag: Int, _ type: Int, _ count: Int, _ valueAt: Int) -> Void) {
        let start = tiff + offset
        guard offset >= 8, start + 2 <= end, let count = bytes.u16(start, bigEndian: bigEndian) else { return }
        for k in 0..<min(count, 512) {
            let entry = start + 2 + 12 * k
            guard entry + 12 <= end, let tag = bytes.u16(entry, bigEndian: bigEndian),
                  let type = bytes.u16(entry + 2, bigEndian: bigEndian),
                  let n = bytes.u32(entry + 4, bigEndian: bigEndian) else { return }
            body(tag, type, n, entry + 8)
        }
    }
}
