#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// BlurHash (https://github.com/woltapp/blurhash, its Algorithm.md): a blurred placeholder image
/// described by a short base-83 string of DCT components — Mastodon's `blurhash` field. Pure and
/// bounded: the string is validated whole before any pixel is made, and the output is small (the
/// platform decodes at most `maxSide` a side and scales the result to cover the request).
///
/// Layout: character 0 packs the component counts (`(y − 1) × 9 + (x − 1)`, 1…9 each); character 1 the
/// quantised maximum of the AC components; characters 2…5 the DC component (the average colour, 24-bit
/// sRGB); then two characters per AC component (three 19-level signed-square-root quantised values).
public enum BlurHash {
    /// The base-83 digits, in value order.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// Largest width or height `decode` makes: a BlurHash holds at most 9 × 9 cosines, so more pixels
    /// only interpolate what scaling up does for free.
    public static let maxSide = 64

    /// The value of each ASCII byte as a base-83 digit, -1 for bytes outside the alphabet.
    private static let digitValues: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(value) }
        return table
    }()

    /// The numbers a valid hash holds, before any pixel is made.
    public struct Components: Sendable, Equatable {
        /// Horizontal cosine components (1…9).
        public var x: Int
        /// Vertical cosine components (1…9).
        public var y: Int
        /// The average colour (the DC component) as sRGB bytes, alpha 255.
        public var average: RGBA
        /// Counts `x` × `y` with the average colour `average`.
        public init(x: Int, y: Int, average: RGBA) { self.x = x; self.y = y; self.average = average }
    }

    /// The component counts and average colour of `hash`; nil when it is not a valid BlurHash (shorter
    /// than 6 characters, a character outside the base-83 alphabet, a length other than
    /// `4 + 2 × x × y`, or a DC or AC value beyond what the format can encode).
    public static func components(of hash: String) -> Components? {
        parse(hash).map { Components(x: $0.x, y: $0.y, average: $0.average) }
    }

    /// The image `hash` describes at `width` × `height` pixels (each clamped to 1…`maxSide`), with the AC
    /// components scaled by `punch` (1 as encoded; more for more contrast); nil when `hash` is invalid
    /// (see `components(of:)`) or `punch` is not a finite positive number. Opaque.
    public static func decode(_ hash: String, width: Int, height: Int, punch: Double = 1) -> Bitmap? {
        guard punch.isFinite, punch > 0, let parsed = parse(hash) else { return nil }
        let w = min(maxSide, max(1, width)), h = min(maxSide, max(1, height))
        let (nx, ny) = (parsed.x, parsed.y)
        var colours = parsed.colours
        for i in 3..<colours.count { colours[i] *= punch }
        // cos(π·x·i/w) for every column and component, then the same for rows: w·nx + h·ny cosines.
        var cosX = [Double](repeating: 0, count: w * nx)
        for x in 0..<w { for i in 0..<nx { cosX[x * nx + i] = cos(Double.pi * Double(x * i) / Double(w)) } }
        var cosY = [Double](repeating: 0, count: h * ny)
        for y in 0..<h { for j in 0..<ny { cosY[y * ny + j] = cos(Double.pi * Double(y * j) / Double(h)) } }
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        // Per row, the vertical cosines folded into one colour per column component: nx terms a pixel.
        var row = [Double](repeating: 0, count: nx * 3)
        for y in 0..<h {
            for i in 0..<nx {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for j in 0..<ny {
                    let cy = cosY[y * ny + j], c = (j * nx + i) * 3
                    r += colours[c] * cy
                    g += colours[c + 1] * cy
                    b += colours[c + 2] * cy
                }
                (row[i * 3], row[i * 3 + 1], row[i * 3 + 2]) = (r, g, b)
            }
            for x in 0..<w {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for i in 0..<nx {
                    let cx = cosX[x * nx + i]
                    r += row[i * 3] * cx
                    g += row[i * 3 + 1] * cx
                    b += row[i * 3 + 2] * cx
                }
                let p = (y * w + x) * 4
                pixels[p] = sRGBByte(b)
                pixels[p + 1] = sRGBByte(g)
                pixels[p + 2] = sRGBByte(r)
            }
        }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    /// A validated hash: component counts, average colour, and every component's linear RGB
    /// (DC first, then AC row by row), AC not yet scaled by punch.
    private struct Parsed {
        var x: Int
        var y: Int
        var average: RGBA
        var colours: [Double]
    }

    /// Validates and unpacks `hash`; nil when it is invalid.
    private static func parse(_ hash: String) -> Parsed? {
        let bytes = Array(hash.utf8)
        // The longest valid hash (9 × 9 components) is 166 characters; nothing longer is read.
        guard bytes.count >= 6, bytes.count <= 4 + 2 * 81 else { return nil }
        var digits = [Int](repeating: 0, count: bytes.count)
        for (i, byte) in bytes.enumerated() {
            let value = digitValues[Int(byte)]
            guard value >= 0 else { return nil }
            digits[i] = Int(value)
        }
        func number(_ start: Int, _ count: Int) -> Int { digits[start..<start + count].reduce(0) { $0 * 83 + $1 } }
        let sizeFlag = digits[0]
        let (nx, ny) = (sizeFlag % 9 + 1, sizeFlag / 9 + 1)
        // A size flag of 81 or 82 would mean 10 rows: not a valid count.
        guard ny <= 9, bytes.count == 4 + 2 * nx * ny else { return nil }
        let maximum = Double(digits[1] + 1) / 166
        let dc = number(2, 4)
        guard dc <= 0xFF_FFFF else { return nil }
        let average = RGBA(UInt8(dc >> 16), UInt8((dc >> 8) & 255), UInt8(dc & 255), 255)
        var colours = [linear(average.r), linear(average.g), linear(average.b)]
        colours.reserveCapacity(nx * ny * 3)
        for component in 1..<(nx * ny) {
            let value = number(4 + component * 2, 2)
            guard value < 19 * 19 * 19 else { return nil }
            for quantised in [value / (19 * 19), value / 19 % 19, value % 19] {
                let unit = Double(quantised - 9) / 9
                colours.append((unit < 0 ? -1 : 1) * unit * unit * maximum)
            }
        }
        return Parsed(x: nx, y: ny, average: average, colours: colours)
    }

    /// An sRGB byte as linear light (0…1).
    private static func linear(_ byte: UInt8) -> Double { decoded(Double(byte) / 255) }

    /// The sRGB transfer function inverted: encoded 0…1 → linear light 0…1.
    private static func decoded(_ encoded: Double) -> Double {
        encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// `thresholds[k]`: the linear light where the nearest sRGB byte turns from `k` to `k + 1` (the
    /// encoding of `k + 0.5`), ascending: a byte is found by 8 comparisons instead of a `pow` a channel.
    private static let thresholds: [Double] = (0..<255).map { decoded((Double($0) + 0.5) / 255) }

    /// Linear light (clamped to 0…1) as the nearest sRGB byte.
    private static func sRGBByte(_ value: Double) -> UInt8 {
        thresholds.withUnsafeBufferPointer { bounds in
            var (low, high) = (0, 255)  // the byte is in low...high: the count of bounds ≤ value
            while low < high {
                let middle = (low + high) / 2
                if value >= bounds[middle] { low = middle + 1 } else { high = middle }
            }
            return UInt8(low)
        }
    }
}
