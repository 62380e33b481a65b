/// The bytes of images and avatars by URL, through the web cache: a copy the cache holds is returned
/// without any request — media URLs are immutable (a new avatar or an edited photo gets a new URL),
/// so a stored image is never revalidated — else one GET with `HTTPLimits.image` (64 MiB, 120 s),
/// whose 2xx body is stored under `WebCacheKey(.image, url)` before it is returned when it starts
/// like an image file (an error page served with 200 is returned, for the decoder to refuse, but
/// never kept). Blocks the calling
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
        if Self.looksLikeImage(response.body) { cache?.store(key, metadata: metadata, body: response.body) }
        return response.body
    }

    /// True when `bytes` start like a file of an image format a viewer reads: JPEG, PNG, GIF, WebP,
    /// BMP, TIFF, ICO, JPEG XL, or an ISO-BMFF `ftyp` box (HEIC, AVIF). The Content-Type is not
    /// asked: servers get it wrong both ways.
    public static func looksLikeImage(_ bytes: [UInt8]) -> Bool {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        return starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            || starts(Array("GIF8".utf8)) || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8))
            || starts(Array("BM".utf8)) || starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
            || starts([0x00, 0x00, 0x01, 0x00]) || starts([0xFF, 0x0A])
            || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) || starts(Array("ftyp".utf8), at: 4)
    }
}
