import Glibc

extension OpenArchives {
    /// The whole file or member at `location`, at most `limit` bytes (checked before and while
    /// reading); a member read recently comes from memory. Throws `.missing(path)` when neither
    /// exists, `.cannotRead(path, …)` for something that is no regular file, the zip's errors for a member.
    public func read(_ location: ArchiveLocation, limit: Int) throws(ArchiveError) -> [UInt8] {
        switch try resolve(location) {
        case .file(let file):
            return try ArchivePath.readRegularFile(file, name: location.path, limit: limit)
        case .member(let zip, let name):
            return try members.bytes(of: name, in: zip, limit: limit)
        }
    }

    /// The first `count` bytes of the file or member at `location` (fewer when it is shorter),
    /// decompressing no more than needed: for header probes. Errors as `read`.
    public func readPrefix(_ location: ArchiveLocation, count: Int) throws(ArchiveError) -> [UInt8] {
        switch try resolve(location) {
        case .file(let file):
            let opened = try ReadOnlyFile(path: file)
            return try opened.bytes(at: 0, count: min(max(0, count), opened.size), name: location.path)
        case .member(let zip, let name):
            return try zip.readPrefix(name, count: count)
        }
    }

    /// The size in bytes of the regular file or zip member (uncompressed) at `location`, or nil.
    public func size(of location: ArchiveLocation) -> Int? {
        switch try? resolve(location) {
        case .file(let file)?:
            var status = stat()
            return stat(file, &status) == 0 ? Int(status.st_size) : nil
        case .member(let zip, let name)?:
            return zip.size(of: name)
        case nil:
            return nil
        }
    }

    /// True when `location` is a regular file or a member of a readable zip.
    public func isReadable(_ location: ArchiveLocation) -> Bool { size(of: location) != nil }

    /// Where `location`'s bytes are, opened: a regular file's path, or the zip (opened now when it
    /// is not open yet) and the member's name. Throws `.missing(path)` when there is nothing,
    /// `.cannotRead(path, …)` when the file is no regular file or cannot be examined.
    func resolve(_ location: ArchiveLocation) throws(ArchiveError) -> Resolved {
        let path = location.path
        switch location {
        case .file(let file):
            var status = stat()
            guard stat(file, &status) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { throw .missing(path) }
                throw .cannotRead(path, reason: String(cString: strerror(errno)))
            }
            guard status.st_mode & S_IFMT == S_IFREG else { throw .cannotRead(path, reason: "not a regular file") }
            return .file(file)
        case .member(let archive, let name):
            let zip: ZipArchive?
            do {
                zip = try self.zip(at: archive)
            } catch .missing {
                throw .missing(path)
            }
            guard let zip, zip.contains(name) else { throw .missing(path) }
            return .member(zip, name)
        }
    }

    /// A location resolved to what reads it.
    enum Resolved {
        /// A regular file on disk.
        case file(String)
        /// A member of an open zip.
        case member(ZipArchive, String)
    }
}
