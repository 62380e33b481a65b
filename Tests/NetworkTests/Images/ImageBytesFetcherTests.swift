import Foundation
import Network
import PlumageTestSupport
import Testing

/// The window's remote image bytes (what `plumage`'s `RemoteImages` hands the platform) against the
/// fixture server: fetched once, then served from the web cache with the server gone.
@Suite struct ImageBytesFetcherTests {
    @Test func aFetchedImageIsCachedAndReadBackOfflineWithoutARequest() throws {
        let server = try FixtureServer.start()
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path + "/web")
        let fetcher = ImageBytesFetcher(client: Fetching.client(), cache: cache)
        let url = server.url("/plain")
        #expect(try fetcher.bytes(of: url) == Array("hello, plumage\n".utf8))
        let entry = try #require(cache.entry(for: WebCacheKey(.image, url)))
        #expect(entry.body == Array("hello, plumage\n".utf8) && entry.metadata.finalURL == url)
        #expect(cache.entry(for: WebCacheKey(.feed, url)) == nil, "stored as an image, not as a feed page")
        server.stop()
        // Offline: the server is gone, the copy answers (a request would fail to connect).
        #expect(try fetcher.bytes(of: url) == Array("hello, plumage\n".utf8))
        let gone = Fetching.failure { () throws(HTTPError) in try Fetching.client().fetch(HTTPRequest(url: url)) }
        #expect(gone != nil, "the server is really gone")
    }

    @Test func anErrorStatusFailsAndIsNotCached() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path + "/web")
        let fetcher = ImageBytesFetcher(client: Fetching.client(), cache: cache)
        let url = server.url("/status/404")
        #expect(throws: HTTPError.status(404, reason: "Not Found")) { try fetcher.bytes(of: url) }
        #expect(cache.entryCount == 0)
    }

    @Test func aCancelledFetchEndsWithoutWaitingForTheServer() throws {
        let server = try FixtureServer.start()
        defer { server.stop() }
        let fetcher = ImageBytesFetcher(client: Fetching.client(), cache: nil)
        let cancellation = HTTPCancellation()
        cancellation.cancel()
        #expect(throws: HTTPError.cancelled) { try fetcher.bytes(of: server.url("/stall"), cancellation: cancellation) }
        // Cancelled while the server holds the body back (30 s): ends with `.cancelled`.
        let during = HTTPCancellation()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            during.cancel()
        }
        #expect(throws: HTTPError.cancelled) { try fetcher.bytes(of: server.url("/stall"), cancellation: during) }
    }
}
