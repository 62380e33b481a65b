import Foundation
import Network
import Testing

/// Requests against the local fixture server: answers, headers, redirects, conditional GET, gzip.
@Suite struct HTTPClientTests {
    @Test func plainAnswerKeepsStatusHeadersBodyAndValidators() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let response = try Fetching.client().fetch(HTTPRequest(url: server.url("/plain")))
        #expect(response.status == 200)
        #expect(response.reason == "OK")
        #expect(response.body == Array("hello, plumage\n".utf8))
        #expect(response.finalURL == server.url("/plain"))
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.headers["ETAG"] == "\"v1\"")
        #expect(response.headers.values("x-repeated") == ["one", "two"])
        #expect(response.headers.values("Link").count == 2)
        #expect(response.validators == HTTPValidators(etag: "\"v1\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(try response.requireSuccess() == response)
    }

    @Test func linkFieldsOfAResponseGiveThePages() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let response = try Fetching.client().fetch(HTTPRequest(url: server.url("/plain")))
        #expect(
            LinkHeader.target("next", in: response.headers, base: response.finalURL)
                == "https://social.example/api/v1/timelines/tag/cats?max_id=7")
        #expect(
            LinkHeader.target("prev", in: response.headers, base: response.finalURL)
                == "http://127.0.0.1:\(server.port)/api/v1/timelines/tag/cats?min_id=9")
        #expect(LinkHeader.target("last", in: response.headers, base: response.finalURL) == nil)
    }

    @Test func requestCarriesUserAgentEncodingsAndExtraHeaders() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let request = HTTPRequest(
            url: server.url("/echo-headers"),
            headers: [HTTPHeaderField(name: "Accept", value: "application/json")])
        let response = try Fetching.client().fetch(request)
        let seen = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
        #expect(seen["user-agent"] == "Plumage/1.2.3 (+https://plumage.invalid/)")
        #expect(seen["accept"] == "application/json")
        let encodings = (seen["accept-encoding"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(encodings.contains("gzip"))
        #expect(seen["if-none-match"] == nil)
    }

    @Test func aForgedHeaderLineIsRefusedBeforeSending() {
        let request = HTTPRequest(
            url: "http://127.0.0.1:9/",
            headers: [HTTPHeaderField(name: "Accept", value: "a\r\nX-Evil: 1")])
        #expect(
            Fetching.failure { () throws(HTTPError) in try Fetching.client().fetch(request) }
                == .invalidHeader("the value of Accept holds a control character"))
    }

    @Test func fiveRedirectsAreFollowed() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let response = try Fetching.client().fetch(HTTPRequest(url: server.url("/redirect/5")))
        #expect(response.status == 200)
        #expect(response.body == Array("arrived".utf8))
        #expect(response.finalURL == server.url("/redirect/0"))
    }

    @Test func sixRedirectsFail() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: server.url("/redirect/6")))
        }
        #expect(error == .tooManyRedirects(5))
        #expect(error?.description == "too many redirects (more than 5, or a loop)")
    }

    @Test func aRedirectLoopFails() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        #expect(
            Fetching.failure { () throws(HTTPError) in
                try Fetching.client().fetch(HTTPRequest(url: server.url("/loop")))
            } == .tooManyRedirects(5))
    }

    @Test(arguments: [("/to-file", "file"), ("/to-ftp", "ftp")])
    func aRedirectToAnotherSchemeIsRefused(path: String, scheme: String) throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: server.url(path)))
        }
        #expect(error == .unsupportedScheme(scheme))
        #expect(error?.description == "refused the scheme \"\(scheme)\": only http and https are fetched")
    }

    @Test func onlyHTTPAndHTTPSURLsAreFetched() {
        let client = Fetching.client()
        #expect(
            Fetching.failure { () throws(HTTPError) in try client.fetch(HTTPRequest(url: "file:///etc/passwd")) }
                == .unsupportedScheme("file"))
        #expect(
            Fetching.failure { () throws(HTTPError) in try client.fetch(HTTPRequest(url: "127.0.0.1/plain")) }
                == .invalidURL("\"127.0.0.1/plain\" has no scheme"))
        #expect(
            Fetching.failure { () throws(HTTPError) in try client.fetch(HTTPRequest(url: "http:///plain")) }
                == .invalidURL("\"http:///plain\" names no host"))
    }

    @Test func conditionalRequestsSendTheValidatorsAndAccept304() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = Fetching.client()
        let first = try client.fetch(HTTPRequest(url: server.url("/conditional")))
        #expect(first.status == 200)
        #expect(first.headers["X-Seen-If-None-Match"] == "-")
        #expect(first.headers["X-Seen-If-Modified-Since"] == "-")

        let again = try client.fetch(HTTPRequest(url: server.url("/conditional"), validators: first.validators))
        #expect(again.status == 304)
        #expect(again.isNotModified)
        #expect(again.body.isEmpty)
        #expect(again.headers["X-Seen-If-None-Match"] == "\"v1\"")
        #expect(again.headers["X-Seen-If-Modified-Since"] == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(try again.requireSuccess() == again)

        let byDate = try client.fetch(
            HTTPRequest(
                url: server.url("/conditional"),
                validators: HTTPValidators(lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")))
        #expect(byDate.status == 304)
        #expect(byDate.headers["X-Seen-If-None-Match"] == "-")
    }

    @Test func aGzipBodyArrivesDecoded() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let response = try Fetching.client().fetch(HTTPRequest(url: server.url("/gzip")))
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(
            response.body == Array(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 200).utf8))
    }

    @Test func anErrorStatusIsAnAnswerThatRequireSuccessNames() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let response = try Fetching.client().fetch(HTTPRequest(url: server.url("/status/404")))
        #expect(response.status == 404)
        #expect(response.body == Array("status body".utf8))
        let error = Fetching.failure { () throws(HTTPError) in try response.requireSuccess() }
        #expect(error?.description == "server answered 404 Not Found")
    }

    @Test func aRefusedConnectionFailsAsCannotConnect() throws {
        let closed = try LoopbackPort(listening: false)
        defer { closed.close() }
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: "http://127.0.0.1:\(closed.port)/"))
        }
        guard case .cannotConnect(let host, _) = error else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(error?.description == "cannot connect to 127.0.0.1: Connection refused")
    }
}
