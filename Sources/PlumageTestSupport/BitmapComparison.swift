import Imaging
import PlumageCore

/// How two images differ, for golden-image assertions.
public struct BitmapComparison: Sendable, CustomStringConvertible {
    /// Pixels whose channels differ by more than the tolerance.
    public let differingPixels: Int
    /// The largest channel difference anywhere.
    public let maxDelta: Int
    /// All pixels compared.
    public let totalPixels: Int
    /// False when the sizes differ (nothing else is compared then).
    public let sameSize: Bool
    /// An image of the differences: red where pixels differ beyond the tolerance, dimmed actual elsewhere.
    public let diff: Bitmap?

    /// Compares `actual` with `expected`, counting pixels off by more than `tolerance` in any channel.
    public init(actual: Bitmap, expected: Bitmap, tolerance: Int = 2) {
        totalPixels = actual.width * actual.height
        guard actual.width == expected.width, actual.height == expected.height else {
            sameSize = false; differingPixels = totalPixels; maxDelta = 255; diff = nil
            return
        }
        sameSize = true
        var count = 0, worst = 0
        var out = [UInt8](repeating: 0, count: actual.pixels.count)
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actual.pixels[i + c]) - Int(expected.pixels[i + c]))) }
            worst = max(worst, d)
            if d > tolerance {
                count += 1
                out[i] = 0; out[i + 1] = 0; out[i + 2] = 255; out[i + 3] = 255
            } else {
                out[i] = actual.pixels[i] / 4; out[i + 1] = actual.pixels[i + 1] / 4
                out[i + 2] = actual.pixels[i + 2] / 4; out[i + 3] = 255
            }
        }
        differingPixels = count; maxDelta = worst
        diff = Bitmap(width: actual.width, height: actual.height, pixels: out)
    }

    /// True when at most `fraction` of the pixels differ beyond the tolerance.
    public func matches(allowingFraction fraction: Double = 0.002) -> Bool {
        sameSize && Double(differingPixels) <= fraction * Double(totalPixels)
    }

    public var description: String {
        sameSize ? "\(differingPixels) of \(totalPixels) pixels differ (max channel delta \(maxDelta))" : "sizes differ"
    }
}
