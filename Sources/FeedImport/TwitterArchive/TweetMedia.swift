import Archives
import PlumageCore

/// The files of an archive's tweet media folder, listed once: only names of the form
/// `<tweet id>-<name>` count (junk such as `-root3.png` or `root3.png` is ignored).
struct MediaFolder: Sendable {
    /// The folder, relative to the archive's root (`data/tweets_media`).
    let directory: String
    /// File names directly in the folder.
    let names: Set<String>
    /// File names by the tweet id they start with, sorted.
    let byTweet: [String: [String]]

    /// Lists `directory` of `archive`.
    init(_ archive: any ArchiveFiles, directory: String) {
        self.directory = directory
        var names = Set<String>()
        var byTweet: [String: [String]] = [:]
        let prefix = directory.utf8.count + 1
        for entry in archive.entries(under: directory) {
            // `<digits>-<rest>` directly in the folder.
            let name = entry.utf8.dropFirst(prefix)
            guard !name.contains(UInt8(ascii: "/")), let dash = name.firstIndex(of: UInt8(ascii: "-")),
                dash > name.startIndex, name[..<dash].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { continue }
            let file = String(Substring(name))
            names.insert(file)
            byTweet[String(Substring(name[..<dash])), default: []].append(file)
        }
        self.names = names
        self.byTweet = byTweet
    }
}

/// The photos, videos and GIFs of a tweet (archive-formats.md §1.5): from `extended_entities.media`
/// (else `entities.media`); a photo's file is `<id>-<basename of media_url_https>`, a video's or
/// GIF's the basename of its highest-bitrate mp4 variant with the query stripped (an m3u8 without
/// bitrate is ignored, a GIF's bitrate "0" counts). A file not in the folder falls back to the one
/// other `<id>-*` file of the same type no other medium of the tweet names, else `path` is nil.
/// Without a folder (Grailbird) every medium is remote: `path` nil, `remoteHost` set. The size is
/// `sizes.large` (else `medium`, Grailbird's widest, `video_info.aspect_ratio`), else 0 × 0.
struct TweetMedia: Sendable {
    /// The archive the paths are in.
    let archive: any ArchiveFiles
    /// The media folder, or nil when the archive has none.
    let folder: MediaFolder?

    /// The media of tweet `id` described by `list`.
    func media(_ list: [RawTweet.RawMedia], tweetID id: String) -> [Media] {
        let wanted = list.map { Self.fileName(of: $0).map { "\(id)-\($0)" } }
        var claimed = Set(wanted.compactMap { $0 }.filter { folder?.names.contains($0) == true })
        return zip(list, wanted).map { raw, name in
            let kind = Self.kind(of: raw)
            let (width, height) = (raw.width ?? raw.aspect?.0 ?? 0, raw.height ?? raw.aspect?.1 ?? 0)
            let duration = raw.durationMillis.map { Double($0) / 1000 }
            guard let folder else {
                return Media(kind: kind, locator: nil, width: width, height: height, duration: duration,
                             remoteHost: raw.imageURL.flatMap(Self.host))
            }
            var file = name.flatMap { folder.names.contains($0) ? $0 : nil }
            if file == nil {
                let others = (folder.byTweet[id] ?? []).filter { !claimed.contains($0) && Self.fits($0, kind) }
                if others.count == 1 {
                    file = others[0]
                    claimed.insert(others[0])
                }
            }
            let locator = file.map { archive.locator(of: folder.directory + "/" + $0) }
            return Media(kind: kind, locator: locator, width: width, height: height, duration: duration)
        }
    }

    /// photo, video or gif (`animated_gif`); unknown types are photos.
    private static func kind(of raw: RawTweet.RawMedia) -> MediaKind {
        switch raw.type {
        case "video": .video
        case "animated_gif": .gif
        default: .photo
        }
    }

    /// The file's name after `<id>-`: the basename of the photo URL, or of the best mp4 variant.
    static func fileName(of raw: RawTweet.RawMedia) -> String? {
        guard kind(of: raw) != .photo || raw.hasVideoInfo else { return raw.imageURL.flatMap(basename) }
        let variants = raw.variants.compactMap { v -> (rate: Int, url: String)? in
            guard let url = v.url else { return nil }
            let type = v.type?.lowercased()
            let isMP4 = type == "video/mp4" || (type == nil && basename(url)?.lowercased().hasSuffix(".mp4") == true)
            return isMP4 ? (v.bitrate ?? -1, url) : nil
        }
        // The last of equal bitrates wins, as X's viewer sorts stably and takes the last of the highest.
        guard let best = variants.reduce(nil, { best, v in v.rate >= (best?.rate ?? Int.min) ? v : best }) else {
            return raw.imageURL.flatMap(basename)
        }
        return basename(best.url)
    }

    /// The last path component of `url` without its query or fragment; nil when empty.
    static func basename(_ url: String) -> String? {
        var url = url
        return url.withUTF8 { b in
            var end = b.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? b.count
            while end > 0, b[end - 1] == UInt8(ascii: "/") { end -= 1 }
            var start = end
            while start > 0, b[start - 1] != UInt8(ascii: "/") { start -= 1 }
            return start < end ? String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self) : nil
        }
    }

    /// `pbs.twimg.com` of `https://pbs.twimg.com/media/x.jpg`.
    private static func host(_ url: String) -> String? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let host = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : String(host)
    }

    /// Whether file `name` may hold a medium of `kind`, by its extension.
    private static func fits(_ name: String, _ kind: MediaKind) -> Bool {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ext = String(Substring(name.utf8[name.utf8.index(after: dot)...])).lowercased()
        switch kind {
        case .photo: return ["jpg", "jpeg", "png", "gif", "webp"].contains(ext)
        case .video, .gif: return ["mp4", "m4v", "mov", "webm"].contains(ext)
        }
    }
}
