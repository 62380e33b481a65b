import PlumageCore
import Testing

@testable import FeedImport

// The text traps of archive-formats.md §6 (cases 1–8 and 20): entity indices are Unicode scalars
// over the still-escaped `full_text`. Every expected offset below was counted by hand over the
// display text (shown in the comments).

/// Reads one tweet with `full_text` `text` and the entity lists `entities` (JSON members).
private func display(_ text: String, _ entities: String, media: String? = nil) throws -> Item {
    var fields = [#""id_str" : "1""#, #""created_at" : "Thu Nov 03 08:50:26 +0000 2022""#, #""full_text" : "\#(text)""#,
                  #""entities" : { \#(entities) }"#]
    if let media { fields.append(#""extended_entities" : { "media" : [ \#(media) ] }"#) }
    let fixture = try TwitterFixture(["data/tweets.js": TwitterFixture.ytd("tweets.part0", [TwitterFixture.tweet(fields.joined(separator: ",\n"))])])
    let source = try fixture.read()
    return try #require(source.item("1"))
}

private let photo = #"{ "type" : "photo", "url" : "https://t.co/p5Z1ebhgmy", "indices" : [ "30", "53" ], "media_url_https" : "https://pbs.twimg.com/media/FgoIitdWAAAL87b.jpg" }"#

@Test func case1AstralEmojiBeforeTheMediaLink() throws {
    // "Good morning #LeadDevBerlin 👋 https://t.co/p5Z1ebhgmy": # at 13, 👋 is one scalar (two UTF-16
    // units) at 28, the link 30..<53. The media link is removed with the space before it.
    let item = try display(
        "Good morning #LeadDevBerlin 👋 https://t.co/p5Z1ebhgmy",
        #""hashtags" : [ { "text" : "LeadDevBerlin", "indices" : [ "13", "27" ] } ], "urls" : [ ]"#, media: photo)
    #expect(item.text == "Good morning #LeadDevBerlin 👋")
    #expect(item.entitySummary == ["hashtag #LeadDevBerlin 13 27 LeadDevBerlin"])
}

@Test func case1IndicesCountedInUTF16AreFoundByTheirToken() throws {
    // "👋 #LeadDevBerlin" with the hashtag given as 3..<17, one too far right (a UTF-16 count after
    // the astral 👋): validation finds `#LeadDevBerlin` at its real place, 2..<16.
    let item = try display(
        "👋 #LeadDevBerlin", #""hashtags" : [ { "text" : "LeadDevBerlin", "indices" : [ "3", "17" ] } ]"#)
    #expect(item.entitySummary == ["hashtag #LeadDevBerlin 2 16 LeadDevBerlin"])
}

@Test func case2SkinToneAndVariationSelectorBeforeEntities() throws {
    // "Cool 😎✌🏼️ #swift https://t.co/abcdefghij": 😎 5, ✌ 6, 🏼 7, VS16 8, space 9, #swift 10..<16,
    // link 17..<40 (UTF-16 would put # at 12, Characters at 8). Display: the link shows
    // `example.com/cool` (16 scalars) at 17..<33.
    let item = try display(
        "Cool 😎✌🏼️ #swift https://t.co/abcdefghij",
        #""hashtags" : [ { "text" : "swift", "indices" : [ "10", "16" ] } ], "urls" : [ { "url" : "https://t.co/abcdefghij", "expanded_url" : "https://example.com/cool", "display_url" : "example.com/cool", "indices" : [ "17", "40" ] } ]"#)
    #expect(item.text == "Cool 😎✌🏼️ #swift example.com/cool")
    #expect(item.entitySummary == ["hashtag #swift 10 16 swift", "url example.com/cool 17 33 https://example.com/cool"])
}

@Test func case3EscapedAmpersandBeforeAMention() throws {
    // Escaped: "Thanks @CSSconfeu &amp; @jsconfeu!" — @CSSconfeu 7..<17, &amp; 18..<23, @jsconfeu 24..<33.
    // Display: "Thanks @CSSconfeu & @jsconfeu!" — & at 18, @jsconfeu 20..<29.
    let item = try display(
        "Thanks @CSSconfeu &amp; @jsconfeu!",
        #""user_mentions" : [ { "screen_name" : "CSSconfeu", "indices" : [ "7", "17" ] }, { "screen_name" : "jsconfeu", "indices" : [ "24", "33" ] } ]"#)
    #expect(item.text == "Thanks @CSSconfeu & @jsconfeu!")
    #expect(item.entitySummary == ["mention @CSSconfeu 7 17 CSSconfeu", "mention @jsconfeu 20 29 jsconfeu"])
}

@Test func case4AstralEmojiAndLessThanGreaterThan() throws {
    // Escaped: "🎉 &lt;3 #swift &gt; @ada_park https://t.co/abcdefghij" — 🎉 0, &lt; 2..<6, #swift 8..<14,
    // &gt; 15..<19, @ada_park 20..<29, link 30..<53.
    // Display: "🎉 <3 #swift > @ada_park swift.org" — #swift 5..<11, @ada_park 14..<23, swift.org 24..<33.
    let item = try display(
        "🎉 &lt;3 #swift &gt; @ada_park https://t.co/abcdefghij",
        #""hashtags" : [ { "text" : "swift", "indices" : [ "8", "14" ] } ], "user_mentions" : [ { "screen_name" : "ada_park", "indices" : [ "20", "29" ] } ], "urls" : [ { "url" : "https://t.co/abcdefghij", "expanded_url" : "https://swift.org/", "display_url" : "swift.org", "indices" : [ "30", "53" ] } ]"#)
    #expect(item.text == "🎉 <3 #swift > @ada_park swift.org")
    #expect(item.entitySummary == [
        "hashtag #swift 5 11 swift", "mention @ada_park 14 23 ada_park", "url swift.org 24 33 https://swift.org/",
    ])
}

@Test func case5SunWithVariationSelectorAndNoBreakSpace() throws {
    // "Sunny ☀️\u00a0today #summer": ☀ 6, VS16 7, NBSP 8, today 9..<14, space 14, #summer 15..<22.
    let item = try display(
        #"Sunny ☀️\u00a0today #summer"#, #""hashtags" : [ { "text" : "summer", "indices" : [ "15", "22" ] } ]"#)
    #expect(item.text == "Sunny ☀️\u{A0}today #summer")
    #expect(item.entitySummary == ["hashtag #summer 15 22 summer"])
}

@Test func case6AmpersandAndPlaneBetweenHashtags() throws {
    // Escaped: "#travel &amp; ✈️ #Tokyo" — #travel 0..<7, &amp; 8..<13, ✈ 14, VS16 15, #Tokyo 17..<23.
    // Display: "#travel & ✈️ #Tokyo" — #Tokyo 13..<19.
    let item = try display(
        "#travel &amp; ✈️ #Tokyo",
        #""hashtags" : [ { "text" : "travel", "indices" : [ "0", "7" ] }, { "text" : "Tokyo", "indices" : [ "17", "23" ] } ]"#)
    #expect(item.text == "#travel & ✈️ #Tokyo")
    #expect(item.entitySummary == ["hashtag #travel 0 7 travel", "hashtag #Tokyo 13 19 Tokyo"])
}

@Test func case7BareAmpersandStaysAndARawURLIsLinked() throws {
    // "Web Based & Free - http://j.mp/nYGCt2" (2011, no url entity): the bare & stays; the link is
    // detected and shown without its scheme: "j.mp/nYGCt2" at 19..<30.
    let item = try display("Web Based & Free - http://j.mp/nYGCt2", #""hashtags" : [ ], "urls" : [ ]"#)
    #expect(item.text == "Web Based & Free - j.mp/nYGCt2")
    #expect(item.entitySummary == ["url j.mp/nYGCt2 19 30 http://j.mp/nYGCt2"])
}

@Test func case8TruncatedRetweetLinkIsNotLinked() throws {
    // "RT @someone: Read this https://t.co/hP4Y…": @someone 3..<11; the cut t.co link stays text.
    let item = try display(
        "RT @someone: Read this https://t.co/hP4Y…",
        #""user_mentions" : [ { "screen_name" : "someone", "indices" : [ "3", "11" ] } ], "urls" : [ ]"#)
    #expect(item.text == "RT @someone: Read this https://t.co/hP4Y…")
    #expect(item.entitySummary == ["mention @someone 3 11 someone"])
    #expect(item.kind == .repost)
}

@Test func entitiesPastTheCutOfARetweetAreDropped() throws {
    // A url entity pointing at the final ellipsis (as X does for cut retweets) spells nothing there
    // and its t.co link does not occur: dropped, the text unchanged.
    let item = try display(
        "RT @someone: Read this https://t.co/hP4Y…",
        #""user_mentions" : [ { "screen_name" : "someone", "indices" : [ "3", "11" ] } ], "urls" : [ { "url" : "https://t.co/hP4YabcdEF", "expanded_url" : "https://example.com/long", "display_url" : "example.com/long", "indices" : [ "40", "41" ] } ]"#)
    #expect(item.text == "RT @someone: Read this https://t.co/hP4Y…")
    #expect(item.entitySummary == ["mention @someone 3 11 someone"])
}

@Test func case20ZWJFamilyFullWidthSignsCarriageReturnAndPrivateUse() throws {
    // "👨‍👩‍👧 ＃タグ and ＠ada_park\r\nline2\u{E00E}": the family is 5 scalars (0..<5), ＃タグ 6..<9,
    // ＠ada_park 14..<23, \r 23, \n 24. Full-width signs are kept in the text and the entity.
    let item = try display(
        #"👨‍👩‍👧 ＃タグ and ＠ada_park\r\nline2\#u{E00E}"#,
        #""hashtags" : [ { "text" : "タグ", "indices" : [ "6", "9" ] } ], "user_mentions" : [ { "screen_name" : "ada_park", "name" : "", "indices" : [ "14", "23" ] } ]"#)
    #expect(item.text == "👨‍👩‍👧 ＃タグ and ＠ada_park\r\nline2\u{E00E}")
    #expect(item.entitySummary == ["hashtag ＃タグ 6 9 タグ", "mention ＠ada_park 14 23 ada_park"])
}

@Test func cyrillicAndJapaneseHashtags() throws {
    // "#фото и #写真": #фото 0..<5, и 6, #写真 8..<11.
    let item = try display(
        "#фото и #写真",
        #""hashtags" : [ { "text" : "фото", "indices" : [ 0, 5 ] }, { "text" : "写真", "indices" : [ 8, 11 ] } ]"#)
    #expect(item.entitySummary == ["hashtag #фото 0 5 фото", "hashtag #写真 8 11 写真"])
}

@Test func urlEntityWithoutExpandedURLOpensItsOwnLink() throws {
    // "see https://t.co/abcdefghij" with neither expanded_url nor display_url: shown as
    // `t.co/abcdefghij` (15 scalars) at 4..<19, opening the t.co link.
    let item = try display(
        "see https://t.co/abcdefghij", #""urls" : [ { "url" : "https://t.co/abcdefghij", "indices" : [ "4", "27" ] } ]"#)
    #expect(item.text == "see t.co/abcdefghij")
    #expect(item.entitySummary == ["url t.co/abcdefghij 4 19 https://t.co/abcdefghij"])
}

@Test func mentionsMatchTheirTextCaseInsensitively() throws {
    // The entity says `ADA_park` while the text says `@Ada_Park`: kept, spelled as the text spells it.
    let item = try display("hi @Ada_Park", #""user_mentions" : [ { "screen_name" : "ADA_park", "indices" : [ "3", "12" ] } ]"#)
    #expect(item.entitySummary == ["mention @Ada_Park 3 12 ADA_park"])
}

@Test func unescapingMovesOffsets() {
    // "a &amp; b &lt;c&gt; #d": #d is at 20..<22 escaped and 10..<12 once `&amp;` (−4), `&lt;` (−3) and
    // `&gt;` (−3) before it are undone.
    let entity = Entity(kind: .hashtag, text: "#d", start: 20, end: 22, target: "d")
    let (text, moved) = TweetText.unescaped("a &amp; b &lt;c&gt; #d", entities: [entity])
    #expect(text == "a & b <c> #d")
    #expect(moved.map { "\($0.start) \($0.end)" } == ["10 12"])
    #expect(TweetText.unescaped("&amp;amp; & &am", entities: []).0 == "&amp; & &am")
}

@Test func flagsAndAmpersandBetweenHashtags() throws {
    // Escaped: "#Bhutan🇧🇹 &amp; #Maldives🇲🇻" — #Bhutan 0..<7, the flag is two regional indicators
    // (7, 8), &amp; 10..<15, #Maldives 16..<25. Display: "#Bhutan🇧🇹 & #Maldives🇲🇻" — #Maldives 12..<21.
    let item = try display(
        "#Bhutan🇧🇹 &amp; #Maldives🇲🇻",
        #""hashtags" : [ { "text" : "Bhutan", "indices" : [ "0", "7" ] }, { "text" : "Maldives", "indices" : [ "16", "25" ] } ]"#)
    #expect(item.text == "#Bhutan🇧🇹 & #Maldives🇲🇻")
    #expect(item.entitySummary == ["hashtag #Bhutan 0 7 Bhutan", "hashtag #Maldives 12 21 Maldives"])
}

@Test func hugeTextsAreShownPlain() throws {
    // 20,000 bytes of "#a &amp; " runs with one hashtag listed: past the entity cap the text is only unescaped.
    let run = String(repeating: "#a &amp; ", count: 2223)
    let item = try display(run, #""hashtags" : [ { "text" : "a", "indices" : [ "0", "2" ] } ]"#)
    #expect(item.text == String(repeating: "#a & ", count: 2223))
    #expect(item.entities.isEmpty)
}
