import Foundation
import PlumageCore
import Testing

@testable import FeedImport

// Eras, parts, owner, likes, sections, order and errors.

/// A tweet item with id `id`, date `date` and text `text`, wrapped as 2022+ archives do.
private func tweet(_ id: String, _ date: String, _ text: String = "hello", _ extra: String...) -> String {
    TwitterFixture.tweet(fields: [#""id_str" : "\#(id)""#, #""created_at" : "\#(date)""#, #""full_text" : "\#(text)""#] + extra)
}

@Test func splitPartsManifestOwnerLikesSectionsAndOrder() throws {
    var files = TwitterFixture.owner
    files["data/manifest.js"] = """
        window.__THAR_CONFIG = {
          "userInfo" : { "accountId" : "2444552670", "userName" : "ada_park", "displayName" : "Ada Park" },
          "dataTypes" : {
            "like" : { "files" : [ { "fileName" : "data/like.js", "globalName" : "YTD.like.part0", "count" : "2" } ] },
            "tweets" : { "mediaDirectory" : "data/tweets_media", "files" : [
              { "fileName" : "data/tweets.js", "globalName" : "YTD.tweets.part0", "count" : "2" },
              { "fileName" : "data/tweets-part1.js", "globalName" : "YTD.tweets.part1", "count" : "3" } ] }
          }
        };
        """
    files["data/tweets.js"] = TwitterFixture.ytd("tweets.part0", [
        tweet("100", "Mon Jan 02 10:00:00 +0000 2023"),
        tweet("101", "Mon Jan 02 12:00:00 +0000 2023", "@bo hi", #""in_reply_to_status_id_str" : "1""#),
    ])
    // Part 1 is out of order and holds two tweets of the same second (larger id first).
    files["data/tweets-part1.js"] = TwitterFixture.ytd("tweets.part1", [
        tweet("99", "Sun Jan 01 09:00:00 +0000 2023", "RT @bo: hi"),
        tweet("1000", "Tue Jan 03 08:00:00 +0000 2023"),
        tweet("999", "Tue Jan 03 08:00:00 +0000 2023", "pic https://t.co/mediamedia",
              #""extended_entities" : { "media" : [ { "type" : "photo", "url" : "https://t.co/mediamedia", "indices" : [ "4", "27" ], "media_url_https" : "https://pbs.twimg.com/media/p.jpg" } ] }"#),
    ])
    files["data/like.js"] = TwitterFixture.ytd("like.part0", [
        #"{ "like" : { "tweetId" : "77", "fullText" : "Liked &amp; #loved", "expandedUrl" : "https://twitter.com/i/web/status/77" } }"#,
        #"{ "like" : { "tweetId" : "78" } }"#,
    ])
    let fixture = try TwitterFixture(files)
    let source = try fixture.read()
    #expect(source.kind == .twitterArchive)
    #expect(source.title == "Ada Park")
    #expect(source.owner == Author(name: "Ada Park", handle: "ada_park", avatar: .file(fixture.root + "/data/profile_media/2444552670--kl_OZKZ.jpg")))
    #expect(source.items.map(\.id) == ["1000", "999", "101", "100", "99", "like-77", "like-78"])
    #expect(source.sectionSummary == ["Tweets:4", "Replies:1", "Reposts:1", "Media:1", "Likes:2"])
    #expect(source.sections[0].itemIndices == [0, 1, 3, 4])
    #expect(source.warnings.isEmpty)
    let like = try #require(source.item("like-77"))
    // "Liked & #loved" (14 scalars, nothing detected) then on its own line the link (27 scalars) 15..<42.
    #expect(like.text == "Liked & #loved\ntwitter.com/i/web/status/77")
    #expect(like.entitySummary == ["url twitter.com/i/web/status/77 15 42 https://twitter.com/i/web/status/77"])
    #expect(like.author == Author(name: "Liked post", handle: ""))
    #expect(like.date == nil && like.dateProblem == nil)
    #expect(source.item("like-78")?.text == "x.com/i/web/status/78")
    #expect(source.item("like-78")?.entitySummary == ["url x.com/i/web/status/78 0 21 https://x.com/i/web/status/78"])
    #expect(source.item("1000")?.date == Timestamp(year: 2023, month: 1, day: 3, hour: 8))
}

@Test func dumpOfASmallArchive() throws {
    var files = TwitterFixture.owner
    files["data/tweets.js"] = TwitterFixture.ytd("tweets.part0", [
        tweet("1588091220244369409", "Thu Nov 03 08:50:26 +0000 2022", "Good morning #LeadDevBerlin 👋 https://t.co/p5Z1ebhgmy",
              #""entities" : { "hashtags" : [ { "text" : "LeadDevBerlin", "indices" : [ "13", "27" ] } ] }"#,
              #""extended_entities" : { "media" : [ { "type" : "photo", "url" : "https://t.co/p5Z1ebhgmy", "indices" : [ "30", "53" ], "media_url_https" : "https://pbs.twimg.com/media/FgoIitdWAAAL87b.jpg", "sizes" : { "large" : { "w" : "2048", "h" : "1536" } } } ] }"#),
        tweet("2", "Sat Jan 01 00:00:00 +0000 2011", "RT @bo: a &lt;b&gt; \\\"c\\\"",
              #""entities" : { "user_mentions" : [ { "screen_name" : "bo", "indices" : [ "3", "6" ] } ] }"#),
    ])
    let fixture = try TwitterFixture(files)
    try fixture.media("1588091220244369409-FgoIitdWAAAL87b.jpg")
    let root = fixture.root
    let expected = """
        {"source":{"kind":"twitter-archive","title":"Ada Park","owner":{"name":"Ada Park","handle":"ada_park"}},
        "sections":[{"name":"Tweets","count":2},{"name":"Reposts","count":1},{"name":"Media","count":1}],
        "items":[
        {"id":"1588091220244369409","date":"2022-11-03T08:50:26Z","author":{"name":"Ada Park","handle":"ada_park","avatar":"\(root)/data/profile_media/2444552670--kl_OZKZ.jpg"},"kind":"post","text":"Good morning #LeadDevBerlin 👋","entities":[{"type":"hashtag","text":"#LeadDevBerlin","start":13,"end":27,"target":"LeadDevBerlin"}],"media":[{"type":"photo","path":"\(root)/data/tweets_media/1588091220244369409-FgoIitdWAAAL87b.jpg","width":2048,"height":1536}]},
        {"id":"2","date":"2011-01-01T00:00:00Z","author":{"name":"bo","handle":"bo","avatar":null},"kind":"repost","text":"RT @bo: a <b> \\"c\\"","entities":[{"type":"mention","text":"@bo","start":3,"end":6,"target":"bo"}],"media":[]}
        ]}

        """
    #expect(DumpEncoder.encode(try fixture.read()) == expected)
}

@Test func unwrappedItemsOfTweetJSAndALayoutOnOneLine() throws {
    // 2019: data/tweet.js, items not wrapped in {"tweet": …}, no manifest, the array opened on the
    // first line and a trailing `;`.
    let fixture = try TwitterFixture([
        "data/tweet.js": #"window.YTD.tweet.part0 = [ { "id" : 7, "created_at" : "Tue Jun 04 10:00:00 +0000 2019", "full_text" : "old" }, { "id_str" : "8", "created_at" : "Wed Jun 05 10:00:00 +0000 2019", "full_text" : "older", "in_reply_to_status_id" : 3 } ];"#,
        "data/account.js": #"window.YTD.account.part0 = [ { "account" : { "email" : "secret@example.com", "username" : "bo", "accountId" : "5", "accountDisplayName" : "" } } ]"#,
    ])
    let source = try fixture.read()
    #expect(source.items.map(\.id) == ["8", "7"])
    #expect(source.items.map(\.kind) == [.reply, .post])
    #expect(source.owner == Author(name: "bo", handle: "bo"))
    #expect(!DumpEncoder.encode(source).contains("secret"))
    #expect(source.sectionSummary == ["Tweets:1", "Replies:1"])
}

@Test func aMalformedPartIsAWarningWithTheFilesLineAndColumn() throws {
    var files = TwitterFixture.owner
    files["data/tweets.js"] = TwitterFixture.ytd("tweets.part0", [tweet("1", "Mon Jan 02 10:00:00 +0000 2023")])
    // Line 1 is the `window.YTD… = [` prefix; the second string of the member on line 5 starts at
    // column 25 of the file (6 spaces, `"full_text"` 7…17, ` : `, `"x"` 21…23, a space).
    files["data/tweets-part1.js"] = "window.YTD.tweets.part1 = [\n  {\n    \"tweet\" : {\n      \"id_str\" : \"2\",\n      \"full_text\" : \"x\" \"oops\"\n    }\n  }\n]"
    let fixture = try TwitterFixture(files)
    let source = try fixture.read()
    #expect(source.items.map(\.id) == ["1"])
    #expect(source.warnings == ["data/tweets-part1.js: 1 tweet skipped (first: 5:25: expected ',' or '}' after object member)"])
}

@Test func errorsNameTheFileLineAndColumn() throws {
    // Only part, its third element broken on line 2: skipped, the two before it kept.
    let broken = try TwitterFixture([
        "data/tweets.js": "window.YTD.tweets.part0 = [ {\"id_str\":\"1\"}, {\"id_str\":\"2\"},\n  {\"id_str\" \"3\"} ]",
    ])
    let brokenSource = try broken.read()
    #expect(brokenSource.items.map(\.id) == ["2", "1"])
    #expect(brokenSource.warnings == ["data/tweets.js: 1 tweet skipped (first: 2:13: expected ':' after object key)"])
    // Cut in a string that starts at column 55 (`[` is at 27, the second element at 45): the
    // first element is kept; cut in the first element (its string at 39), nothing is and it throws.
    let unterminated = try TwitterFixture(["data/tweets.js": "window.YTD.tweets.part0 = [ {\"id_str\":\"1\"}, {\"id_str\":\"2"])
    let cutSource = try unterminated.read()
    #expect(cutSource.items.map(\.id) == ["1"])
    #expect(cutSource.warnings == ["data/tweets.js: 1:55: unterminated string"])
    let cutFirst = try TwitterFixture(["data/tweets.js": "window.YTD.tweets.part0 = [ {\"id_str\":\"2"])
    #expect(try cutFirst.failure() == cutFirst.root + "/data/tweets.js: 1:39: unterminated string")
    let trailing = try TwitterFixture(["data/tweets.js": "window.YTD.tweets.part0 = [ ] ]"])
    #expect(try trailing.failure() == trailing.root + "/data/tweets.js: 1:31: unexpected data after the array")
    let notArray = try TwitterFixture(["data/tweets.js": "window.YTD.tweets.part0 = {}"])
    #expect(try notArray.failure() == notArray.root + "/data/tweets.js: 1:27: expected '[' (an array)")
    let empty = try TwitterFixture(["data/README.txt": "nothing"])
    #expect(try empty.failure() == empty.root + ": no data/tweets.js, data/tweet.js or outbox.json in " + empty.root)
    let fine = try TwitterFixture(["data/tweets.js": "window.YTD.tweets.part0 = [ ]"])
    #expect(try fine.read().sectionSummary == ["Tweets:0"])
}

@Test func aBrokenManifestOrProfileIsAWarningAndTheNamesStillWork() throws {
    var files = TwitterFixture.owner
    files["data/manifest.js"] = "window.__THAR_CONFIG = { \"userInfo\" : "
    files["data/profile.js"] = "window.YTD.profile.part0 = [ { \"profile\" : { } } ]"
    files["data/tweets.js"] = TwitterFixture.ytd("tweets.part0", [tweet("1", "Mon Jan 02 10:00:00 +0000 2023")])
    let fixture = try TwitterFixture(files)
    let source = try fixture.read()
    // The text ends after the `:` at column 37.
    #expect(source.warnings == ["data/manifest.js: 1:38: unexpected end of input, expected a value"])
    // The avatar falls back to the first <accountId>-* image that is not the banner.
    #expect(source.owner == Author(name: "Ada Park", handle: "ada_park", avatar: .file(fixture.root + "/data/profile_media/2444552670--kl_OZKZ.jpg")))
}

@Test func grailbirdArchivesAreRead() throws {
    let month = """
        Grailbird.data.tweets_2014_05 =
        [ {
          "entities" : { "user_mentions" : [ ], "media" : [ { "url" : "http://t.co/GOVEokAcl3", "indices" : [ 19, 41 ], "media_url_https" : "https://pbs.twimg.com/media/BnkYtf5IEAAya11.jpg", "sizes" : [ { "h" : 450, "w" : 600 }, { "h" : 150, "w" : 150 } ] } ], "hashtags" : [ ], "urls" : [ ] },
          "id_str" : "466474117760561153",
          "text" : "RT @kenny_yuan: Nice http://t.co/GOVEokAcl3",
          "retweeted_status" : { "id_str" : "1", "user" : { "name" : "Kenny Yuan", "screen_name" : "kenny_yuan" } },
          "id" : 466474117760561153,
          "created_at" : "2014-05-14 07:04:31 +0000",
          "user" : { "name" : "hotoo", "screen_name" : "hotoo" }
        }, {
          "id_str" : "471265709545115648", "text" : "A &amp; B", "created_at" : "2014-05-27 12:24:35 +0000", "entities" : { }
        } ]
        """
    let fixture = try TwitterFixture([
        "data/js/tweets/2014_05.js": month,
        "data/js/tweets/2014_04.js": "Grailbird.data.tweets_2014_04 = \n[ ]",
        "data/js/tweet_index.js": "var tweet_index = []",
        "data/js/user_details.js": #"var user_details =  { "screen_name" : "hotoo", "full_name" : "闲耘™", "id" : "20674328" }"#,
    ])
    let source = try fixture.read()
    #expect(source.owner == Author(name: "闲耘™", handle: "hotoo"))
    #expect(source.items.map(\.id) == ["471265709545115648", "466474117760561153"])
    let rt = try #require(source.item("466474117760561153"))
    #expect(rt.kind == .repost)
    #expect(rt.author == Author(name: "Kenny Yuan", handle: "kenny_yuan"))
    // "RT @kenny_yuan: Nice " is 21 scalars: the media link (19..<41 given, found at 21) is removed.
    #expect(rt.text == "RT @kenny_yuan: Nice")
    #expect(rt.media == [Media(kind: .photo, locator: nil, width: 600, height: 450, remoteHost: "pbs.twimg.com")])
    #expect(source.item("471265709545115648")?.text == "A & B")
    #expect(source.item("471265709545115648")?.date == Timestamp(year: 2014, month: 5, day: 27, hour: 12, minute: 24, second: 35))
}

@Test(arguments: [
    ("Thu Nov 03 08:50:26 +0000 2022", Timestamp(year: 2022, month: 11, day: 3, hour: 8, minute: 50, second: 26)),
    ("sat jan 01 23:59:59 -0130 2011", Timestamp(year: 2011, month: 1, day: 2, hour: 1, minute: 29, second: 59)),
    ("2014-05-27 12:24:35 +0000", Timestamp(year: 2014, month: 5, day: 27, hour: 12, minute: 24, second: 35)),
])
func parsesTwitterDates(_ text: String, _ expected: Timestamp) {
    #expect(TwitterDate.timestamp(text) == expected)
}

@Test(arguments: ["", "Thu Nov 03 08:50:26 2022", "Thu Foo 03 08:50:26 +0000 2022", "Thu Nov 32 08:50:26 +0000 2022",
                  "2014-13-27 12:24:35 +0000", "2022-11-03T08:50:26Z"])
func rejectsOtherDates(_ text: String) {
    #expect(TwitterDate.timestamp(text) == nil)
}

@Test func anUnreadableDateIsSaidAndSortsLast() throws {
    let fixture = try TwitterFixture(["data/tweets.js": TwitterFixture.ytd("tweets.part0", [
        tweet("1", "yesterday"), tweet("2", "Mon Jan 02 10:00:00 +0000 2023"),
    ])])
    let source = try fixture.read()
    #expect(source.items.map(\.id) == ["2", "1"])
    #expect(source.item("1")?.dateProblem == "created_at 'yesterday' is not a Twitter date")
}
