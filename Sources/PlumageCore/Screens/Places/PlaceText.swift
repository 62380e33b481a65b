import Imaging

/// How the places screens write counts, dates and sizes ("1,234 photos", "12 Mar – 4 Jun 2023",
/// "4032 × 3024"). Dates are shown in UTC, as everywhere in the app (EXIF dates, which carry no
/// zone, are stored as UTC, so they read as the camera wrote them).
public enum PlaceText {
    /// `n` with a comma between groups of three digits: "12,345".
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// "1 photo", "1,234 photos".
    public static func photos(_ n: Int) -> String { grouped(n) + (n == 1 ? " photo" : " photos") }

    /// The day of `date`: "12 Mar 2021".
    public static func day(_ date: Timestamp) -> String {
        let c = date.civil
        return "\(c.day) \(RelativeDate.months[c.month - 1]) \(c.year)"
    }

    /// The day and time of `date`: "12 Mar 2021, 14:05".
    public static func dayAndTime(_ date: Timestamp) -> String {
        let c = date.civil
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return day(date) + ", \(two(c.hour)):\(two(c.minute))"
    }

    /// A span of days, the month and year written once when shared: "12 Mar 2021" (one day),
    /// "8 – 21 Jan 2023", "12 Mar – 4 Jun 2023", "12 Mar 2021 – 4 Jun 2023".
    public static func range(_ dates: ClosedRange<Timestamp>) -> String {
        let a = dates.lowerBound.civil, b = dates.upperBound.civil
        if (a.year, a.month, a.day) == (b.year, b.month, b.day) { return day(dates.lowerBound) }
        if (a.year, a.month) == (b.year, b.month) { return "\(a.day) – " + day(dates.upperBound) }
        if a.year == b.year {
            return "\(a.day) \(RelativeDate.months[a.month - 1]) – " + day(dates.upperBound)
        }
        return day(dates.lowerBound) + " – " + day(dates.upperBound)
    }

    /// Pixel dimensions: "4032 × 3024".
    public static func dimensions(_ size: PixelSize) -> String { "\(size.width) × \(size.height)" }
}
