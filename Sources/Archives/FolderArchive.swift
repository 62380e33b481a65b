import Glibc

/// An unpacked archive: a folder read in place, never written. Only the files listed when it was
/// opened can be read. Symbolic links are listed and read only when they resolve to a regular file
/// inside the folder (checked again on the opened descriptor, so a link swapped in later is
/// refused); links to folders are not descended; hidden files (`.name`) and names that are not
/// valid UTF-8 are skipped. Reading a name that is not listed says what is there instead
/// (`whyUnlisted`: a link leading out, a FIFO…), looked at only then, with `lstat`.
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
        entries = ArchivePath.sortedBytewise(found)
        index = Set(entries)
    }

    public func contains(_ relative: String) -> Bool { index.contains(relative) }

    public func size(of relative: String) -> Int? {
        guard index.contains(relative), let real = confinedRealPath(relative) else { return nil }
        var st = stat()
        return stat(real, &st) == 0 && st.st_mode & S_IFMT == S_IFREG ? Int(st.st_size) : nil
    }

    public func read(_ relative: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        guard index.contains(relative) else { throw whyUnlisted(relative) ?? .missing(relative) }
        guard let real = ArchivePath.realPath(realRoot + "/" + relative) else { throw .missing(relative) }
        guard ArchivePath.isInside(real, root: realRoot) else { throw .refused(relative) }
        return try ArchivePath.readRegularFile(real, name: relative, limit: limit, within: realRoot)
    }

    public func readChunks(
        _ relative: String, limit: Int, chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) throws(ArchiveError) {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        guard index.contains(relative) else { throw .missing(relative) }
        guard let real = ArchivePath.realPath(realRoot + "/" + relative) else { throw .missing(relative) }
        guard ArchivePath.isInside(real, root: realRoot) else { throw .refused(relative) }
        try ArchiveChunks.readFile(real, name: relative, limit: limit, within: realRoot, chunkSize: chunkSize, body)
    }

    public func readPrefix(_ relative: String, count: Int) throws(ArchiveError) -> [UInt8] {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        guard index.contains(relative) else { throw whyUnlisted(relative) ?? .missing(relative) }
        guard let real = confinedRealPath(relative) else { throw .refused(relative) }
        let file = try ReadOnlyFile(path: real)
        return try file.bytes(at: 0, count: max(0, min(count, file.size)), name: relative)
    }

    /// What is at `relative` when it is not listed, by `lstat` (never opened, so a FIFO cannot block):
    /// a link to nothing or leading outside the folder, a folder, a FIFO, a device or a socket; nil
    /// when nothing is there (or a regular file the listing passed over: hidden, too deep).
    public func whyUnlisted(_ relative: String) -> ArchiveError? {
        guard ArchivePath.isConfined(relative), !index.contains(relative) else { return nil }
        let path = realRoot + "/" + relative
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == EACCES ? .cannotRead(relative, reason: String(cString: strerror(errno))) : nil
        }
        guard let real = ArchivePath.realPath(path) else {
            return .notReadable(relative, what: errno == ELOOP ? "a link loop, not read" : "a link to nothing, not read")
        }
        guard ArchivePath.isInside(real, root: realRoot) else {
            return .notReadable(relative, what: "a link leading outside the archive, not read")
        }
        guard stat(real, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .notReadable(relative, what: "a folder, not a file")
        case S_IFIFO: return .notReadable(relative, what: "not a regular file (a FIFO)")
        case S_IFCHR, S_IFBLK: return .notReadable(relative, what: "not a regular file (a device)")
        case S_IFSOCK: return .notReadable(relative, what: "not a regular file (a socket)")
        default: return nil
        }
    }

    /// The real path of `relative` when it resolves inside the folder.
    private func confinedRealPath(_ relative: String) -> String? {
        guard let real = ArchivePath.realPath(realRoot + "/" + relative), ArchivePath.isInside(real, root: realRoot)
        else { return nil }
        return real
    }

    /// Appends the regular files under `dir` (real path) to `found`, depth-first.
    private static func walk(
        _ dir: String, relative: String, realRoot: String, depth: Int, limit: Int, into found: inout [String]
    ) {
        guard depth > 0, let handle = opendir(dir) else { return }
        defer { closedir(handle) }
        while found.count < limit, let entry = readdir(handle) {
            let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            // A name that is not UTF-8 could not be opened again from its String.
            guard let name = String(validating: raw, as: UTF8.self), !name.hasPrefix(".") else { continue }
            let path = (dir == "/" ? "" : dir) + "/" + name
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
                guard let target = ArchivePath.realPath(path), ArchivePath.isInside(target, root: realRoot),
                    ArchivePath.isRegularFile(target)
                else { continue }
                found.append(rel)
            default:
                continue
            }
        }
    }
}
