import Foundation

/// A small Mastodon archive written into a scratch folder, holding the traps of
/// reference/archive-formats.md §6 M1–M6: prefixed attachment paths, a repeated `@context`,
/// a boost, a poll, an edit, a direct message, unlisted and followers-only posts, a content warning,
/// short mentions, a non-Latin hashtag with a percent-encoded link, a `:shortcode:`, alt text that is
/// null, empty or set, a GIFV exported as `video/mp4`, a missing attachment, likes and bookmarks.
enum MastodonFixture {
    /// `https://www.w3.org/ns/activitystreams#Public`.
    static let publicAudience = "https://www.w3.org/ns/activitystreams#Public"
    /// The owner's actor URL.
    static let actor = "https://indieweb.social/users/dealingwith"

    /// The archive files that exist, relative to the root (each holds a few bytes).
    static let mediaFiles = [
        "media_attachments/files/109/333/835/161/429/021/original/3381f6f615f26246.jpeg",
        "media_attachments/files/110/000/000/000/000/001/original/aaa.png",
        "media_attachments/files/110/000/000/000/000/002/original/bbb.mp4",
        "media_attachments/files/110/000/000/000/000/003/original/ccc.jpg",
        "media_attachments/files/120/000/original/ddd.webp",
        "avatar.png",
    ]

