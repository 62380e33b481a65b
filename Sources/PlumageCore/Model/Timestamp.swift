/// A moment in time as whole seconds since the Unix epoch (UTC); Core's Foundation-free date.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64
    /// Creates a timestamp from seconds since the epoch.
    public init(seconds: Int64) { self.seconds = seconds }
    /// Creates a timestamp from a UTC calendar date and time.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        seconds = Int64(CivilDate.days(year: year, month: month, day: day)) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }
    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.seconds < b.seconds }
    /// The UTC calendar fields of this moment.
    public var civil: CivilDate { CivilDate(seconds: seconds) }
    /// RFC 3339 / ISO 8601 in UTC: `2023-08-12T16:10:37Z`.
    public var iso8601: String {
        let c = civil
        func p(_ v: Int, _ w: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, w - s.count)) + s
        }
        return "\(p(c.year, 4))-\(p(c.month, 2))-\(p(c.day, 2))T\(p(c.hour, 2)):\(p(c.minute, 2)):\(p(c.second, 2))Z"
    }
    public var description: String { iso8601 }
}

/// A proleptic Gregorian UTC date and time of day.
public struct CivilDate: Hashable, Sendable {
    /// UTC calendar fields: year, month 1–12, day 1–31, hour 0–23, minute and second 0–59.
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// Splits seconds since the epoch into calendar fields (Howard Hinnant's civil_from_days).
    public init(seconds: Int64) {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rem = Int(seconds - Int64(days) * 86_400)
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
    /// Days since the epoch of a calendar date (days_from_civil).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
