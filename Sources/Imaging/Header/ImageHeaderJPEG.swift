/// JPEG marker walk (SOFn for dimensions) and the EXIF orientation tag in APP1.
extension ImageHeader {
    /// Walks marker segments from SOI to the first frame header; APP1 Exif before it sets orientation.
    static func probeJPEG(_ b: HeaderBytes) -> Result<ImageInfo, ImageError> {
        var i = 2
        var orientation = 1
        while true {
            guard let lead = b.u8(i) else { return .failure(.truncated) }
            guard lead == 0xFF else { return .failure(.corrupt("no marker at byte \(i)")) }
            i += 1
            while b.u8(i) == 0xFF { i += 1 }
            guard let marker = b.u8(i) else { return .failure(.truncated) }
            i += 1
            switch marker {
            case 0x01, 0xD0...0xD8: continue
            case 0xD9: return .failure(.corrupt("no frame header"))
            case 0xDA: return .failure(.corrupt("scan before frame header"))
            case 0x00: return .failure(.corrupt("stray 0xFF00 before frame header"))
            default: break
            }
            guard let length = b.be16(i) else { return .failure(.truncated) }
            guard length >= 2 else { return .failure(.corrupt("segment length \(length)")) }
            if marker == 0xE1, let tag = exifOrientation(b, segment: i + 2..<i + length) { orientation = tag }
            if isFrameHeader(marker) {
                guard let precision = b.u8(i + 2), let height = b.be16(i + 3), let width = b.be16(i + 5) else {
                    return .failure(.truncated)
                }
                if [0xC3, 0xC7, 0xCB, 0xCF].contains(marker) { return .failure(.unsupportedFormat("lossless JPEG")) }
                if precision != 8 { return .failure(.unsupportedFormat("\(precision)-bit JPEG")) }
                return sized(.jpeg, width, height, orientation: orientation)
            }
            i += length
        }
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isFrameHeader(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// Orientation 1…8 from an APP1 payload holding `Exif\0\0` + a TIFF header (either byte order),
    /// read from IFD0 tag 0x0112; nil when absent, malformed or cut off by the prefix.
    static func exifOrientation(_ b: HeaderBytes, segment: Range<Int>) -> Int? {
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
        guard b.u16(tiff + 2, bigEndian: bigEndian) == 42, let ifdOffset = b.u32(tiff + 4, bigEndian: bigEndian)
        else { return nil }
        let directory = tiff + ifdOffset
        guard directory + 2 <= end, let count = b.u16(directory, bigEndian: bigEndian) else { return nil }
        for k in 0..<count {
            let entry = directory + 2 + 12 * k
            guard entry + 12 <= end else { return nil }
            guard b.u16(entry, bigEndian: bigEndian) == 0x0112 else { continue }
            guard b.u16(entry + 2, bigEndian: bigEndian) == 3, let value = b.u16(entry + 8, bigEndian: bigEndian)
            else { return nil }
            return (1...8).contains(value) ? value : nil
        }
        return nil
    }
}