    /// The outbox, oldest first, as the export writes it (with a second top-level `@context` and a
    /// `totalItems` that does not match).
    static let outbox = #"""
        {"@context": "https://www.w3.org/ns/activitystreams", "id": "outbox.json", "type": "OrderedCollection",
         "totalItems": 99,
         "orderedItems": [
          {"id": "\#(actor)/statuses/109/activity", "type": "Create", "actor": "\#(actor)", "published": "yesterday",
           "to": ["\#(publicAudience)"], "cc": [],
           "object": {"id": "\#(actor)/statuses/109", "type": "Note", "published": "yesterday", "inReplyTo": null,
             "summary": null, "content": "<p>When?</p>", "to": ["\#(publicAudience)"], "cc": []}},
          {"id": "\#(actor)/statuses/101/activity", "type": "Create", "actor": "\#(actor)", "published": "2022-11-01T10:00:00Z",
           "@context": ["https://www.w3.org/ns/activitystreams", {"ostatus": "http://ostatus.org#"}],
           "to": ["\#(publicAudience)"], "cc": ["\#(actor)/followers"],
           "object": {"id": "\#(actor)/statuses/101", "type": "Note", "published": "2022-11-01T10:00:00Z",
             "inReplyTo": null, "summary": null, "sensitive": false,
             "to": ["\#(publicAudience)"], "cc": ["\#(actor)/followers"],
             "content": "<p>Less Twitter, more IndieWeb: <a href=\"https://daniel.industries/2022/11/07/less-twitter-more-indieweb/\" target=\"_blank\" rel=\"nofollow noopener noreferrer\"><span class=\"invisible\">https://</span><span class=\"ellipsis\">daniel.industries/2022/11/07/l</span><span class=\"invisible\">ess-twitter-more-indieweb/</span></a> <a href=\"https://indieweb.social/tags/caterday\" class=\"mention hashtag\" rel=\"tag\">#<span>caterday</span></a> cc <span class=\"h-card\" translate=\"no\"><a href=\"https://social.lol/@mcg\" class=\"u-url mention\">@<span>mcg</span></a></span></p>",
             "attachment": [{"type": "Document", "mediaType": "image/jpeg",
               "url": "/indiewebsocial/media_attachments/files/109/333/835/161/429/021/original/3381f6f615f26246.jpeg",
               "name": "Picture of a white cat", "blurhash": "UPJ[3I_NI9t7ROx]xZkBtRIAxaWEWBsmRjbH", "width": 1440, "height": 1081}],
             "tag": [{"type": "Hashtag", "name": "#caterday", "href": "https://indieweb.social/tags/caterday"},
                     {"type": "Mention", "name": "@mcg@social.lol", "href": "https://social.lol/users/mcg"}]}},
          {"id": "\#(actor)/statuses/102/activity", "type": "Create", "actor": "\#(actor)", "published": "2022-11-02T10:00:00Z",
           "to": ["\#(actor)/followers"], "cc": ["as:Public"],
           "object": {"id": "\#(actor)/statuses/102", "type": "Note", "published": "2022-11-02T10:00:00Z",
             "inReplyTo": null, "summary": null, "to": ["\#(actor)/followers"], "cc": ["as:Public"],
             "content": "<p>巨人 <a href=\"https://indieweb.social/tags/%E5%B7%A8%E4%BA%BA%E5%8F%A8%E5%8F%A8\" class=\"mention hashtag\" rel=\"tag\">#<span>巨人叨叨</span></a> :ablobflushed: &quot;yes&quot; &amp; more</p>",
             "tag": [{"type": "Hashtag", "name": "#巨人叨叨", "href": "https://indieweb.social/tags/%E5%B7%A8%E4%BA%BA%E5%8F%A8%E5%8F%A8"},
                     {"type": "Emoji", "name": ":ablobflushed:", "icon": {"type": "Image", "url": "https://cdn.example.com/emoji/a.png"}}],
             "attachment": [
               {"type": "Document", "mediaType": "image/png", "url": "/media_attachments/files/110/000/000/000/000/001/original/aaa.png", "name": null, "width": 640, "height": 480},
               {"type": "Document", "mediaType": "video/mp4", "url": "//mastohackerstown/media_attachments/files/110/000/000/000/000/002/original/bbb.mp4", "name": "", "width": 320, "height": 240},
               {"type": "Document", "mediaType": "image/jpeg", "url": "opt/mastodon/public/system/media_attachments/files/110/000/000/000/000/003/original/ccc.jpg", "name": "A dog"},
               {"type": "Document", "mediaType": "image/jpeg", "url": "/media_attachments/files/110/000/000/000/000/004/original/gone.jpg", "name": "Gone"},
               {"type": "Document", "mediaType": "image/webp", "url": "https://cdn.example.com/cache/files/120/original/ddd.webp"},
               {"type": "Document", "mediaType": "image/png", "url": "https://cdn.example.com/x/original/eee.png", "name": "  "}]}},
          {"id": "\#(actor)/statuses/103/activity", "type": "Create", "actor": "\#(actor)", "published": "2022-11-03T10:00:00Z",
           "to": ["\#(actor)/followers"], "cc": ["https://social.lol/users/mcg"],
           "object": {"id": "\#(actor)/statuses/103", "type": "Note", "published": "2022-11-03T10:00:00Z",
             "updated": "2022-11-04T00:00:00Z", "inReplyTo": "https://social.lol/users/mcg/statuses/5",
             "summary": "Spoilers  ahead", "sensitive": true,
             "to": ["\#(actor)/followers"], "cc": ["https://social.lol/users/mcg"],
             "content": "<p><span class=\"h-card\"><a href=\"https://social.lol/@mcg\" class=\"u-url mention\">@<span>mcg</span></a></span> Line one<br>line two</p><p>Para two</p>",
             "tag": {"type": "Mention", "name": "@mcg@social.lol", "href": "https://social.lol/users/mcg"}}},
          {"id": "\#(actor)/statuses/104/activity", "type": "Create", "actor": "\#(actor)", "published": "2022-11-04T10:00:00Z",
           "to": ["https://social.lol/users/mcg"], "cc": [],
           "object": {"id": "\#(actor)/statuses/104", "type": "Note", "published": "2022-11-04T10:00:00Z", "inReplyTo": null,
             "content": "<p>a secret for <span class=\"h-card\"><a href=\"https://social.lol/@mcg\" class=\"u-url mention\">@<span>mcg</span></a></span></p>",
             "to": ["https://social.lol/users/mcg"], "cc": []}},
          {"id": "\#(actor)/statuses/105/activity", "type": "Announce", "actor": "\#(actor)", "published": "2022-11-05T08:00:00Z",
           "to": ["\#(publicAudience)"], "cc": ["\#(actor)/followers"],
           "object": "https://mastodon.social/users/Gargron/statuses/109311111111111111"},
          {"id": "\#(actor)/statuses/106/activity", "type": "Create", "actor": "\#(actor)", "published": "2022-11-06T09:30:00Z",
           "to": ["\#(publicAudience)"], "cc": [],
           "object": {"id": "\#(actor)/statuses/106", "type": "Question", "published": "2022-11-06T09:30:00Z", "inReplyTo": null,
             "to": ["\#(publicAudience)"], "cc": [], "endTime": "2022-11-07T09:30:00Z", "votersCount": 13,
             "content": "<p>Which? ask <span class=\"h-card\"><a class=\"u-url mention\" href=\"https://hachyderm.io/@kris\">@<span>kris</span></a></span></p>",
             "oneOf": [{"type": "Note", "name": "Tea", "replies": {"type": "Collection", "totalItems": 12}},
                       {"type": "Note", "name": "Coffee", "replies": {"type": "Collection", "totalItems": 1}}]}},
          {"id": "\#(actor)/statuses/107/activity", "type": "Create", "actor": "\#(actor)", "published": "2022-11-07T10:00:00Z",
           "to": ["\#(publicAudience)"], "object": "\#(actor)/statuses/107"}
         ],
         "@context": ["https://www.w3.org/ns/activitystreams", {"toot": "http://joinmastodon.org/ns#"}]}
        """#

    /// `actor.json`: a `Person` whose name holds a `:shortcode:` and whose icon is `avatar.png`.
    static let actorJSON = #"""
        {"@context": "https://www.w3.org/ns/activitystreams", "id": "\#(actor)", "type": "Person",
         "preferredUsername": "dealingwith", "name": "Daniel :verified:", "url": "https://indieweb.social/@dealingwith",
         "summary": "<p>Hi</p>", "icon": {"type": "Image", "mediaType": "image/png", "url": "avatar.png"},
         "image": {"type": "Image", "mediaType": "image/png", "url": "header.png"}}
        """#

    /// `likes.json`.
    static let likes = #"""
        {"@context": "https://www.w3.org/ns/activitystreams", "id": "likes.json", "type": "OrderedCollection",
         "orderedItems": ["https://mastodon.social/users/Gargron/statuses/1", "https://hachyderm.io/@kris/2",
                          "https://example.org/notes/3"]}
        """#

    /// `bookmarks.json`.
    static let bookmarks = #"""
        {"@context": "https://www.w3.org/ns/activitystreams", "id": "bookmarks.json", "type": "OrderedCollection",
         "orderedItems": ["https://social.lol/users/mcg/statuses/5"]}
        """#

    /// Writes the archive into a fresh scratch folder and returns its path; `files` replaces or adds
    /// files (a nil content leaves the file out).
    static func write(_ files: [String: String?] = [:]) throws -> String {
        let root = try FixturePaths.scratchFolder()
        var all: [String: String?] = [
            "outbox.json": outbox, "actor.json": actorJSON, "likes.json": likes, "bookmarks.json": bookmarks,
        ]
        for name in mediaFiles { all[name] = "not really media" }
        for (name, content) in files { all[name] = content }
        for (name, content) in all {
            guard let content else { continue }
            let path = root + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FixturePaths.write(content, to: path)
        }
        return root
    }
}
