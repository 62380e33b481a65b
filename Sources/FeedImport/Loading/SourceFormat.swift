import Archives

/// What a path holds, decided by a cheap look at its content (never by its name alone): a few
/// bytes of a file, the names at a folder's root.
public enum SourceFormat: String, Hashable, Sendable {
    /// A JSON Feed file (also the fallback for files that are nothing else, so reading says why).
    case jsonFeed
    /// A folder holding a Twitter/X archive (`data/manifest.js`, `data/tweets.js`, `data/tweet.js`,
    /// `data/tweets-part1.js`, or a Grailbird `data/js/tweet_index.js`), at its root or in its only sub-folder.
    case twitterArchive
    /// A folder holding a Mastodon archive (`outbox.json`), at its root or in its only sub-folder.
    case mastodonArchive
    /// A zip file (by its signature, or a file named `.zip` that is not JSON either, so opening it
    /// says why it is no zip), which should hold a Twitter/X or Mastodon archive.
    case archiveZip
    /// One `window.YTD… = [` data file of a Twitter/X archive, given instead of the archive.
    case archiveDataFile
    /// A folder of images ("places").
    case photoFolder
    /// A single image file (by its signature; TGA, which has none, by its name).
    case image

    /// Sniffs `path`. A missing path sniffs as a JSON Feed so that reading it reports
    /// `cannot read: No such file or directory`.
    public static func sniff(path: String) -> SourceFormat {
        switch FileSystem.kind(of: path) {
        case .missing:
            return .jsonFeed
        case .directory:
            let dir = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            if let format = archiveFolder(dir) { return format }
            if let only = onlySubfolder(of: dir), let format = archiveFolder(only) { return format }
            return .photoFolder
        case .file, .other:
            guard let head = try? FileSystem.prefix(path, upTo: 64, regularOnly: true) else { return .jsonFeed }
            if ArchiveOpener.isZipSignature(head) { return .archiveZip }
            if ImageSignature.matches(head) { return .image }
            let text = String(decoding: head.drop(while: { [0xEF, 0xBB, 0xBF, 0x20, 0x0A, 0x0D, 0x09].contains($0) }),
                              as: UTF8.self)
            if text.hasPrefix("window.") { return .archiveDataFile }
            let ext = path.split(separator: "/").last?.split(separator: ".").last?.lowercased() ?? ""
            if ext == "tga" { return .image }
            // A `.zip` that is no zip (empty, text, cut short) is opened as one to say so; JSON still reads as a feed.
            return ext == "zip" && !text.hasPrefix("{") && !text.hasPrefix("[") ? .archiveZip : .jsonFeed
        }
    }

    /// The archive kind of the folder `dir` by the names at its root, or nil. A name counts when
    /// anything is there, readable or not (a FIFO, a link to nothing), as in `ArchiveLayout.detect`:
    /// reading then says what is wrong instead of the folder opening as photos.
    private static func archiveFolder(_ dir: String) -> SourceFormat? {
        let twitter = ["data/manifest.js", "data/tweets.js", "data/tweet.js", "data/tweets-part1.js", "data/js/tweet_index.js"]
        if twitter.contains(where: { FileSystem.isPresent(dir + "/" + $0) }) || FileSystem.isDirectory(dir + "/data/js/tweets") {
            return .twitterArchive
        }
        return FileSystem.isPresent(dir + "/outbox.json") ? .mastodonArchive : nil
    }

    /// The one sub-folder of `dir` when it holds nothing else but hidden entries and loose files
    /// (an unpacked archive folder zipped again, `__MACOSX` ignored); nil otherwise.
    private static func onlySubfolder(of dir: String) -> String? {
        guard let names = FileSystem.names(in: dir, limit: 4_096) else { return nil }
        let folders = names.filter { !$0.hasPrefix(".") && $0 != "__MACOSX" && FileSystem.isDirectory(dir + "/" + $0) }
        return folders.count == 1 ? dir + "/" + folders[0] : nil
    }
}

/// The first bytes of the image formats Plumage opens.
enum ImageSignature {
    /// True when `head` starts like a JPEG, PNG, GIF, WebP, BMP or TIFF file.
    static func matches(_ head: [UInt8]) -> Bool {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<(offset + bytes.count)]) == bytes
        }
        return starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47]) || starts(Array("GIF8".utf8))
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)) || starts(Array("BM".utf8))
            || starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
    }
}
