/// Bringing the app up to a moment and building its frame: the top screen (and, while a push or pop
/// slides, the screen beneath it, or the split view's two panes), then the app-wide overlays.
/// `update` runs in the loop's event path and may change state; `frame` is a pure function of it.
extension AppState {
    /// Brings every screen that will be drawn at `time` up to date (animations, layout, the window)
    /// and refreshes the FPS overlay from `statistics`; returns the platform work they want now (and
    /// the photo on top to remember, when it changed).
    /// The loop calls this after handling the events of a frame and before `frame`.
    public mutating func update(at time: Seconds, measurer: some TextMeasuring, statistics: FrameStatistics?)
        -> [Effect]
    {
        stack.settle(at: time)
        let topDepth = stack.depth - 1
        var effects: [Effect] = []
        if let split {
            for (depth, pane) in [(split.listDepth, split.listPane), (topDepth, split.detailPane)] {
                let env = environment(at: time, depth: depth, pane: pane)
                // Drawn placed in its pane (`splitFrame`): so are the photo renditions it names.
                effects += stack.screens[depth].update(env: env, measurer: measurer)
                    .map { $0.placed(at: pane.minX, clippedTo: pane) }
            }
        } else {
            if stack.slideOffset(at: time) != nil, stack.transition?.isPush == true {
                effects += updateScreen(depth: topDepth - 1, at: time, measurer: measurer)
            }
            effects += updateScreen(depth: topDepth, at: time, measurer: measurer)
            if stack.slideOffset(at: time) != nil, stack.transition?.isPush == false {
                // A popped screen sliding out only moves: the work it asks for is dropped.
                let env = environment(at: time, depth: topDepth + 1)
                _ = stack.transition?.leaving?.update(env: env, measurer: measurer)
            }
        }
        if showsFPS, let statistics {
            overlay.refresh(statistics: statistics, time: time, frame: resources.frameNumber, windowSize: windowSize,
                            scale: displayScale, theme: theme, measurer: measurer)
        }
        return apply(effects, at: time) + viewedPhotoEffects()
    }

    /// Brings the screen at `depth` (0 = root) up to `time`; returns the work it wants.
    mutating func updateScreen(depth: Int, at time: Seconds, measurer: some TextMeasuring) -> [Effect] {
        let env = environment(at: time, depth: depth)
        return stack.screens[depth].update(env: env, measurer: measurer)
    }

    /// The frame at `time` of the app as the last `update` left it: the visible screens and the
    /// overlays; `statistics` decides whether the FPS overlay is drawn.
    public func frame(at time: Seconds, measurer: some TextMeasuring, statistics: FrameStatistics?) -> Frame {
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
                    gone.commands = gone.commands.map(\.withoutUploads)
                    frame.overlay(gone.shifted(by: dx, bounds: bounds))
                }
            }
        } else {
            frame = screenFrame(depth: topDepth, at: time, measurer: measurer)
        }
        drawOverlays(at: time, measurer: measurer, statistics: statistics, into: &frame.commands)
        return resources.resolved(frame, scale: displayScale, at: time)
    }

    /// What the next frames will likely want, as the last `update` left the app: the images and
    /// text of the visible screens' rows just off screen (the screen on top first; a screen being
    /// popped expects nothing) and the FPS overlay's staged text. A pure function, like `frame`.
    public func lookahead(at time: Seconds, measurer: some TextMeasuring, statistics: FrameStatistics?) -> Lookahead {
        let topDepth = stack.depth - 1
        var depths: [(Int, Rect?)] = []
        if let split {
            depths = [(split.listDepth, split.listPane), (topDepth, split.detailPane)]
        } else if stack.slideOffset(at: time) != nil, stack.transition?.isPush == true {
            depths = [(topDepth - 1, nil), (topDepth, nil)]
        } else {
            depths = [(topDepth, nil)]
        }
        var ahead = Lookahead()
        for (depth, pane) in depths {
            let env = pane.map { environment(at: time, depth: depth, pane: $0) } ?? environment(at: time, depth: depth)
            ahead.prepend(stack.screens[depth].lookahead(env: env, measurer: measurer))
        }
        if showsFPS, statistics != nil { ahead.prepend(Lookahead(text: overlay.stagedText(theme: theme))) }
        return ahead
    }

    /// Records what `frame` (this app's latest) shows and which images come next (`ahead`) in the
    /// resource ledger and the live pages it wants in their ledger; returns the loads, cancels and
    /// page reads for the platform. The loop calls it between
    /// `frame` and drawing.
    public mutating func want(_ frame: Frame, ahead: Lookahead) -> [Effect] {
        resources.want(frame, ahead: ahead) + livePages.want(ahead.pages)
    }

    /// The frame of the screen at `depth` (0 = root).
    func screenFrame(depth: Int, at time: Seconds, measurer: some TextMeasuring) -> Frame {
        let env = environment(at: time, depth: depth)
        return stack.screens[depth].frame(env: env, measurer: measurer)
    }

    /// The key help, the location box, the FPS overlay and the notice, over any screen, when they are shown.
    func drawOverlays(at time: Seconds, measurer: some TextMeasuring, statistics: FrameStatistics?,
                      into commands: inout [DrawCommand]) {
        loading?.draw(windowSize: windowSize, time: time, theme: theme, measurer: measurer, into: &commands)
        if showsHelp {
            HelpOverlay.draw(screenRows: top.keyHelp, canGoBack: stack.depth > 1, windowSize: windowSize, theme: theme,
                             measurer: measurer, into: &commands)
        }
        drawLocation(measurer: measurer, into: &commands)
        if showsFPS, statistics != nil {
            overlay.draw(windowSize: windowSize, theme: theme, into: &commands)
        }
        if let notice, notice.isVisible(at: time) {
            notice.draw(windowSize: windowSize, theme: theme, measurer: measurer, into: &commands)
        }
    }
}
