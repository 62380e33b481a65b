/// Name order as people expect it: case-insensitive, with runs of digits compared by value, so
/// `IMG_2` comes before `IMG_10` and `a 3` before `B`. Photo lists, places and folders all sort by it.
///
/// Example: `["IMG_10", "img_2"].sorted(by: NaturalOrder.areInIncreasingOrder)` is `["img_2", "IMG_10"]`.
public enum NaturalOrder {
    /// True when `a` sorts before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool { Key(a) < Key(b) }

    /// A name prepared for many comparisons (sorting thousands of names compares each many times):
    /// its lower-cased scalars, made once.
    public struct Key: Comparable, Hashable, Sendable {
        /// The lower-cased Unicode scalar values of the name, decimal digits (of any script) marked
        /// with `digitFlag`.
        let scalars: [UInt32]
        /// Marks a scalar that is a decimal digit (scalar values stay below 2^21).
        static let digitFlag: UInt32 = 1 << 31

        /// Prepares `name`.
        public init(_ name: String) {
            // Most file names are ASCII: lower-cased and classified byte by byte, without Unicode tables.
            if name.utf8.allSatisfy({ $0 < 0x80 }) {
                scalars = name.utf8.map { byte in
                    let lower = UInt32(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
                    return lower >= 0x30 && lower <= 0x39 ? lower | Key.digitFlag : lower
                }
                return
            }
            scalars = name.lowercased().unicodeScalars.map {
                $0.properties.numericType == .decimal ? $0.value | Key.digitFlag : $0.value
            }
        }

        /// Digit runs compare by length without leading zeros, then digit by digit, anything else scalar by scalar; a name
        /// that is a prefix of the other comes first.
        public static func < (a: Key, b: Key) -> Bool {
            let x = a.scalars, y = b.scalars
            var i = 0, j = 0
            while i < x.count && j < y.count {
                if isDigit(x[i]) && isDigit(y[j]) {
                    var m = i, n = j
                    while m < x.count && isDigit(x[m]) { m += 1 }
                    while n < y.count && isDigit(y[n]) { n += 1 }
                    var p = i, q = j
                    while p < m && x[p] == zero { p += 1 }
                    while q < n && y[q] == zero { q += 1 }
                    if m - p != n - q { return m - p < n - q }
                    while p < m {
                        if x[p] != y[q] { return x[p] < y[q] }
                        p += 1; q += 1
                    }
                    i = m; j = n
                    continue
                }
                if x[i] != y[j] { return x[i] & ~digitFlag < y[j] & ~digitFlag }
                i += 1; j += 1
            }
            return i == x.count && j < y.count
        }

        /// "0" as stored: leading zeros of a digit run are ignored.
        private static let zero = 0x30 | digitFlag
        /// True for a decimal digit of any script.
        private static func isDigit(_ v: UInt32) -> Bool { v & digitFlag != 0 }
    }
}
