/// What the web cache keeps about a response beside its body. Times are nanoseconds since
/// 1970-01-01 UTC (the cache's clock).
public struct WebCacheMetadata: Hashable, Sendable {
    /// The URL the body came from after redirects.
    public var finalURL: String
    /// The `ETag` header verbatim (sent back as `If-None-Match`), when there was one.
    public var etag: String?
    /// The `Last-Modified` header verbatim (sent back as `If-Modified-Since`), when there was one.
    public var lastModified: String?
    /// The `Content-Type` header verbatim, when there was one.
    public var contentType: String?
    /// The `Link: <…>; rel="next"` target (absolute), when there was one: the next page of a paged
    /// answer, still known when a later request is answered 304.
    public var nextLink: String?
    /// When the body was downloaded (a 200).
    public var fetchedAt: Int64
    /// When the server last vouched for this copy (its 200, or a later 304): what an offline
    /// notice shows ("offline — showing the copy from 14:02").
    public var confirmedAt: Int64

    /// Metadata of a body fetched from `finalURL` at `fetchedAt` (confirmed then too, unless given).
    public init(
        finalURL: String, etag: String? = nil, lastModified: String? = nil, contentType: String? = nil,
        nextLink: String? = nil, fetchedAt: Int64, confirmedAt: Int64? = nil
    ) {
        self.finalURL = finalURL
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.nextLink = nextLink
        self.fetchedAt = fetchedAt
        self.confirmedAt = confirmedAt ?? fetchedAt
    }
}

/// A cached response: what `WebCache.entry(for:)` returns.
public struct WebCacheEntry: Sendable {
    /// The response's headers and times.
    public let metadata: WebCacheMetadata
    /// The body, exactly as stored.
    public let body: [UInt8]
}
