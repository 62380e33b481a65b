import PlumageCore

/// Parses the dates of Twitter archives: `Thu Nov 03 08:50:26 +0000 2022` (the API's `created_at`,
/// the pattern `EEE MMM dd HH:mm:ss Z yyyy` in the `en_US_POSIX` locale) and Grailbird's
/// `2014-05-27 12:24:35 +0000`. English names only; the weekday is checked for form, not value.
enum TwitterDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The moment `text` names, or nil when it is in neither form.
    static func timestamp(_ text: String) -> Timestamp? {
        var text = text
        return text.withUTF8 { s in
            s.count >= 10 && s[4] == UInt8(ascii: "-") ? grailbird(s) : api(s)
        }
    }

    /// `EEE MMM dd HH:mm:ss Z yyyy`.
    private static func api(_ s: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        // "Thu Nov 03 08:50:26 +0000 2022": fixed columns.
        guard s.count == 30, s[3] == 0x20, s[7] == 0x20, s[10] == 0x20, s[19] == 0x20, s[25] == 0x20,
            (0..<3).allSatisfy({ isLetter(s[$0]) }),
            let month = month(s[4], s[5], s[6]), let day = number(s, 8, 2), let year = number(s, 26, 4)
        else { return nil }
        return moment(year: year, month: month, day: day, s, time: 11, zone: 20)
    }

    /// `yyyy-MM-dd HH:mm:ss Z`.
    private static func grailbird(_ s: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        guard s.count == 25, s[7] == UInt8(ascii: "-"), s[10] == 0x20, s[19] == 0x20,
            let year = number(s, 0, 4), let month = number(s, 5, 2), let day = number(s, 8, 2)
        else { return nil }
        return moment(year: year, month: month, day: day, s, time: 11, zone: 20)
    }

    /// The date with `HH:mm:ss` at `time` and `±hhmm` at `zone`, checked for range.
    private static func moment(
        year: Int, month: Int, day: Int, _ s: UnsafeBufferPointer<UInt8>, time: Int, zone: Int
    ) -> Timestamp? {
        guard (1...12).contains(month), (1...31).contains(day),
            let hour = number(s, time, 2), s[time + 2] == UInt8(ascii: ":"), let minute = number(s, time + 3, 2),
            s[time + 5] == UInt8(ascii: ":"), let second = number(s, time + 6, 2),
            s[zone] == UInt8(ascii: "+") || s[zone] == UInt8(ascii: "-"),
            let zh = number(s, zone + 1, 2), let zm = number(s, zone + 3, 2),
            hour < 24, minute < 60, second <= 60, zh < 24, zm < 60
        else { return nil }
        let offset = Int64((zh * 3600 + zm * 60) * (s[zone] == UInt8(ascii: "-") ? -1 : 1))
        let local = Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        return Timestamp(seconds: local.seconds - offset)
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }

    /// 1–12 for an English month abbreviation in any case.
    private static func month(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
        guard isLetter(a), isLetter(b), isLetter(c) else { return nil }
        let name = String(decoding: [a | 0x20, b | 0x20, c | 0x20], as: UTF8.self)
        return months.firstIndex(of: name).map { $0 + 1 }
    }

    /// The decimal number in `count` ASCII digits at `from`.
    private static func number(_ s: UnsafeBufferPointer<UInt8>, _ from: Int, _ count: Int) -> Int? {
        var v = 0
        for c in s[from..<(from + count)] {
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            v = v * 10 + Int(c - UInt8(ascii: "0"))
        }
        return v
    }
}
