/// Why a file in an archive could not be read; `description` is the reason shown after the path.
public enum ArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No such file in the archive (or no such archive).
    case missing(String)
    /// The name leaves the archive's root (`..`, absolute, a link pointing out): never read.
    case refused(String)
    /// The file holds more than the cap allows.
    case tooLarge(String, limit: Int)
    /// The reads of one zip together would decompress more than its total cap (`ArchiveLimits.totalData`):
    /// a zip bomb, or members overlapping to look larger; the name is the zip's path.
    case totalExceeded(String, limit: Int)
    /// An I/O or decompression error, with the system's or the decoder's reason.
    case cannotRead(String, reason: String)
    /// Something is at that name but is not read: a link leading outside the archive or to nothing,
    /// a folder, a FIFO, a device or a socket; `what` says which (`not a regular file (a FIFO)`).
    case notReadable(String, what: String)

    /// `data/tweets.js: …` — the entry's name and what went wrong.
    public var description: String {
        switch self {
        case .missing(let name): "\(name): no such file in the archive"
        case .refused(let name): "\(name): refused: the name leads outside the archive"
        case .tooLarge(let name, let limit): "\(name): larger than \(ArchiveLimits.describe(bytes: limit)), not read"
        case .totalExceeded(let name, let limit):
            "\(name): more than \(ArchiveLimits.describe(bytes: limit)) decompressed from its members in all, the rest not read"
        case .cannotRead(let name, let reason): "\(name): cannot read: \(reason)"
        case .notReadable(let name, let what): "\(name): \(what)"
        }
    }

    /// The name the error is about.
    public var name: String {
        switch self {
        case .missing(let name), .refused(let name), .tooLarge(let name, _), .totalExceeded(let name, _),
            .cannotRead(let name, _), .notReadable(let name, _):
            name
        }
    }

    /// `description` without the leading `name: `: what went wrong (`cannot read: …`).
    public var reason: String { String(description.dropFirst(name.count + 2)) }
}

/// Caps on what is read from an archive, so a hostile file cannot exhaust memory (zip bombs).
public enum ArchiveLimits {
    /// Largest single data file read (streamed in chunks, never held whole; an X archive splits
    /// `tweets.js` at ~100 MB).
    public static let dataFile = 2 << 30
    /// Largest image or video member read into memory from a zip.
    public static let mediaFile = 256 << 20
    /// Most bytes decompressed from one zip in total while loading its data files.
    public static let totalData = 8 << 30

    /// `2 GiB`, `256 MiB`, `12 KiB`, `10 bytes`.
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
