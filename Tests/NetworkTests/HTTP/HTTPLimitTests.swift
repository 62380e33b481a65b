import Network
import Testing

/// Hostile servers: each fails with its own error at the limit, never by waiting it out. The stall
/// and total limits are shortened to 1–1.5 s here (the server misbehaves for 30 s or more), so only
/// the failure kind is checked, never the time it took.
@Suite struct HTTPLimitTests {
    @Test func aGzipBombFailsAtTheFeedCapWithoutInflatingIntoMemory() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let peakBefore = try #require(PeakMemory.bytes())
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: server.url("/gzip-bomb"), limits: .feed))
        }
        #expect(error == .bodyTooLarge(16 << 20))
        #expect(error?.description == "the response is larger than 16 MiB")
        // The bomb inflates to 1 GiB: keeping it (or half of it) would raise the peak by far more.
        let growth = try #require(PeakMemory.bytes()) - peakBefore
        #expect(growth < 512 << 20, "peak resident memory grew by \(growth >> 20) MiB")
    }

    @Test func anEndlessBodyFailsAtTheCap() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(
                HTTPRequest(url: server.url("/endless"), limits: HTTPLimits(maxBodyBytes: 1 << 20)))
        }
        #expect(error == .bodyTooLarge(1 << 20))
        #expect(error?.description == "the response is larger than 1 MiB")
    }

    @Test func aDeclaredLengthOverTheCapFailsAtOnce() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        // /plain declares 15 bytes.
        #expect(
            Fetching.failure { () throws(HTTPError) in
                try Fetching.client().fetch(
                    HTTPRequest(url: server.url("/plain"), limits: HTTPLimits(maxBodyBytes: 10)))
            } == .bodyTooLarge(10))
    }

    @Test func headersOverTheirCapFail() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        // 400 fields of 1 KiB: libcurl accepts each line (100 KiB at most), the client caps the block.
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: server.url("/huge-headers")))
        }
        #expect(error == .headersTooLarge(256 * 1024))
        #expect(error?.description == "the response's headers are larger than 256 KiB")
    }

    @Test func aServerThatStopsSendingFailsAsStalled() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let limits = HTTPLimits(total: .seconds(60), stall: .seconds(1))
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: server.url("/stall"), limits: limits))
        }
        #expect(error == .stalled(.seconds(1)))
        #expect(error?.description == "the server stopped sending: no data for 1 s")
    }

    @Test func aConnectionThatNeverCompletesFailsAtTheConnectLimit() throws {
        // TCP connects (the kernel accepts into the backlog) but the TLS handshake gets no answer;
        // libcurl counts the handshake as part of connecting.
        let silent = try LoopbackPort(listening: true)
        defer { silent.close() }
        let limits = HTTPLimits(total: .seconds(60), connect: .seconds(1), stall: .seconds(30))
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: "https://127.0.0.1:\(silent.port)/", limits: limits))
        }
        #expect(error == .connectTimedOut(.seconds(1)))
        #expect(error?.description == "cannot connect: no connection within 1 s")
    }

    @Test func aOneByteDripFailsAtTheTotalLimit() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        // 10 bytes a second never trips the stall check (1 byte/s over 5 s); 10000 bytes would take 1000 s.
        let limits = HTTPLimits(total: .milliseconds(1500), stall: .seconds(5))
        let error = Fetching.failure { () throws(HTTPError) in
            try Fetching.client().fetch(HTTPRequest(url: server.url("/drip"), limits: limits))
        }
        #expect(error == .totalTimedOut(.milliseconds(1500)))
        #expect(error?.description == "the transfer took longer than 1.5 s in all")
    }

    @Test func theDefaultsAreTheIssuesFigures() {
        #expect(
            HTTPLimits.feed
                == HTTPLimits(
                    maxBodyBytes: 16 * 1024 * 1024, total: .seconds(60), connect: .seconds(10),
                    stall: .seconds(15), maxRedirects: 5))
        #expect(HTTPLimits.image.maxBodyBytes == 64 * 1024 * 1024)
        #expect(HTTPLimits.image.connect == .seconds(10))
        #expect(HTTPLimits.image.stall == .seconds(15))
        #expect(HTTPLimits.image.maxRedirects == 5)
    }
}
