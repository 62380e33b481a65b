import PlumageCore

/// Turns one Mastodon API `MediaAttachment` into a `Media`: `type` image → photo, gifv → GIF,
/// video and audio → video (the desktop's player opens both), anything else passed over; `url`
/// (http or https) as its `.url` locator (nil without one), width and height from
/// `meta.original`, running time from `meta.original.duration`, `description` as alt text,
/// `blurhash` kept.
enum MastodonAPIMedia {
    /// The medium of attachment `raw`, or nil when it is none of the kinds above.
    static func medium(_ raw: JSONValue) -> Media? {
        let kind: MediaKind
        switch raw["type"]?.string {
        case "image": kind = .photo
        case "gifv": kind = .gif
        case "video", "audio": kind = .video
        default: return nil
        }
        let original = raw["meta"]?["original"]
        let duration = original?["duration"]?.double.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        return Media(
            kind: kind, locator: LiveJSON.httpURL(raw["url"]).map(ResourceLocator.url),
            width: LiveJSON.size(original?["width"]), height: LiveJSON.size(original?["height"]),
            alt: LiveJSON.text(raw["description"]), duration: duration, blurhash: LiveJSON.text(raw["blurhash"]))
    }
}
