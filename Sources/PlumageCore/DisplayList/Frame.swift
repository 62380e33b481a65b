/// Everything the platform needs to draw one frame, and the images and text the next ones will
/// want (made by a pure `frame`: no effects, no requests of its own).
public struct Frame: Sendable {
    /// Drawing commands in painter's order.
    public var commands: [DrawCommand]
    /// Images likely needed soon (rows just outside the viewport), nearest first.
    public var prefetch: [ImageRequest]
    /// Text of rows about to scroll in, nearest first, as `.text` commands: the executor may render
    /// a few into its cache after drawing, so rows arrive with their text ready.
    public var textPrefetch: [DrawCommand]
    /// Creates a frame.
    public init(commands: [DrawCommand] = [], prefetch: [ImageRequest] = [], textPrefetch: [DrawCommand] = []) {
        self.commands = commands; self.prefetch = prefetch; self.textPrefetch = textPrefetch
    }

    /// The images the commands draw, in order (what the resource ledger marks on screen).
    public var shownImages: [ImageRequest] {
        commands.compactMap { if case let .image(request, _, _, _) = $0 { request } else { nil } }
    }

    /// The commands one per line, for text snapshots in tests.
    public var textDump: String { commands.map(\.description).joined(separator: "\n") }

    /// Adds `other` on top: its commands after these, its prefetch lists first (the screen on
    /// top is the one the user looks at).
    public mutating func overlay(_ other: Frame) {
        commands += other.commands
        prefetch = other.prefetch + prefetch
        textPrefetch = other.textPrefetch + textPrefetch
    }

    /// The same frame moved `dx` points to the right and clipped to its own moved window
    /// (`bounds` before the move): a screen sliding in or out.
    public func shifted(by dx: Double, bounds: Rect) -> Frame {
        placed(at: dx, clippedTo: bounds.offsetBy(dx: dx, dy: 0).intersection(bounds))
    }

    /// The same frame moved `dx` points to the right and drawn only inside `visible` (window
    /// points): a screen in one pane of the split view, or sliding.
    public func placed(at dx: Double, clippedTo visible: Rect) -> Frame {
        var moved = self
        moved.commands = [.clip(visible)] + commands.map { $0.shifted(by: dx, clippedTo: visible) } + [.clip(nil)]
        return moved
    }
}
