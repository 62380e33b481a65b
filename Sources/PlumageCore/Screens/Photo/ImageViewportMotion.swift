import CMath
import Imaging

/// What an `ImageViewport` is doing between events.
enum ImageViewportMotion: Hashable, Sendable {
    /// Nothing moves.
    case idle
    /// Easing from `from` to `to` (keys).
    case transition(from: ImageViewport.Pose, to: ImageViewport.Pose, Easing)
    /// Coasting from origin `from` (velocity in view pixels per second).
    case fling(from: DevicePoint, Fling<DeviceVector>)
    /// Following a pointer that was at `pointer` when the origin was `origin`; `tracker` holds
    /// the pointer's recent positions.
    case drag(pointer: DevicePoint, origin: DevicePoint, tracker: VelocityTracker<DevicePoint>)
}

extension ImageViewport {
    /// True while an eased change or a fling runs, i.e. while `advance(to:)` still moves the view.
    public var isAnimating: Bool {
        switch motion {
        case .transition, .fling: true
        case .idle, .drag: false
        }
    }
    /// True between `dragBegan` and `dragEnded`.
    public var isDragging: Bool {
        if case .drag = motion { true } else { false }
    }

    /// One pan step for arrows / hjkl: `panFraction` of the view on each axis, in view pixels.
    public var panStep: DeviceVector {
        DeviceVector(dx: viewSize.width * Self.panFraction, dy: viewSize.height * Self.panFraction)
    }

    /// Zooms by `zoomStep^detents` at `p` (positive detents zoom in; fractional touchpad deltas
    /// work), immediately; see `zoom(by:at:)`.
    public mutating func wheel(detents: Double, at p: DevicePoint) {
        zoom(by: pow(Self.zoomStep, detents), at: p)
    }

    /// Zooms by `factor` (> 1 zooms in; pinch passes its scale change) keeping the image point
    /// under `p` under it, clamped to the limits, immediately; sets `.manual`. Stops an eased
    /// change or fling where it is; a drag carries on from the new position. Ignores a factor
    /// that is not finite and positive.
    public mutating func zoom(by factor: Double, at p: DevicePoint) {
        guard factor.isFinite, factor > 0 else { return }
        zoom(toScale: scale * factor, at: p)
    }

    /// Zooms to exactly `target` device pixels per image pixel (clamped to the limits; e.g. a
    /// command-line zoom), immediately, like `zoom(by:at:)`; ignores a non-finite or
    /// non-positive target.
    public mutating func zoom(toScale target: Double, at p: DevicePoint) {
        guard target.isFinite, target > 0 else { return }
        if !isDragging { motion = .idle }
        mode = .manual
        apply(anchored(pose, toScale: target, at: p))
        rebaseDrag()
    }

    /// Eases a zoom by `factor` at `p` (keys `+`/`−`; the caller passes the cursor when it is in
    /// the view, else the centre); sets `.manual`. Mid-ease, the factor applies to the running
    /// target, so quick presses accumulate.
    public mutating func zoomAnimated(by factor: Double, at p: DevicePoint, time: Seconds) {
        guard factor.isFinite, factor > 0 else { return }
        advance(to: time)
        mode = .manual
        let base = targetPose
        go(to: anchored(base, toScale: base.scale * factor, at: p), animated: true, time: time)
    }

    /// Switches to `mode`; `.fit` and `.fill` move to their centred auto pose (eased when
    /// `animated`) and re-fit on later resizes; `.manual` changes nothing else.
    public mutating func setMode(_ mode: ZoomMode, animated: Bool, time: Seconds) {
        advance(to: time)
        self.mode = mode
        guard mode != .manual else { return }
        lastAutoMode = mode
        go(to: centredPose(scale: autoScale(mode)), animated: animated, time: time)
    }

    /// Zooms to actual size (scale 1: one image pixel per device pixel, or the nearest limit)
    /// anchored at `p`; sets `.manual`.
    public mutating func actualSize(at p: DevicePoint, animated: Bool, time: Seconds) {
        advance(to: time)
        mode = .manual
        go(to: anchored(targetPose, toScale: 1, at: p), animated: animated, time: time)
    }

    /// Eases to the auto mode other than the last one in force (`z`): fill → fit → fill …,
    /// also after manual zooms in between.
    public mutating func toggleFillFit(time: Seconds) {
        setMode(lastAutoMode == .fill ? .fit : .fill, animated: true, time: time)
    }

    /// Moves the view over the image by `delta` view pixels (positive x shows more of the
    /// right side, so the content moves by −delta), clamped; eased when `animated`, and
    /// added to the running target mid-ease.
    public mutating func pan(by delta: DeviceVector, animated: Bool, time: Seconds) {
        advance(to: time)
        let base = targetPose
        let moved = DevicePoint(x: base.origin.x - delta.dx, y: base.origin.y - delta.dy)
        go(to: Pose(scale: base.scale, origin: clampedOrigin(moved, scale: base.scale)), animated: animated, time: time)
    }

