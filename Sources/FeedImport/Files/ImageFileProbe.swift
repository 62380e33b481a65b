import PlumageCore

/// Reads the pixel size of an image file from its header (PNG, JPEG, GIF, WebP, BMP) without decoding it.
enum ImageFileProbe {
    /// Bytes read first; a JPEG whose frame header lies further (big EXIF blocks) gets one longer read.
    static let headerPrefix = 64 * 1024
    /// The longest prefix ever read.
    static let maxPrefix = 1024 * 1024

    /// The displayed size (EXIF orientation applied) of the image at `path`, or nil when unreadable or not an image.
    static func size(ofImageAt path: String) -> PixelSize? {
        guard let fileSize = FileSystem.size(of: path) else { return nil }
        var limit = headerPrefix
        while true {
            guard let bytes = try? FileSystem.prefix(path, upTo: limit) else { return nil }
            switch ImageHeader.probe(bytes, fileSize: fileSize) {
            case .success(let info): return info.orientedSize
            case .failure(.truncated) where bytes.count < fileSize && limit < maxPrefix: limit = maxPrefix
            case .failure: return nil
            }
        }
    }
}
