/// Why a request gave no usable answer. Each case's `description` is one line a user can act on;
/// it does not repeat the URL, which the caller puts in front ("https://…/feed: no data for 15 s").
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL could not be understood (`detail` says why).
    case invalidURL(String)
    /// The URL, or a redirect's target, uses a scheme other than http and https.
    case unsupportedScheme(String)
    /// A request header's name or value is malformed (a line break would forge another header).
    case invalidHeader(String)
    /// The host name did not resolve.
    case cannotResolve(host: String)
    /// No connection could be made (refused, unreachable, proxy failure); `detail` is libcurl's.
    case cannotConnect(host: String, detail: String)
    /// The connection was not established within the limit.
    case connectTimedOut(Duration)
    /// No byte arrived for the stall limit.
    case stalled(Duration)
    /// The whole transfer took longer than the total limit.
    case totalTimedOut(Duration)
    /// More redirects than allowed (or a loop).
    case tooManyRedirects(Int)
    /// The body, after decompression, grew past the cap (in bytes).
    case bodyTooLarge(Int)
    /// The response's header block grew past the cap (in bytes).
    case headersTooLarge(Int)
    /// TLS failed: an untrusted or mismatched certificate, a handshake error; `detail` is libcurl's.
    case tls(String)
    /// The server answered with a status the caller does not accept (`reason` may be empty).
    case status(Int, reason: String)
    /// The transfer broke off (connection reset, a corrupt compressed body…); `detail` is libcurl's.
    case transfer(String)
    /// The caller cancelled the request.
    case cancelled

    /// The one-line message.
    public var description: String {
        switch self {
        case .invalidURL(let detail): "not a valid URL: \(detail)"
        case .unsupportedScheme(let scheme): "refused the scheme \"\(scheme)\": only http and https are fetched"
        case .invalidHeader(let detail): "invalid request header: \(detail)"
        case .cannotResolve(let host): "cannot find the server \"\(host)\" (DNS lookup failed)"
        case .cannotConnect(let host, let detail): "cannot connect to \(host): \(detail)"
        case .connectTimedOut(let limit): "cannot connect: no connection within \(Self.seconds(limit))"
        case .stalled(let limit): "the server stopped sending: no data for \(Self.seconds(limit))"
        case .totalTimedOut(let limit): "the transfer took longer than \(Self.seconds(limit)) in all"
        case .tooManyRedirects(let limit): "too many redirects (more than \(limit), or a loop)"
        case .bodyTooLarge(let limit): "the response is larger than \(Self.bytes(limit))"
        case .headersTooLarge(let limit): "the response's headers are larger than \(Self.bytes(limit))"
        case .tls(let detail): "secure connection failed (TLS): \(detail)"
        case .status(let code, let reason): "server answered \(HTTPStatusText.line(code, reason: reason))"
        case .transfer(let detail): "the transfer failed: \(detail)"
        case .cancelled: "cancelled"
        }
    }

    /// `duration` as "15 s" or "1.5 s" (tenths at most).
    static func seconds(_ duration: Duration) -> String {
        let tenths = (HTTPLimits.milliseconds(duration) + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    /// `count` bytes as "16 MiB", "512 KiB" or "1000 bytes" (binary units only when exact).
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }
}
