import Archives
import Imaging
import PlumageCore

/// Reads what the header of an image file says (PNG, JPEG, GIF, WebP, BMP, TGA) without decoding it.
enum ImageFileProbe {
    /// The displayed size (EXIF orientation applied) of the image at `path`, or nil when unreadable or
    /// not an image; reads as much of the file as `ImageHeader.probe(fileSize:read:)` asks (as the viewer does).
    /// A member of a zip open in `archives` (`<zip>/<member>`) is decompressed only as far as the probe reads.
    static func size(ofImageAt path: String, archives: OpenArchives? = nil) -> PixelSize? {
        try? info(ofImageAt: path, archives: archives).get().orientedSize
    }

    /// The header of the image at `path` (format, size, orientation, date taken), or why it cannot
    /// be read; a member of a zip open in `archives` (`<zip>/<member>`) is read through it.
    static func info(ofImageAt path: String, archives: OpenArchives? = nil) -> Result<ImageInfo, ImageError> {
        if let archives, case .member = archives.locate(path) {
            guard let memberSize = archives.size(path: path) else { return .failure(.cannotRead("cannot examine the file")) }
            return ImageHeader.probe(fileSize: memberSize) { try? archives.readPrefix(path: path, count: $0) }
        }
        guard let fileSize = FileSystem.size(of: path) else { return .failure(.cannotRead("cannot examine the file")) }
        return ImageHeader.probe(fileSize: fileSize) { try? FileSystem.prefix(path, upTo: $0, regularOnly: true) }
    }
}
