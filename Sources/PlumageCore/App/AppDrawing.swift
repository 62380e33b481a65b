/// Building a frame of the whole app: the top screen (and, while a push or pop slides, the
/// screen beneath it), then the app-wide overlays.
extension AppState {
    /// Advances animations to `time`, lets the visible screens lay out and draw, and adds the
    /// overlays; `statistics` feeds the FPS overlay.
    public mutating func frame(at time: Seconds, measurer: some TextMeasuring, statistics: FrameStatistics?) -> Frame {
        stack.settle(at: time)
        let topDepth = stack.depth - 1
        var frame: Frame
        if let split {
            frame = splitFrame(split, at: time, measurer: measurer)
        } else if let offset = stack.slideOffset(at: time), let isPush = stack.transition?.isPush {
            let dx = (offset * windowSize.width).rounded()
            let bounds = Rect(origin: .zero, size: windowSize)
            if isPush {
                frame = screenFrame(depth: topDepth - 1, at: time, measurer: measurer)
                frame.overlay(screenFrame(depth: topDepth, at: time, measurer: measurer).shifted(by: dx, bounds: bounds))
            } else {
                frame = screenFrame(depth: topDepth, at: time, measurer: measurer)
                let env = environment(at: time, depth: topDepth + 1)
                if var gone = stack.transition?.leaving?.frame(env: env, measurer: measurer) {
                    // A popped screen is only drawn: it asks for no more work.
                    gone.effects = []
                    gone.photoWarmup = []
                    gone.prefetch = []
                    gone.textPrefetch = []
                    gone.commands = gone.commands.map(\.withoutUploads)
                    frame.overlay(gone.shifted(by: dx, bounds: bounds))
                }
            }
        } else {
            frame = screenFrame(depth: topDepth, at: time, measurer: measurer)
        }
        drawOverlays(at: time, measurer: measurer, statistics: statistics, into: &frame.commands)
        return frame
    }

    /// The frame of the screen at `depth` (0 = root).
    mutating func screenFrame(depth: Int, at time: Seconds, measurer: some TextMeasuring) -> Frame {
        let env = environment(at: time, depth: depth)
        return stack.screens[depth].frame(env: env, measurer: measurer)
    }

    /// The key help, the FPS overlay and the notice, over any screen, when they are shown.
    mutating func drawOverlays(at time: Seconds, measurer: some TextMeasuring, statistics: FrameStatistics?,
                               into commands: inout [DrawCommand]) {
        loading?.draw(windowSize: windowSize, time: time, theme: theme, measurer: measurer, into: &commands)
        if showsHelp {
            HelpOverlay.draw(screenRows: top.keyHelp, canGoBack: stack.depth > 1, windowSize: windowSize, theme: theme,
                             measurer: measurer, into: &commands)
        }
        if showsFPS, let statistics {
            overlay.draw(statistics: statistics, time: time, windowSize: windowSize, scale: displayScale, theme: theme,
                         measurer: measurer, into: &commands)
        }
        if let notice, notice.isVisible(at: time) {
            notice.draw(windowSize: windowSize, theme: theme, measurer: measurer, into: &commands)
        }
    }
}
