import PlumageCore
import PlumageTestSupport
import Testing

@Test func detectsAllThreeKinds() {
    let entities = Fixtures.detector.entities(in: "Hello #swift and @ada see https://example.com/x.")
    #expect(
        entities.map { "\($0.kind.rawValue) \($0.text) \($0.target)" } == [
            "hashtag #swift swift", "mention @ada ada", "url https://example.com/x https://example.com/x",
        ])
}

@Test func offsetsCountUnicodeScalars() {
    let family = Fixtures.detector.entities(in: "👨‍👩‍👧 #tag")
    #expect(family.map(\.start) == [6] && family.map(\.end) == [10])
    let skin = Fixtures.detector.entities(in: "😎✌🏼️ https://t.co/abc")
    #expect(skin.first?.start == 5)
}

/// Text with emoji, ZWJ families, flags, skin tones, escaped ampersands and full-width signs before
/// entities: everything `start..<end` cuts out must spell the entity.
let tricky = [
    "👨‍👩‍👧‍👦 #family @ada https://example.com/a",
    "🇧🇹🇲🇻 #Bhutan &amp; #Maldives 🇯🇵 @tanaka",
    "👋🏽👍🏿✌🏼️ https://t.co/abc #done @you",
    "@CSSconfeu &amp; @jsconfeu &lt;3 &gt; #js",
    "☀️\u{A0}＃全角 ＠full example.jp/旅行",
    "今日は #東京 に行きました @tanaka https://example.jp/x",
    "שלום #עברית @user https://example.co.il/דף end",
    "مرحبا #العربية @omar example.com/ar",
    "🏳️‍🌈 flags 🇩🇪#berlin then #2nd_try @x_y and www.example.org/x.",
    "café\u{301} #naïve_tag https://a.org/(x)y) @z@example.social",
]

@Test(arguments: tricky)
func entitiesSliceExactly(_ text: String) {
    let entities = Fixtures.detector.entities(in: text)
    #expect(entities.count >= 3)
    for e in entities { #expect(slice(text, e) == e.text) }
    #expect(zip(entities, entities.dropFirst()).allSatisfy { $0.end <= $1.start })
}

@Test func escapedAmpersandBeforeAMention() {
    let text = "@CSSconfeu &amp; @jsconfeu"
    let entities = Fixtures.detector.entities(in: text)
    #expect(entities.map(\.text) == ["@CSSconfeu", "@jsconfeu"])
    #expect(entities[1].start == 17 && entities[1].end == 26)
}

@Test func fullWidthSignsSliceExactly() {
    let text = "🇯🇵＃東京 と ＠ann"
    let entities = Fixtures.detector.entities(in: text)
    #expect(entities.map(\.start) == [2, 8] && entities.map(\.end) == [5, 12])
    #expect(entities.map { slice(text, $0) } == ["＃東京", "＠ann"])
}

@Test(arguments: tricky)
func displayTextSlicesExactly(_ text: String) {
    let display = DisplayText.detecting(in: text, with: Fixtures.detector)
    #expect(display.entities.count == Fixtures.detector.entities(in: text).count)
    for e in display.entities where e.kind != .url { #expect(slice(display.text, e) == e.text) }
    for e in display.entities where e.kind == .url { #expect(slice(display.text, e) == DisplayText.shortURL(e.target)) }
    #expect(!display.text.contains("https://"))
}

@Test func displayTextDropsSchemesAndRebases() {
    let display = DisplayText.detecting(
        in: "Read https://www.jsonfeed.org/version/1.1/ now #json", with: Fixtures.detector)
    #expect(display.text == "Read www.jsonfeed.org/version/1.1/ now #json")
    #expect(display.entities.map(\.text) == ["www.jsonfeed.org/version/1.1/", "#json"])
    #expect(display.entities[0].target == "https://www.jsonfeed.org/version/1.1/")
    #expect(display.entities[1].start == 39 && display.entities[1].end == 44)
}

@Test func shortURLRules() {
    #expect(DisplayText.shortURL("https://example.com/") == "example.com")
    #expect(DisplayText.shortURL("http://example.com") == "example.com")
    #expect(DisplayText.shortURL("ftp://x.org/a") == "ftp://x.org/a")
    #expect(
        DisplayText.shortURL("https://a.org/0123456789012345678901234567890123456789")
            == "a.org/01234567890123456789012345678…")
}

@Test func emptyDisplayRemovesTheLink() {
    let text = "Look 📷 https://t.co/media"
    let display = DisplayText.rewritingLinks(
        in: text, entities: Fixtures.detector.entities(in: text), display: { _ in "" })
    #expect(display.text == "Look 📷 ")
    #expect(display.entities.isEmpty)
}

@Test func invalidRangesAreDropped() {
    let bad = Entity(kind: .hashtag, text: "#x", start: 5, end: 99, target: "x")
    let display = DisplayText.rewritingLinks(in: "ab", entities: [bad])
    #expect(display == DisplayText(text: "ab", entities: []))
}

/// Random text built from entity-like pieces never yields an entity that fails to slice or overlaps.
@Test func randomTextAlwaysSlices() {
    let pieces = [
        "#", "＃", "@", "＠", "http://", "https://", "example", ".", "com", "jp", "/", "(", ")", "?", "&amp;", "…", " ",
        "👨‍👩‍👧", "🇯🇵", "✌🏼️", "東京", "é", "\u{301}", "\u{200D}", "_", "-", "RT", ":", "'", "t.co", "みんな", "x",
    ]
    var random = SplitMix64(seed: 8)
    for _ in 0..<500 {
        let text = (0..<12).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        let entities = Fixtures.detector.entities(in: text)
        for e in entities { #expect(slice(text, e) == e.text, "\(text)") }
        #expect(zip(entities, entities.dropFirst()).allSatisfy { $0.end <= $1.start }, "\(text)")
    }
}
