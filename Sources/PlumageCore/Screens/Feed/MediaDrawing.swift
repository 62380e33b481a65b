import Imaging

/// How one attached medium is drawn in a feed cell and in the details' Images section: a photo as
/// its image; a video or GIF as a dark card with ▶ (archives hold no poster frames) and its running
/// time; a medium whose file is missing, or remote and never fetched, as a placeholder saying so.
public enum MediaDrawing {
    /// The card behind ▶: dark in every theme, as a video player's.
    public static let cardColor = RGBA(22, 24, 30)
    /// The disc behind ▶.
    public static let playDisc = RGBA(255, 255, 255, 235)
    /// The badges' ground ("GIF", "0:42") and their text.
    public static let badgeColor = RGBA(0, 0, 0, 165), badgeText = RGBA.white

    /// Height over width to show `media` at: its own when known, else 16:9 for videos and GIFs and
    /// 3:4 (landscape) for photos.
    public static func aspect(of media: Media) -> Double {
        guard media.width > 0, media.height > 0 else { return media.kind == .photo ? 0.75 : 0.5625 }
        return Double(media.height) / Double(media.width)
    }

    /// Why `media` cannot be shown, for its placeholder and the image view: "cdn.example.com — not
    /// downloaded" for a remote one, "Not in the archive" (a file an archive lacks), "No address" (a
    /// live feed's medium without a usable URL) or "File not found" (from any other source); nil
    /// when it has a file or a URL.
    public static func unavailableReason(_ media: Media, in source: SourceKind) -> String? {
        if media.locator != nil { return nil }
        if let host = media.remoteHost, !host.isEmpty { return "\(host) — not downloaded" }
        switch source {
        case .twitterArchive, .mastodonArchive: return "Not in the archive"
        case .demo, .jsonFeed, .photoFolder: return "File not found"
        case .rss, .atom, .mastodonTag, .mastodonAccount, .blueskyAccount: return "No address"
        }
    }

