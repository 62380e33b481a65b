/// A view of one folder inside another archive, as if it were the root: an archive unpacked and
/// zipped again holds `twitter-2022-11-03/data/tweets.js`, which readers see as `data/tweets.js`.
public struct SubfolderArchive: ArchiveFiles {
    /// The archive the folder lives in.
    public let base: any ArchiveFiles
    /// The folder, relative to `base`'s root, without a trailing `/`.
    public let folder: String
    /// The files under `folder`, relative to it, in byte order.
    public let entries: [String]

    /// A view of `folder` (a confined relative path) in `base`.
    public init(base: any ArchiveFiles, folder: String) {
        self.base = base
        self.folder = folder
        let prefix = folder + "/"
        entries = base.entries(under: folder).map { String($0.utf8.dropFirst(prefix.utf8.count))! }
    }

    /// `<base root>/<folder>`: for a zip, the zip's path followed by the folder's name.
    public var rootPath: String { base.path(of: folder) }

    public func contains(_ relative: String) -> Bool {
        ArchivePath.isConfined(relative) && base.contains(folder + "/" + relative)
    }

    public func size(of relative: String) -> Int? {
        ArchivePath.isConfined(relative) ? base.size(of: folder + "/" + relative) : nil
    }

    public func read(_ relative: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        return try base.read(folder + "/" + relative, limit: limit)
    }

    public func readPrefix(_ relative: String, count: Int) throws(ArchiveError) -> [UInt8] {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        return try base.readPrefix(folder + "/" + relative, count: count)
    }

    public func readChunks(
        _ relative: String, limit: Int, chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) throws(ArchiveError) {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        try base.readChunks(folder + "/" + relative, limit: limit, chunkSize: chunkSize, body)
    }

    public func path(of relative: String) -> String { base.path(of: folder + "/" + relative) }
    /// The base archive's location of `<folder>/<relative>`.
    public func location(of relative: String) -> ArchiveLocation { base.location(of: folder + "/" + relative) }

    public func whyUnlisted(_ relative: String) -> ArchiveError? {
        ArchivePath.isConfined(relative) ? base.whyUnlisted(folder + "/" + relative) : nil
    }
}
