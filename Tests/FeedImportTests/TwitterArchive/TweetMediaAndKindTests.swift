import Foundation
import PlumageCore
import Testing

@testable import FeedImport

// The kind and media traps of archive-formats.md §6 (cases 9–19).

private let date = #""created_at" : "Thu Nov 03 08:50:26 +0000 2022""#

/// An archive of the owner `@ada_park` holding `tweets` (JSON items) in `data/tweets.js`.
private func archive(_ tweets: [String], extra: [String: String] = [:]) throws -> TwitterFixture {
    var files = TwitterFixture.owner.merging(extra) { $1 }
    files["data/tweets.js"] = TwitterFixture.ytd("tweets.part0", tweets)
    return try TwitterFixture(files)
}

@Test func case9And10RetweetAuthorsAndRepliesWithoutAScreenName() throws {
    let fixture = try archive([
        TwitterFixture.tweet(#""id_str" : "9""#, date, #""full_text" : "RT @czaplic: hello""#,
                             #""entities" : { "user_mentions" : [ { "name" : "", "screen_name" : "czaplic", "id_str" : "-1", "indices" : [ "3", "11" ] } ] }"#),
        TwitterFixture.tweet(#""id_str" : "10""#, date, #""full_text" : "@someone sure""#, #""in_reply_to_status_id_str" : "123""#,
                             #""in_reply_to_user_id_str" : "42""#,
                             #""entities" : { "user_mentions" : [ { "screen_name" : "someone", "indices" : [ "0", "8" ] } ] }"#),
        TwitterFixture.tweet(#""id_str" : "11""#, date, #""full_text" : "RT: @old_style said so""#),
        TwitterFixture.tweet(#""id_str" : "12""#, date, #""full_text" : "just a post""#, #""in_reply_to_status_id_str" : null"#),
    ])
    let source = try fixture.read()
    let avatar = fixture.root + "/data/profile_media/2444552670--kl_OZKZ.jpg"
    let rt = try #require(source.item("9"))
    #expect(rt.kind == .repost)
    #expect(rt.author == Author(name: "czaplic", handle: "czaplic", avatar: nil))
    #expect(rt.entitySummary == ["mention @czaplic 3 11 czaplic"])
    let reply = try #require(source.item("10"))
    #expect(reply.kind == .reply)
    #expect(reply.author == Author(name: "Ada Park", handle: "ada_park", avatar: .file(avatar)))
    #expect(source.item("11")?.kind == .repost)
    #expect(source.item("11")?.author.handle == "old_style")
    #expect(source.item("12")?.kind == .post)
    #expect(source.item("12")?.author.avatar == .file(avatar))
}

@Test func case11And19QuotesLinkAStatusOnTwitterOrX() throws {
    let fixture = try archive([
        TwitterFixture.tweet(#""id_str" : "1""#, date, #""full_text" : "so true https://t.co/quotequote""#,
                             #""entities" : { "urls" : [ { "url" : "https://t.co/quotequote", "expanded_url" : "https://twitter.com/fabioberger123/status/1486023451584638980", "display_url" : "twitter.com/fabioberger12…", "indices" : [ "8", "31" ] } ] }"#),
        TwitterFixture.tweet(#""id_str" : "2""#, date, #""full_text" : "yes https://t.co/xquotexquo""#,
                             #""entities" : { "urls" : [ { "url" : "https://t.co/xquotexquo", "expanded_url" : "https://x.com/someone/status/2027108952211693705?s=20", "display_url" : "x.com/someone/status…", "indices" : [ "4", "27" ] } ] }"#),
        TwitterFixture.tweet(#""id_str" : "3""#, date, #""full_text" : "not one https://t.co/notaquote""#,
                             #""entities" : { "urls" : [ { "url" : "https://t.co/notaquote", "expanded_url" : "https://twitter.com/i/web/status/1486023451584638980", "display_url" : "twitter.com/i/web/status/1…", "indices" : [ "8", "30" ] } ] }"#),
    ])
    let source = try fixture.read()
    let quote = try #require(source.item("1"))
    #expect(quote.kind == .quote)
    // "so true " is 8 scalars; "twitter.com/fabioberger12…" is 26.
    #expect(quote.entitySummary == ["url twitter.com/fabioberger12… 8 34 https://twitter.com/fabioberger123/status/1486023451584638980"])
    #expect(source.item("2")?.kind == .quote)
    #expect(source.item("3")?.kind == .post)
}

@Test func statusLinksAreRecognised() {
    #expect(TweetReader.isStatusLink("https://twitter.com/a_b/status/123"))
    #expect(TweetReader.isStatusLink("http://mobile.twitter.com/a/status/1/photo/1"))
    #expect(TweetReader.isStatusLink("https://www.x.com/A/status/9#m"))
    #expect(!TweetReader.isStatusLink("https://x.com/i/web/status/123"))
    #expect(!TweetReader.isStatusLink("https://example.com/a/status/123"))
    #expect(!TweetReader.isStatusLink("https://twitter.com/a/status/"))
    #expect(!TweetReader.isStatusLink("https://twitter.com/a/statuses/12"))
}

/// A media object of `type` with t.co link `url` at `indices`.
private func medium(_ type: String, _ file: String, url: String = "https://t.co/mediamedia", indices: String = #"[ "6", "29" ]"#, extra: String = "") -> String {
    #"{ "type" : "\#(type)", "url" : "\#(url)", "indices" : \#(indices), "media_url_https" : "https://pbs.twimg.com/media/\#(file)", "display_url" : "pic.x.com/mediamedia", "sizes" : { "thumb" : { "w" : "150", "h" : "150" }, "large" : { "w" : "2048", "h" : "1536", "resize" : "fit" } }\#(extra) }"#
}

@Test func case12FourPhotosShareOneLink() throws {
    let four = ["EMwrrQkWwAAGcS4.png", "EMwrsoPWoAEI3lB.png", "EMwrwSdX0AEct6y.png", "EMwrydcXYAAvUG4.png"]
    let fixture = try archive([
        TwitterFixture.tweet(#""id_str" : "1210390904009379840""#, date, #""full_text" : "Four! https://t.co/mediamedia""#,
                             #""entities" : { "media" : [ \#(medium("photo", four[0])) ] }"#,
                             #""extended_entities" : { "media" : [ \#(four.map { medium("photo", $0) }.joined(separator: ", ")) ] }"#),
    ])
    try fixture.media(four.map { "1210390904009379840-" + $0 })
    let item = try #require(try fixture.read().item("1210390904009379840"))
    #expect(item.text == "Four!")
    #expect(item.entities.isEmpty)
    #expect(item.media.map(\.locator?.path) == four.map { fixture.root + "/data/tweets_media/1210390904009379840-" + $0 })
    #expect(item.media.allSatisfy { $0.kind == .photo && $0.width == 2048 && $0.height == 1536 && $0.duration == nil })
}

@Test func case13To15VideosAndGIFsTakeTheBestMP4WithoutItsQuery() throws {
    let video = medium("video", "ext_tw_video_thumb/1/pu/img/thumb.jpg", extra: #", "video_info" : { "aspect_ratio" : [ "16", "9" ], "duration_millis" : "30500", "variants" : [ { "content_type" : "application/x-mpegURL", "url" : "https://video.twimg.com/ext_tw_video/1/pu/pl/list.m3u8?tag=12" }, { "bitrate" : "256000", "content_type" : "video/mp4", "url" : "https://video.twimg.com/ext_tw_video/1/pu/vid/480x270/small.mp4?tag=12" }, { "bitrate" : 2176000, "content_type" : "video/mp4", "url" : "https://video.twimg.com/ext_tw_video/1/pu/vid/1280x720/q_Ow4OduUsGhIM1n.mp4?tag=16" }, { "bitrate" : "832000", "content_type" : "video/mp4", "url" : "https://video.twimg.com/ext_tw_video/1/pu/vid/640x360/mid.mp4?tag=12" } ] }"#)
    let gif = medium("animated_gif", "tweet_video_thumb/Fc8qDcBXwAEhLJT.jpg", extra: #", "video_info" : { "aspect_ratio" : [ "307", "183" ], "variants" : [ { "bitrate" : "0", "content_type" : "video/mp4", "url" : "https://video.twimg.com/tweet_video/Fc8qDcBXwAEhLJT.mp4" } ] }"#)
    let fixture = try archive([
        TwitterFixture.tweet(#""id_str" : "802141456697790464""#, date, #""full_text" : "Look! https://t.co/mediamedia""#,
                             #""extended_entities" : { "media" : [ \#(video) ] }"#),
        TwitterFixture.tweet(#""id_str" : "1571521051921629184""#, date, #""full_text" : "https://t.co/mediamedia""#,
                             #""extended_entities" : { "media" : [ \#(gif.replacingOccurrences(of: #"[ "6", "29" ]"#, with: #"[ "0", "23" ]"#)) ] }"#),
    ])
    try fixture.media("802141456697790464-q_Ow4OduUsGhIM1n.mp4", "802141456697790464-small.mp4", "1571521051921629184-Fc8qDcBXwAEhLJT.mp4")
    let source = try fixture.read()
    let clip = try #require(source.item("802141456697790464")?.media.first)
    #expect(clip == Media(kind: .video, locator: .file(fixture.root + "/data/tweets_media/802141456697790464-q_Ow4OduUsGhIM1n.mp4"),
                          width: 2048, height: 1536, duration: 30.5))
    let animation = try #require(source.item("1571521051921629184"))
    #expect(animation.text == "")
    #expect(animation.media == [Media(kind: .gif, locator: .file(fixture.root + "/data/tweets_media/1571521051921629184-Fc8qDcBXwAEhLJT.mp4"), width: 2048, height: 1536)])
}

@Test func case16To18MissingFilesFallbackAndJunk() throws {
    let fixture = try archive([
        // Media of another tweet: the file still carries the containing tweet's id.
        TwitterFixture.tweet(#""id_str" : "879292496907563008""#, date, #""full_text" : "From elsewhere https://t.co/mediamedia""#,
                             #""extended_entities" : { "media" : [ \#(medium("photo", "DDIZNG-UMAEZDEg.jpg", indices: #"[ "15", "38" ]"#, extra: #", "source_status_id_str" : "111""#)) ] }"#),
        // Missing file, nothing to fall back on.
        TwitterFixture.tweet(#""id_str" : "211050278659698688""#, date, #""full_text" : "Gone https://t.co/mediamedia""#,
                             #""extended_entities" : { "media" : [ \#(medium("photo", "AuzyQyHCAAEPVz0.png", indices: #"[ "5", "28" ]"#)) ] }"#),
        // Missing file with exactly one other photo of the tweet: that one is taken.
        TwitterFixture.tweet(#""id_str" : "300""#, date, #""full_text" : "Renamed https://t.co/mediamedia""#,
                             #""extended_entities" : { "media" : [ \#(medium("photo", "original.jpg", indices: #"[ "8", "31" ]"#)) ] }"#),
        // Two photos, one missing, the only other file already taken by the first: nil.
        TwitterFixture.tweet(#""id_str" : "400""#, date, #""full_text" : "Two https://t.co/mediamedia""#,
                             #""extended_entities" : { "media" : [ \#(medium("photo", "a.jpg", indices: #"[ "4", "27" ]"#)), \#(medium("photo", "b.jpg", indices: #"[ "4", "27" ]"#)) ] }"#),
    ])
    try fixture.media("879292496907563008-DDIZNG-UMAEZDEg.jpg", "300-renamed.jpg", "400-a.jpg", "-root3.png", "root3.png", "211050278659698688x.png")
    try fixture.media("ens-GMMR.jpg", folder: "data/profile_media")
    let source = try fixture.read()
    let media = fixture.root + "/data/tweets_media/"
    #expect(source.item("879292496907563008")?.media.map(\.locator?.path) == [media + "879292496907563008-DDIZNG-UMAEZDEg.jpg"])
    #expect(source.item("211050278659698688")?.media.map(\.locator?.path) == [nil])
    #expect(source.item("300")?.media.map(\.locator?.path) == [media + "300-renamed.jpg"])
    #expect(source.item("400")?.media.map(\.locator?.path) == [media + "400-a.jpg", nil])
    let folder = MediaFolder(try fixture.archive, directory: "data/tweets_media")
    #expect(folder.names == ["879292496907563008-DDIZNG-UMAEZDEg.jpg", "300-renamed.jpg", "400-a.jpg"])
}

@Test func olderArchivesUseTweetMediaAndGrailbirdStyleSizes() throws {
    // 2019–2020: data/tweet.js with unwrapped items, media in data/tweet_media/, numbers as numbers.
    let item = #"{ "id_str" : "5", "created_at" : "Wed Jan 01 00:00:00 +0000 2020", "full_text" : "hi https://t.co/mediamedia", "extended_entities" : { "media" : [ { "type" : "photo", "url" : "https://t.co/mediamedia", "indices" : [ 3, 26 ], "media_url" : "http://pbs.twimg.com/media/x.jpg", "sizes" : { "medium" : { "w" : 1200, "h" : 900 } } } ] } }"#
    let fixture = try TwitterFixture(["data/tweet.js": "window.YTD.tweet.part0 = [ " + item + " ]"])
    try fixture.media("5-x.jpg", folder: "data/tweet_media")
    let medium = try #require(try fixture.read().item("5")?.media.first)
    #expect(medium == Media(kind: .photo, locator: .file(fixture.root + "/data/tweet_media/5-x.jpg"), width: 1200, height: 900))
}
