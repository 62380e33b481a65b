import Network
import Testing

/// RFC 8288's own examples (§3.5) and Mastodon's pagination header.
@Suite struct LinkHeaderTests {
    @Test func oneLinkWithSeveralParameters() {
        let links = LinkHeader.parse([
            #"<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter""#
        ])
        #expect(
            links == [
                WebLink(
                    target: "http://example.com/TheBook/chapter2",
                    parameters: [("rel", "previous"), ("title", "previous chapter")])
            ])
        #expect(links.first?.relations == ["previous"])
    }

    @Test func anExtensionRelationAndAnAnchor() {
        #expect(
            LinkHeader.parse([#"</>; rel="http://example.net/foo""#]).first?.relations == ["http://example.net/foo"])
        let terms = LinkHeader.parse([##"</terms>; rel="copyright"; anchor="#foo""##])
        #expect(terms.first?.parameter("anchor") == "#foo")
    }

    @Test func twoLinksInOneFieldWithExtendedTitles() {
        let field =
            #"</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, "#
            + #"</TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel"#
        let links = LinkHeader.parse([field])
        #expect(links.map(\.target) == ["/TheBook/chapter2", "/TheBook/chapter4"])
        #expect(links.map(\.relations) == [["previous"], ["next"]])
        #expect(links.last?.parameter("title*") == "UTF-8'de'n%c3%a4chstes%20Kapitel")
    }

    @Test func severalRelationsInOneParameter() {
        let links = LinkHeader.parse([#"<http://example.org/>; rel="start http://example.net/relation/other""#])
        #expect(links.first?.relations == ["start", "http://example.net/relation/other"])
    }

    @Test func mastodonPaginationAcrossTwoFields() {
        var headers = HTTPHeaders()
        headers.append(
            name: "Link", value: #"<https://mastodon.example/api/v1/timelines/tag/cats?max_id=109>; rel="next""#)
        headers.append(
            name: "link", value: #"<https://mastodon.example/api/v1/timelines/tag/cats?min_id=120>; rel="prev""#)
        let base = "https://mastodon.example/api/v1/timelines/tag/cats"
        #expect(
            LinkHeader.target("next", in: headers, base: base)
                == "https://mastodon.example/api/v1/timelines/tag/cats?max_id=109")
        #expect(
            LinkHeader.target("PREV", in: headers, base: base)
                == "https://mastodon.example/api/v1/timelines/tag/cats?min_id=120")
    }

    @Test func commasAndSemicolonsInsideQuotesAndBracketsAndEscapes() {
        let links = LinkHeader.parse([
            #"<https://x.example/a,b;c>; title="one, two; \"three\""; rel=next, </d>; rel=prev"#
        ])
        #expect(
            links == [
                WebLink(
                    target: "https://x.example/a,b;c", parameters: [("title", #"one, two; "three""#), ("rel", "next")]),
                WebLink(target: "/d", parameters: [("rel", "prev")]),
            ])
    }

    @Test func onlyTheFirstRelCountsAndNamesIgnoreCase() {
        let links = LinkHeader.parse([#"</a>; REL="Next"; rel="prev""#])
        #expect(links.first?.relations == ["next"])
    }

    @Test func aMalformedLinkIsSkipped() {
        let links = LinkHeader.parse([#"garbage; rel="x", </ok>; rel="next", <unterminated; rel="prev""#])
        #expect(links == [WebLink(target: "/ok", parameters: [("rel", "next")])])
        #expect(LinkHeader.parse(["", " , ,"]).isEmpty)
    }
}
