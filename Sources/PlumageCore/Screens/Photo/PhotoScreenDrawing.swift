import CMath
import Imaging

/// Drawing the image view: a dimmed blurred backdrop, the photo (or a spinner, or the reason it
/// cannot be shown), its alt text in a band at the bottom, and the bar with back button, title and
/// position.
extension PhotoScreen {
    /// Follows the window and the photo's known size, advances zoom animations to `env.time`,
    /// and returns the decodes it wants and the neighbours' renditions to make ahead (each only
    /// when it changed).
    public mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect] {
        sync(window: env.windowSize, scale: env.displayScale)
        _ = viewport?.advance(to: env.time)
        var effects: [Effect] = []
        let wanted = requests(window: env.windowSize, scale: env.displayScale)
        if wanted != requested {
            requested = wanted
            effects.append(.loadPhotos(wanted))
        }
        let placements = neighbourPlacements(window: env.windowSize, scale: env.displayScale)
        if placements != renditionsAsked {
            renditionsAsked = placements
            effects.append(.keepPhotoRenditions(placements))
        }
        return effects
    }

    /// The frame: the backdrop, the photo (or spinner, or error), the alt text and the bar.
    public func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame {
        var commands: [DrawCommand] = []
        draw(env: env, measurer: measurer, into: &commands)
        return Frame(commands: commands)
    }

    /// Side of a checkerboard square under transparent photos, in points.
    static let checkerSquare = 8.0
    /// The checkerboard's light squares (and its ground).
    static let checkerLight = RGBA(204, 204, 204)
    /// The checkerboard's dark squares.
    static let checkerDark = RGBA(153, 153, 153)

    /// The alt text band: its fill (dark enough for white text over any photo, in every theme), the
    /// most lines it shows, and the padding around them.
    static let altBand = RGBA(0, 0, 0, 160), altLines = 3, altPadding = 12.0

    /// Appends the backdrop, the photo (or spinner, or error), the alt text and the bar.
    func draw(env: ScreenEnvironment, measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        let windowSize = env.windowSize, theme = env.theme, displayScale = env.displayScale
        let window = env.windowRect
        let dim = theme.color(.imageBackground).withAlpha(0.82)
        let view = Self.viewFrame(window: windowSize)
        let status = currentStatus
        let transparent = status?.isTransparent == true
        // The backdrop shows only beside a photo that does not cover the view (and under the bar),
        // or through one that is transparent when the backdrop is chosen to show there.
        let seeThrough = transparent && underTransparency == .backdrop
        let covered = status?.bestLevel != nil && !seeThrough && (viewport.map { v in
            v.destination.minX <= 0.5 && v.destination.minY <= 0.5 && v.destination.maxX >= v.viewSize.width - 0.5
                && v.destination.maxY >= v.viewSize.height - 0.5 } ?? false)
        let backdrop = env.backdrop(tint: dim, over: window)
        if covered { commands.append(.clip(Rect(x: 0, y: 0, width: window.width, height: view.minY))) }
        commands.append(.image(backdrop, window, placeholder: dim.over(theme.color(.backdrop)), failureIcon: nil))
        if covered { commands.append(.clip(nil)) }
        if photo?.source == nil {
            // Nothing to decode: the reason at once, never a spinner.
            drawMessage(photo?.unavailableReason ?? "File not found", in: view, theme: theme, measurer: measurer,
                        into: &commands)
        } else if let error = status?.error {
            drawMessage(error.message, in: view, theme: theme, measurer: measurer, into: &commands)
        } else if let v = viewport, let source = photo?.source, let status,
                  let level = PhotoStatus.level(toDraw: v.pyramidLevel, available: status.levels) {
            let destination = Self.placement(source: source, viewport: v, level: level, view: view, scale: displayScale)
                .destination
            let shown = destination.intersection(window)
            if transparent && underTransparency == .checkerboard && shown.width > 0 && shown.height > 0 {
                commands.append(.checkerboard(shown, square: Self.checkerSquare, light: Self.checkerLight,
                                              dark: Self.checkerDark))
            }
            // Coarser levels fill in where the chosen one's tiles are missing; the next frames may
            // want the levels either side (zooming) and a margin of this one (panning).
            let fallback = status.levels.filter { $0 > level }.sorted()
            let ahead = [level + 1, level - 1].filter(status.levels.contains).map { PhotoAhead(level: $0, margin: 0) }
                + [PhotoAhead(level: level, margin: 0.5)]
            commands.append(.photo(source: source, destination: destination, level: level, fallback: fallback, ahead: ahead,
                                   filter: v.filter, blended: transparent, still: v.mode != .manual && !v.isAnimating))
        } else {
            drawSpinner(center: Point(x: view.midX, y: view.midY), time: env.time, theme: theme, into: &commands)
        }
        if showsAlt, let alt = photo?.alt, alt.contains(where: { !$0.isWhitespace }) {
            drawAlt(alt, in: view, measurer: measurer, into: &commands)
        }
        let bar = NavigationBar(windowWidth: windowSize.width)
        let title = photo?.caption ?? ""
        let position = photos.count > 1 ? "\(index + 1) / \(photos.count)" : nil
        let zoom = viewport.map { "\(Int(($0.scale * 100).rounded())) %" }
        bar.draw(title: title, leftIcon: env.barLeftIcon, chevron: false,
                 trailing: [position, zoom].compactMap { $0 }.joined(separator: "   "), theme: theme, hover: env.pointer,
                 measurer: measurer, into: &commands)
    }

    /// Twelve dots on a circle, the brightest one going round once a second.
    func drawSpinner(center: Point, time: Seconds, theme: Theme, into commands: inout [DrawCommand]) {
        let count = 12, radius = 18.0, dot = 5.0
        let head = Int((time * Double(count)).rounded(.down)) % count
        for i in 0..<count {
            let angle = Double(i) / Double(count) * 2 * Double.pi
            let p = Point(x: center.x + radius * sin(angle), y: center.y - radius * cos(angle))
            let age = (head - i + count) % count
            let alpha = max(0.15, 1 - Double(age) / Double(count))
            commands.append(.roundedFill(Rect(x: p.x - dot / 2, y: p.y - dot / 2, width: dot, height: dot),
                                         radius: dot / 2, theme.color(.barTitle).withAlpha(alpha)))
        }
    }

    /// The broken-image icon and why the photo cannot be shown, centred in the view.
    func drawMessage(_ message: String, in view: Rect, theme: Theme, measurer: some TextMeasuring,
                     into commands: inout [DrawCommand]) {
        let icon = 64.0
        commands.append(.icon(.brokenImage, Rect(x: view.midX - icon / 2, y: view.midY - icon - 8, width: icon,
                                                 height: icon), theme.color(.barTitle).withAlpha(0.7)))
        let block = TextLayout.layout([StyledSpan(Substring(message), theme.color(.barTitle))], style: .a2,
                                      maxWidth: min(520, view.width - 40), measurer: measurer)
        commands.append(.text(block, at: Point(x: (view.midX - block.size.width / 2).rounded(), y: view.midY + 8),
                              key: "photo-error:\(message):\(theme.name)"))
    }

    /// The alt text in white on a dark band across the bottom of the view: wrapped, at most
    /// `altLines` lines (the last ends in "…" when more is left), centred.
    func drawAlt(_ alt: String, in view: Rect, measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        let maxWidth = max(40, min(760, view.width - 4 * Self.altPadding))
        let block = TextLayout.layout([StyledSpan(Substring(alt), .white)], style: .a2, maxWidth: maxWidth,
                                      lineSpacing: 1.15, maxLines: Self.altLines, measurer: measurer)
        guard !block.lines.isEmpty else { return }
        let height = block.size.height + 2 * Self.altPadding
        let band = Rect(x: view.minX, y: view.maxY - height, width: view.width, height: height)
        commands.append(.fill(band, Self.altBand))
        commands.append(.text(block, at: Point(x: (view.midX - block.size.width / 2).rounded(),
                                               y: (band.minY + Self.altPadding).rounded()),
                              key: "alt:\(Int(maxWidth)):\(alt)"))
    }
}
