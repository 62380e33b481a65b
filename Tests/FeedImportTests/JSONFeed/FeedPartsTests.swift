import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@testable import FeedImport

@Test(arguments: [
    ("2026-11-20T09:12:00Z", Timestamp(year: 2026, month: 11, day: 20, hour: 9, minute: 12)),
    ("2010-02-07T14:04:00.123-05:00", Timestamp(year: 2010, month: 2, day: 7, hour: 19, minute: 4)),
    ("2010-02-07t14:04:00+01:30", Timestamp(year: 2010, month: 2, day: 7, hour: 12, minute: 34)),
    ("1999-12-31 23:59:59z", Timestamp(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
])
func parsesRFC3339(_ text: String, _ expected: Timestamp) {
    #expect(RFC3339.timestamp(text) == expected)
}

@Test(arguments: ["", "2026-11-20", "2026-11-20T09:12:00", "2026-13-01T00:00:00Z", "2026-11-20T09:12:00.Z", "2026-11-20T09:12:00Z junk"])
func rejectsMalformedDates(_ text: String) {
    #expect(RFC3339.timestamp(text) == nil)
}

@Test func htmlBecomesPlainText() {
    #expect(HTMLText.plainText("<p>One<br/>two</p><p>Three &amp; &#39;four&#x27; &bogus; & x</p>") == "One\ntwo\n\nThree & 'four' &bogus; & x")
    #expect(HTMLText.plainText("&lt;b&gt; &amp;amp; &#128512; &#0; &#x1F600;") == "<b> &amp; 😀 &#0; 😀")
    #expect(HTMLText.plainText("  lots   of\n\n space  <i>here</i> ") == "lots of space here")
    #expect(HTMLText.plainText("a <b and c > d") == "a d")
    #expect(HTMLText.plainText("x < y") == "x < y")
    #expect(HTMLText.plainText("<ul><li>a</li><li>b</li></ul>after") == "a\nb\n\nafter")
    #expect(HTMLText.plainText("keep<!-- <p>hidden</p> -->going<style>p{}</style>!") == "keepgoing!")
}

@Test func namedCharacterReferencesComeFromLibxml2() {
    #expect(HTMLText.plainText("caf&eacute; &Eacute;cole&hellip;") == "café École…")
    #expect(HTMLText.plainText("a&nbsp;b") == "a\u{A0}b")
    #expect(HTMLText.plainText("&frac12; &sup2; &euro; &alpha;&Omega; &apos;q&apos;") == "½ ² € αΩ 'q'")
    #expect(HTMLText.plainText("&NotARealOne; &eacute &EACUTE; &;") == "&NotARealOne; &eacute &EACUTE; &;")
    #expect(HTMLText.plainText("&#233; &#xE9; &#X1F600; &#1114112; &#xD800; &#; &#x;") == "é é 😀 &#1114112; &#xD800; &#; &#x;")
    #expect(HTMLText.plainText("&amp;lt; & a && b &") == "&lt; & a && b &")
    // The names the reader knew before libxml2 still decode the same way.
    let before = "&amp;&lt;&gt;&quot;&apos;&nbsp;&hellip;&mdash;&ndash;&lsquo;&rsquo;&ldquo;&rdquo;&copy;&reg;&trade;&middot;&bull;&laquo;&raquo;&shy;"
    #expect(HTMLText.plainText(before) == "&<>\"'\u{A0}…—–‘’“”©®™·•«»\u{AD}")
}

@Test func mastodonLinkSpansAreShortened() {
    let html = #"<p>See <a href="https://daniel.industries/x"><span class="invisible">https://</span><span class="ellipsis">daniel.industries/2022/11/07/l</span><span class="invisible">ess-twitter/</span></a></p>"#
    #expect(HTMLText.plainText(html) == "See daniel.industries/2022/11/07/l…")
}

@Test func localPathsResolve() {
    #expect(LocalPath.resolve("photos/a.jpg", base: "/feed") == "/feed/photos/a.jpg")
    #expect(LocalPath.resolve("../x/./b%20c.png?v=2#top", base: "/feed/sub") == "/feed/x/b c.png")
    #expect(LocalPath.resolve("/abs/a.jpg", base: "/feed") == "/abs/a.jpg")
    #expect(LocalPath.resolve("file:///abs/%C3%A9.jpg", base: "/feed") == "/abs/é.jpg")
    #expect(LocalPath.resolve("file:/abs/a.jpg", base: "/feed") == "/abs/a.jpg")
    #expect(LocalPath.resolve("FILE://localhost/abs/a.jpg", base: "/feed") == "/abs/a.jpg")
    #expect(LocalPath.resolve("file://server/abs/a.jpg", base: "/feed") == nil)
    #expect(LocalPath.resolve("https://example.com/a.jpg", base: "/feed") == nil)
    #expect(LocalPath.resolve("data:image/png;base64,AAAA", base: "/feed") == nil)
    #expect(LocalPath.resolve("", base: "/feed") == nil)
    #expect(LocalPath.resolve("100%.jpg", base: "/feed") == "/feed/100%.jpg")
}

@Test(arguments: [
    ("images/tiny.png", PixelSize(width: 2, height: 3)),
    ("images/tiny.jpg", PixelSize(width: 5, height: 4)),
    ("images/tiny.gif", PixelSize(width: 7, height: 9)),
    ("images/tiny.webp", PixelSize(width: 6, height: 8)),
])
func probesImageSizes(_ name: String, _ size: PixelSize) {
    #expect(ImageFileProbe.size(ofImageAt: FixturePaths.path(name)) == size)
}

@Test func probeFindsAJPEGFrameHeaderBehindTwoMegabytesOfAPP1() throws {
    let tiny = try [UInt8](Data(contentsOf: URL(fileURLWithPath: FixturePaths.path("images/tiny.jpg"))))
    let folder = try FixturePaths.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/big-exif.jpg"
    try Data(JPEGPadding.padded(tiny, appBytes: 2_000_000)).write(to: URL(fileURLWithPath: path))
    #expect(ImageFileProbe.size(ofImageAt: path) == PixelSize(width: 5, height: 4))
}

@Test func probeOfNonImagesIsNil() {
    #expect(ImageFileProbe.size(ofImageAt: FixturePaths.path("plain.json")) == nil)
    #expect(ImageFileProbe.size(ofImageAt: FixturePaths.path("images/absent.png")) == nil)
}

@Test func handlesFromURLsAndNames() {
    #expect(JSONFeedItemReader.handle(fromURL: "https://example.social/@adapark") == "adapark")
    #expect(JSONFeedItemReader.handle(fromURL: "https://twitter.com/gruber/?x=1") == "gruber")
    #expect(JSONFeedItemReader.handle(fromURL: "https://example.com/") == nil)
    #expect(JSONFeedItemReader.handle(fromName: "Ada Park") == "adapark")
    #expect(JSONFeedItemReader.handle(fromName: "山田 太郎") == "山田太郎")
    #expect(JSONFeedItemReader.handle(fromName: "!!!") == "anonymous")
}
