import Network
import Testing

/// Headers, messages and configuration, without a server.
@Suite struct HTTPValueTests {
    @Test func headerLookupIgnoresCaseAndKeepsRepeats() {
        let headers = HTTPHeaders([
            HTTPHeaderField(name: "Link", value: "<a>"), HTTPHeaderField(name: "Content-Type", value: "text/html"),
            HTTPHeaderField(name: "LINK", value: "<b>"),
        ])
        #expect(headers["link"] == "<a>")
        #expect(headers.values("lInK") == ["<a>", "<b>"])
        #expect(headers["content-TYPE"] == "text/html")
        #expect(headers["Content-Typ"] == nil)
        #expect(headers.values("ETag").isEmpty)
    }

    @Test func messagesNameTheLimitAndTheStatus() {
        #expect(HTTPError.bodyTooLarge(16 << 20).description == "the response is larger than 16 MiB")
        #expect(HTTPError.bodyTooLarge(64 << 20).description == "the response is larger than 64 MiB")
        #expect(HTTPError.bodyTooLarge(1000).description == "the response is larger than 1000 bytes")
        #expect(HTTPError.stalled(.seconds(15)).description == "the server stopped sending: no data for 15 s")
        #expect(HTTPError.totalTimedOut(.seconds(60)).description == "the transfer took longer than 60 s in all")
        #expect(HTTPError.connectTimedOut(.seconds(10)).description == "cannot connect: no connection within 10 s")
        #expect(HTTPError.status(404, reason: "").description == "server answered 404 Not Found")
        #expect(HTTPError.status(401, reason: "Unauthorized").description == "server answered 401 Unauthorized")
        #expect(HTTPError.status(599, reason: "Odd").description == "server answered 599 Odd")
        #expect(HTTPError.status(599, reason: "").description == "server answered 599")
        #expect(
            HTTPError.cannotResolve(host: "nowhere.invalid").description
                == "cannot find the server \"nowhere.invalid\" (DNS lookup failed)")
        for error in [HTTPError.tls("x"), .transfer("y"), .cancelled, .tooManyRedirects(5), .invalidURL("z")] {
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func userAgentAndCABundleSettings() {
        #expect(HTTPClientConfiguration(version: "0.9.0").userAgent == "Plumage/0.9.0")
        #expect(
            HTTPClientConfiguration(version: "0.9.0", homepage: "https://example.org/").userAgent
                == "Plumage/0.9.0 (+https://example.org/)")
        let both = HTTPClientConfiguration.fromEnvironment(
            version: "1", environment: ["SSL_CERT_FILE": "/a.pem", "CURL_CA_BUNDLE": "/b.pem"])
        #expect(both.caBundlePath == "/a.pem")
        let emptyFirst = HTTPClientConfiguration.fromEnvironment(
            version: "1", environment: ["SSL_CERT_FILE": "", "CURL_CA_BUNDLE": "/b.pem"])
        #expect(emptyFirst.caBundlePath == "/b.pem")
    }

    @Test func aHeaderNameMustBeAToken() {
        let request = HTTPRequest(url: "http://127.0.0.1:9/", headers: [HTTPHeaderField(name: "Bad Name", value: "1")])
        #expect(
            Fetching.failure { () throws(HTTPError) in try Fetching.client().fetch(request) }
                == .invalidHeader("the name \"Bad Name\" is not a token"))
    }
}
