import Imaging
import PlumageCore

/// Remembers which referenced files exist and their image sizes while one feed is read: big feeds
/// refer to the same avatars and photos thousands of times, and each look-up is a system call.
final class FileLookupCache {
    private var existing: [String: String?] = [:]
    private var sizes: [String: PixelSize?] = [:]

    /// `LocalPath.existingFile(reference, base:)`, asked once per reference.
    func existingFile(_ reference: String, base: String) -> String? {
        if let known = existing[reference] { return known }
        let path = LocalPath.existingFile(reference, base: base)
        existing[reference] = path
        return path
    }

    /// `ImageFileProbe.size(ofImageAt:)`, asked once per path.
    func imageSize(_ path: String) -> PixelSize? {
        if let known = sizes[path] { return known }
        let size = ImageFileProbe.size(ofImageAt: path)
        sizes[path] = size
        return size
    }
}
