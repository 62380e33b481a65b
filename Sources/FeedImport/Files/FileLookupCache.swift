import Archives
import Imaging
import PlumageCore

/// Remembers which referenced files exist and their image sizes while one feed is read: big feeds
/// refer to the same avatars and photos thousands of times, and each look-up is a system call.
/// Only files in the feed's folder tree are found (`LocalPath.confined`); the references that lead
/// out of it are collected in `refused`.
final class FileLookupCache {
    /// The folder relative references resolve against, and outside which nothing is opened.
    let base: String
    /// `base` with every link resolved.
    private let realBase: String
    private var existing: [String: String?] = [:]
    private var sizes: [String: PixelSize?] = [:]
    /// The references found leading outside `base`, each once, in the order met.
    private(set) var refused: [String] = []

    /// A cache for references of a feed stored in the absolute folder `base`.
    init(base: String) {
        self.base = base
        realBase = ArchivePath.realPath(base) ?? base
    }

    /// The existing regular file `reference` names inside the feed's folder tree, asked once per
    /// reference; nil when missing, remote or outside the tree (then remembered in `refused`).
    func existingFile(_ reference: String) -> String? {
        if let known = existing[reference] { return known }
        var path: String?
        switch LocalPath.confined(reference, base: base, realBase: realBase) {
        case .file(let found): path = found
        case .outside: refused.append(reference)
        case .missing, nil: break
        }
        existing[reference] = path
        return path
    }

    /// The warning for `refused` (nil when none): how many, and the first few.
    var refusedWarning: String? {
        guard let first = refused.first else { return nil }
        let more = refused.count > 1 ? " and \(refused.count - 1) more" : ""
        return "\(MessageText.clipped(base)): \(refused.count) media or avatar paths lead outside the feed's folder and were not opened: "
            + MessageText.clipped(first) + more
    }

    /// `ImageFileProbe.size(ofImageAt:)`, asked once per path.
    func imageSize(_ path: String) -> PixelSize? {
        if let known = sizes[path] { return known }
        let size = ImageFileProbe.size(ofImageAt: path)
        sizes[path] = size
        return size
    }
}
