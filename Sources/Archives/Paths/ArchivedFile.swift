import Glibc

/// Reads a file the rest of the program knows by path, whether it is a plain file or a member of a
/// zip named `<absolute zip path>/<member name>` (what `ZipArchive.path(of:)` returns).
///
/// A path that is a regular file is read as one. Otherwise its components are walked upwards to the
/// first one that exists: when that is a regular file starting with a zip signature, the rest of
/// the path names the member. Opened zips and recently read members are cached process-wide
/// (`ArchivedFileCache`), so the image decoders' repeated reads of one photo inflate it once.
public enum ArchivedFile {
    /// Where a path's bytes live.
    enum Location {
        /// A regular file on disk.
        case plain
        /// A member of a zip.
        case member(ZipArchive, String)
    }

    /// The whole file or member at `path`, at most `limit` bytes (checked before and while reading).
    /// Throws `.missing(path)` when neither exists, the zip's errors for a member.
    public static func read(path: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        switch try locate(path) {
        case .plain:
            return try ArchivePath.readRegularFile(path, name: path, limit: limit)
        case .member(let zip, let member):
            return try ArchivedFileCache.shared.bytes(of: member, in: zip, limit: limit)
        }
    }

    /// The first `count` bytes of the file or member at `path` (fewer when it is shorter),
    /// decompressing no more than needed: for header probes.
    public static func readPrefix(path: String, count: Int) throws(ArchiveError) -> [UInt8] {
        switch try locate(path) {
        case .plain:
            let file = try ReadOnlyFile(path: path)
            return try file.bytes(at: 0, count: min(count, file.size), name: path)
        case .member(let zip, let member):
            return try zip.readPrefix(member, count: count)
        }
    }

    /// True when `path` is a regular file or a member of a zip.
    public static func isReadable(path: String) -> Bool { size(path: path) != nil }

    /// The size in bytes of the regular file or zip member at `path` (uncompressed), or nil.
    public static func size(path: String) -> Int? {
        switch try? locate(path) {
        case .plain?:
            var status = stat()
            return stat(path, &status) == 0 ? Int(status.st_size) : nil
        case .member(let zip, let member)?:
            return zip.size(of: member)
        case nil:
            return nil
        }
    }

    /// The zip file and member name `path` names, or nil when it is a plain file or nothing.
    public static func zipMember(of path: String) -> (zip: String, member: String)? {
        guard case .member(let zip, let member)? = try? locate(path) else { return nil }
        return (zip.rootPath, member)
    }

    /// Where `path`'s bytes live; throws `.missing(path)` when nowhere, `.cannotRead` for a path that
    /// exists but is not a regular file, or that cannot be examined.
    static func locate(_ path: String) throws(ArchiveError) -> Location {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else { throw .cannotRead(path, reason: "not a regular file") }
            return .plain
        }
        guard errno == ENOENT || errno == ENOTDIR else {
            throw .cannotRead(path, reason: String(cString: strerror(errno)))
        }
        let cache = ArchivedFileCache.shared
        // Most paths lie in a zip opened before: one stat instead of one per component.
        if let zipPath = cache.openZipPath(containing: path), stat(zipPath, &status) == 0,
            status.st_mode & S_IFMT == S_IFREG,
            let zip = try cache.archive(at: zipPath, identity: FileIdentity(status))
        {
            let name = String(path.utf8.dropFirst(zipPath.utf8.count + 1))!
            guard zip.contains(name) else { throw .missing(path) }
            return .member(zip, name)
        }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var member: [Substring] = []
        while parts.count > 1 {
            member.insert(parts.removeLast(), at: 0)
            let candidate = parts.joined(separator: "/")
            guard !candidate.isEmpty else { break }
            if stat(candidate, &status) != 0 {
                if errno == ENOENT || errno == ENOTDIR { continue }
                break
            }
            guard status.st_mode & S_IFMT == S_IFREG,
                let zip = try cache.archive(at: candidate, identity: FileIdentity(status))
            else { break }
            let name = member.joined(separator: "/")
            guard zip.contains(name) else { break }
            return .member(zip, name)
        }
        throw .missing(path)
    }
}
