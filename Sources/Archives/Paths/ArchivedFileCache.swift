import Locking

/// The process-wide memory of `ArchivedFile`: the last few zips opened (a zip's directory is read
/// once, not per photo) and the last few members read (the decoders probe a photo, then decode it,
/// perhaps twice). Least recently used first out; any thread.
final class ArchivedFileCache: Sendable {
    /// The one cache `ArchivedFile` uses.
    static let shared = ArchivedFileCache(zips: 4, bytes: 64 << 20)

    private struct State {
        /// Open zips by path, most recently used last.
        var zips: [(path: String, archive: ZipArchive)] = []
        /// Member bytes by full path and zip identity, most recently used last.
        var members: [(key: MemberKey, bytes: [UInt8])] = []
        var memberBytes = 0
    }

    private struct MemberKey: Hashable {
        let zip: FileIdentity
        let path: String
    }

    private let zipCapacity: Int
    private let byteCapacity: Int
    private let state = Locked(State())

    /// A cache holding at most `zips` open zips and `bytes` bytes of members.
    init(zips: Int, bytes: Int) { (zipCapacity, byteCapacity) = (zips, bytes) }

    /// The path of an open zip that `path` lies inside (`<zip>/…`), if any.
    func openZipPath(containing path: String) -> String? {
        state.withLock { state in
            state.zips.last { path.utf8.count > $0.path.utf8.count + 1 && path.hasPrefix($0.path + "/") }?.path
        }
    }

    /// The zip at `path` (the regular file `identity` describes), opened again when the file
    /// changed or was evicted; nil when it does not start with a zip signature. Zips opened here
    /// have no total cap: each read is capped by its caller.
    func archive(at path: String, identity: FileIdentity) throws(ArchiveError) -> ZipArchive? {
        let known = state.withLock { state -> ZipArchive? in
            guard let index = state.zips.firstIndex(where: { $0.path == path }) else { return nil }
            let entry = state.zips.remove(at: index)
            guard entry.archive.identity == identity else { return nil }
            state.zips.append(entry)
            return entry.archive
        }
        if let known { return known }
        guard ArchiveOpener.isZip(path: path) else { return nil }
        // Opened outside the lock: reading a large directory must not stall other readers.
        let archive = try ZipArchive(path: path, totalLimit: .max)
        state.withLock { state in
            state.zips.removeAll { $0.path == path }
            state.zips.append((path, archive))
            if state.zips.count > zipCapacity { state.zips.removeFirst() }
        }
        return archive
    }

    /// The bytes of `member` in `zip` (at most `limit`), from memory when read recently.
    func bytes(of member: String, in zip: ZipArchive, limit: Int) throws(ArchiveError) -> [UInt8] {
        let key = MemberKey(zip: zip.identity, path: zip.path(of: member))
        let known = state.withLock { state -> [UInt8]? in
            guard let index = state.members.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = state.members.remove(at: index)
            state.members.append(entry)
            return entry.bytes
        }
        if let known {
            guard known.count <= limit else { throw .tooLarge(member, limit: limit) }
            return known
        }
        let bytes = try zip.read(member, limit: limit)
        guard bytes.count <= byteCapacity / 2 else { return bytes }
        state.withLock { state in
            guard !state.members.contains(where: { $0.key == key }) else { return }
            state.members.append((key, bytes))
            state.memberBytes += bytes.count
            while state.memberBytes > byteCapacity {
                state.memberBytes -= state.members.removeFirst().bytes.count
            }
        }
        return bytes
    }
}
