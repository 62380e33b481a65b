import Glibc
import Locking

/// The archives one program has opened, each opened once and shared by everyone who reads from it:
/// source detection, the loader (data files, media look-ups) and the image decoders (members named
/// by an `ArchiveLocation`). Created by whoever composes the program (`plumage`'s `Startup`) and
/// passed to those readers; nothing is process-wide.
///
/// A zip's central directory is read once per opened file: it is read again only when the file at
/// that path changed (another device, inode, size or time) or after it was dropped for a newer one
/// (at most `zipCapacity` zips are kept). Folders are listed afresh by each `open`. Recently read
/// members are kept up to a byte cap (`MemberCache`). Any thread.
public final class OpenArchives: Sendable {
    private struct State {
        /// Open zips by absolute path, most recently used last.
        var zips: [(path: String, archive: ZipArchive)] = []
        /// Central directories read so far.
        var directoriesRead = 0
    }

    /// Most zips kept open at once.
    public let zipCapacity: Int
    private let state = Locked(State())
    /// Held while a zip's directory is read, so two threads asking for the same new zip read it once.
    private let opening = Locked(())
    /// Recently read members, up to the registry's byte cap.
    let members: MemberCache

    /// A registry keeping at most `zips` zips open and `memberBytes` bytes of recently read members.
    public init(zips: Int = 8, memberBytes: Int = 64 << 20) {
        zipCapacity = max(1, zips)
        members = MemberCache(bytes: memberBytes)
    }

    /// How many central directories this registry has read: one per zip file opened.
    public var directoriesRead: Int { state.withLock { $0.directoriesRead } }

    /// Bytes of members held in memory now (at most the `memberBytes` the registry was made with).
    public var cachedMemberBytes: Int { members.heldBytes }

    /// The archive at `path`, judged by content, never by name: a folder is listed as a
    /// `FolderArchive`; a regular file starting with a zip signature is the shared `ZipArchive` (its
    /// directory read at most once) seen through a fresh total budget of `totalLimit` bytes; anything
    /// else is refused saying why (`not a zip archive (empty file)`, `(no zip signature)`, `not a
    /// folder or a zip archive`). Throws `.cannotRead(path, …)` when it does not exist or cannot be
    /// read, the zip's own errors otherwise.
    public func open(path: String, totalLimit: Int = ArchiveLimits.totalData) throws(ArchiveError) -> any ArchiveFiles {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .cannotRead(path, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return try FolderArchive(path: path)
        case S_IFREG:
            if let zip = try zip(at: path) { return zip.withTotalLimit(totalLimit) }
            let detail = status.st_size == 0 ? "empty file" : "no zip signature"
            throw .cannotRead(path, reason: "not a zip archive (\(detail))")
        default:
            throw .cannotRead(path, reason: ArchiveOpener.notAnArchiveReason)
        }
    }

    /// The shared zip at `path` (no total cap: each read is capped by its caller), opened now when
    /// it is not open yet or the file changed since; nil when `path` is no regular file starting
    /// with a zip signature. Throws `.missing(path)` when nothing is there, the zip's errors when it
    /// cannot be read as one.
    public func zip(at path: String) throws(ArchiveError) -> ZipArchive? {
        let absolute = ArchivePath.absolute(path)
        var status = stat()
        guard stat(absolute, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing(path) }
            throw .cannotRead(path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return nil }
        let identity = FileIdentity(status)
        if let known = openZip(absolute, identity: identity) { return known }
        let opened = opening.withLock { _ -> Result<ZipArchive?, ArchiveError> in
            // Another thread may have opened it while this one waited.
            if let known = openZip(absolute, identity: identity) { return .success(known) }
            guard ArchiveOpener.isZip(path: absolute) else { return .success(nil) }
            let archive: ZipArchive
            do throws(ArchiveError) {
                archive = try ZipArchive(path: absolute, totalLimit: .max)
            } catch {
                return .failure(error)
            }
            state.withLock { state in
                state.directoriesRead += 1
                state.zips.removeAll { $0.path == absolute }
                state.zips.append((absolute, archive))
                if state.zips.count > zipCapacity { state.zips.removeFirst() }
            }
            return .success(archive)
        }
        return try opened.get()
    }

    /// The open zip at `path` when it is still the file `identity` describes (marked most recently
    /// used); nil when not open or changed.
    private func openZip(_ path: String, identity: FileIdentity) -> ZipArchive? {
        state.withLock { state -> ZipArchive? in
            guard let index = state.zips.firstIndex(where: { $0.path == path }),
                state.zips[index].archive.identity == identity
            else { return nil }
            let entry = state.zips.remove(at: index)
            state.zips.append(entry)
            return entry.archive
        }
    }
}
