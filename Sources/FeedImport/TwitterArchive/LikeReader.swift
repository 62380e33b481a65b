import PlumageCore

/// Turns one element of `like.js` / `like-partN.js` (`{"like": {tweetId, fullText?, expandedUrl}}`)
/// into a text-only card: the liked text (`&amp;` `&lt;` `&gt;` undone, nothing detected in it: it
/// is often cut short), then on its own line a link to the tweet (`expandedUrl`, else
/// `https://x.com/i/web/status/<id>`), its only entity. Likes carry no author, date, entities or
/// media: the author is `LikeReader.author`, the date nil, the id `like-<tweetId>` (unique beside
/// the owner's own tweets).
enum LikeReader {
    /// The author of every like card: named "Liked post", with an empty handle and no avatar.
    static let author = Author(name: "Liked post", handle: "")

    /// The card of the element at the cursor, or nil when it names no tweet.
    static func item(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> Item? {
        var id: String?, fullText: String?, expanded: String?
        func member(_ key: JSONKey, _ c: inout JSONCursor) throws(JSONSyntaxError) {
            if key == "tweetId" {
                id = try c.readID()
            } else if key == "fullText" {
                fullText = try c.readString()
            } else if key == "expandedUrl" {
                expanded = try c.readString()
            } else {
                try c.skip()
            }
        }
        _ = try cursor.readObject { c, key throws(JSONSyntaxError) in
            if key == "like" {
                _ = try c.readObject { c, key throws(JSONSyntaxError) in try member(key, &c) }
            } else {
                try member(key, &c)
            }
        }
        guard let id, !id.isEmpty else { return nil }
        let (text, _) = TweetText.unescaped(fullText ?? "", entities: [])
        let given = expanded ?? ""
        let link = given.isEmpty ? "https://x.com/i/web/status/\(id)" : given
        let shown = DisplayText.shortURL(link)
        let lead = text.isEmpty ? "" : text + "\n"
        let start = lead.unicodeScalars.count
        let entity = Entity(kind: .url, text: shown, start: start, end: start + shown.unicodeScalars.count, target: link)
        return FieldLimits.capped(Item(id: "like-\(id)", date: nil, author: author, text: lead + shown, entities: [entity]))
    }
}
