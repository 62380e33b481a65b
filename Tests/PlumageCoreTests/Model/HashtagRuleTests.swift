import PlumageCore
import PlumageTestSupport
import Testing

@Test(arguments: [
    ("#Grüße aus Köln", ["#Grüße"]),
    ("#Москва2026 и #日本語 und #한국어", ["#Москва2026", "#日本語", "#한국어"]),
    ("#हिन्दी में", ["#हिन्दी"]),
    ("#ภาษาไทย!", ["#ภาษาไทย"]),
    ("#a1 #_x_ #١٢٣ب", ["#a1", "#_x_", "#١٢٣ب"]),
    ("#2026 #١٢٣ #__ #_1", []),
])
func hashtagsTakeLettersMarksAndDigitsOfEveryScript(_ text: String, _ expected: [String]) {
    #expect(found(.hashtag, in: text) == expected)
}

@Test(arguments: [
    ("#می\u{200C}خواهم ok", ["#می\u{200C}خواهم"]),
    ("#ශ්\u{200D}රී lanka", ["#ශ්\u{200D}රී"]),
    ("#tag\u{200D} end", ["#tag"]),
    ("#\u{200C}x", [String]()),
])
func hashtagsKeepJoinersInsideWords(_ text: String, _ expected: [String]) {
    #expect(found(.hashtag, in: text) == expected)
}

@Test(arguments: [
    ("#l\u{B7}lengua catalana", "#l\u{B7}lengua"),
    ("#צה\u{5F4}ל", "#צה\u{5F4}ל"),
    ("#ג\u{5F3}ירפה", "#ג\u{5F3}ירפה"),
    ("#תל\u{5BE}אביב", "#תל\u{5BE}אביב"),
    ("#ドラ\u{301C}マ", "#ドラ\u{301C}マ"),
    ("#かわいい\u{FF5E}", "#かわいい\u{FF5E}"),
    ("#ゲーム\u{30FB}センター", "#ゲーム\u{30FB}センター"),
])
func hashtagsKeepWordInternalPunctuation(_ text: String, _ first: String) {
    #expect(found(.hashtag, in: text).first == first)
}

@Test func japaneseIterationMarksStayInTheTag() {
    #expect(found(.hashtag, in: "#人々 #こゝろ #いすゞ #バナヽ") == ["#人々", "#こゝろ", "#いすゞ", "#バナヽ"])
}

@Test func fullWidthSignStartsAHashtag() {
    let entities = Fixtures.detector.entities(in: "＃東京タワー と ＃swift")
    #expect(entities.map(\.text) == ["＃東京タワー", "＃swift"])
    #expect(entities.map(\.target) == ["東京タワー", "swift"])
}

@Test(arguments: [
    "a#b", "日本#語", "x_#y", "1#z", "&#39;", "&#tag", "##tag", "$#tag", "%#tag", "*#tag", "＃#tag",
])
func noHashtagAfterAWordCharacterOrSymbol(_ text: String) {
    #expect(found(.hashtag, in: text).isEmpty)
}

@Test(arguments: [("(#tag)", ["#tag"]), ("❤️#love", ["#love"]), ("🇩🇪#berlin", ["#berlin"]), ("„#zitat“", ["#zitat"])])
func hashtagAfterPunctuationOrEmoji(_ text: String, _ expected: [String]) {
    #expect(found(.hashtag, in: text) == expected)
}

/// twitter-text's conformance case "Hashtag after punctuations" (extract.yml).
@Test func hashtagAfterSentencePunctuation() {
    let text = ":#hashtag ;#hashtag ,#hashtag .#hashtag !#hashtag ?#hashtag"
    #expect(found(.hashtag, in: text) == Array(repeating: "#hashtag", count: 6))
    #expect(found(.hashtag, in: "Wow!#swift") == ["#swift"])
}

@Test(arguments: ["#️⃣ keycap", "#⃣", "#tag#more", "#tag＃more"])
func noHashtagBeforeAnotherSignOrAsKeycap(_ text: String) {
    #expect(found(.hashtag, in: text).isEmpty)
}

@Test func hashtagFollowedByAURLIsNothing() {
    #expect(found("#http://example.com/x").isEmpty)
    #expect(found("#https://example.com").isEmpty)
}

@Test func noHashtagInsideAURL() {
    #expect(
        found("see https://example.com/page#section and example.org/#intro") == [
            "url https://example.com/page#section", "url example.org/#intro",
        ])
}
