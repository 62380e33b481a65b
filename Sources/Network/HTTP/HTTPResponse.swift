/// The server's answer to one request, whatever its status: the caller decides what a 304, 401 or
/// 404 means (`requireSuccess` turns the unexpected ones into an error).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code of the final response (after redirects).
    public var status: Int
    /// The reason phrase of the status line as sent (empty over HTTP/2).
    public var reason: String
    /// The final response's header fields.
    public var headers: HTTPHeaders
    /// The body after content decoding (gzip, deflate, br, zstd).
    public var body: [UInt8]
    /// The URL that answered, after redirects.
    public var finalURL: String

    /// A response with these parts.
    public init(
        status: Int, reason: String = "", headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        finalURL: String
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.finalURL = finalURL
    }

    /// The response's `ETag` and `Last-Modified`, to send back on the next request.
    public var validators: HTTPValidators {
        HTTPValidators(etag: headers["ETag"], lastModified: headers["Last-Modified"])
    }

    /// True for 304: the copy the caller holds is current.
    public var isNotModified: Bool { status == 304 }

    /// True for a 2xx status.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// Returns `self` when the status is 2xx or 304, else throws `.status` naming it.
    public func requireSuccess() throws(HTTPError) -> HTTPResponse {
        guard isSuccess || isNotModified else { throw .status(status, reason: reason) }
        return self
    }
}
