/// e^x, ln x and x^y for the image viewport without Foundation (PlumageCore stays stdlib-only).
/// Each is accurate to a few ulp (relative error well under 1e-12) over the whole `Double` range.
enum ImageViewportMath {
    /// ln 2 split Cody–Waite style (fdlibm): `ln2Hi` has its low 32 bits zero, so `n * ln2Hi`
    /// is exact for any binary exponent `n`, and `ln2Hi + ln2Lo` is ln 2 to ~2^-86.
    private static let ln2Hi = 6.93147180369123816490e-01
    private static let ln2Lo = 1.90821492927058770002e-10
    /// 1 / ln 2.
    private static let log2e = 1.4426950408889634
    /// Above this e^x overflows to infinity.
    private static let expOverflow = 709.782712893384
    /// Below this e^x underflows to zero (half the smallest subnormal rounds to zero).
    private static let expUnderflow = -745.1332191019412

    /// e^x: infinity above ~709.78, 0 below ~−745.13, NaN for NaN.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > expOverflow { return .infinity }
        if x < expUnderflow { return 0 }
        // x = n·ln 2 + r with |r| ≤ ln 2 / 2, so e^x = 2^n · e^r.
        let n = (x * log2e).rounded()
        let r = (x - n * ln2Hi) - n * ln2Lo
        // Taylor series of e^r in Horner form; r^18/18! < 1e-23 for |r| ≤ 0.35.
        var sum = 1.0
        for k in stride(from: 18, through: 1, by: -1) {
            sum = 1 + sum * r / Double(k)
        }
        return Double(sign: .plus, exponent: Int(n), significand: sum)
    }

    /// ln x: −infinity at 0, NaN below 0 or for NaN, infinity at infinity.
    static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        // x = m·2^e with m in [√½, √2), so ln x = e·ln 2 + ln m (subnormals come normalised).
        var m = x.significand
        var e = Double(x.exponent)
        if m > 1.4142135623730951 {
            m /= 2
            e += 1
        }
        // ln m = 2·atanh(s) = 2·(s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1), |s| ≤ 0.1716.
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var series = 1.0 / 25
        for k in stride(from: 23, through: 1, by: -2) {
            series = 1 / Double(k) + s2 * series
        }
        return e * ln2Hi + (e * ln2Lo + 2 * s * series)
    }

    /// base^x for `base` > 0 (as e^(x·ln base)); NaN for a negative base.
    static func pow(_ base: Double, _ x: Double) -> Double {
        exp(x * log(base))
    }
}
