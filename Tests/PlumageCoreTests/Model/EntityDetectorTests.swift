import PlumageCore
import Testing

/// The scalars `entity` covers in `text`, as a string.
private func slice(_ text: String, _ entity: Entity) -> String {
    String(String.UnicodeScalarView(Array(text.unicodeScalars)[entity.start..<entity.end]))
}

/// `(kind, text, target)` of every entity found in `text`.
private func found(_ text: String) -> [String] {
    EntityDetector.entities(in: text).map { "\($0.kind.rawValue) \($0.text) \($0.target)" }
}

@Test func detectsAllThreeKinds() {
    #expect(found("Hello #swift and @ada see https://example.com/x.") == [
        "hashtag #swift swift", "mention @ada ada", "url https://example.com/x https://example.com/x",
    ])
}

@Test(arguments: [
    ("a#b", [String]()),
    ("&#39;", []),
    ("#123 #2026", []),
    ("#1a", ["hashtag #1a 1a"]),
    ("##x", []),
    ("#日本語 ok", ["hashtag #日本語 日本語"]),
    ("#café_au_lait!", ["hashtag #café_au_lait café_au_lait"]),
    ("＃全角", ["hashtag ＃全角 全角"]),
    ("(#tag)", ["hashtag #tag tag"]),
    ("#Bhutan🇧🇹 & #Maldives", ["hashtag #Bhutan Bhutan", "hashtag #Maldives Maldives"]),
    ("#️⃣ keycap", []),
])
func hashtagRules(_ text: String, _ expected: [String]) {
    #expect(found(text) == expected)
}

@Test(arguments: [
    ("mail me at a@b.com", [String]()),
    ("@@x", []),
    ("@ada, hi", ["mention @ada ada"]),
    ("cc @user@mastodon.social.", ["mention @user@mastodon.social user@mastodon.social"]),
    ("@a_very_long_handle_that_exceeds_thirty", []),
    ("@josé", []),
    ("＠full", ["mention ＠full full"]),
    ("@x@y", []),
])
func mentionRules(_ text: String, _ expected: [String]) {
    #expect(found(text) == expected)
}

@Test(arguments: [
    ("see https://en.wikipedia.org/wiki/Swift_(language)).", ["https://en.wikipedia.org/wiki/Swift_(language)"]),
    ("https://a.com/p?x=1&y=2, next", ["https://a.com/p?x=1&y=2"]),
    ("truncated https://t.co/hP4Y…", []),
    ("www.jsonfeed.org/version/1.1 rocks", ["www.jsonfeed.org/version/1.1"]),
    ("https://example.com/#tag", ["https://example.com/#tag"]),
    ("just http:// nothing", []),
    ("HTTPS://EXAMPLE.COM!", ["HTTPS://EXAMPLE.COM"]),
    ("<https://a.org/x>", ["https://a.org/x"]),
    ("me@www.example.com", []),
    ("link:https://a.org/😀", ["https://a.org/"]),
])
func urlRules(_ text: String, _ expected: [String]) {
    #expect(EntityDetector.entities(in: text).filter { $0.kind == .url }.map(\.text) == expected)
}

@Test func bareWWWGetsAnHTTPSTarget() {
    #expect(EntityDetector.entities(in: "www.example.org").first?.target == "https://www.example.org")
}

@Test func offsetsCountUnicodeScalars() {
    let family = EntityDetector.entities(in: "👨‍👩‍👧 #tag")
    #expect(family.map(\.start) == [6] && family.map(\.end) == [10])
    let skin = EntityDetector.entities(in: "😎✌🏼️ https://t.co/abc")
    #expect(skin.first?.start == 5)
}

/// Mixed scripts, emoji, ZWJ sequences and RTL text used by the slicing invariant.
let tricky = [
    "👨‍👩‍👧 #tag @ada https://example.com/a",
    "😎✌🏼️ https://t.co/abc #done",
    "今日は #東京 に行きました @tanaka https://example.jp/旅行",
    "שלום #עברית @user https://example.co.il/דף end",
    "مرحبا #العربية @omar",
    "🏳️‍🌈 flags 🇩🇪#berlin then #2nd_try @x_y and www.jsonfeed.org/x.",
    "café\u{301} #naïve_tag https://a.org/(x)y) @z",
]

@Test(arguments: tricky)
func entitiesSliceExactly(_ text: String) {
    let entities = EntityDetector.entities(in: text)
    #expect(!entities.isEmpty)
    for e in entities { #expect(slice(text, e) == e.text) }
    #expect(zip(entities, entities.dropFirst()).allSatisfy { $0.end <= $1.start })
}

@Test(arguments: tricky)
func displayTextSlicesExactly(_ text: String) {
    let display = DisplayText.detecting(in: text)
    #expect(display.entities.count == EntityDetector.entities(in: text).count)
    for e in display.entities { #expect(slice(display.text, e) == e.text) }
    #expect(!display.text.contains("https://"))
}

@Test func displayTextDropsSchemesAndRebases() {
    let display = DisplayText.detecting(in: "Read https://www.jsonfeed.org/version/1.1/ now #json")
    #expect(display.text == "Read www.jsonfeed.org/version/1.1/ now #json")
    #expect(display.entities.map(\.text) == ["www.jsonfeed.org/version/1.1/", "#json"])
    #expect(display.entities[0].target == "https://www.jsonfeed.org/version/1.1/")
    #expect(display.entities[1].start == 39 && display.entities[1].end == 44)
}

@Test func shortURLRules() {
    #expect(DisplayText.shortURL("https://example.com/") == "example.com")
    #expect(DisplayText.shortURL("http://example.com") == "example.com")
    #expect(DisplayText.shortURL("ftp://x.org/a") == "ftp://x.org/a")
    #expect(DisplayText.shortURL("https://a.org/0123456789012345678901234567890123456789")
        == "a.org/01234567890123456789012345678…")
}

@Test func emptyDisplayRemovesTheLink() {
    let text = "Look 📷 https://t.co/media"
    let display = DisplayText.rewritingLinks(in: text, entities: EntityDetector.entities(in: text), display: { _ in "" })
    #expect(display.text == "Look 📷 ")
    #expect(display.entities.isEmpty)
}

@Test func invalidRangesAreDropped() {
    let bad = Entity(kind: .hashtag, text: "#x", start: 5, end: 99, target: "x")
    let display = DisplayText.rewritingLinks(in: "ab", entities: [bad])
    #expect(display == DisplayText(text: "ab", entities: []))
}
