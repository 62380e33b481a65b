/// Short relative dates for cells: "now", "5m", "3h", "6d", "Mar 5", "Mar 5, 2024".
public enum RelativeDate {
    /// English month abbreviations, January first.
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats `date` as seen at `now` (future dates read as "now"); "" for no date.
    public static func format(_ date: Timestamp?, now: Timestamp) -> String {
        guard let date else { return "" }
        let age = now.seconds - date.seconds
        if age < 60 { return "now" }
        if age < 3600 { return "\(age / 60)m" }
        if age < 86_400 { return "\(age / 3600)h" }
        if age < 7 * 86_400 { return "\(age / 86_400)d" }
        let c = date.civil
        return c.year == now.civil.year ? "\(months[c.month - 1]) \(c.day)" : day(date)
    }

    /// The calendar day of `date` (UTC) with its year, as cells show older dates: "Mar 5, 2024".
    public static func day(_ date: Timestamp) -> String {
        let c = date.civil
        return "\(months[c.month - 1]) \(c.day), \(c.year)"
    }
}
