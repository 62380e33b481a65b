import Foundation
import Network
import Testing

/// `fetchRetrying` against a server that answers 429/503 with `Retry-After`.
@Suite struct HTTPRetryTests {
    @Test(arguments: [429, 503])
    func aShortRetryAfterIsWaitedOutOnce(status: Int) throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let url = server.url("/busy?key=\(UUID().uuidString)&status=\(status)&after=1")
        let response = try Fetching.client().fetchRetrying(HTTPRequest(url: url))
        #expect(response.status == 200)
        #expect(response.body == Array("served after 1 refusals".utf8))
    }

    @Test func aSecondRefusalFailsNamingTheStatus() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let url = server.url("/busy?key=\(UUID().uuidString)&status=429&after=1&times=2")
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetchRetrying(HTTPRequest(url: url))
        }
        #expect(error == .status(429, reason: "Too Many Requests"))
        #expect(error?.description == "server answered 429 Too Many Requests")
    }

    @Test func aLongRetryAfterFailsWithoutRetrying() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let url = server.url("/busy?key=\(UUID().uuidString)&status=503&after=3600")
        let client = Fetching.client()
        let error = Fetching.failure { () throws(HTTPError) in try client.fetchRetrying(HTTPRequest(url: url)) }
        #expect(error?.description == "server answered 503 Service Unavailable")
        // Had the client retried, the server's one refusal would be spent and this would be its second answer.
        let next = try client.fetch(HTTPRequest(url: url))
        #expect(next.body == Array("served after 1 refusals".utf8))
    }
}
