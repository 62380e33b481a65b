import PlumageCore
import Testing

@testable import FeedImport

/// `(start, end, href)` of each anchor of `html`.
private func anchors(_ html: String) -> [HTMLAnchorSummary] {
    HTMLText(html: html).anchors.map { HTMLAnchorSummary(start: $0.start, end: $0.end, href: $0.href) }
}

/// An anchor without its classes, for short expectations.
private struct HTMLAnchorSummary: Equatable {
    var start: Int, end: Int, href: String?
}

@Test func walkerDropsInvisibleSpansAndMarksEllipsis() {
    let html = #"<p>See <a href="https://daniel.industries/x" rel="nofollow"><span class="invisible">https://</span><span class="ellipsis">daniel.industries/2022/11/07/l</span><span class="invisible">ess-twitter/</span></a> ok</p>"#
    let read = HTMLText(html: html)
    #expect(read.text == "See daniel.industries/2022/11/07/l… ok")
    #expect(read.anchors == [HTMLAnchor(start: 4, end: 35, text: "daniel.industries/2022/11/07/l…", href: "https://daniel.industries/x", classes: [])])
    // An invisible span inside an invisible span, an ellipsis inside an invisible span: nothing shows.
    #expect(HTMLText.plainText(#"a<span class="invisible">b<span>c</span><span class="ellipsis">d</span>e</span>f"#) == "af")
    // An anchor with nothing visible is no anchor.
    #expect(HTMLText(html: #"x <a href="https://e.com/"><span class="invisible">https://e.com/</span></a> y"#).anchors.isEmpty)
}

@Test func walkerBreaksLinesAndParagraphs() {
    #expect(HTMLText.plainText("<p>a<br>b<br/>c</p><p>d</p>") == "a\nb\nc\n\nd")
    #expect(HTMLText.plainText("<p></p><p>  </p><p>x</p><br><br>") == "x")
    #expect(HTMLText.plainText("<p>one<p>two") == "one\n\ntwo")
    #expect(HTMLText.plainText("<b>bold<i>and italic") == "boldand italic")
}

@Test func walkerAnchorsCountScalarsOfTheText() {
    // 😀 is one scalar, 👍🏽 two, the space one: the anchor starts at 4.
    let read = HTMLText(html: "😀👍🏽 <a href='https://e.com/'>link</a><br> <A HREF=https://e.com/2 CLASS=\"mention hashtag\">#x</A>")
    #expect(read.text == "😀👍🏽 link\n#x")
    #expect(read.anchors == [
        HTMLAnchor(start: 4, end: 8, text: "link", href: "https://e.com/", classes: []),
        HTMLAnchor(start: 9, end: 11, text: "#x", href: "https://e.com/2", classes: ["mention", "hashtag"]),
    ])
    let mention = #"<span class="h-card" translate="no"><a href="https://social.lol/@mcg" class="u-url mention">@<span>mcg</span></a></span> hi"#
    #expect(HTMLText(html: mention).anchors == [HTMLAnchor(start: 0, end: 4, text: "@mcg", href: "https://social.lol/@mcg", classes: ["u-url", "mention"])])
    // Whitespace around an anchor's text belongs to the text, not the anchor.
    #expect(anchors("a<a href=x>  b  </a>c") == [HTMLAnchorSummary(start: 2, end: 3, href: "x")])
}

@Test func walkerClosesNestedAnchorsAndSurvivesMalformedTags() {
    // An <a> inside an <a> closes the first; the stray </a> after "three" is ignored.
    #expect(HTMLText.plainText(#"<a href="https://x.com/1">one <a href="https://x.com/2">two</a> three</a>"#) == "one two three")
    #expect(anchors(#"<a href="https://x.com/1">one <a href="https://x.com/2">two</a> three</a>"#) == [
        HTMLAnchorSummary(start: 0, end: 3, href: "https://x.com/1"), HTMLAnchorSummary(start: 4, end: 7, href: "https://x.com/2"),
    ])
    // An unclosed anchor ends with the text; one without href has a nil href.
    #expect(anchors("x <a>tail") == [HTMLAnchorSummary(start: 2, end: 6, href: nil)])
    // `<a` without `>` is text; an unterminated quote makes the whole rest text.
    #expect(HTMLText(html: "x <a href='y' z").text == "x <a href='y' z")
    #expect(HTMLText(html: "x <a href='y' z").anchors.isEmpty)
    #expect(HTMLText(html: #"<a href="oops>never closed"#).text == #"<a href="oops>never closed"#)
    #expect(HTMLText.plainText("</p></a></span>text</span><") == "text<")
    #expect(HTMLText.plainText("<a =x href=y>a</a>") == "a")
    #expect(anchors("<a =x href=y>a</a>") == [HTMLAnchorSummary(start: 0, end: 1, href: "y")])
}

