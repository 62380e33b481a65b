/// The `Retry-After` field (RFC 9110 §10.2.3): delta-seconds or an HTTP-date.
public enum RetryAfter {
    /// How long the server asks the client to wait, from `now` (seconds since the epoch); a date
    /// already past gives zero. Nil when the value is neither form (the caller treats it as absent).
    public static func delay(_ value: String, now: Int) -> Duration? {
        let text = value.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        let trimmed = String(text)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (48...57).contains($0) }) {
            // A huge number of seconds is as good as "not soon": clamp instead of overflowing.
            return .seconds(trimmed.utf8.count > 12 ? 999_999_999_999 : Int(trimmed)!)
        }
        guard let date = HTTPDate.parse(trimmed, now: now) else { return nil }
        return .seconds(max(0, date - now))
    }

    /// The delay of `headers`' `Retry-After`, or nil when absent or unreadable.
    public static func delay(in headers: HTTPHeaders, now: Int) -> Duration? {
        headers["Retry-After"].flatMap { delay($0, now: now) }
    }
}
