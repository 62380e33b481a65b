/// A read-only tree of files a source is read from: an unpacked folder, or a `.zip` read in place.
///
/// Paths given to and returned by an archive are relative to its root, `/`-separated, without a
/// leading `/` and without `.` or `..` components (`data/tweets.js`). Nothing is ever written, and
/// nothing outside the root is ever read: a name that would leave the root (`..`, an absolute
/// name, a symbolic link pointing out) is refused.
public protocol ArchiveFiles: Sendable {
    /// Absolute path of the folder or the zip file.
    var rootPath: String { get }
    /// Every regular file in the archive, relative to the root, in byte order of their names.
    var entries: [String] { get }
    /// True when `relative` names a regular file in the archive.
    func contains(_ relative: String) -> Bool
    /// The uncompressed size in bytes of `relative`, or nil when it is not a file in the archive.
    func size(of relative: String) -> Int?
    /// The whole content of `relative`; throws `.tooLarge` when it holds more than `limit` bytes
    /// (checked before and while reading), `.missing` when there is no such file, `.refused` when
    /// the name leaves the root, `.cannotRead` for an I/O or decompression error.
    func read(_ relative: String, limit: Int) throws(ArchiveError) -> [UInt8]
    /// At most the first `count` bytes of `relative` (all of a shorter file), without reading or
    /// inflating the rest: a quick look at the start of a large data file. Errors as `read`.
    func readPrefix(_ relative: String, count: Int) throws(ArchiveError) -> [UInt8]
    /// Streams `relative` from its start to `body` in chunks of at most `chunkSize` bytes, one
    /// chunk in memory at a time, until the file ends or `body` returns false (the rest is then
    /// neither read nor inflated, nor checksum-verified). Caps and errors as `read`.
    func readChunks(
        _ relative: String, limit: Int, chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) throws(ArchiveError)
    /// The absolute path the rest of the program knows `relative` by: `<root>/<relative>`. For a
    /// zip that is the zip file's path followed by the member's name, which `OpenArchives` reads.
    func path(of relative: String) -> String
    /// Where `relative`'s bytes are, as a value readers take without re-parsing a path: a file of
    /// its own for a folder, a member of the zip for a zip.
    func location(of relative: String) -> ArchiveLocation
    /// Why `relative` is no entry although something is at that name (a link leading outside the
    /// archive or to nothing, a folder, a FIFO, a device: `.notReadable`); nil when nothing is there.
    func whyUnlisted(_ relative: String) -> ArchiveError?
}

extension ArchiveFiles {
    /// `rootPath + "/" + relative`.
    public func path(of relative: String) -> String { rootPath + "/" + relative }

    /// A file of its own at `path(of: relative)`.
    public func location(of relative: String) -> ArchiveLocation { .file(path(of: relative)) }

    /// Nil: nothing but the entries is known of (a zip lists no FIFOs or links leading out).
    public func whyUnlisted(_ relative: String) -> ArchiveError? { nil }

    /// Reads `relative` whole and hands it out in chunks: for archives held in memory (test and
    /// fuzz fakes); the folder and zip archives stream.
    public func readChunks(
        _ relative: String, limit: Int, chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) throws(ArchiveError) {
        ArchiveChunks.split(try read(relative, limit: limit), chunkSize: chunkSize, body)
    }

    /// The entries directly or indirectly under `folder` (relative, without trailing `/`).
    public func entries(under folder: String) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return entries.filter { $0.hasPrefix(prefix) }
    }
}
