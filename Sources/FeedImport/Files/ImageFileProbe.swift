import Imaging
import PlumageCore

/// Reads the pixel size of an image file from its header (PNG, JPEG, GIF, WebP, BMP, TGA) without decoding it.
enum ImageFileProbe {
    /// The displayed size (EXIF orientation applied) of the image at `path`, or nil when unreadable or
    /// not an image; reads as much of the file as `ImageHeader.probe(fileSize:read:)` asks (as the viewer does).
    static func size(ofImageAt path: String) -> PixelSize? {
        guard let fileSize = FileSystem.size(of: path) else { return nil }
        let info = ImageHeader.probe(fileSize: fileSize) { try? FileSystem.prefix(path, upTo: $0) }
        return try? info.get().orientedSize
    }
}