    /// Grabs the image at view point `p`, stopping any eased change or fling where it is.
    public mutating func dragBegan(at p: DevicePoint, time: Seconds) {
        advance(to: time)
        var tracker = VelocityTracker<DevicePoint>()
        tracker.add(p, at: time)
        motion = .drag(pointer: p, origin: origin, tracker: tracker)
    }

    /// Moves the grabbed point to `p`: the content follows the pointer exactly, within the clamp.
    public mutating func dragMoved(to p: DevicePoint, time: Seconds) {
        guard case .drag(let start, let startOrigin, var tracker) = motion else { return }
        tracker.add(p, at: time)
        let moved = DevicePoint(x: startOrigin.x + p.x - start.x, y: startOrigin.y + p.y - start.y)
        origin = clampedOrigin(moved, scale: scale)
        motion = .drag(pointer: start, origin: startOrigin, tracker: tracker)
    }

    /// Releases the drag and flings with the pointer's velocity over the last
    /// `MotionConstants.velocityWindow` (none when the pointer rested before release or moved
    /// slower than `MotionConstants.minFlingSpeed`).
    public mutating func dragEnded(time: Seconds) {
        guard case .drag(_, _, let tracker) = motion else { return }
        motion = .idle
        if let velocity = tracker.velocity(at: time), let fling = Fling(velocity: velocity, start: time) {
            motion = .fling(from: origin, fling)
        }
    }

    /// Stops any eased change, fling or drag where it is.
    public mutating func stop() { motion = .idle }

    /// Moves an eased change or fling to `time`; returns true while one is still running.
    /// An eased change lands exactly on its target at `animationDuration`. A fling stops when
    /// slower than `MotionConstants.minFlingSpeed`; an axis whose edge it reaches stops, the
    /// other coasts on.
    @discardableResult
    public mutating func advance(to time: Seconds) -> Bool {
        switch motion {
        case .idle, .drag:
            break
        case .transition(let from, let to, let easing):
            if easing.isFinished(at: time) {
                apply(to)
                motion = .idle
            } else {
                apply(Self.interpolate(from, to, eased: easing.fraction(at: time)))
                origin = clampedOrigin(origin, scale: scale)
            }
        case .fling(let from, let fling):
            advanceFling(from: from, fling, time: time)
        }
        return isAnimating
    }

    /// The running eased change's target, else the current pose.
    var targetPose: Pose {
        if case .transition(_, let to, _) = motion { to } else { pose }
    }

    /// Ends an eased change at its target and stops a fling; a drag is left alone.
    mutating func settle() {
        switch motion {
        case .transition(_, let to, _):
            apply(to)
            motion = .idle
        case .fling:
            motion = .idle
        case .idle, .drag:
            break
        }
    }

    /// After the view changed under a drag, continues it from the pointer's last position.
    mutating func rebaseDrag() {
        guard case .drag(_, _, let tracker) = motion, let last = tracker.latest else { return }
        motion = .drag(pointer: last, origin: origin, tracker: tracker)
    }

    /// Shows `target` now (dragging, not animated, or already there), or eases to it from `time`.
    private mutating func go(to target: Pose, animated: Bool, time: Seconds) {
        if animated && !isDragging && target != pose {
            motion = .transition(from: pose, to: target, Easing(start: time, duration: Self.animationDuration))
        } else {
            apply(target)
            if isDragging { rebaseDrag() } else { motion = .idle }
        }
    }

    /// Fling position at `time`, clamped; see `advance(to:)`. An axis that hit its edge drops
    /// out: the rest coasts on as a new fling from here (or stops when that is too slow).
    private mutating func advanceFling(from: DevicePoint, _ fling: Fling<DeviceVector>, time: Seconds) {
        let position = from + fling.displacement(at: time)
        origin = clampedOrigin(position, scale: scale)
        if fling.isStopped(at: time) {
            motion = .idle
        } else if origin != position {
            let velocity = fling.velocity(at: time)
            let now = DeviceVector(
                dx: origin.x == position.x ? velocity.dx : 0,
                dy: origin.y == position.y ? velocity.dy : 0)
            motion = Fling(velocity: now, start: time).map { .fling(from: origin, $0) } ?? .idle
        }
    }

    /// The pose a fraction `w` of the way from `a` to `b`: the scale geometrically, the origin
    /// along the same zoom about the transition's fixed point, so a zoom's anchor stays put.
    private static func interpolate(_ a: Pose, _ b: Pose, eased w: Double) -> Pose {
        let logRatio = log(b.scale / a.scale)
        let s = a.scale * exp(logRatio * w)
        // view = origin + q·s fixes q's view point when origin moves in step with s; a near-pure
        // pan (scale ratio ~1) interpolates the origin by `w` directly to avoid cancellation.
        let t = abs(logRatio) < 1e-9 ? w : (s - a.scale) / (b.scale - a.scale)
        let o = DevicePoint(
            x: a.origin.x + (b.origin.x - a.origin.x) * t, y: a.origin.y + (b.origin.y - a.origin.y) * t)
        return Pose(scale: s, origin: o)
    }
}
