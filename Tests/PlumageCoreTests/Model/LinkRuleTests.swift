import PlumageCore
import PlumageTestSupport
import Testing

@Test(arguments: [
    ("go to example.com now", ["example.com"]),
    ("www.example.org/a/b?c=d", ["www.example.org/a/b?c=d"]),
    ("MLB.tv vine.co bit.ly/x t.co", ["MLB.tv", "vine.co", "bit.ly/x", "t.co"]),
    ("http://example.com and HTTPS://EXAMPLE.ORG/X", ["http://example.com", "HTTPS://EXAMPLE.ORG/X"]),
    ("foo.example.co.uk/path", ["foo.example.co.uk/path"]),
])
func linksWithAndWithoutAScheme(_ text: String, _ expected: [String]) {
    #expect(found(.url, in: text) == expected)
}

@Test func schemelessLinksTargetHTTPS() {
    let entities = Fixtures.detector.entities(in: "example.com/x https://example.org")
    #expect(entities.map(\.target) == ["https://example.com/x", "https://example.org"])
}

@Test(arguments: [
    "example.notatld", "http://example.zzz", "file.tar.bz2", "v1.2.3", "http://localhost/x", "example.comx",
    "example.com@host", "name.al+last@example.com", "example.c_o_m",
])
func hostsMustEndInARealTopLevelDomain(_ text: String) {
    #expect(found(.url, in: text).isEmpty)
}

@Test func topLevelDomainsComeFromTheGivenSet() {
    let only = EntityDetector(topLevelDomains: TopLevelDomains(["example"]))
    #expect(only.entities(in: "a.example b.com").map(\.text) == ["a.example"])
}

@Test(arguments: [
    "http://-lead.example.com", "http://trail-.example.com", "http://_lead.example.com", "http://trail_.example.com",
    "http://sub.-lead.com", "http://sub.trail-.com", "http://sub._lead.com", "http://sub.trail_.com",
    "http://under_score.com", "-lead.com", "_lead.com",
])
func labelsMustBeValid(_ text: String) {
    #expect(found(.url, in: text).isEmpty)
}

@Test func underscoresAndDashesInsideSubdomains() {
    #expect(
        found(.url, in: "http://my_sub.my-site.com x-y.z_w.example.org") == [
            "http://my_sub.my-site.com", "x-y.z_w.example.org",
        ])
}

@Test(arguments: [
    ("https://bücher.de/x", ["https://bücher.de/x"]),
    ("bücher.de", ["bücher.de"]),
    ("https://例え.みんな/", ["https://例え.みんな/"]),
    ("https://пример.рф", ["https://пример.рф"]),
    ("https://example.xn--q9jyb4c", ["https://example.xn--q9jyb4c"]),
    ("twitter.みんなです", ["twitter.みんな"]),
    ("https://xn--はじめ.com", []),
])
func internationalisedHosts(_ text: String, _ expected: [String]) {
    #expect(found(.url, in: text) == expected)
}

@Test(arguments: [
    ("これはexample.comです", ["example.com"]),
    ("見てexample.com/a/b.html中国語site.jp/x한국", ["example.com/a/b.html", "site.jp/x"]),
    ("東京example.jp日本語it.so", ["example.jp", "it.so"]),
    ("https://example.com/これ", ["https://example.com/"]),
])
func schemelessLinksNextToCJKText(_ text: String, _ expected: [String]) {
    #expect(found(.url, in: text) == expected)
}

@Test(arguments: [
    ("https://example.com/2020\u{2013}2021/report", "https://example.com/2020\u{2013}2021/report"),
    ("https://example.com/a|b|c", "https://example.com/a|b|c"),
    ("(see https://en.example.org/wiki/Swift_(language)).", "https://en.example.org/wiki/Swift_(language)"),
    ("https://example.com/a(b(c)d)e", "https://example.com/a(b(c)d)e"),
    ("https://example.com/a(b", "https://example.com/a"),
    ("https://example.com/Русские_слова", "https://example.com/Русские_слова"),
    ("https://example.com:8080/x", "https://example.com:8080/x"),
])
func pathsHoldDashesPipesAndBalancedParentheses(_ text: String, _ expected: String) {
    #expect(found(.url, in: text) == [expected])
}

@Test(arguments: [
    ("Read example.com/post.", "example.com/post"),
    ("Really? example.com/x?!", "example.com/x"),
    ("“example.com/quote”", "example.com/quote"),
    ("it's at example.com/it's'", "example.com/it's"),
    ("example.com/a, b", "example.com/a"),
    ("example.com/path/;:", "example.com/path/"),
    ("example.com/q?a=1&b=2.", "example.com/q?a=1&b=2"),
    ("example.com/q?.", "example.com/q"),
])
func trailingPunctuationAndApostrophesAreLeftOut(_ text: String, _ expected: String) {
    #expect(found(.url, in: text) == [expected])
}

@Test(arguments: [
    "$http://example.com", "$example.com", "@example.com", "x@example.com", "#example.com/", "/example.com",
])
func noLinkAfterSymbols(_ text: String) {
    #expect(found(.url, in: text).isEmpty)
}

@Test func tcoLinksEndAfterTheirSlug() {
    let forty = String(repeating: "a", count: 40)
    #expect(found(.url, in: "https://t.co/\(forty)") == ["https://t.co/\(forty)"])
    #expect(found(.url, in: "https://t.co/\(forty)b").isEmpty)
    #expect(found(.url, in: "https://t.co/abc/extra t.co/xyz") == ["https://t.co/abc", "t.co/xyz"])
}

@Test func truncatedLinksAreNotLinks() {
    #expect(found(.url, in: "RT: https://t.co/hP4Y… and example.com/lo…").isEmpty)
}

@Test func schemeLinkInsideAWordAfterADashOrUnderscore() {
    #expect(
        found(.url, in: "see-https://example.com x_http://example.org/a xhttps://example.net") == [
            "https://example.com", "http://example.org/a",
        ])
}
