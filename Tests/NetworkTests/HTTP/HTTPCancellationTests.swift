import Foundation
import Network
import Testing

/// Cancelling from another thread ends a transfer, or the wait before a retry, with `.cancelled`.
/// The server would keep each one going for 30 s or more; only the failure kind is checked.
@Suite struct HTTPCancellationTests {
    /// Runs `body` on a new thread and returns what it threw, after `cancellation` was cancelled
    /// from this thread a moment after the start.
    private func failureWhenCancelled(
        _ cancellation: HTTPCancellation,
        _ body: @escaping @Sendable () throws(HTTPError) -> HTTPResponse
    ) -> HTTPError? {
        let outcome = Outcome()
        let thread = Thread {
            outcome.set(Fetching.failure(body))
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.3)
        cancellation.cancel()
        return outcome.wait()
    }

    @Test func aStalledTransferEndsWhenCancelled() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let cancellation = HTTPCancellation()
        let request = HTTPRequest(
            url: server.url("/stall"), limits: HTTPLimits(total: .seconds(120), stall: .seconds(60)))
        let error = failureWhenCancelled(cancellation) { () throws(HTTPError) in
            try Fetching.client().fetch(request, cancellation: cancellation)
        }
        #expect(error == .cancelled)
        #expect(cancellation.isCancelled)
    }

    @Test func theWaitBeforeARetryEndsWhenCancelled() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let cancellation = HTTPCancellation()
        let request = HTTPRequest(url: server.url("/busy?key=\(UUID().uuidString)&status=503&after=45"))
        let error = failureWhenCancelled(cancellation) { () throws(HTTPError) in
            try Fetching.client().fetchRetrying(request, cancellation: cancellation)
        }
        #expect(error == .cancelled)
    }

    @Test func aCancelledTokenStopsTheNextRequestBeforeItStarts() {
        let cancellation = HTTPCancellation()
        cancellation.cancel()
        #expect(
            Fetching.failure { () throws(HTTPError) in
                try Fetching.client().fetch(HTTPRequest(url: "http://127.0.0.1:9/"), cancellation: cancellation)
            } == .cancelled)
        #expect(cancellation.wait(.seconds(60)))
    }
}

/// One result handed from a thread to the test, which waits for it.
private final class Outcome: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: HTTPError??

    func set(_ error: HTTPError?) {
        condition.lock()
        value = .some(error)
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> HTTPError? {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}
