/// What every request of one client shares: the `User-Agent` and the CA bundle.
public struct HTTPClientConfiguration: Sendable, Equatable {
    /// Sent as `User-Agent` on every request (`Plumage/0.9.0 (+https://…)`).
    public var userAgent: String
    /// A PEM file of trusted CAs replacing the system store, or nil for the system store.
    public var caBundlePath: String?
    /// True (the default) to use the proxies the environment names, as libcurl reads them
    /// (`http_proxy`, `https_proxy`, `ALL_PROXY`, `NO_PROXY`); false to connect directly (the tests,
    /// which must reach 127.0.0.1 whatever the machine's proxy).
    public var usesEnvironmentProxies = true

    /// A configuration naming `Plumage/version`, with ` (+homepage)` when given, trusting
    /// `caBundlePath` (nil: the system store).
    public init(version: String, homepage: String? = nil, caBundlePath: String? = nil) {
        userAgent = "Plumage/\(version)" + (homepage.map { " (+\($0))" } ?? "")
        self.caBundlePath = caBundlePath
    }

    /// As `init`, with the CA bundle from `SSL_CERT_FILE`, else `CURL_CA_BUNDLE`, of `environment`
    /// (empty values ignored); the system store when neither is set.
    public static func fromEnvironment(
        version: String, homepage: String? = nil,
        environment: [String: String]
    ) -> HTTPClientConfiguration {
        let bundle = ["SSL_CERT_FILE", "CURL_CA_BUNDLE"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return HTTPClientConfiguration(version: version, homepage: homepage, caBundlePath: bundle)
    }
}

/// Fetches URLs over http and https with libcurl, blocking the calling thread (a worker of the job
/// system's loading lane, or `dump`'s main thread) until the answer or the failure. Each request
/// uses its own libcurl easy handle, so one client serves any number of threads at once; finished
/// requests leave their connections, TLS sessions and resolved names to the client's later ones
/// (`CurlConnections`), so keep one client for many requests. TLS is always
/// verified; proxies come from the environment as libcurl reads them (`http_proxy`, `https_proxy`,
/// `ALL_PROXY`, `NO_PROXY`).
public final class HTTPClient: Sendable {
    /// The shared settings.
    public let configuration: HTTPClientConfiguration
    private let connections = CurlConnections()

    /// A client with `configuration`, no connection open yet.
    public init(configuration: HTTPClientConfiguration) {
        self.configuration = configuration
    }

    /// Performs `request` and returns the final response whatever its status (304 included);
    /// throws when there is no response (see `HTTPError`). `cancellation` ends it from another thread.
    public func fetch(_ request: HTTPRequest, cancellation: HTTPCancellation? = nil) throws(HTTPError)
        -> HTTPResponse
    {
        try CurlTransfer(request: request, cancellation: cancellation).perform(configuration, connections: connections)
    }
}
