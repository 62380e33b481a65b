import Locking

/// The member readers that prefix reads of one zip left part-way, so the whole read that follows
/// (the window's preview reads the first MB of `tweets.js`, then the background load reads all of
/// it) goes on from where the prefix stopped instead of inflating it again. Shared by every view of
/// the zip (`ZipArchive.withTotalLimit`); at most `capacity` readers are kept, the oldest dropped.
final class ZipParking: Sendable {
    /// A prefix read's bytes and the reader positioned just after them.
    struct Parked {
        /// The member's name.
        let name: String
        /// The bytes the prefix read produced (the member's first `bytes.count`).
        let bytes: [UInt8]
        /// The reader, which produces the member's next byte on its next read.
        let reader: ZipMemberReader
    }

    /// Prefix reads shorter than this (an image's header probe) park nothing.
    static let threshold = 256 << 10
    /// How many parked readers are kept.
    static let capacity = 2

    // A reader belongs to one thread at a time: it is parked by one and taken whole by the next.
    private let parked = Locked<[Parked]>([])

    /// Keeps `entry`, replacing one of the same name and dropping the oldest beyond `capacity`.
    func park(_ entry: Parked) {
        parked.withLock { parked in
            parked.removeAll { $0.name == entry.name }
            parked.append(entry)
            if parked.count > Self.capacity { parked.removeFirst() }
        }
    }

    /// The bytes parked for `name` (the reader stays parked), or nil.
    func bytes(of name: String) -> [UInt8]? {
        parked.withLock { parked in parked.first { $0.name == name }?.bytes }
    }

    /// Removes and returns what is parked for `name`, or nil.
    func take(_ name: String) -> Parked? {
        parked.withLock { parked in
            guard let index = parked.firstIndex(where: { $0.name == name }) else { return nil }
            return parked.remove(at: index)
        }
    }
}
