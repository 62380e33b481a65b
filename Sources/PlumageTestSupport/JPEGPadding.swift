/// Builders for JPEG files whose frame header lies far into the file, as behind a camera's big EXIF,
/// ICC or XMP blocks.
public enum JPEGPadding {
    /// `jpeg` (starting with SOI) with APP1 segments holding `bytes` bytes in all inserted right
    /// after SOI: each segment as long as a marker segment can be (65,535 bytes incl. its length
    /// field), the last one shorter. Decoders skip them; the frame header moves back by about `bytes`.
    public static func padded(_ jpeg: [UInt8], appBytes bytes: Int) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]), "not a JPEG")
        var segments: [UInt8] = []
        var left = bytes
        while left > 0 {
            let payload = min(left, 65_533)
            let length = payload + 2
            segments += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
            segments += [UInt8](repeating: 0x58, count: payload)
            left -= payload
        }
        return [0xFF, 0xD8] + segments + jpeg.dropFirst(2)
    }
}
