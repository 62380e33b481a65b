/// What a web cache entry is stored under: the URL that was asked for and what it was fetched as.
public struct WebCacheKey: Hashable, Sendable {
    /// What the body is: the same URL may be cached once as a feed page and once as an image.
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// A feed document, page of a timeline or HTML discovery page.
        case feed = 1
        /// An image or avatar.
        case image = 2
    }

    /// What the body was fetched as.
    public let kind: Kind
    /// The URL requested (before redirects), exactly as the caller spells it.
    public let url: String

    /// The key of `url` fetched as `kind`.
    public init(_ kind: Kind, _ url: String) {
        self.kind = kind
        self.url = url
    }

    /// The bytes that identify the key (`<kind number>\n<url>`): hashed into the file name and stored
    /// in the entry, compared on every read.
    var identity: [UInt8] { Array("\(kind.rawValue)\n".utf8) + Array(url.utf8) }

    /// The entry's file name: 64 hex digits of the SHA-256 of `identity` and `.entry`. Nothing the
    /// server sent is in it.
    var fileName: String { SHA256.hex(identity) + WebCacheFolder.entrySuffix }
}
