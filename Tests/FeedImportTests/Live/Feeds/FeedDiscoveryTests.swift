import Testing

@testable import FeedImport

/// The feed link of `html`, served at `page`.
private func discover(_ html: String, page: String = "https://blog.example.org/posts/2024/hello.html") throws -> FeedDiscovery.Link {
    try FeedDiscovery.feed(in: Array(html.utf8), pageURL: page)
}

@Test func theFirstFeedLinkWinsAndRelativeHrefsResolveAgainstThePage() throws {
    let link = try discover("""
        <!DOCTYPE html><html><head>
        <link rel="stylesheet" type="text/css" href="/style.css">
        <link rel="icon" type="application/rss+xml" href="/not-alternate.xml">
        <!-- <link rel="alternate" type="application/rss+xml" href="/commented.xml"> -->
        <script>var s = '<link rel="alternate" type="application/rss+xml" href="/scripted.xml">';</script>
        <LINK REL="Alternate Home" TYPE="Application/Atom+XML; charset=utf-8" HREF="../feed.atom" title="Atom &amp; more">
        <link rel="alternate" type="application/rss+xml" href="/rss.xml">
        </head><body></body></html>
        """)
    #expect(link == FeedDiscovery.Link(url: "https://blog.example.org/posts/feed.atom", format: .atom, title: "Atom & more"))
}

@Test func jsonAndRSSTypesAndNetworkPathReferences() throws {
    #expect(try discover(#"<link href="//cdn.example.net/f.json" rel="alternate" type="application/feed+json">"#)
        == FeedDiscovery.Link(url: "https://cdn.example.net/f.json", format: .jsonFeed, title: nil))
    #expect(try discover(#"<link rel=alternate type=application/rss+xml href=" feed.xml?a=1&amp;b=2 ">"#, page: "http://example.org/dir/")
        .url == "http://example.org/dir/feed.xml?a=1&b=2")
    #expect(try discover(#"<link rel="alternate" type="application/rss+xml" href="https://other.example.com/a b/é.xml">"#).url
        == "https://other.example.com/a%20b/%C3%A9.xml")
}

@Test func baseHrefIsHonouredWhereverItStands() throws {
    let link = try discover("""
        <head><link rel="alternate" type="application/rss+xml" href="feed/rss.xml">
        <base href="/site/"><base href="https://ignored.example.com/"></head>
        """)
    #expect(link.url == "https://blog.example.org/site/feed/rss.xml")
    #expect(try discover(#"<base href="https://mirror.example.com/x/y"><link rel="alternate" type="application/atom+xml" href="../a.xml">"#).url
        == "https://mirror.example.com/a.xml")
}

@Test func aPageWithoutAFeedLinkSaysSo() {
    #expect(throws: SourceError(.invalidFeed, path: "https://example.org/",
                                reason: "no feed found (the page has no <link rel=\"alternate\"> of type RSS, Atom or JSON Feed)")) {
        try discover(#"<html><head><link rel="alternate" hreflang="de" href="/de/"><link rel="alternate" type="application/rss+xml"></head></html>"#,
                     page: "https://example.org/")
    }
    #expect(throws: SourceError.self) { try discover("<link rel=\"alternate\" type=\"application/rss+xml\" href=\"/a.xml\"", page: "https://example.org/") }
}
