/// Mastodon's rate-limit headers (`X-RateLimit-Limit`, `-Remaining`, `-Reset`; 300 requests per
/// 5 minutes per IP by default): how many requests are left and when the quota refills.
public struct RateLimit: Sendable, Equatable {
    /// Requests allowed per window, when sent.
    public var limit: Int?
    /// Requests left in this window.
    public var remaining: Int
    /// When the window resets, seconds since the epoch.
    public var reset: Double

    /// A rate limit with these figures.
    public init(limit: Int?, remaining: Int, reset: Double) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
    }

    /// The limit `headers` announce, or nil when `X-RateLimit-Remaining` or `X-RateLimit-Reset` is
    /// missing or unreadable (a reset is an ISO 8601 timestamp: `2020-09-08T13:25:00.019685Z`).
    public init?(headers: HTTPHeaders) {
        guard let remainingText = headers["X-RateLimit-Remaining"], let remaining = Int(remainingText),
            let resetText = headers["X-RateLimit-Reset"], let reset = ISO8601Timestamp.parse(resetText)
        else { return nil }
        self.init(limit: headers["X-RateLimit-Limit"].flatMap { Int($0) }, remaining: max(0, remaining), reset: reset)
    }

    /// How long to hold the next request back at `now` (seconds since the epoch): zero while
    /// requests remain or once the reset has passed, else until the reset (whole milliseconds).
    public func delayBeforeNextRequest(now: Double) -> Duration {
        guard remaining == 0, reset > now else { return .zero }
        return .milliseconds(Int(((reset - now) * 1000).rounded(.up)))
    }
}
