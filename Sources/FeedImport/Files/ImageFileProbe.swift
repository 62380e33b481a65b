import Archives
import Imaging
import PlumageCore

/// Reads what the header of an image file says (PNG, JPEG, GIF, WebP, BMP, TGA) without decoding it.
enum ImageFileProbe {
    /// The displayed size (EXIF orientation applied) of the image at `path`, or nil when unreadable or
    /// not an image; reads as much of the file as `ImageHeader.probe(fileSize:read:)` asks (as the viewer does).
    /// A member of a zip (`<zip>/<member>`) is decompressed only as far as the probe reads.
    static func size(ofImageAt path: String) -> PixelSize? {
        try? info(ofImageAt: path).get().orientedSize
    }

    /// The header of the image at `path` (format, size, orientation, date taken), or why it cannot
    /// be read; a member of a zip (`<zip>/<member>`) is read through `ArchivedFile`.
    static func info(ofImageAt path: String) -> Result<ImageInfo, ImageError> {
        if let fileSize = FileSystem.size(of: path) {
            return ImageHeader.probe(fileSize: fileSize) { try? FileSystem.prefix(path, upTo: $0, regularOnly: true) }
        }
        guard let memberSize = ArchivedFile.size(path: path) else { return .failure(.cannotRead("cannot examine the file")) }
        return ImageHeader.probe(fileSize: memberSize) { try? ArchivedFile.readPrefix(path: path, count: $0) }
    }
}
