/// ISO 8601 / RFC 3339 timestamps as Mastodon writes them (`2020-09-08T13:25:00.019685Z`, or with
/// an offset such as `+02:00`).
public enum ISO8601Timestamp {
    /// Seconds since the Unix epoch of `text` (fractions kept), or nil when it is not of the form
    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    public static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
            let seconds = CivilTime.epochSeconds(
                year: year, month: month, day: day, hour: hour, minute: minute,
                second: second)
        else { return nil }
        var position = 19
        var fraction = 0.0
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            var scale = 0.1
            let start = position
            while position < bytes.count, (48...57).contains(bytes[position]) {
                fraction += Double(bytes[position] - 48) * scale
                scale /= 10
                position += 1
            }
            guard position > start, position < bytes.count else { return nil }
        }
        let zone = bytes[position...]
        if zone.elementsEqual("Z".utf8) || zone.elementsEqual("z".utf8) { return Double(seconds) + fraction }
        guard zone.count == 6, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-"),
            bytes[position + 3] == UInt8(ascii: ":"),
            let offsetHours = digits(bytes, position + 1, 2), let offsetMinutes = digits(bytes, position + 4, 2),
            offsetHours < 24, offsetMinutes < 60
        else { return nil }
        let offset = (offsetHours * 60 + offsetMinutes) * 60 * (zone.first == UInt8(ascii: "+") ? 1 : -1)
        return Double(seconds - offset) + fraction
    }

    /// The value of the `count` ASCII digits at `start`, else nil.
    private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}
