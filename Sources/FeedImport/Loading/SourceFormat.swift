import Archives

/// What a path holds, decided by a cheap look at its content (never by its name alone): a few
/// bytes of a file, a few names in a folder, a zip's directory (read once, through `OpenArchives`,
/// and kept for the reader). Archives are recognised by `ArchiveLayout.kind(of:)`, the rule the
/// loader applies to the archive it opens.
public enum SourceFormat: String, Hashable, Sendable {
    /// A JSON Feed file (also the fallback for files that are nothing else, so reading says why).
    case jsonFeed
    /// A Twitter/X archive of any era, a folder or a zip, at its root or in its only sub-folder.
    case twitterArchive
    /// A Mastodon archive (`outbox.json`), a folder or a zip, at its root or in its only sub-folder.
    case mastodonArchive
    /// A zip holding no archive, or a file that claims to be a zip (its signature, or a `.zip` name
    /// on something that is not JSON) and cannot be opened as one: reading it says why.
    case archiveZip
    /// One `window.YTD… = [` data file of a Twitter/X archive, given instead of the archive.
    case archiveDataFile
    /// A folder of images ("places").
    case photoFolder
    /// A single image file (by its signature; TGA, which has none, by its name).
    case image

    /// What `path` holds. A missing path is a JSON Feed so that reading it reports
    /// `cannot read: No such file or directory`. A zip is opened through `archives`, which keeps it
    /// open for the reader that follows.
    public static func detect(path: String, archives: OpenArchives) -> SourceFormat {
        switch FileSystem.kind(of: path) {
        case .missing:
            return .jsonFeed
        case .directory:
            let dir = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            return archiveFormat(ArchiveLayout.kind(of: FolderNames(root: dir))?.0) ?? .photoFolder
        case .file, .other:
            guard let head = try? FileSystem.prefix(path, upTo: 64, regularOnly: true) else { return .jsonFeed }
            if ArchiveOpener.isZipSignature(head) {
                guard let zip = try? archives.zip(at: path) else { return .archiveZip }
                return archiveFormat(ArchiveLayout.kind(of: ListedNames(archive: zip))?.0) ?? .archiveZip
            }
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

    /// The format of an archive of `kind`; nil for none.
    private static func archiveFormat(_ kind: ArchiveLayout.Kind?) -> SourceFormat? {
        switch kind {
        case .twitter?, .twitterGrailbird?: .twitterArchive
        case .mastodon?: .mastodonArchive
        case nil: nil
        }
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
