import Archives
import Imaging
import PlumageCore

/// Reads the pixel size of an image file from its header (PNG, JPEG, GIF, WebP, BMP, TGA) without decoding it.
enum ImageFileProbe {
    /// The displayed size (EXIF orientation applied) of the image at `path`, or nil when unreadable or
    /// not an image; reads as much of the file as `ImageHeader.probe(fileSize:read:)` asks (as the viewer does).
    /// A member of a zip (`<zip>/<member>`) is decompressed only as far as the probe reads.
    static func size(ofImageAt path: String) -> PixelSize? {
        if let fileSize = FileSystem.size(of: path) {
            let info = ImageHeader.probe(fileSize: fileSize) { try? FileSystem.prefix(path, upTo: $0) }
            return try? info.get().orientedSize
        }
        guard let memberSize = ArchivedFile.size(path: path) else { return nil }
        let info = ImageHeader.probe(fileSize: memberSize) { try? ArchivedFile.readPrefix(path: path, count: $0) }
        return try? info.get().orientedSize
    }
}
