@testable import FeedImport
import PlumageCore
import Testing

/// The Mastodon API readers over answers written from the documented `Status`, `Account` and
/// `Instance` shapes (docs.joinmastodon.org entities); expected offsets and dates are counted by hand.
@Suite struct MastodonStatusesReaderTests {
    static let ada = """
        {"id": "1", "username": "ada", "acct": "ada", "display_name": "Ada 🐦", "url": "https://mastodon.social/@ada",
         "avatar": "https://files.example/avatars/ada.png"}
        """
    static let page = """
        [
        {"id": "111", "created_at": "2024-05-06T07:08:09.000Z", "in_reply_to_id": null, "reblog": null,
         "spoiler_text": "food  \\n talk", "sensitive": true, "account": \(ada),
         "content": "<p>Hello <a href=\\"https://mastodon.social/tags/cats\\" class=\\"mention hashtag\\" rel=\\"tag\\">#<span>cats</span></a> and <span class=\\"h-card\\"><a href=\\"https://mastodon.social/@bob\\" class=\\"u-url mention\\">@<span>bob</span></a></span> see <a href=\\"https://example.com/a/long/path\\" rel=\\"nofollow\\"><span class=\\"invisible\\">https://</span><span class=\\"ellipsis\\">example.com/a/lo</span><span class=\\"invisible\\">ng/path</span></a></p><p>Line two<br>three</p>",
         "mentions": [{"id": "5", "username": "bob", "acct": "bob", "url": "https://mastodon.social/@bob"}],
         "media_attachments": [
           {"id": "m1", "type": "image", "url": "https://files.example/a.jpg", "preview_url": "https://files.example/a-small.jpg",
            "description": "A cat", "blurhash": "UBL_:rOpGG-;", "meta": {"original": {"width": 1200, "height": 900}}},
           {"id": "m2", "type": "gifv", "url": "https://files.example/b.mp4", "description": null,
            "meta": {"original": {"width": 320, "height": 240, "duration": 2.5}}},
           {"id": "m3", "type": "audio", "url": "https://files.example/c.mp3", "description": "  ", "meta": {"original": {"duration": 60}}},
           {"id": "m4", "type": "unknown", "url": "https://files.example/d.bin"},
           {"id": "m5", "type": "image", "url": "file:///etc/passwd", "meta": {"original": {"width": -3, "height": 2}}}],
         "card": {"url": "https://example.com/a/long/path", "title": "A page", "provider_name": "", "type": "link"}},
        {"id": "112", "created_at": "2024-05-07T00:00:00Z", "account": \(ada), "content": "", "media_attachments": [],
         "reblog": {"id": "99", "created_at": "2024-05-01T00:00:00Z", "in_reply_to_id": null,
           "account": {"id": "7", "username": "carol", "acct": "carol@other.example", "display_name": "",
                       "url": "https://other.example/@carol", "avatar": "https://other.example/c.png"},
           "content": "<p>Boosted words</p>", "media_attachments": [], "spoiler_text": "", "sensitive": false,
           "card": {"url": "https://news.example/x", "title": "News", "provider_name": "The News"}}},
        {"id": "113", "created_at": "2024-05-05T00:00:00Z", "in_reply_to_id": "111", "account": \(ada),
         "content": "<p>Yes &amp; no</p>", "spoiler_text": "", "sensitive": false, "media_attachments": [], "card": null},
        {"id": "114", "created_at": "garbage", "in_reply_to_id": null, "account": \(ada), "content": "<p>Pick</p>",
         "poll": {"options": [{"title": "A", "votes_count": 1}, {"title": "B", "votes_count": 2}], "voters_count": 3}},
        42,
        {"created_at": "2024-05-05T00:00:00Z", "account": \(ada)},
        {"id": "116", "content": "no account"}
        ]
        """

