import PlumageCore

/// Parses RFC 3339 date-times (`2026-11-20T09:12:00Z`, `2010-02-07T14:04:00.123-05:00`) into UTC timestamps.
enum RFC3339 {
    /// The moment `text` names, fractions of a second dropped; nil when it is not RFC 3339.
    static func timestamp(_ text: String) -> Timestamp? {
        let s = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= s.count else { return nil }
            var v = 0
            for c in s[from..<from + count] {
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                v = v * 10 + Int(c - UInt8(ascii: "0"))
            }
            return v
        }
        func byte(_ i: Int) -> UInt8? { i < s.count ? s[i] : nil }
        guard let year = number(0, 4), byte(4) == UInt8(ascii: "-"), let month = number(5, 2),
            byte(7) == UInt8(ascii: "-"), let day = number(8, 2),
            let t = byte(10), t == UInt8(ascii: "T") || t == UInt8(ascii: "t") || t == UInt8(ascii: " "),
            let hour = number(11, 2), byte(13) == UInt8(ascii: ":"), let minute = number(14, 2),
            byte(16) == UInt8(ascii: ":"), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var i = 19
        if byte(i) == UInt8(ascii: ".") {
            i += 1
            let digitsStart = i
            while let c = byte(i), c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { i += 1 }
            guard i > digitsStart else { return nil }
        }
        var offset = 0
        switch byte(i) {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let oh = number(i + 1, 2), byte(i + 3) == UInt8(ascii: ":"), let om = number(i + 4, 2),
                oh < 24, om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (byte(i) == UInt8(ascii: "-") ? -1 : 1)
            i += 6
        default:
            return nil
        }
        guard i == s.count else { return nil }
        let local = Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        return Timestamp(seconds: local.seconds - Int64(offset))
    }
}
