import Archives
import Foundation
import PlumageCore
import Synchronization

/// One folder's entries through `opendir`/`readdir` (the kind of most entries comes with the name,
/// so only photos and links cost a `stat`): what the place scan is made of.
enum FolderListing {
    /// What an entry is, for the scan.
    enum Kind {
        /// A folder (never a link to one).
        case folder
        /// A regular file, or a link to one, with its modification time.
        case file(modified: Timestamp)
    }

    /// Which folder a listing was of, as the file system knows it (device and inode).
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Lists the sub-folders of the folder at `path` and its files whose names pass `files` (only
    /// those are examined), skipping hidden entries (".name"), links to folders, links leading
    /// outside the real folder `root` (a link to `/etc/shadow` is no photo) and anything that is
    /// neither a folder nor a regular file; `body` returns false to stop. Nil when the folder
    /// cannot be opened (it does not exist, is not a folder, or may not be read).
    static func forEach(in path: String, root: String, files: (String) -> Bool, _ body: (String, Kind) -> Bool) -> Identity? {
        var seen = Set<Identity>()
        return forEach(in: path, root: root, files: files, seen: &seen, opening: { opendir($0) }, body)
    }

    /// The same, also nil (and nothing listed) when the folder is in `seen`, to which it is added;
    /// folders are opened with `opening` (`opendir`, or a test's stand-in failing with `errno` set).
    static func forEach(in path: String, root: String, files: (String) -> Bool, seen: inout Set<Identity>,
                        opening: (String) -> OpaquePointer?, _ body: (String, Kind) -> Bool) -> Identity? {
        guard let dir = opening(path) else { return nil }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        guard seen.insert(identity).inserted else { return nil }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(".") { continue }
            let type = entry.pointee.d_type
            if type == DT_DIR {
                if !body(name, .folder) { break }
                continue
            }
            if type != DT_REG && type != DT_LNK && type != DT_UNKNOWN { continue }
            if type != DT_UNKNOWN && !files(name) { continue }
            // Links are followed to what they name; an entry of unknown type is looked at as it is first.
            var st = stat()
            guard fstatat(fd, name, &st, type == DT_UNKNOWN ? AT_SYMLINK_NOFOLLOW : 0) == 0 else { continue }
            var isLink = type == DT_LNK
            if type == DT_UNKNOWN && st.st_mode & S_IFMT == S_IFLNK {
                guard fstatat(fd, name, &st, 0) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
                isLink = true
            }
            // A link is followed only to a file under the root, as folder links are never followed out.
            if isLink && st.st_mode & S_IFMT == S_IFREG {
                guard let target = ArchivePath.realPath(path + "/" + name), ArchivePath.isInside(target, root: root)
                else { continue }
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR where type == DT_UNKNOWN:
                if !body(name, .folder) { return identity }
            case S_IFREG where type != DT_UNKNOWN || files(name):
                if !body(name, .file(modified: Timestamp(seconds: Int64(st.st_mtim.tv_sec)))) { return identity }
            default:
                continue
            }
        }
        return identity
    }
}

/// A flag a background job checks to stop early (a scan replaced by a reload, headers of a place
/// that was closed); set from any thread.
public final class ScanCancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    /// A flag not yet set.
    public init() {}
    /// Asks the job to stop.
    public func cancel() { flag.store(true, ordering: .relaxed) }
    /// True once `cancel()` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
