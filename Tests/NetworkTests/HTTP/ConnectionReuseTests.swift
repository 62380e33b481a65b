import Foundation
import Locking
import Network
import Testing

/// One client's requests reuse its connections: counted by the fixture server, which numbers the
/// connections it accepts (`/connections`), never by timing.
@Suite struct ConnectionReuseTests {
    /// How many connections `server` accepted before this question, asked over a connection of a
    /// new client (which the server also counts, so one is taken off).
    private func connectionsAccepted(by server: FixtureServer, caBundlePath: String? = nil) throws -> Int {
        let response = try Fetching.client(caBundlePath: caBundlePath).fetch(
            HTTPRequest(url: server.url("/connections")))
        let count = try #require(Int(String(decoding: response.body, as: UTF8.self)))
        return count - 1
    }

    @Test func fiftySequentialRequestsUseOneConnection() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = Fetching.client()
        for _ in 0..<50 {
            let response = try client.fetch(HTTPRequest(url: server.url("/plain")))
            #expect(response.status == 200)
            #expect(response.body == Array("hello, plumage\n".utf8))
        }
        #expect(try connectionsAccepted(by: server) == 1)
    }

    @Test func fiftySequentialTLSRequestsUseOneConnection() throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try FixtureServer.start(certificate: certificates.certificate, key: certificates.key)
        defer { server.stop() }
        let client = Fetching.client(caBundlePath: certificates.authority)
        for _ in 0..<50 {
            let response = try client.fetch(HTTPRequest(url: server.url("/plain")))
            #expect(response.status == 200)
        }
        #expect(try connectionsAccepted(by: server, caBundlePath: certificates.authority) == 1)
    }

    @Test func redirectsAndAConditionalAnswerStayOnTheConnection() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = Fetching.client()
        #expect(try client.fetch(HTTPRequest(url: server.url("/redirect/3"))).body == Array("arrived".utf8))
        let conditional = HTTPRequest(
            url: server.url("/conditional"), validators: HTTPValidators(etag: "\"v1\"", lastModified: nil))
        #expect(try client.fetch(conditional).status == 304)
        #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).status == 200)
        #expect(try connectionsAccepted(by: server) == 1)
    }

    @Test func twoClientsDoNotShareConnections() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        for client in [Fetching.client(), Fetching.client()] {
            #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).status == 200)
            #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).status == 200)
        }
        #expect(try connectionsAccepted(by: server) == 2)
    }

    @Test func aTransferAbortedAtTheBodyCapLeavesTheClientWorking() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = Fetching.client()
        #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).status == 200)
        let capped = HTTPRequest(url: server.url("/plain"), limits: HTTPLimits(maxBodyBytes: 4))
        #expect(Fetching.failure { () throws(HTTPError) in try client.fetch(capped) } == .bodyTooLarge(4))
        #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).body == Array("hello, plumage\n".utf8))
        // The aborted transfer's connection was closed (its unread body would spoil the next answer);
        // the last request needed a second one.
        #expect(try connectionsAccepted(by: server) == 2)
    }

    @Test func aNewConnectionResumesTheTLSSessionOfAnEarlierOne() throws {
        let certificates = try TestCertificates.make()
        defer { certificates.remove() }
        let server = try FixtureServer.start(certificate: certificates.certificate, key: certificates.key)
        defer { server.stop() }
        let client = Fetching.client(caBundlePath: certificates.authority)
        #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).status == 200)
        // Aborted at the body cap, so its connection closes and the next request needs a new one.
        let capped = HTTPRequest(url: server.url("/plain"), limits: HTTPLimits(maxBodyBytes: 4))
        #expect(Fetching.failure { () throws(HTTPError) in try client.fetch(capped) } == .bodyTooLarge(4))
        #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).status == 200)
        #expect(try connectionsAccepted(by: server, caBundlePath: certificates.authority) == 2)
        // The question's own connection comes from a new client, which has no session to resume.
        let answer = try Fetching.client(caBundlePath: certificates.authority).fetch(
            HTTPRequest(url: server.url("/tls-resumed")))
        #expect(String(decoding: answer.body, as: UTF8.self) == "1")
    }

    @Test func aCancelledTransferLeavesTheClientWorking() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let client = Fetching.client()
        let cancellation = HTTPCancellation()
        let stalled = HTTPRequest(
            url: server.url("/stall"), limits: HTTPLimits(total: .seconds(120), stall: .seconds(60)))
        let failure = Locked<HTTPError??>(nil)
        let thread = Thread {
            let error = Fetching.failure { () throws(HTTPError) in
                try client.fetch(stalled, cancellation: cancellation)
            }
            failure.withLock { $0 = .some(error) }
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.3)
        cancellation.cancel()
        while failure.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.01) }
        #expect(failure.withLock { $0 } == .some(.cancelled))
        for _ in 0..<3 {
            #expect(try client.fetch(HTTPRequest(url: server.url("/plain"))).status == 200)
        }
    }

    @Test(arguments: [false, true])
    func fourThreadsFetchingAtOnceAllSucceed(overTLS: Bool) throws {
        // Over TLS the threads' connections also store and resume sessions in the client's shared,
        // locked TLS session cache.
        let certificates = overTLS ? try TestCertificates.make() : nil
        defer { certificates?.remove() }
        let server = try FixtureServer.start(certificate: certificates?.certificate, key: certificates?.key)
        defer { server.stop() }
        let client = Fetching.client(caBundlePath: certificates?.authority)
        let threads = 4
        let perThread = 25
        let url = server.url("/plain")
        let good = Locked(0)
        let finished = DispatchGroup()
        for _ in 0..<threads {
            finished.enter()
            Thread {
                for _ in 0..<perThread {
                    let response = try? client.fetch(HTTPRequest(url: url))
                    if response?.status == 200, response?.body == Array("hello, plumage\n".utf8) {
                        good.withLock { $0 += 1 }
                    }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        #expect(good.withLock { $0 } == threads * perThread)
        // At most one connection per thread fetching at once; any more would mean no reuse.
        let accepted = try connectionsAccepted(by: server, caBundlePath: certificates?.authority)
        #expect((1...threads).contains(accepted))
    }
}
