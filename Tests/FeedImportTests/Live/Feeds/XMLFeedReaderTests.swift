import PlumageCore
import Testing

@testable import FeedImport

/// Reads `xml` as the feed at `url`.
func readXMLFeed(_ xml: String, url: String = "https://blog.example.org/feed.xml") throws(SourceError) -> XMLFeed {
    try XMLFeedReader.read(Array(xml.utf8), url: url, topLevelDomains: FixturePaths.topLevelDomains)
}

/// A blog's RSS with `content:encoded`, an enclosure, a Mastodon-style item (no title, HTML
/// description, enclosure and `media:content` of the same file, alt text) and a `media:group`.
let rssFixture = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/"
         xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
    <channel>
      <title>Ada's Blog</title>
      <link>https://blog.example.org/</link>
      <atom:link rel="self" href="https://blog.example.org/feed.xml"/>
      <atom:link rel="next" href="/feed.xml?page=2"/>
      <image><url>https://blog.example.org/avatar.png</url><title>Ada</title></image>
      <item>
        <title>Hello world</title>
        <link>https://blog.example.org/hello</link>
        <guid isPermaLink="false">post-1</guid>
        <pubDate>Tue, 05 Mar 2024 09:07:00 EST</pubDate>
        <dc:creator>Ada Park</dc:creator>
        <description>Short summary</description>
        <content:encoded><![CDATA[<p>Read <a href="https://example.com/x">this</a> &amp; more #swift</p>]]></content:encoded>
        <enclosure url="https://cdn.example.com/a.jpg" type="image/jpeg" length="1234"/>
        <enclosure url="https://cdn.example.com/episode.mp3" type="audio/mpeg" length="99"/>
      </item>
      <item>
        <guid isPermaLink="true">https://example.social/@ada/111</guid>
        <link>https://example.social/@ada/111</link>
        <pubDate>Mon, 20 Nov 2023 08:00:00 -0400</pubDate>
        <description>&lt;p&gt;Sunset &lt;a href="https://example.social/tags/photo" class="mention hashtag" rel="tag"&gt;#&lt;span&gt;photo&lt;/span&gt;&lt;/a&gt;&lt;/p&gt;</description>
        <enclosure url="https://files.example.social/1.png" type="image/png" length="100"/>
        <media:content url="https://files.example.social/1.png" type="image/png" fileSize="100" medium="image">
          <media:rating scheme="urn:simple">nonadult</media:rating>
          <media:description type="plain">A red sun</media:description>
        </media:content>
        <category>photo</category>
      </item>
      <item>
        <title>Video post</title>
        <pubDate>Thu, 29 Feb 2024 10:00 MST</pubDate>
        <media:group>
          <media:content url="https://v.example.com/low.mp4" type="video/mp4" width="320" height="180"/>
          <media:content url="https://v.example.com/high.mp4" type="video/mp4" width="1280" height="720" isDefault="true"/>
          <media:description>A cat video</media:description>
        </media:group>
      </item>
    </channel>
    </rss>
    """

@Test func rssItemsTextMediaAndNextPage() throws {
    let feed = try readXMLFeed(rssFixture)
    let source = feed.source
    #expect(source.kind == .rss)
    #expect(source.title == "Ada's Blog")
    #expect(feed.nextPage == "https://blog.example.org/feed.xml?page=2")
    #expect(source.items.map(\.date) == [Timestamp(seconds: 1_709_647_620), Timestamp(seconds: 1_709_226_000), Timestamp(seconds: 1_700_481_600)])
    #expect(source.sections == [Section(name: "Timeline", itemIndices: [0, 1, 2]), Section(name: "Media", itemIndices: [0, 1, 2])])

    let blog = source.items[0]
    #expect(blog.id == "post-1")
    #expect(blog.author.name == "Ada Park")
    #expect(blog.text == "Hello world\n\nRead this & more #swift")
    #expect(blog.entities == [
        Entity(kind: .url, text: "this", start: 18, end: 22, target: "https://example.com/x"),
        Entity(kind: .hashtag, text: "#swift", start: 30, end: 36, target: "swift"),
    ])
    #expect(blog.media == [Media(kind: .photo, locator: .url("https://cdn.example.com/a.jpg"), width: 0, height: 0, remoteHost: "cdn.example.com")])

    let video = source.items[1]
    #expect(video.text == "Video post")
    #expect(video.id.hasPrefix("hash-") && video.id.count == 21)
    #expect(video.media == [Media(kind: .video, locator: .url("https://v.example.com/high.mp4"), width: 1280, height: 720, alt: "A cat video",
                                  remoteHost: "v.example.com")])

    let toot = source.items[2]
    #expect(toot.id == "https://example.social/@ada/111")
    #expect(toot.author == Author(name: "Ada's Blog", handle: "adasblog", avatar: .url("https://blog.example.org/avatar.png")))
    #expect(toot.text == "Sunset #photo")
    #expect(toot.entities == [Entity(kind: .hashtag, text: "#photo", start: 7, end: 13, target: "photo")])
    #expect(toot.media == [Media(kind: .photo, locator: .url("https://files.example.social/1.png"), width: 0, height: 0, alt: "A red sun",
                                 remoteHost: "files.example.social")])
}

@Test func itemsWithoutIdOrLinkGetAStableHashOfTitleAndDate() throws {
    func id(_ title: String) throws -> String {
        try readXMLFeed("<rss version=\"2.0\"><channel><item><title>\(title)</title><pubDate>02 Jan 2006 15:04 -0700</pubDate></item></channel></rss>")
            .source.items[0].id
    }
    #expect(try id("One") == id("One"))
    #expect(try id("One") != id("Two"))
}

/// An Atom feed with XHTML content, an enclosure link, escaped HTML and plain text, and RFC 5005's `next`.
let atomFixture = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <title type="text">Example Atom</title>
      <link rel="self" href="https://example.org/atom.xml"/>
      <link rel="alternate" href="https://example.org/"/>
      <link rel="next" href="atom.xml?page=2"/>
      <icon>/icon.png</icon>
      <author><name>Feed Owner</name><uri>https://example.social/@owner</uri></author>
      <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
      <updated>2003-12-13T18:30:02Z</updated>
      <entry>
        <title>Atom-Powered Robots Run Amok</title>
        <link href="http://example.org/2003/12/13/atom03"/>
        <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
        <updated>2010-02-07T14:04:00-05:00</updated>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Some <b>bold</b> text &amp; a <a href="https://example.com/page">link</a></p><p>Second</p></div></content>
        <link rel="enclosure" type="image/png" href="/img/robot.png"/>
        <author><name>Jo Writer</name></author>
      </entry>
      <entry>
        <title type="html">&lt;b&gt;Escaped&lt;/b&gt; title</title>
        <id>tag:example.org,2025:2</id>
        <published>2025-01-01T00:00:00Z</published>
        <updated>2025-02-01T00:00:00Z</updated>
        <summary type="text">Line one
    Line two &lt;not a tag&gt;</summary>
      </entry>
    </feed>
    """

@Test func atomEntriesXHTMLContentAndNextPage() throws {
    let feed = try readXMLFeed(atomFixture, url: "https://example.org/atom.xml")
    #expect(feed.source.kind == .atom)
    #expect(feed.source.title == "Example Atom")
    #expect(feed.nextPage == "https://example.org/atom.xml?page=2")
    let items = feed.source.items
    #expect(items.map(\.id) == ["tag:example.org,2025:2", "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a"])
    #expect(items.map(\.date) == [Timestamp(seconds: 1_735_689_600), Timestamp(seconds: 1_265_569_440)])

    #expect(items[0].text == "Escaped title\n\nLine one\nLine two <not a tag>")
    #expect(items[0].author == Author(name: "Feed Owner", handle: "owner@example.social", avatar: .url("https://example.org/icon.png")))
    #expect(items[0].media.isEmpty)

    #expect(items[1].text == "Atom-Powered Robots Run Amok\n\nSome bold text & a link\n\nSecond")
    #expect(items[1].entities == [Entity(kind: .url, text: "link", start: 49, end: 53, target: "https://example.com/page")])
    #expect(items[1].author == Author(name: "Jo Writer", handle: "jowriter"))
    #expect(items[1].media == [Media(kind: .photo, locator: .url("https://example.org/img/robot.png"), width: 0, height: 0, remoteHost: "example.org")])
}

@Test func theProlog_sEncodingIsHonoured() throws {
    let bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<rss version=\"2.0\"><channel><title>Caf".utf8) + [0xE9]
        + Array("</title><item><guid>1</guid><description>na".utf8) + [0xEF] + Array("ve ".utf8) + [0xA9]
        + Array("</description></item></channel></rss>".utf8)
    let feed = try XMLFeedReader.read(bytes, url: "https://example.org/latin1.xml", topLevelDomains: FixturePaths.topLevelDomains)
    #expect(feed.source.title == "Caf\u{E9}")
    #expect(feed.source.items.map(\.text) == ["na\u{EF}ve \u{A9}"])
}

@Test func unreadableDatesAreNamedAndRFC3339PubDatesAccepted() throws {
    let feed = try readXMLFeed("""
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
        <item><guid>a</guid><pubDate>someday</pubDate></item>
        <item><guid>b</guid><pubDate>2024-01-02T03:04:05Z</pubDate></item>
        <item><guid>c</guid><dc:date>2024-01-01T00:00:00+01:00</dc:date></item>
        </channel></rss>
        """)
    #expect(feed.source.items.map(\.id) == ["b", "c", "a"])
    #expect(feed.source.items[0].date == Timestamp(year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5))
    #expect(feed.source.items[1].date == Timestamp(year: 2023, month: 12, day: 31, hour: 23))
    #expect(feed.source.items[2].dateProblem == "pubDate 'someday' is not an RFC 822 date")
}

@Test func notAFeedAndMalformedXMLGetTheirMessages() {
    let url = "https://example.org/x"
    #expect(throws: SourceError(.invalidFeed, path: url, reason: "not an RSS or Atom feed (root element <html>)")) {
        try readXMLFeed("<html><head><title>x</title></head><body/></html>", url: url)
    }
    #expect(throws: SourceError(.invalidFeed, path: url, reason: "not an RSS or Atom feed (root element <svg:svg>)")) {
        try readXMLFeed("<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\"/>", url: url)
    }
    do {
        _ = try readXMLFeed("<?xml version=\"1.0\"?>\n<rss version=\"2.0\">\n<channel><title>x</channel>\n</rss>", url: url)
        Issue.record("malformed XML was read")
    } catch {
        #expect(error.reason.hasPrefix("malformed XML at line 3: "), "\(error)")
        #expect(error.reason.contains("mismatch"), "\(error)")
    }
    do {
        _ = try readXMLFeed("{\"version\": \"https://jsonfeed.org/version/1.1\"}", url: url)
        Issue.record("JSON was read as XML")
    } catch {
        #expect(error.reason.hasPrefix("malformed XML at line 1: "), "\(error)")
    }
    #expect(throws: SourceError(.invalidFeed, path: url, reason: "malformed XML at line 1: the document is empty")) {
        try XMLFeedReader.read([], url: url, topLevelDomains: FixturePaths.topLevelDomains)
    }
}