@Test func walkerDecodesReferencesInTextAndAttributes() {
    let read = HTMLText(html: #"<a href="https://e.com/?a=1&amp;b=2&#38;c" class="x">&quot;q&quot; &#64;me &eacute;</a> &amp; &bogus; &"#)
    #expect(read.text == "\"q\" @me é & &bogus; &")
    #expect(read.anchors == [HTMLAnchor(start: 0, end: 9, text: "\"q\" @me é", href: "https://e.com/?a=1&b=2&c", classes: ["x"])])
}

@Test func anchorsBecomeEntitiesByClass() {
    let html = HTMLText(html: #"""
        <p><a href="https://indieweb.social/tags/%E5%B7%A8" class="mention hashtag">#<span>巨人叨叨</span></a> <a href="https://social.lol/@mcg" class="u-url mention">@<span>mcg</span></a> <a href="https://example.com/a/very/long/path/that/goes/on/and/on">https://example.com/a/very/long/path/that/goes/on/and/on</a> <a href="mailto:a@b.c">mail</a> <a href="https://e.com/x">e.com</a></p>
        """#)
    let mentions = MentionDirectory([MentionDirectory.Account(handle: "mcg@social.lol", href: "https://social.lol/users/mcg")])
    let display = HTMLEntities.displayText(html, mentions: mentions)
    #expect(display.text == "#巨人叨叨 @mcg example.com/a/very/long/path/that/goes/on… mail e.com")
    #expect(display.entities == [
        Entity(kind: .hashtag, text: "#巨人叨叨", start: 0, end: 5, target: "巨人叨叨"),
        Entity(kind: .mention, text: "@mcg", start: 6, end: 10, target: "mcg@social.lol"),
        Entity(kind: .url, text: "example.com/a/very/long/path/that/goes/on…", start: 11, end: 53,
               target: "https://example.com/a/very/long/path/that/goes/on/and/on"),
        Entity(kind: .url, text: "e.com", start: 59, end: 64, target: "https://e.com/x"),
    ])
}

@Test func detectedEntitiesFillInWhereNoAnchorIs() {
    let html = HTMLText(html: #"<p>#tag <a href="https://e.com/long/path">e.com</a> and https://example.com/raw @bob <a href="https://e.com/t">#inside</a></p>"#)
    let display = HTMLEntities.displayText(html, detector: EntityDetector(topLevelDomains: FixturePaths.topLevelDomains))
    #expect(display.text == "#tag e.com and example.com/raw @bob #inside")
    #expect(display.entities == [
        Entity(kind: .hashtag, text: "#tag", start: 0, end: 4, target: "tag"),
        Entity(kind: .url, text: "e.com", start: 5, end: 10, target: "https://e.com/long/path"),
        Entity(kind: .url, text: "example.com/raw", start: 15, end: 30, target: "https://example.com/raw"),
        Entity(kind: .mention, text: "@bob", start: 31, end: 35, target: "bob"),
        Entity(kind: .url, text: "#inside", start: 36, end: 43, target: "https://e.com/t"),
    ])
}

@Test func mentionsAreQualifiedFromTagsOrProfileLinks() {
    let directory = MentionDirectory([
        MentionDirectory.Account(handle: "mcg@social.lol", href: "https://social.lol/users/mcg"),
        MentionDirectory.Account(handle: "mcg@other.example", href: "https://other.example/users/mcg"),
        MentionDirectory.Account(handle: "Ann@a.example", href: nil),
    ])
    #expect(directory.handle(written: "mcg", href: "https://other.example/users/mcg") == "mcg@other.example")
    #expect(directory.handle(written: "mcg", href: "https://other.example/@mcg") == "mcg@other.example")
    #expect(directory.handle(written: "mcg", href: "https://elsewhere.example/@mcg") == "mcg@social.lol")
    #expect(directory.handle(written: "ann", href: nil) == "Ann@a.example")
    #expect(directory.handle(written: "kris", href: "https://hachyderm.io/@kris") == "kris@hachyderm.io")
    #expect(directory.handle(written: "kris", href: "https://hachyderm.io/users/kris/") == "kris@hachyderm.io")
    #expect(directory.handle(written: "kris", href: "https://hachyderm.io/about") == "kris")
    #expect(directory.handle(written: "x@y.example", href: nil) == "x@y.example")
}

@Test func walkerQuotesOnlyAfterEquals() {
    // `'` in an attribute name is no quote (HTML5): the tag ends at the next `>`.
    #expect(HTMLText.plainText("a<b it's fine. <i>x</i>") == "ax")
    #expect(HTMLText(html: #"<a title=x'y href="https://e.com/?q='>'">z</a>"#).anchors.map(\.href) == ["https://e.com/?q='>'"])
}

/// A quadratic walker would take minutes here: every `<` would scan to the end for a `>`.
@Test(.timeLimit(.minutes(1))) func walkerStaysLinearOnUnterminatedTags() {
    let lone = String(repeating: "<a ", count: 200_000)
    #expect(HTMLText.plainText(lone).count == 200_000 * 3 - 1)
    let quoted = "<p>" + String(repeating: #"<a href="x"#, count: 100_000) + " &amp;"
    #expect(HTMLText.plainText(quoted).hasSuffix(#"<a href="x &"#))
}
