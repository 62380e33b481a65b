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
        let url = server.url("/image")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
        #expect(try fetcher.bytes(of: url) == png)
        let entry = try #require(cache.entry(for: WebCacheKey(.image, url)))
        #expect(entry.body == png && entry.metadata.finalURL == url)
        #expect(cache.entry(for: WebCacheKey(.feed, url)) == nil, "stored as an image, not as a feed page")
        // A page that is no image (an error page served with 200) is returned but never kept.
        let page = server.url("/plain")
        #expect(try fetcher.bytes(of: page) == Array("hello, plumage\n".utf8))
        #expect(cache.entry(for: WebCacheKey(.image, page)) == nil)
        server.stop()
        // Offline: the server is gone, the copy answers (a request would fail to connect).
        #expect(try fetcher.bytes(of: url) == png)
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

/// Which first bytes count as an image file's: the formats' signatures, written out from their specs.
@Suite struct ImageSignatureTests {
    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0], true), ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], true),
        (Array("GIF89a".utf8), true), (Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8), true),
        (Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVEfmt ".utf8), false), ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), true),
        ([0x49, 0x49, 0x2A, 0x00], true), (Array("<!doctype html>".utf8), false), (Array("{\"error\":1}".utf8), false),
        ([], false), ([0xFF, 0xD8], false),
    ] as [([UInt8], Bool)])
    func signatures(bytes: [UInt8], isImage: Bool) {
        #expect(ImageBytesFetcher.looksLikeImage(bytes) == isImage)
    }
}
