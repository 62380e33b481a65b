import Archives
import PlumageCore

/// Finds the archive file of a Mastodon attachment URL (reference/archive-formats.md §2.3). The
/// export writes files under one path and records another when the server used S3 or a CDN
/// (`/indiewebsocial/media_attachments/…`, `//bucket/…`, `opt/mastodon/public/system/…`), so the
/// URL is tried as:
/// 1. the path without its leading `/`s (query and fragment dropped);
/// 2. the path from its first `media_attachments/`;
/// 3. the archive file ending `/original/<the URL's file name>`;
/// 4. else missing (path nil).
/// Only names the archive lists are returned, so a URL never leads outside it.
struct MastodonMediaResolver {
    /// The archive searched.
    let archive: any ArchiveFiles
    /// Entries holding `/original/`, by their file name (the first in name order wins).
    private let originals: [String: String]

    /// Indexes the `…/original/<name>` files of `archive` once.
    init(archive: any ArchiveFiles) {
        self.archive = archive
        var originals: [String: String] = [:]
        for entry in archive.entries {
            guard let range = entry.ranges(of: "/original/").last else { continue }
            let name = String(entry[range.upperBound...])
            if !name.isEmpty, !name.contains("/"), originals[name] == nil { originals[name] = entry }
        }
        self.originals = originals
    }

    /// The archive entry `url` names, or nil when none of the steps finds one.
    func entry(for url: String) -> String? {
        var path = Substring(url.prefix { $0 != "?" && $0 != "#" })
        if let rest = RemoteURL.withoutScheme(String(path)) { path = rest.drop { $0 != "/" } }
        let stripped = String(path.drop { $0 == "/" })
        if ArchivePath.isConfined(stripped), archive.contains(stripped) { return stripped }
        if let range = stripped.firstRange(of: "media_attachments/") {
            let fromFolder = String(stripped[range.lowerBound...])
            if ArchivePath.isConfined(fromFolder), archive.contains(fromFolder) { return fromFolder }
        }
        guard let name = stripped.split(separator: "/").last else { return nil }
        return originals[String(name)]
    }

    /// The medium of an ActivityPub attachment `{mediaType, url, name, width, height}`: photo, GIF or
    /// video by `mediaType` (Mastodon exports GIFV as `video/mp4`, a video; audio is shown as a video
    /// too, which the desktop's player opens), alt text from `name` (nil when null or blank); nil
    /// for an attachment without a URL or of another type.
    func medium(_ raw: JSONValue) -> Media? {
        guard let url = raw["url"]?.string ?? raw["url"]?["href"]?.string else { return nil }
        let mime = raw["mediaType"]?.string?.lowercased()
        guard let kind = MediaKindGuess.kind(mime: mime, url: url) ?? (mime?.hasPrefix("audio/") == true ? .video : nil)
        else { return nil }
        let locator = entry(for: url).map(archive.locator(of:))
        let alt = raw["name"]?.string.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : FieldLimits.capped($0, FieldLimits.alt) }
        return Media(
            kind: kind, locator: locator, width: max(0, raw["width"]?.int ?? 0), height: max(0, raw["height"]?.int ?? 0),
            alt: alt, remoteHost: locator == nil ? RemoteURL.host(of: url) : nil)
    }
}
