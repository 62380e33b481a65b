/// HTTP-dates (RFC 9110 §5.6.7): the preferred IMF-fixdate and, as recipients must, the obsolete
/// RFC 850 and asctime forms. All are UTC.
///
/// `HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")` is 784111777.
public enum HTTPDate {
    /// Seconds since the Unix epoch of `text`, or nil when it is no HTTP-date. A two-digit RFC 850
    /// year is put in the century that keeps it at most 50 years after `now` (seconds since the
    /// epoch).
    public static func parse(_ text: String, now: Int = 0) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch fields.count {
        case 6 where fields[5] == "GMT" && fields[0].hasSuffix(","):
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            guard let day = number(fields[1], digits: 2), let month = CivilTime.month(abbreviation: fields[2]),
                let year = number(fields[3], digits: 4)
            else { return nil }
            return at(year: year, month: month, day: day, time: fields[4])
        case 4 where fields[3] == "GMT" && fields[0].hasSuffix(","):
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let date = fields[1].split(separator: "-", omittingEmptySubsequences: false)
            guard date.count == 3, let day = number(date[0], digits: 2),
                let month = CivilTime.month(abbreviation: date[1]), let shortYear = number(date[2], digits: 2)
            else { return nil }
            return at(year: fullYear(shortYear, now: now), month: month, day: day, time: fields[2])
        case 5:
            // asctime: Sun Nov  6 08:49:37 1994
            guard let month = CivilTime.month(abbreviation: fields[1]), fields[2].count <= 2,
                let day = number(fields[2], digits: fields[2].count), let year = number(fields[4], digits: 4)
            else { return nil }
            return at(year: year, month: month, day: day, time: fields[3])
        default:
            return nil
        }
    }

    /// The epoch seconds of a date and an `HH:MM:SS` time.
    private static func at(year: Int, month: Int, day: Int, time: Substring) -> Int? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = number(parts[0], digits: 2), let minute = number(parts[1], digits: 2),
            let second = number(parts[2], digits: 2)
        else { return nil }
        return CivilTime.epochSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The value of exactly `digits` ASCII digits, else nil.
    static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count == digits, digits > 0, text.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return nil
        }
        return Int(text)
    }

    /// RFC 9110 §5.6.7: the year ending in `shortYear` that is not more than 50 years after `now`.
    private static func fullYear(_ shortYear: Int, now: Int) -> Int {
        let currentYear = 1970 + Int((Double(now) / 31_556_952).rounded(.down))
        var year = currentYear - currentYear % 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return year
    }
}
