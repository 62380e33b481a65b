/// JPEG marker walk (SOFn for dimensions) and the EXIF fields in APP1 (see `ImageHeaderExif.swift`).
extension ImageHeader {
    /// Walks marker segments from SOI to the first frame header; APP1 Exif before it sets the
    /// orientation and the date the photo was taken.
    static func probeJPEG(_ b: HeaderBytes) -> Result<ImageInfo, ImageError> {
        var i = 2
        var exif = ExifFields()
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
            if marker == 0xE1, let fields = exifFields(b, segment: i + 2..<i + length) { exif = fields }
            if isFrameHeader(marker) {
                guard let precision = b.u8(i + 2), let height = b.be16(i + 3), let width = b.be16(i + 5) else {
                    return .failure(.truncated)
                }
                if [0xC3, 0xC7, 0xCB, 0xCF].contains(marker) { return .failure(.unsupportedFormat("lossless JPEG")) }
                if precision != 8 { return .failure(.unsupportedFormat("\(precision)-bit JPEG")) }
                return sized(.jpeg, width, height, orientation: exif.orientation ?? 1).map {
                    var info = $0
                    info.taken = exif.taken
                    return info
                }
            }
            i += length
        }
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isFrameHeader(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}
