/// Short relative dates for cells: "now", "5m", "3h", "6d", "Mar 5", "Mar 5, 2024". Any
/// timestamp formats (one from a damaged file too): a day outside years 1…9999 reads
/// "before year 1" or "after year 9999".
public enum RelativeDate {
    /// English month abbreviations, January first.
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The years a calendar day is written for; outside them only the side is.
    static let writtenYears = 1...9999

    /// Formats `date` as seen at `now` (future dates read as "now"); "" for no date.
    public static func format(_ date: Timestamp?, now: Timestamp) -> String {
        guard let date else { return "" }
        let age = date.seconds(until: now)
        if age < 60 { return "now" }
        if age < 3600 { return "\(age / 60)m" }
        if age < 86_400 { return "\(age / 3600)h" }
        if age < 7 * 86_400 { return "\(age / 86_400)d" }
        let c = date.civil
        guard writtenYears.contains(c.year), c.year == now.civil.year else { return day(date) }
        return "\(months[c.month - 1]) \(c.day)"
    }

    /// The calendar day of `date` (UTC) with its year, as cells show older dates: "Mar 5, 2024";
    /// "before year 1" or "after year 9999" outside those years.
    public static func day(_ date: Timestamp) -> String {
        let c = date.civil
        if c.year < writtenYears.lowerBound { return "before year 1" }
        if c.year > writtenYears.upperBound { return "after year 9999" }
        return "\(months[c.month - 1]) \(c.day), \(c.year)"
    }
}
