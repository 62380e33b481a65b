import Network

/// What the tests fetch with: a client that names a test version, and a way to get the error of a
/// request expected to fail.
enum Fetching {
    /// A client sending `Plumage/1.2.3 (+https://plumage.invalid/)`, trusting `caBundlePath`.
    static func client(caBundlePath: String? = nil) -> HTTPClient {
        client(
            HTTPClientConfiguration(version: "1.2.3", homepage: "https://plumage.invalid/", caBundlePath: caBundlePath))
    }

    /// A client with `configuration` that ignores the machine's proxies: the tests reach 127.0.0.1
    /// directly, whatever `http_proxy` says.
    static func client(_ configuration: HTTPClientConfiguration) -> HTTPClient {
        var direct = configuration
        direct.usesEnvironmentProxies = false
        return HTTPClient(configuration: direct)
    }

    /// The error `body` throws, or nil when it returns.
    static func failure(_ body: () throws(HTTPError) -> HTTPResponse) -> HTTPError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}
