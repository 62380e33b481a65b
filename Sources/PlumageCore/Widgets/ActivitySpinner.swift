import CMath
import Imaging

/// The loading spinner (as iOS's UIActivityIndicatorView): twelve rounded spokes around a centre,
/// the brightest one stepping clockwise once a spoke every twelfth of a second, the eleven behind
/// it fading. The core picks where and which step (`DrawCommand.spinner`); the platform draws the
/// spokes from `bitmap(side:head:)`, white, tinted.
public enum ActivitySpinner {
    /// Spokes around the circle.
    public static let spokes = 12
    /// Turns per second.
    public static let turnsPerSecond = 1.0
    /// Opacity of the spoke furthest behind the head (the head's is 1).
    public static let tailOpacity = 0.25

    /// The brightest spoke at `time` (0 = twelve o'clock, counted clockwise).
    public static func head(at time: Seconds) -> Int {
        let steps = (time * turnsPerSecond * Double(spokes)).rounded(.down)
        guard steps.isFinite, abs(steps) < 1e15 else { return 0 }
        let step = Int(steps) % spokes
        return step < 0 ? step + spokes : step
    }

    /// The opacity of spoke `index` when spoke `head` is the brightest: 1 for the head, falling
    /// evenly to `tailOpacity` for the spoke just ahead of it (the one furthest behind).
    public static func opacity(ofSpoke index: Int, head: Int) -> Double {
        let behind = ((head - index) % spokes + spokes) % spokes
        return 1 - (1 - tailOpacity) * Double(behind) / Double(spokes - 1)
    }

    /// The spokes as white pixels on transparent, `side`×`side` (clamped to 4…256), spoke `head`
    /// opaque: each a capsule from 45 % to 95 % of the radius, 11 % of the side wide, anti-aliased
    /// by its distance to each pixel's centre.
    public static func bitmap(side: Int, head: Int) -> Bitmap {
        let side = max(4, min(256, side))
        let radius = Double(side) / 2
        let inner = radius * 0.45, outer = radius * 0.95, halfWidth = max(0.75, Double(side) * 0.055)
        let axes = (0..<spokes).map { i -> (dx: Double, dy: Double, alpha: Double) in
            let angle = Double(i) / Double(spokes) * 2 * Double.pi
            return (sin(angle), -cos(angle), opacity(ofSpoke: i, head: head))
        }
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let px = Double(x) + 0.5 - radius, py = Double(y) + 0.5 - radius
                var alpha = 0.0
                for axis in axes {
                    // Distance from the pixel's centre to the spoke's segment (inner…outer along its axis).
                    let along = max(inner, min(outer, px * axis.dx + py * axis.dy))
                    let ex = px - along * axis.dx, ey = py - along * axis.dy
                    let distance = (ex * ex + ey * ey).squareRoot()
                    let coverage = max(0, min(1, halfWidth + 0.5 - distance))
                    alpha = max(alpha, coverage * axis.alpha)
                }
                let i = (y * side + x) * 4
                pixels[i] = 255; pixels[i + 1] = 255; pixels[i + 2] = 255
                pixels[i + 3] = UInt8((alpha * 255).rounded())
            }
        }
        return Bitmap(width: side, height: side, pixels: pixels)
    }

    /// The spinner's square for an image loading in `frame`: centred, half the shorter side but at
    /// most 28 points; nil when that is under 12 points (too small to read).
    public static func frame(over frame: Rect) -> Rect? {
        let side = min(28, (min(frame.width, frame.height) / 2).rounded(.down))
        guard side >= 12 else { return nil }
        return Rect(x: (frame.midX - side / 2).rounded(), y: (frame.midY - side / 2).rounded(), width: side, height: side)
    }

    /// The spokes' tint over a placeholder of colour `placeholder`: dark on a light one, light on a
    /// dark one (by its luma), translucent.
    public static func color(over placeholder: RGBA) -> RGBA {
        let luma = 0.299 * Double(placeholder.r) + 0.587 * Double(placeholder.g) + 0.114 * Double(placeholder.b)
        return luma > 140 ? RGBA(0, 0, 0, 140) : RGBA(255, 255, 255, 190)
    }
}
