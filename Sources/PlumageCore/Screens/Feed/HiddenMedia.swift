import Imaging

/// The images a medium draws, and how a sensitive one is hidden: a remote photo with a BlurHash
/// draws the hash first and its pixels over it (the hash shows until they arrive); a sensitive
/// medium not revealed yet draws only its BlurHash, else itself heavily blurred, under a dark
/// label "Sensitive content — click to show" (a video without a picture: its dark card and the label).
extension MediaDrawing {
    /// The label a hidden medium shows.
    public static let hiddenLabel = "Sensitive content — click to show"

    /// The blur of a sensitive photo without a BlurHash, in device pixels for an image of `size`:
    /// an eighth of its shorter side (shapes and colours only), at least 8.
    public static func hiddenBlurSigma(_ size: PixelSize) -> Double {
        max(8, (Double(min(size.width, size.height)) / 8).rounded())
    }

    /// The images `media` draws in a frame of `size` points, in drawing order (what is decoded for
    /// it): none without a picture; `hidden`, its BlurHash or else itself blurred; shown, its
    /// BlurHash under a remote photo's pixels, else its pixels.
    public static func imageRequests(_ media: Media, size: Size, hidden: Bool, scale: DisplayScale) -> [ImageRequest] {
        guard let image = imageRequest(media, size: size, scale: scale) else { return [] }
        let hash = media.blurhash.flatMap { $0.isEmpty ? nil : ImageRequest(source: .blurhash($0), size: image.size,
                                                                              shape: image.shape) }
        if hidden {
            if let hash { return [hash] }
            var blurred = image
            blurred.blurSigma = hiddenBlurSigma(image.size)
            return [blurred]
        }
        if let hash, case .url = image.source { return [hash, image] }
        return [image]
    }

    /// The image commands of `media` in `frame` (window points): the first image over the solid
    /// `placeholder`, any later one (the pixels over a BlurHash) over nothing, so what is under it
    /// shows until its pixels arrive; a failure icon as `CellLayout.failureIcon` says, never on a BlurHash.
    public static func imageCommands(_ media: Media, in frame: Rect, hidden: Bool, placeholder: RGBA,
                                     scale: DisplayScale) -> [DrawCommand] {
        let requests = imageRequests(media, size: frame.size, hidden: hidden, scale: scale)
        return requests.enumerated().map { i, request in
            // A BlurHash that cannot be decoded just leaves the placeholder: the pixels may come.
            let isHash = if case .blurhash = request.source { true } else { false }
            return .image(request, frame, placeholder: i == 0 ? placeholder : nil,
                          failureIcon: isHash ? nil : CellLayout.failureIcon(request, frame: frame, scale: scale))
        }
    }

    /// Appends what covers a hidden medium in `frame` (window points): a video's dark card or a
    /// missing file's placeholder fill where there is no picture, then the label centred on a dark
    /// rounded band (on two lines, split after the dash, when one is too wide).
    public static func drawHidden(_ media: Media, in frame: Rect, theme: Theme, measurer: some TextMeasuring,
                                  into commands: inout [DrawCommand]) {
        if !hasPicture(media) {
            let fill = media.locator == nil ? theme.color(.placeholder) : cardColor
            commands.append(.roundedFill(frame, radius: FeedMetrics.photoRadius, fill))
        }
        let lines = captionLines(hiddenLabel, maxWidth: max(20, frame.width - 40), color: badgeText, measurer: measurer)
        let width = lines.map(\.size.width).max() ?? 0, height = lines.map(\.size.height).reduce(0, +)
        guard !lines.isEmpty, height + 12 <= frame.height else { return }
        let band = Rect(x: (frame.midX - width / 2 - 12).rounded(), y: (frame.midY - height / 2 - 6).rounded(),
                        width: (width + 24).rounded(.up), height: (height + 12).rounded(.up))
        commands.append(.roundedFill(band, radius: 8, badgeColor))
        var y = band.minY + 6
        for block in lines {
            let text = block.lines.map { $0.runs.map(\.text).joined() }.joined()
            commands.append(.text(block, at: Point(x: (frame.midX - block.size.width / 2).rounded(), y: y),
                                  key: "media-hidden:\(Int(frame.width)):\(text)"))
            y += block.size.height
        }
    }
}