    @Test func everyFieldOfAStatus() throws {
        let page = try MastodonStatusesReader.read(liveBytes(Self.page), url: "https://mastodon.social/api/v1/timelines/tag/cats")
        #expect(page.items.map(\.id) == ["112", "111", "113", "114"])
        #expect(page.cursor == nil)
        #expect(page.warnings == ["status 5: not an object", "status 6: no id", "status 7: no account"])
        let item = page.items[1]
        // 2024-05-06T07:08:09Z: 19,849 days after 1970-01-01, + 7 h 8 min 9 s.
        #expect(item.date == Timestamp(seconds: 19_849 * 86_400 + 7 * 3600 + 8 * 60 + 9))
        #expect(item.kind == .post)
        #expect(item.author == Author(name: "Ada 🐦", handle: "ada@mastodon.social", avatar: .url("https://files.example/avatars/ada.png")))
        #expect(item.text == "Hello #cats and @bob see example.com/a/lo…\n\nLine two\nthree")
        #expect(item.entities == [
            Entity(kind: .hashtag, text: "#cats", start: 6, end: 11, target: "cats"),
            Entity(kind: .mention, text: "@bob", start: 16, end: 20, target: "bob@mastodon.social"),
            Entity(kind: .url, text: "example.com/a/lo…", start: 25, end: 42, target: "https://example.com/a/long/path"),
        ])
        for e in item.entities { #expect(scalarSlice(item.text, e.start, e.end) == e.text) }
        #expect(item.contentWarning == "food talk")
        #expect(item.sensitive)
        #expect(item.card == LinkCard(title: "A page", url: "https://example.com/a/long/path", site: "example.com"))
        #expect(item.media == [
            Media(kind: .photo, locator: .url("https://files.example/a.jpg"), width: 1200, height: 900, alt: "A cat",
                  blurhash: "UBL_:rOpGG-;"),
            Media(kind: .gif, locator: .url("https://files.example/b.mp4"), width: 320, height: 240, duration: 2.5),
            Media(kind: .video, locator: .url("https://files.example/c.mp3"), width: 0, height: 0, duration: 60),
            Media(kind: .photo, locator: nil, width: 0, height: 2),
        ])
    }

    @Test func aReblogShowsTheBoostedStatusByItsAuthorAtTheBoostsTime() throws {
        let page = try MastodonStatusesReader.read(liveBytes(Self.page), url: "u")
        let boost = page.items[0]
        #expect(boost.id == "112" && boost.kind == .repost)
        #expect(boost.date == Timestamp(seconds: 1_715_040_000))
        #expect(boost.author == Author(name: "carol", handle: "carol@other.example", avatar: .url("https://other.example/c.png")))
        #expect(boost.text == "Boosted words")
        #expect(boost.card == LinkCard(title: "News", url: "https://news.example/x", site: "The News"))
        #expect(boost.contentWarning == nil && !boost.sensitive)
        #expect(page.authors.map(\.handle) == ["carol@other.example", "ada@mastodon.social"])
    }

    @Test func aReplyAPollAndABadDate() throws {
        let page = try MastodonStatusesReader.read(liveBytes(Self.page), url: "u")
        #expect(page.items[2].kind == .reply && page.items[2].text == "Yes & no" && page.items[2].card == nil)
        let poll = page.items[3]
        #expect(poll.date == nil && poll.dateProblem == "created_at 'garbage' is not an RFC 3339 date")
        #expect(poll.text == "Pick\n\n• A — 1 vote\n• B — 2 votes\n3 voters")
    }

    @Test func malformedAnswersGetOneLineSayingWhat() {
        func reason(_ json: String) -> String {
            liveFailure { () throws(SourceError) in _ = try MastodonStatusesReader.read(liveBytes(json), url: "u") }
        }
        #expect(reason("[1,2") == "malformed JSON at 1:5: expected ',' or ']' after array element")
        #expect(reason("") == "malformed JSON at 1:1: unexpected end of input, expected a value")
        #expect(reason(#"{"a": 1}"#) == "not a Mastodon statuses array")
        #expect(reason(#"{"error": "This method requires an authenticated user"}"#)
                == "the server answered: This method requires an authenticated user")
        #expect(reason(String(repeating: "[", count: 600)).hasSuffix("nesting deeper than 512 levels"))
        #expect(reason("[]") == "no error")
    }

    @Test func aPageIsBoundedAndLongFieldsAreCut() throws {
        let one = #"{"id": "ID", "created_at": "2024-01-01T00:00:00Z", "account": {"acct": "a"}, "content": "x", "spoiler_text": "SPOIL"}"#
        let statuses = (0..<250).map { one.replacingOccurrences(of: "ID", with: "\($0)") }
        var json = "[" + statuses.joined(separator: ",") + "]"
        json = json.replacingOccurrences(of: "SPOIL", with: String(repeating: "w", count: 5_000))
        let page = try MastodonStatusesReader.read(liveBytes(json), url: "u")
        #expect(page.items.count == 200)
        #expect(page.warnings == ["50 statuses past the first 200 not read"])
        let warning = try #require(page.items.first?.contentWarning)
        #expect(warning.unicodeScalars.count == FieldLimits.name && warning.hasSuffix("…"))
        #expect(page.items.first?.author == Author(name: "a", handle: "a"))
    }

    @Test func anAccountLookupAndTheInstanceProbe() throws {
        let account = try MastodonAccountReader.account(liveBytes(Self.ada), url: "u")
        #expect(account.id == "1" && account.acct == "ada")
        #expect(account.author == Author(name: "Ada 🐦", handle: "ada@mastodon.social", avatar: .url("https://files.example/avatars/ada.png")))
        let remote = try MastodonAccountReader.account(liveBytes(#"{"id": 12345678901234567890, "acct": "@bob@x.example"}"#), url: "u")
        #expect(remote.id == "12345678901234567890" && remote.author == Author(name: "bob@x.example", handle: "bob@x.example"))
        #expect(liveFailure { () throws(SourceError) in _ = try MastodonAccountReader.account(liveBytes("[]"), url: "u") }
                == "not a Mastodon account")
        #expect(liveFailure { () throws(SourceError) in _ = try MastodonAccountReader.account(liveBytes(#"{"error": "Record not found"}"#), url: "u") }
                == "the server answered: Record not found")
        #expect(MastodonAccountReader.isMastodonInstance(liveBytes(#"{"domain": "mastodon.social", "version": "4.3.0"}"#)))
        #expect(MastodonAccountReader.isMastodonInstance(liveBytes(#"{"uri": "mastodon.social"}"#)))
        #expect(!MastodonAccountReader.isMastodonInstance(liveBytes(#"{"uri": ""}"#)))
        #expect(!MastodonAccountReader.isMastodonInstance(liveBytes(#"["domain"]"#)))
        #expect(!MastodonAccountReader.isMastodonInstance(liveBytes("<html>")))
    }
}
