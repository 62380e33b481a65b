/// The bytes of images and avatars by URL, through the web cache: a copy the cache holds is returned
/// without any request — media URLs are immutable (a new avatar or an edited photo gets a new URL),
/// so a stored image is never revalidated — else one GET with `HTTPLimits.image` (64 MiB, 120 s),
/// whose 2xx body is stored under `WebCacheKey(.image, url)` before it is returned. Blocks the calling
/// thread (a worker of the job system's loading lane); any number of threads at once.
public final class ImageBytesFetcher: Sendable {
    /// The client requests go through.
    public let client: HTTPClient
    /// The web cache, or nil to fetch every time (its folder could not be used).
    public let cache: WebCache?

    /// A fetcher going through `client`, keeping what it fetched in `cache`.
    public init(client: HTTPClient, cache: WebCache?) {
        self.client = client
        self.cache = cache
    }

    /// The bytes at `url`: the cached copy, or the body of a 2xx answer (then cached). Throws the
    /// transfer's failure, `.status` for any other answer, and `.transfer` for an empty body; a
    /// cancelled `cancellation` ends the transfer at once (`.cancelled`).
    public func bytes(of url: String, cancellation: HTTPCancellation? = nil) throws(HTTPError) -> [UInt8] {
        let key = WebCacheKey(.image, url)
        if let entry = cache?.entry(for: key), !entry.body.isEmpty { return entry.body }
        if cancellation?.isCancelled == true { throw .cancelled }
        let request = HTTPRequest(
            url: url, headers: [HTTPHeaderField(name: "Accept", value: "image/*")], limits: .image)
        let response = try client.fetch(request, cancellation: cancellation)
        guard response.isSuccess else { throw .status(response.status, reason: response.reason) }
        guard !response.body.isEmpty else { throw .transfer("the server sent an empty image") }
        let now = WebCache.now()
        let metadata = WebCacheMetadata(
            finalURL: response.finalURL, etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"],
            contentType: response.headers["Content-Type"], fetchedAt: now)
        cache?.store(key, metadata: metadata, body: response.body)
        return response.body
    }
}
