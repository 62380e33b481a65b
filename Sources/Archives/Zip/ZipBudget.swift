import Synchronization

/// The bytes decompressed from one zip so far, against a cap on the total (zip bombs, overlapping
/// members); shared by every reader of that zip, from any thread.
final class ZipBudget: Sendable {
    /// The zip's path, named when the total is exceeded.
    let archivePath: String
    /// Most bytes all reads together may produce.
    let limit: Int
    private let used = Atomic<Int>(0)

    /// A fresh budget of `limit` bytes for the zip at `archivePath`.
    init(archivePath: String, limit: Int) { (self.archivePath, self.limit) = (archivePath, limit) }

    /// Bytes produced so far.
    var spent: Int { used.load(ordering: .relaxed) }

    /// True when `count` more bytes still fit; they are counted either way.
    func spend(_ count: Int) -> Bool {
        used.wrappingAdd(count, ordering: .relaxed).newValue <= limit
    }

    /// True when `count` more bytes would still fit (nothing is counted).
    func allows(_ count: Int) -> Bool { count <= limit - spent }
}
