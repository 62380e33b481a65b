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
        for entry in archive.entries(under: directory) {
            let name = entry.dropFirst(directory.count + 1)
            guard !name.contains("/"), let dash = name.firstIndex(of: "-"), dash > name.startIndex,
                name[..<dash].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { continue }
            names.insert(String(name))
            byTweet[String(name[..<dash]), default: []].append(String(name))
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
/// Without a folder (Grailbird) every medium is remote: `path` nil, `remoteHost` set.
struct TweetMedia: Sendable {
    /// The archive the paths are in.
    let archive: any ArchiveFiles
    /// The media folder, or nil when the archive has none.
    let folder: MediaFolder?

    /// The media list of `tweet`: `extended_entities.media`, else `entities.media`.
    static func list(of tweet: JSONValue) -> [JSONValue] {
        if let all = tweet["extended_entities"]?["media"]?.array, !all.isEmpty { return all }
        return tweet["entities"]?["media"]?.array ?? []
    }

    /// The media of tweet `id` described by `list`.
    func media(_ list: [JSONValue], tweetID id: String) -> [Media] {
        let wanted = list.map { Self.fileName(of: $0).map { "\(id)-\($0)" } }
        var claimed = Set(wanted.compactMap { $0 }.filter { folder?.names.contains($0) == true })
        return zip(list, wanted).map { raw, name in
            let kind = Self.kind(of: raw)
            let (width, height) = Self.size(of: raw)
            let duration = raw["video_info"]?["duration_millis"]?.int.map { Double($0) / 1000 }
            guard let folder else {
                let host = (raw["media_url_https"]?.string ?? raw["media_url"]?.string).flatMap(Self.host)
                return Media(kind: kind, path: nil, width: width, height: height, duration: duration, remoteHost: host)
            }
            var file = name.flatMap { folder.names.contains($0) ? $0 : nil }
            if file == nil {
                let others = (folder.byTweet[id] ?? []).filter { !claimed.contains($0) && Self.fits($0, kind) }
                if others.count == 1 {
                    file = others[0]
                    claimed.insert(others[0])
                }
            }
            let path = file.map { archive.path(of: folder.directory + "/" + $0) }
            return Media(kind: kind, path: path, width: width, height: height, duration: duration)
        }
    }

    /// photo, video or gif (`animated_gif`); unknown types are photos.
    private static func kind(of raw: JSONValue) -> MediaKind {
        switch raw["type"]?.string {
        case "video": .video
        case "animated_gif": .gif
        default: .photo
        }
    }

    /// The file's name after `<id>-`: the basename of the photo URL, or of the best mp4 variant.
    static func fileName(of raw: JSONValue) -> String? {
        guard kind(of: raw) != .photo || raw["video_info"] != nil else {
            return (raw["media_url_https"]?.string ?? raw["media_url"]?.string).flatMap(basename)
        }
        let variants = (raw["video_info"]?["variants"]?.array ?? []).compactMap { v -> (rate: Int, url: String)? in
            guard let url = v["url"]?.string else { return nil }
            let type = v["content_type"]?.string?.lowercased()
            let isMP4 = type == "video/mp4" || (type == nil && basename(url)?.lowercased().hasSuffix(".mp4") == true)
            guard isMP4 else { return nil }
            return (v["bitrate"]?.int ?? -1, url)
        }
        // The last of equal bitrates wins, as X's viewer sorts stably and takes the last of the highest.
        guard let best = variants.reduce(nil, { best, v in v.rate >= (best?.rate ?? Int.min) ? v : best }) else {
            return (raw["media_url_https"]?.string ?? raw["media_url"]?.string).flatMap(basename)
        }
        return basename(best.url)
    }

    /// The last path component of `url` without its query or fragment; nil when empty.
    static func basename(_ url: String) -> String? {
        let path = url.prefix { $0 != "?" && $0 != "#" }
        let last = path.split(separator: "/").last.map(String.init)
        return last?.isEmpty == false ? last : nil
    }

    /// `pbs.twimg.com` of `https://pbs.twimg.com/media/x.jpg`.
    private static func host(_ url: String) -> String? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let host = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : String(host)
    }

    /// Whether file `name` may hold a medium of `kind`, by its extension.
    private static func fits(_ name: String, _ kind: MediaKind) -> Bool {
        let ext = name.split(separator: ".").last?.lowercased() ?? ""
        switch kind {
        case .photo: return ["jpg", "jpeg", "png", "gif", "webp"].contains(ext)
        case .video, .gif: return ["mp4", "m4v", "mov", "webm"].contains(ext)
        }
    }

    /// Width and height from `sizes.large`, else `sizes.medium` (strings or numbers; Grailbird's
    /// `sizes` is a list: its widest), else from `video_info.aspect_ratio`; 0 × 0 when unknown.
    private static func size(of raw: JSONValue) -> (Int, Int) {
        let sizes = raw["sizes"]
        let candidates = sizes?.array ?? [sizes?["large"], sizes?["medium"]].compactMap { $0 }
        let known = candidates.compactMap { s -> (Int, Int)? in
            guard let w = s["w"]?.int, let h = s["h"]?.int, w > 0, h > 0 else { return nil }
            return (w, h)
        }
        if sizes?.array != nil, let widest = known.max(by: { $0.0 < $1.0 }) { return widest }
        if let first = known.first { return first }
        if let ratio = raw["video_info"]?["aspect_ratio"]?.array, ratio.count == 2, let w = ratio[0].int,
            let h = ratio[1].int, w > 0, h > 0
        {
            return (w, h)
        }
        return (0, 0)
    }
}
