#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 19's rule for busy servers: a `429` or `503` whose `Retry-After` asks for at most 60 s is
/// retried once after that wait; any other `429`/`503` (no `Retry-After`, a longer one, or the
/// retry's own answer) fails naming the status. Every other response is the caller's to judge.
public enum RetryPolicy {
    /// The longest `Retry-After` honoured by waiting.
    public static let longestWait: Duration = .seconds(60)

    /// What to do with one response.
    public enum Decision: Sendable, Equatable {
        /// Hand the response to the caller.
        case accept
        /// Wait this long, then send the request again.
        case retry(after: Duration)
        /// Give up with this error.
        case fail(HTTPError)
    }

    /// The decision for `response`, which answered the first attempt (`isRetry` false) or the retry;
    /// `now` is the wall clock in seconds since the epoch (for a `Retry-After` date).
    public static func decide(_ response: HTTPResponse, isRetry: Bool, now: Int) -> Decision {
        guard response.status == 429 || response.status == 503 else { return .accept }
        if !isRetry, let wait = RetryAfter.delay(in: response.headers, now: now), wait <= longestWait {
            return .retry(after: wait)
        }
        return .fail(.status(response.status, reason: response.reason))
    }
}

extension HTTPClient {
    /// `fetch` under `RetryPolicy`: at most one retry, after the server's wait, which `cancellation`
    /// interrupts (then `.cancelled`). Blocks the calling thread for up to the wait plus both
    /// transfers. `now` reads the wall clock (seconds since the epoch) for `Retry-After` dates.
    public func fetchRetrying(
        _ request: HTTPRequest, cancellation: HTTPCancellation? = nil,
        now: () -> Int = { Int(time(nil)) }
    ) throws(HTTPError) -> HTTPResponse {
        let token = cancellation ?? HTTPCancellation()
        var isRetry = false
        while true {
            let response = try fetch(request, cancellation: token)
            switch RetryPolicy.decide(response, isRetry: isRetry, now: now()) {
            case .accept:
                return response
            case .fail(let error):
                throw error
            case .retry(let wait):
                if token.wait(wait) { throw .cancelled }
                isRetry = true
            }
        }
    }
}
