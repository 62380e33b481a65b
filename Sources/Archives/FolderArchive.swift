import Glibc

/// An unpacked archive: a folder read in place, never written. Symbolic links are followed only
/// when they resolve inside the folder; hidden files (`.name`) are skipped.
public struct FolderArchive: ArchiveFiles {
    /// Absolute path of the folder as given (normalised).
    public let rootPath: String
    /// The folder with every symbolic link resolved, which every file read must stay under.
    private let realRoot: String
    /// Every regular file, relative, sorted.
    public let entries: [String]
    private let index: Set<String>

    /// Lists the folder at `path` (at most `maxEntries` files, `maxDepth` levels deep); throws
    /// `.missing` when it is not a folder.
    public init(path: String, maxEntries: Int = 2_000_000, maxDepth: Int = 32) throws(ArchiveError) {
        rootPath = ArchivePath.absolute(path)
        guard let real = ArchivePath.realPath(rootPath), ArchivePath.isDirectory(real) else {
            throw .missing(path)
        }
        realRoot = real
        var found: [String] = []
        Self.walk(real, relative: "", realRoot: real, depth: maxDepth, limit: maxEntries, into: &found)
        found.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        entries = found
        index = Set(found)
    }

    public func contains(_ relative: String) -> Bool { index.contains(relative) }

    public func size(of relative: String) -> Int? {
        guard index.contains(relative) else { return nil }
        var st = stat()
        return stat(rootPath + "/" + relative, &st) == 0 ? Int(st.st_size) : nil
    }

    public func read(_ relative: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        let full = realRoot + "/" + relative
        guard let real = ArchivePath.realPath(full) else { throw .missing(relative) }
        guard real.hasPrefix(realRoot + "/") else { throw .refused(relative) }
        return try ArchivePath.readRegularFile(real, name: relative, limit: limit)
    }

    /// Appends the regular files under `dir` (real path) to `found`, depth-first.
    private static func walk(
        _ dir: String, relative: String, realRoot: String, depth: Int, limit: Int, into found: inout [String]
    ) {
        guard depth > 0, let handle = opendir(dir) else { return }
        defer { closedir(handle) }
        while found.count < limit, let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let path = dir + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFREG:
                found.append(rel)
            case S_IFDIR:
                walk(path, relative: rel, realRoot: realRoot, depth: depth - 1, limit: limit, into: &found)
            case S_IFLNK:
                // Followed only inside the root; a link to a folder is not descended (no cycles).
                guard let target = ArchivePath.realPath(path), target.hasPrefix(realRoot + "/"),
                    ArchivePath.isRegularFile(target)
                else { continue }
                found.append(rel)
            default:
                continue
            }
        }
    }
}
