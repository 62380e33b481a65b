import Foundation
import Jobs
import Network
import Testing

/// The client as the app runs it: blocking fetches on the job system's loading lane, one client
/// shared by the workers.
@Suite struct LoadingLaneTests {
    @Test func aStalledFetchOnOneWorkerDoesNotHoldUpAnotherAndEndsWhenCancelled() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let jobs = JobSystem(workers: WorkerCounts(loading: 2))
        defer { jobs.shutdown() }
        let client = Fetching.client()
        let stalled = Mailbox(), plain = Mailbox()
        let cancellation = HTTPCancellation()
        let stallRequest = HTTPRequest(
            url: server.url("/stall"), limits: HTTPLimits(total: .seconds(120), stall: .seconds(60)))
        jobs.submit(on: .loading) {
            stalled.post(Result { () throws(HTTPError) in try client.fetch(stallRequest, cancellation: cancellation) })
        }
        let plainRequest = HTTPRequest(url: server.url("/plain"))
        jobs.submit(on: .loading) {
            plain.post(Result { () throws(HTTPError) in try client.fetch(plainRequest) })
        }
        #expect(try plain.take().get().body == Array("hello, plumage\n".utf8))
        cancellation.cancel()
        #expect(throws: HTTPError.cancelled) { try stalled.take().get() }
    }
}

/// One result posted by a worker and taken by the test, which waits for it.
private final class Mailbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<HTTPResponse, HTTPError>?

    func post(_ value: Result<HTTPResponse, HTTPError>) {
        condition.lock()
        result = value
        condition.broadcast()
        condition.unlock()
    }

    func take() -> Result<HTTPResponse, HTTPError> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