    /// "0:42", "12:05", "1:02:03": whole seconds, rounded; nil for a duration that is not a finite
    /// positive number.
    public static func durationLabel(_ seconds: Double?) -> String? {
        guard let seconds, seconds.isFinite, seconds > 0, seconds < 1e9 else { return nil }
        let total = max(1, Int(seconds.rounded()))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// True when the medium has a file whose pixels can be shown: a photo, or a GIF that is a real
    /// `.gif` file (a JSON Feed's; X stores GIFs as mp4 videos, which are never decoded).
    public static func hasPicture(_ media: Media) -> Bool {
        guard let locator = media.locator else { return false }
        return media.kind == .photo || (media.kind == .gif && locator.fileName.lowercased().hasSuffix(".gif"))
    }

    /// The image a medium shows (its first frame for a `.gif` file), if it has one (`hasPicture`).
    public static func imageRequest(_ media: Media, size: Size, scale: DisplayScale) -> ImageRequest? {
        guard hasPicture(media), let locator = media.locator else { return nil }
        let radius = Int((FeedMetrics.photoRadius * scale.factor).rounded())
        return ImageRequest(source: locator, size: scale.pixels(size), shape: .rounded(radius))
    }

    /// Appends the commands of `media` in `frame` (window points) from a post of a `source`:
    /// photos with a file are left to the caller's image commands; the rest is drawn here.
    public static func drawCard(_ media: Media, in frame: Rect, source: SourceKind, theme: Theme,
                                measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        if let reason = unavailableReason(media, in: source) {
            drawPlaceholder(reason, in: frame, theme: theme, measurer: measurer, into: &commands)
        } else if media.kind != .photo {
            drawVideoCard(media, in: frame, measurer: measurer, into: &commands)
        }
    }

    /// A missing or remote medium: the placeholder fill, the broken-image icon and `reason` under
    /// it, each line centred (the reason is left out where it does not fit).
    static func drawPlaceholder(_ reason: String, in frame: Rect, theme: Theme, measurer: some TextMeasuring,
                                into commands: inout [DrawCommand]) {
        commands.append(.roundedFill(frame, radius: FeedMetrics.photoRadius, theme.color(.placeholder)))
        let icon = min(40, (frame.width / 3).rounded(), (frame.height / 3).rounded())
        let lines = captionLines(reason, maxWidth: max(20, frame.width - 24), color: theme.color(.handle),
                                 measurer: measurer)
        let gap = 8.0
        let height = lines.map(\.size.height).reduce(0, +)
        let fits = icon + gap + height <= frame.height - 16 && !lines.isEmpty
        let top = fits ? frame.midY - (icon + gap + height) / 2 : frame.midY - icon / 2
        commands.append(.icon(.brokenImage, Rect(x: (frame.midX - icon / 2).rounded(), y: top.rounded(), width: icon,
                                                 height: icon), theme.color(.handle)))
        guard fits else { return }
        var y = top + icon + gap
        for block in lines {
            let text = block.lines.map { $0.runs.map(\.text).joined() }.joined()
            commands.append(.text(block, at: Point(x: (frame.midX - block.size.width / 2).rounded(), y: y.rounded()),
                                  key: "media-reason:\(theme.name):\(Int(frame.width)):\(text)"))
            y += block.size.height
        }
    }

    /// `reason` on one line when it fits `maxWidth`, else split after its host
    /// ("cdn.example.com —" / "not downloaded"), each line ellipsized to fit.
    static func captionLines(_ reason: String, maxWidth: Double, color: RGBA, measurer: some TextMeasuring)
        -> [TextBlock]
    {
        func line(_ text: some StringProtocol) -> TextBlock {
            TextLayout.layout([StyledSpan(Substring(text), color)], style: .b1, maxWidth: maxWidth, maxLines: 1,
                              measurer: measurer)
        }
        let whole = line(reason)
        let shown = whole.lines.map { $0.runs.map(\.text).joined() }.joined()
        guard shown != reason, let dash = reason.firstRange(of: " — ") else { return whole.lines.isEmpty ? [] : [whole] }
        return [line(reason[..<dash.lowerBound] + " —"), line(reason[dash.upperBound...])]
    }

    /// A video or GIF: the dark card (none under a GIF's own first frame), ▶ on a light disc in its
    /// middle, and the badges ("GIF", the running time) at its bottom left.
    static func drawVideoCard(_ media: Media, in frame: Rect, measurer: some TextMeasuring,
                              into commands: inout [DrawCommand]) {
        if !hasPicture(media) { commands.append(.roundedFill(frame, radius: FeedMetrics.photoRadius, cardColor)) }
        let disc = min(64, (min(frame.width, frame.height) * 0.45).rounded())
        let discFrame = Rect(x: (frame.midX - disc / 2).rounded(), y: (frame.midY - disc / 2).rounded(),
                             width: disc, height: disc)
        commands.append(.roundedFill(discFrame, radius: disc / 2, playDisc))
        let play = (disc * 0.5).rounded()
        commands.append(.icon(.play, Rect(x: (discFrame.midX - play / 2).rounded(), y: (discFrame.midY - play / 2).rounded(),
                                          width: play, height: play), cardColor))
        let labels = [media.kind == .gif ? "GIF" : nil, durationLabel(media.duration)].compactMap { $0 }
        var x = frame.minX + 10
        for label in labels {
            let block = TextLayout.layout([StyledSpan(Substring(label), badgeText)], style: .b2, maxWidth: 120,
                                          maxLines: 1, measurer: measurer)
            let badge = Rect(x: x, y: frame.maxY - 10 - block.size.height - 4, width: block.size.width + 12,
                             height: block.size.height + 4)
            guard badge.maxX <= frame.maxX - 10, badge.minY >= frame.minY + 4 else { break }
            commands.append(.roundedFill(badge, radius: 4, badgeColor))
            commands.append(.text(block, at: Point(x: badge.minX + 6, y: badge.minY + 2), key: "media-badge:\(label)"))
            x = badge.maxX + 6
        }
    }
}
