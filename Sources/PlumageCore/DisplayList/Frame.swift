/// Everything the platform needs to draw one frame, and nothing else (made by a pure `frame`: no
/// effects, no requests, no lookahead — that is `Lookahead`).
public struct Frame: Sendable {
    /// Drawing commands in painter's order.
    public var commands: [DrawCommand]
    /// Creates a frame.
    public init(commands: [DrawCommand] = []) { self.commands = commands }

    /// The images the commands draw, in order (what the resource ledger marks on screen).
    public var shownImages: [ImageRequest] {
        commands.compactMap { if case let .image(request, _, _, _) = $0 { request } else { nil } }
    }

    /// The commands one per line, for text snapshots in tests.
    public var textDump: String { commands.map(\.description).joined(separator: "\n") }

    /// Adds `other` on top: its commands after these.
    public mutating func overlay(_ other: Frame) { commands += other.commands }

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
