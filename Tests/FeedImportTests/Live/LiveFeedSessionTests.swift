@testable import FeedImport
import PlumageCore
import Testing

/// The live feed's decisions, driven by hand with canned answers: every request URL is written out
/// in the test, as the issue's command-line contract spells them.
@Suite struct LiveFeedSessionTests {
    static let domains = TopLevelDomains(["com", "org", "social", "example", "app"])
    static let account = #"{"id": "1", "username": "ada", "acct": "ada", "display_name": "Ada", "url": "https://m.example/@ada", "avatar": "https://m.example/a.png"}"#
    static let statuses = #"[{"id": "9", "created_at": "2024-05-06T07:08:09Z", "account": \#(account), "content": "<p>Hi</p>", "media_attachments": []}]"#
    static let instance = #"{"domain": "m.example", "title": "M", "version": "4.3.0"}"#
    static let bluesky = #"{"feed": [{"post": {"uri": "at://did:plc:a/app.bsky.feed.post/1", "author": {"did": "did:plc:a", "handle": "a.bsky.social"}, "record": {"text": "hello", "createdAt": "2024-01-02T03:04:05Z"}, "indexedAt": "2024-01-02T03:04:05Z"}}], "cursor": "2024-01-02T03:04:05Z::1"}"#
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title><link>https://blog.example/</link>
        <item><guid>a</guid><title>Post</title><pubDate>Tue, 02 Jan 2024 03:04:05 GMT</pubDate></item></channel></rss>
        """
    static let page = #"<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head></html>"#

    static func ok(_ body: String, _ url: String, next: String? = nil) -> LiveAnswer {
        LiveAnswer(status: 200, statusLine: "200 OK", body: Array(body.utf8), finalURL: url, nextLink: next)
    }

    static func status(_ code: Int, _ line: String, _ url: String) -> LiveAnswer {
        LiveAnswer(status: code, statusLine: line, body: Array("{\"error\": \"no\"}".utf8), finalURL: url)
    }

    /// The request a step asks for, or a failure naming what came instead.
    static func request(_ step: LiveStep) -> LiveRequest? {
        if case .fetch(let request) = step { return request }
        Issue.record("expected a fetch, got \(step)")
        return nil
    }

    static func page(_ step: LiveStep) -> LiveFeedPage? {
        if case .page(let page) = step { return page }
        Issue.record("expected a page, got \(step)")
        return nil
    }

    @Test func addressesAreTakenForWhatTheyName() {
        #expect(LiveLocation.parse("https://bsky.app/profile/alice.bsky.social") == .bluesky(actor: "alice.bsky.social"))
        #expect(LiveLocation.parse(" https://m.example/tags/caf%C3%A9 ")
            == .mastodonTag(base: "https://m.example", tag: "café", url: "https://m.example/tags/caf%C3%A9"))
        #expect(LiveLocation.parse("https://m.example/@ada@other.example")
            == .mastodonAccount(base: "https://m.example", acct: "ada@other.example", url: "https://m.example/@ada@other.example"))
        #expect(LiveLocation.parse("@ada@M.Example")
            == .mastodonAccount(base: "https://m.example", acct: "ada", url: "https://m.example/@ada"))
        #expect(LiveLocation.parse("https://blog.example/feed.xml") == .web(url: "https://blog.example/feed.xml"))
        #expect(LiveLocation.parse("https://m.example/tags/x/y") == .web(url: "https://m.example/tags/x/y"))
        #expect(LiveLocation.parse("ftp://x.example/feed") == nil)
        #expect(LiveLocation.parse("feed.json") == nil)
        #expect(LiveLocation.parse("https://a b.example/") == nil)
        #expect(throws: SourceError.self) { try LiveFeedSession(address: "file:///etc/passwd", topLevelDomains: Self.domains) }
    }

    @Test func aBlueskyProfileReadsTheAppViewsAuthorFeedPageByPage() throws {
        var session = try LiveFeedSession(address: "https://bsky.app/profile/a.bsky.social", appView: "http://127.0.0.1:9/",
                                          topLevelDomains: Self.domains)
        let first = try #require(Self.request(session.start()))
        #expect(first == LiveRequest(url: "http://127.0.0.1:9/xrpc/app.bsky.feed.getAuthorFeed?actor=a.bsky.social&limit=50",
                                     purpose: .page))
        let page = try #require(Self.page(session.receive(Self.ok(Self.bluesky, first.url), for: first)))
        #expect(page.source.kind == .blueskyAccount && page.source.title == "@a.bsky.social")
        #expect(page.source.items.map(\.text) == ["hello"])
        #expect(page.older?.url == first.url + "&cursor=2024-01-02T03%3A04%3A05Z%3A%3A1")
    }

    @Test func aMastodonTagProbesTheServerThenReadsTheTimelineAndFollowsLinkNext() throws {
        var session = try LiveFeedSession(address: "https://m.example/tags/photography", topLevelDomains: Self.domains)
        let probe2 = try #require(Self.request(session.start()))
        #expect(probe2 == LiveRequest(url: "https://m.example/api/v2/instance", purpose: .instanceProbe(version: 2)))
        // An older server has no v2: v1 is asked next.
        let probe1 = try #require(Self.request(session.receive(Self.status(404, "404 Not Found", probe2.url), for: probe2)))
        #expect(probe1 == LiveRequest(url: "https://m.example/api/v1/instance", purpose: .instanceProbe(version: 1)))
        let timeline = try #require(Self.request(session.receive(Self.ok(Self.instance, probe1.url), for: probe1)))
        #expect(timeline == LiveRequest(url: "https://m.example/api/v1/timelines/tag/photography?limit=40", purpose: .page))
        let next = "https://m.example/api/v1/timelines/tag/photography?max_id=9"
        let page = try #require(Self.page(session.receive(Self.ok(Self.statuses, timeline.url, next: next), for: timeline)))
        #expect(page.source.kind == .mastodonTag && page.source.title == "#photography")
        #expect(page.source.items.map(\.id) == ["9"])
        #expect(page.older == LiveRequest(url: next, purpose: .page))
        // The older page reads the same way; without a Link header it is the last.
        let olderRequest = try #require(page.older)
        let older = try #require(Self.page(session.receive(Self.ok(Self.statuses, next), for: olderRequest)))
        #expect(older.older == nil && older.source.kind == .mastodonTag)
    }

    @Test func aMastodonAccountIsLookedUpThenItsStatusesRead() throws {
        var session = try LiveFeedSession(address: "@ada@m.example", topLevelDomains: Self.domains)
        let probe = try #require(Self.request(session.start()))
        let lookup = try #require(Self.request(session.receive(Self.ok(Self.instance, probe.url), for: probe)))
        #expect(lookup == LiveRequest(url: "https://m.example/api/v1/accounts/lookup?acct=ada", purpose: .accountLookup))
        let statuses = try #require(Self.request(session.receive(Self.ok(Self.account, lookup.url), for: lookup)))
        #expect(statuses == LiveRequest(url: "https://m.example/api/v1/accounts/1/statuses?limit=40", purpose: .page))
        let page = try #require(Self.page(session.receive(Self.ok(Self.statuses, statuses.url), for: statuses)))
        #expect(page.source.kind == .mastodonAccount && page.source.title == "@ada@m.example")
        // An unknown account says so.
        var missing = try LiveFeedSession(address: "https://m.example/@nobody", topLevelDomains: Self.domains)
        let p = try #require(Self.request(missing.start()))
        let l = try #require(Self.request(missing.receive(Self.ok(Self.instance, p.url), for: p)))
        #expect(missing.receive(Self.status(404, "404 Not Found", l.url), for: l)
            == .failed(SourceError(.invalidFeed, path: "https://m.example/@nobody", reason: "no account @nobody on m.example")))
    }

    @Test func aLockedServerSaysLoginIsNeeded() throws {
        var session = try LiveFeedSession(address: "https://m.example/tags/x", topLevelDomains: Self.domains)
        let probe = try #require(Self.request(session.start()))
        let timeline = try #require(Self.request(session.receive(Self.ok(Self.instance, probe.url), for: probe)))
        guard case .failed(let error) = session.receive(Self.status(401, "401 Unauthorized", timeline.url), for: timeline) else {
            Issue.record("a 401 must fail")
            return
        }
        #expect(error.description == "https://m.example/tags/x: m.example requires signing in (login) to read this feed (server answered 401 Unauthorized)")
    }

    @Test func aMastodonShapedPathOnAnotherServerIsReadAsAWebPageAndItsFeedDiscovered() throws {
        var session = try LiveFeedSession(address: "https://blog.example/tags/x", topLevelDomains: Self.domains)
        let probe2 = try #require(Self.request(session.start()))
        let probe1 = try #require(Self.request(session.receive(Self.status(404, "404 Not Found", probe2.url), for: probe2)))
        // Answers, but not like Mastodon: the address is fetched itself.
        let pageRequest = try #require(Self.request(session.receive(Self.ok("<html></html>", probe1.url), for: probe1)))
        #expect(pageRequest == LiveRequest(url: "https://blog.example/tags/x", purpose: .page))
        let feed = try #require(Self.request(session.receive(Self.ok(Self.page, pageRequest.url), for: pageRequest)))
        #expect(feed == LiveRequest(url: "https://blog.example/feed.xml", purpose: .discoveredFeed))
        let page = try #require(Self.page(session.receive(Self.ok(Self.rss, feed.url), for: feed)))
        #expect(page.source.kind == .rss && page.source.title == "Blog" && page.source.items.map(\.id) == ["a"])
    }

    @Test func webAnswersAreSniffedNotTrusted() throws {
        // A page that links to a "feed" which is a page again: one discovery only.
        var session = try LiveFeedSession(address: "https://site.example/", topLevelDomains: Self.domains)
        let first = try #require(Self.request(session.start()))
        let feed = try #require(Self.request(session.receive(Self.ok(Self.page, first.url), for: first)))
        #expect(session.receive(Self.ok(Self.page, feed.url), for: feed)
            == .failed(SourceError(.invalidFeed, path: "https://site.example/",
                                   reason: "https://site.example/feed.xml is a web page, not a feed")))
        // Bytes that are none of the formats.
        var other = try LiveFeedSession(address: "https://site.example/x", topLevelDomains: Self.domains)
        let request = try #require(Self.request(other.start()))
        guard case .failed(let error) = other.receive(Self.ok("\u{1}\u{2}binary", request.url), for: request) else {
            Issue.record("binary must fail")
            return
        }
        #expect(error.reason.hasPrefix("not a feed"))
        // A 500 names its status; errors always name the address given.
        var broken = try LiveFeedSession(address: "https://site.example/y", topLevelDomains: Self.domains)
        let r = try #require(Self.request(broken.start()))
        #expect(broken.receive(Self.status(500, "500 Internal Server Error", r.url), for: r)
            == .failed(SourceError(.invalidFeed, path: "https://site.example/y", reason: "server answered 500 Internal Server Error")))
    }

    @Test func aDiscoveredFeedThatFailsIsNamedNotThePageThatLinksToIt() throws {
        // The page answered 200; its link answered 404: the message must not say the page did.
        var session = try LiveFeedSession(address: "https://site.example/", topLevelDomains: Self.domains)
        let first = try #require(Self.request(session.start()))
        let feed = try #require(Self.request(session.receive(Self.ok(Self.page, first.url), for: first)))
        #expect(session.receive(Self.status(404, "404 Not Found", "https://site.example/feed.xml"), for: feed)
            == .failed(SourceError(.invalidFeed, path: "https://site.example/",
                                   reason: "the page's feed https://site.example/feed.xml: server answered 404 Not Found")))
    }

    @Test func aFetchedJSONFeedNamesItsMediaByRemoteURLsAndNeverLocalFiles() throws {
        let json = #"{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [{"id": "1", "content_text": "x", "date_published": "2024-01-01T00:00:00Z", "attachments": [{"url": "/etc/passwd", "mime_type": "image/png"}, {"url": "img/a.png", "mime_type": "image/png"}]}]}"#
        var session = try LiveFeedSession(address: "https://j.example/feeds/feed.json", topLevelDomains: Self.domains)
        let request = try #require(Self.request(session.start()))
        let page = try #require(Self.page(session.receive(Self.ok(json, request.url), for: request)))
        #expect(page.source.kind == .jsonFeed)
        #expect(page.source.items[0].media.map(\.locator)
            == [.url("https://j.example/etc/passwd"), .url("https://j.example/feeds/img/a.png")])
    }
}
