import PlumageCore

/// Parses the dates of RSS (`pubDate`): RFC 822 / RFC 2822 as feeds write them, leniently.
///
/// `[Wkd,] D Mon YYYY HH:MM[:SS] [ZONE]`: the weekday optional (and not checked), one- or
/// two-digit days, month names by their first three letters in any case, two-digit years
/// (00–49 → 20xx, 50–99 → 19xx, as RFC 2822 §4.3), seconds optional (Bluesky writes
/// `02 Jan 2006 15:04 -0700`), zones `±hhmm` (or `±hh:mm`), `GMT`, `UT`, `UTC`, `Z` and the
/// North American `EST EDT CST CDT MST MDT PST PDT`; without a zone, UTC.
enum RFC822Date {
    /// The moment `text` names, in UTC; nil when it is not such a date.
    static func timestamp(_ text: String) -> Timestamp? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "," })[...]
        if let first = tokens.first, first.first?.isLetter == true { tokens = tokens.dropFirst() }  // the weekday
        guard tokens.count >= 4, tokens.count <= 5,
            let day = number(tokens[tokens.startIndex], digits: 1...2), (1...31).contains(day),
            let month = month(tokens[tokens.startIndex + 1]),
            var year = number(tokens[tokens.startIndex + 2], digits: 2...4)
        else { return nil }
        let yearDigits = tokens[tokens.startIndex + 2].count
        if yearDigits == 2 { year += year < 50 ? 2000 : 1900 } else if yearDigits == 3 { year += 1900 }
        let clock = tokens[tokens.startIndex + 3].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
            let hour = number(clock[0], digits: 1...2), let minute = number(clock[1], digits: 2...2),
            hour < 24, minute < 60
        else { return nil }
        var second = 0
        if clock.count == 3 {
            guard let s = number(clock[2], digits: 2...2), s <= 60 else { return nil }
            second = min(s, 59)
        }
        var offset = 0
        if tokens.count == 5 {
            guard let zone = zoneOffset(tokens[tokens.startIndex + 4]) else { return nil }
            offset = zone
        }
        let local = Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Timestamp(seconds: local.seconds - Int64(offset))
    }

    /// The decimal number spelled by `token`, when it has a digit count in `digits` and nothing else.
    private static func number(_ token: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(token.utf8.count), token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(token)
    }

    /// 1…12 for a month name (`Jan`, `january`, `SEPT`), by its first three letters.
    private static func month(_ token: Substring) -> Int? {
        guard token.count >= 3 else { return nil }
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return names.firstIndex(of: token.prefix(3).lowercased()).map { $0 + 1 }
    }

    /// Seconds east of UTC for a zone token; nil for an unknown one.
    private static func zoneOffset(_ token: Substring) -> Int? {
        let named: [String: Int] = [
            "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
            "PST": -8, "PDT": -7,
        ]
        if let hours = named[token.uppercased()] { return hours * 3600 }
        guard let sign = token.first, sign == "+" || sign == "-" else { return nil }
        let digits = token.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, token.dropFirst().count <= 5, let hh = number(digits.prefix(2), digits: 2...2),
            let mm = number(digits.suffix(2), digits: 2...2), hh < 24, mm < 60
        else { return nil }
        return (hh * 3600 + mm * 60) * (sign == "-" ? -1 : 1)
    }
}
