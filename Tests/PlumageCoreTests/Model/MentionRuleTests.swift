import PlumageCore
import PlumageTestSupport
import Testing

@Test(arguments: [
    ("RT@ada: hi", ["@ada"]),
    ("RT:@ada hi", ["@ada"]),
    ("rt @ada", ["@ada"]),
    ("xRT@ada", []),
    ("ART@ada", []),
    (".RT@ada", []),
])
func retweetPrefixAllowsAMention(_ text: String, _ expected: [String]) {
    #expect(found(.mention, in: text) == expected)
}

@Test func mentionOfAURLSchemeIsNothing() {
    #expect(found("@http://example.com/x").isEmpty)
    #expect(found("@https") == ["mention @https"])
}

@Test(arguments: [
    ("@a", ["@a"]),
    ("@abcdefghij0123456789 ok", ["@abcdefghij0123456789"]),
    ("@abcdefghij0123456789x", []),
    ("@under_score", ["@under_score"]),
    ("@", []),
    ("@ alone", []),
    ("@josé", []),
    ("@ada's cat", ["@ada"]),
])
func handlesAreOneToTwentyWordCharacters(_ text: String, _ expected: [String]) {
    #expect(found(.mention, in: text) == expected)
}

@Test(arguments: [
    "mail a@b.com", "x_@ada", "9@ada", "!@ada", "#@ada", "$@ada", "%@ada", "&@ada", "*@ada", "@@ada", "＠@ada",
])
func noMentionAfterAWordCharacterOrSymbol(_ text: String) {
    #expect(found(.mention, in: text).isEmpty)
}

@Test func mentionAfterCJKOrPunctuation() {
    #expect(found(.mention, in: "こんにちは@tanaka さん、(@ada)") == ["@tanaka", "@ada"])
}

@Test func mastodonMentionsCarryTheirInstance() {
    let entities = Fixtures.detector.entities(in: "cc @mcg@social.lol, @jo.doe@mastodon.social. and ＠ann@example.co.uk")
    #expect(entities.map(\.text) == ["@mcg@social.lol", "@jo.doe@mastodon.social", "＠ann@example.co.uk"])
    #expect(entities.map(\.target) == ["mcg@social.lol", "jo.doe@mastodon.social", "ann@example.co.uk"])
    #expect(
        found(.mention, in: "@a_handle_longer_than_twenty@example.social") == [
            "@a_handle_longer_than_twenty@example.social"
        ])
}

@Test(arguments: ["@x@y", "@x@localhost", "@x@example.notatld", "@x@-bad.com"])
func mastodonMentionNeedsARealInstance(_ text: String) {
    #expect(found(.mention, in: text).isEmpty)
}

@Test func noMentionInsideAURL() {
    #expect(
        found("https://example.social/@ada/123 and medium.com/@bob") == [
            "url https://example.social/@ada/123", "url medium.com/@bob",
        ])
}
