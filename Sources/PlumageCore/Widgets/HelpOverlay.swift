/// The `?` overlay: the top screen's keys, then the app's, in a centred panel.
enum HelpOverlay {
    /// The app's rows (keys that work on every screen), after the screen's; Back only when there
    /// is a screen to go back to.
    static func appRows(canGoBack: Bool) -> [(keys: String, action: String)] {
        let rows = AppCommand.keys.helpRows
        return canGoBack ? rows : rows.filter { $0.action != AppCommand.back.help }
    }

    /// Appends the centred, frosted help panel for a window `windowSize` points large: its title,
    /// then `screenRows` (the top screen's mouse and keys), and the app's rows.
    static func draw(screenRows: [(keys: String, action: String)], canGoBack: Bool, windowSize: Size, theme: Theme,
                     measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        let rows = screenRows + appRows(canGoBack: canGoBack)
        let rowHeight = 28.0
        let size = Size(width: min(560, windowSize.width - 24), height: Double(rows.count) * rowHeight + 64)
        let frame = Rect(x: ((windowSize.width - size.width) / 2).rounded(),
                         y: max(ChromeMetrics.barHeight + 8, ((windowSize.height - size.height) / 2).rounded()),
                         width: size.width, height: size.height)
        commands.append(.blurBehind(frame, sigma: ChromeMetrics.barBlurSigma,
                                    tint: theme.color(.pickerBackground).withAlpha(0.88)))
        let title = TextLayout.layout([StyledSpan("Keys", theme.color(.pickerText))], style: .a1,
                                      maxWidth: frame.width - 40, maxLines: 1, measurer: measurer)
        commands.append(.text(title, at: Point(x: frame.minX + 20, y: frame.minY + 16), key: "help:title:\(theme.name)"))
        let keyWidth = (frame.width - 40) * 0.5
        for (i, (keys, action)) in rows.enumerated() {
            let y = frame.minY + 52 + Double(i) * rowHeight
            let k = TextLayout.layout([StyledSpan(Substring(keys), theme.color(.link))], style: .b1,
                                      maxWidth: keyWidth - 8, maxLines: 1, measurer: measurer)
            let a = TextLayout.layout([StyledSpan(Substring(action), theme.color(.pickerText))], style: .b1,
                                      maxWidth: frame.width - 40 - keyWidth, maxLines: 1, measurer: measurer)
            // Keyed by their text: the same row index holds other keys on another screen.
            commands.append(.text(k, at: Point(x: frame.minX + 20, y: y), key: "help:k:\(keys):\(theme.name)"))
            commands.append(.text(a, at: Point(x: frame.minX + 20 + keyWidth, y: y), key: "help:a:\(action):\(theme.name)"))
        }
    }
}
