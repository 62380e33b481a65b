/// A moment in time as whole seconds since the Unix epoch (UTC); Core's Foundation-free date.
/// Every Int64 is a valid moment: nothing computed from one traps (dates far outside years 1…9999
/// come from damaged files, and must still show as something).
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64
    /// Creates a timestamp from seconds since the epoch.
    public init(seconds: Int64) { self.seconds = seconds }
    /// Creates a timestamp from a UTC calendar date and time. Fields outside their usual ranges
    /// give some moment but never trap; a moment beyond Int64's range is clamped to it.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        // ±2^40 years or days is far past Int64's ±2.9·10^11 years, and small enough that
        // nothing below overflows Int before the clamped multiplication.
        let bound = 1 << 40
        func clamped(_ v: Int) -> Int { min(max(v, -bound), bound) }
        let days = Int64(CivilDate.days(year: clamped(year), month: clamped(month), day: clamped(day)))
        let time = Int64(clamped(hour)) * 3600 + Int64(clamped(minute)) * 60 + Int64(clamped(second))
        seconds = Self.clampedSum(Self.clampedProduct(days, 86_400), time)
    }
    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.seconds < b.seconds }
    /// The UTC calendar fields of this moment.
    public var civil: CivilDate { CivilDate(seconds: seconds) }
    /// RFC 3339 / ISO 8601 in UTC: `2023-08-12T16:10:37Z`; a year outside 0…9999 is written in
    /// ISO 8601's expanded form with its sign (`+292277026596-12-04T15:30:07Z`, `-0001-…`).
    public var iso8601: String {
        let c = civil
        func p(_ v: Int, _ w: Int) -> String {
            let s = String(v.magnitude)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        let year = (0...9999).contains(c.year) ? p(c.year, 4) : (c.year < 0 ? "-" : "+") + p(c.year, 4)
        return "\(year)-\(p(c.month, 2))-\(p(c.day, 2))T\(p(c.hour, 2)):\(p(c.minute, 2)):\(p(c.second, 2))Z"
    }
    public var description: String { iso8601 }

    /// This moment moved by `delta` seconds, clamped to Int64's range instead of overflowing.
    public func advanced(by delta: Int64) -> Timestamp { Timestamp(seconds: Self.clampedSum(seconds, delta)) }

    /// Seconds from `self` to `later` (`later − self`), clamped to Int64's range instead of overflowing.
    public func seconds(until later: Timestamp) -> Int64 {
        let (difference, overflow) = later.seconds.subtractingReportingOverflow(seconds)
        return overflow ? (later.seconds > seconds ? .max : .min) : difference
    }

    /// `a + b`, or the Int64 bound it passes.
    private static func clampedSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// `a × b`, or the Int64 bound it passes.
    private static func clampedProduct(_ a: Int64, _ b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) != (b < 0) ? .min : .max) : product
    }
}

/// A proleptic Gregorian UTC date and time of day.
public struct CivilDate: Hashable, Sendable {
    /// UTC calendar fields: year, month 1–12, day 1–31, hour 0–23, minute and second 0–59.
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// Splits seconds since the epoch into calendar fields (Howard Hinnant's civil_from_days); any
    /// Int64 works (Int64.max is in the year 292277026596).
    public init(seconds: Int64) {
        // Floor division written so that no step leaves Int64 (Int64.min − 86 399 would).
        let remainder = seconds % 86_400
        let rem = Int(remainder < 0 ? remainder + 86_400 : remainder)
        let days = Int(seconds / 86_400 - (remainder < 0 ? 1 : 0))
        hour = rem / 3600; minute = rem % 3600 / 60; second = rem % 60
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }
    /// Days since the epoch of a calendar date (days_from_civil); exact for fields within ±2^40
    /// (what `Timestamp(year:…)` passes), beyond that it does not trap but its value is meaningless.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year &- 1 : year
        let era = (y >= 0 ? y : y &- 399) / 400
        let yoe = y &- era &* 400
        let doy = (153 &* (month > 2 ? month &- 3 : month &+ 9) &+ 2) / 5 &+ day &- 1
        let doe = yoe &* 365 &+ yoe / 4 &- yoe / 100 &+ doy
        return era &* 146_097 &+ doe &- 719_468
    }
}
