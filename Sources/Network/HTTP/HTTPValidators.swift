/// What a conditional GET sends back to the server: a response's `ETag` and `Last-Modified`, kept
/// verbatim (RFC 9110 §13.1). Either may be absent.
public struct HTTPValidators: Sendable, Equatable {
    /// The entity tag (`"abc"` or `W/"abc"`), sent again as `If-None-Match`.
    public var etag: String?
    /// The HTTP-date of the last change, sent again as `If-Modified-Since`.
    public var lastModified: String?

    /// No validators: an unconditional request.
    public static let none = HTTPValidators()

    /// Validators `etag` and `lastModified` (either may be nil).
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// True when there is nothing to send.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}
