/// Drawing the image view: a dimmed blurred backdrop, the photo (or a spinner, or the reason it
/// cannot be shown), and the bar with back button, title and position.
extension AppState {
    func drawPhotoViewer(_ viewer: PhotoViewer, at time: Double, measurer: some TextMeasuring,
                         into commands: inout [DrawCommand]) {
        let window = Rect(origin: .zero, size: windowSize)
        let dim = theme.color(.imageBackground).withAlpha(0.82)
        let view = PhotoViewer.viewFrame(window: windowSize)
        let status = viewer.photo?.path.flatMap { photoStatus[$0] }
        // The backdrop shows only beside a photo that does not cover the view (and under the bar).
        let covered = status?.bestLevel != nil && (viewer.viewport.map { v in
            v.destination.minX <= 0.5 && v.destination.minY <= 0.5 && v.destination.maxX >= v.viewSize.width - 0.5
                && v.destination.maxY >= v.viewSize.height - 0.5 } ?? false)
        let backdrop = ImageRequest(path: backgroundPath, size: displayScale.pixels(windowSize),
                                    blurSigma: FeedMetrics.backgroundBlurSigma * displayScale.factor, tint: dim,
                                    tintRect: displayScale.pixels(window))
        if covered { commands.append(.clip(Rect(x: 0, y: 0, width: window.width, height: view.minY))) }
        commands.append(.image(backdrop, window, placeholder: dim.over(theme.color(.backdrop))))
        if covered { commands.append(.clip(nil)) }
        if let error = status?.error ?? (viewer.photo?.path == nil ? .cannotRead("the file is missing") : nil) {
            drawPhotoError(error, in: view, measurer: measurer, into: &commands)
        } else if let v = viewer.viewport, let path = viewer.photo?.path, status?.bestLevel != nil {
            let destination = displayScale.points(v.destination).offsetBy(dx: view.minX, dy: view.minY)
            commands.append(.photo(path: path, destination: destination, level: v.pyramidLevel, filter: v.filter))
        } else {
            drawSpinner(center: Point(x: view.midX, y: view.midY), time: time, into: &commands)
        }
        let bar = NavigationBar(windowWidth: windowSize.width)
        let title = viewer.photo.map { p in p.subtitle.map { "\(p.title)  \($0)" } ?? p.title } ?? ""
        let position = viewer.photos.count > 1 ? "\(viewer.index + 1) / \(viewer.photos.count)" : nil
        let zoom = viewer.viewport.map { "\(Int(($0.scale * 100).rounded())) %" }
        bar.draw(title: title, leftIcon: viewer.canGoBack ? .back : nil, chevron: false,
                 trailing: [position, zoom].compactMap { $0 }.joined(separator: "   "), theme: theme, hover: pointer,
                 measurer: measurer, into: &commands)
    }

    /// Twelve dots on a circle, the brightest one going round once a second.
    func drawSpinner(center: Point, time: Double, into commands: inout [DrawCommand]) {
        let count = 12, radius = 18.0, dot = 5.0
        let head = Int((time * Double(count)).rounded(.down)) % count
        for i in 0..<count {
            let angle = Double(i) / Double(count) * 2 * Double.pi
            let p = Point(x: center.x + radius * Trig.sin(angle), y: center.y - radius * Trig.cos(angle))
            let age = (head - i + count) % count
            let alpha = max(0.15, 1 - Double(age) / Double(count))
            commands.append(.roundedFill(Rect(x: p.x - dot / 2, y: p.y - dot / 2, width: dot, height: dot),
                                         radius: dot / 2, theme.color(.barTitle).withAlpha(alpha)))
        }
    }

    func drawPhotoError(_ error: ImageError, in view: Rect, measurer: some TextMeasuring,
                        into commands: inout [DrawCommand]) {
        let icon = 64.0
        commands.append(.icon(.brokenImage, Rect(x: view.midX - icon / 2, y: view.midY - icon - 8, width: icon,
                                                 height: icon), theme.color(.barTitle).withAlpha(0.7)))
        let block = TextLayout.layout([StyledSpan(Substring(error.message), theme.color(.barTitle))], style: .a2,
                                      maxWidth: min(520, view.width - 40), measurer: measurer)
        commands.append(.text(block, at: Point(x: (view.midX - block.size.width / 2).rounded(), y: view.midY + 8),
                              key: "photo-error:\(error.message):\(theme.name)"))
    }
}

/// Sine and cosine without Foundation, for small UI geometry (spinner dots); accurate to ~1e-9.
enum Trig {
    /// sin(x) for any x, by reduction to [−π, π] and a Taylor series.
    static func sin(_ x: Double) -> Double {
        let twoPi = 2 * Double.pi
        var r = x - (x / twoPi).rounded() * twoPi
        if r > Double.pi { r -= twoPi }
        var term = r, sum = r
        for n in 1...12 {
            term *= -r * r / Double((2 * n) * (2 * n + 1))
            sum += term
        }
        return sum
    }

    /// cos(x) = sin(x + π/2).
    static func cos(_ x: Double) -> Double { sin(x + Double.pi / 2) }
}
