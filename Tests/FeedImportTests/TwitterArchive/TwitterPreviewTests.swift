import Foundation
import PlumageCore
import Testing

@testable import FeedImport

/// The preview the window shows first: the tweets that fit whole in the start of the first tweets
/// file, newest first, with the owner; the tweet cut by the prefix is left out.
@Test func thePreviewHoldsTheWholeTweetsAtTheStartOfTheFirstFile() throws {
    func tweet(_ id: String, _ hour: Int) -> String {
        TwitterFixture.tweet(#""id_str" : "\#(id)""#, #""created_at" : "Mon Jan 02 \#(hour):00:00 +0000 2023""#,
                             #""full_text" : "tweet \#(id)""#)
    }
    var files = TwitterFixture.owner
    let text = TwitterFixture.ytd("tweets.part0", [tweet("1", 10), tweet("3", 12), tweet("2", 11)])
    files["data/tweets.js"] = text
    let fixture = try TwitterFixture(files)
    let archive = try fixture.archive
    // The prefix ends inside the third tweet: only the first two are whole.
    let cut = text.utf8.count - 30
    let preview = try #require(TwitterArchiveReader.preview(archive, topLevelDomains: TwitterFixture.domains, prefixBytes: cut))
    #expect(preview.items.map(\.id) == ["3", "1"])
    #expect(preview.items.map(\.text) == ["tweet 3", "tweet 1"])
    #expect(preview.title == "Ada Park")
    #expect(preview.owner?.handle == "ada_park")
    #expect(preview.sections.map(\.name) == ["Tweets"])
    let whole = try #require(TwitterArchiveReader.preview(archive, topLevelDomains: TwitterFixture.domains))
    #expect(whole.items.map(\.id) == ["3", "2", "1"])
    #expect(TwitterArchiveReader.preview(archive, topLevelDomains: TwitterFixture.domains, prefixBytes: 40) == nil)
}
