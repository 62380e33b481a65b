import Locking

/// The members an `OpenArchives` read recently, kept whole up to a byte cap (the image decoders
/// probe a photo, then decode it, perhaps twice: it is inflated once). Least recently used first
/// out; a member larger than half the cap is never kept. Any thread.
final class MemberCache: Sendable {
    private struct Key: Hashable {
        let zip: FileIdentity
        let path: String
    }

    private struct State {
        /// Member bytes, most recently used last.
        var members: [(key: Key, bytes: [UInt8])] = []
        var bytes = 0
    }

    /// Most bytes held at once.
    let byteCapacity: Int
    private let state = Locked(State())

    /// A cache holding at most `bytes` bytes of members.
    init(bytes: Int) { byteCapacity = bytes }

    /// Bytes held now (at most `byteCapacity`).
    var heldBytes: Int { state.withLock { $0.bytes } }

    /// The bytes of `member` in `zip` (at most `limit`), from memory when read recently.
    func bytes(of member: String, in zip: ZipArchive, limit: Int) throws(ArchiveError) -> [UInt8] {
        let key = Key(zip: zip.identity, path: zip.path(of: member))
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
            state.bytes += bytes.count
            while state.bytes > byteCapacity {
                state.bytes -= state.members.removeFirst().bytes.count
            }
        }
        return bytes
    }
}
