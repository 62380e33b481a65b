/// Formats a coordinate or other measure compactly for descriptions and text snapshots: rounded to
/// two decimals, without a fractional part when whole ("12", "12.5", "-0.33").
public func compactDecimal(_ v: Double) -> String {
    let r = (v * 100).rounded() / 100
    return r == r.rounded() ? String(Int(r)) : String(r)
}
