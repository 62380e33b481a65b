import Imaging
import PlumageCore

/// Reads what the header of an image file says (PNG, JPEG, GIF, WebP, BMP, TGA) without decoding it.
enum ImageFileProbe {
    /// The displayed size (EXIF orientation applied) of the image file at `path`, or nil when
    /// unreadable or not an image; reads as much of the file as `ImageHeader.probe(fileSize:read:)`
    /// asks (as the viewer does).
    static func size(ofImageAt path: String) -> PixelSize? {
        try? info(ofImageAt: path).get().orientedSize
    }

    /// The header of the image file at `path` (format, size, orientation, date taken), or why it
    /// cannot be read.
    static func info(ofImageAt path: String) -> Result<ImageInfo, ImageError> {
        guard let fileSize = FileSystem.size(of: path) else { return .failure(.cannotRead("cannot examine the file")) }
        return ImageHeader.probe(fileSize: fileSize) { try? FileSystem.prefix(path, upTo: $0, regularOnly: true) }
    }
}
