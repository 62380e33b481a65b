import PlumageCore

/// Turns one element of `like.js` / `like-partN.js` (`{"like": {tweetId, fullText?, expandedUrl}}`)
/// into a text-only card: the liked text (escapes undone, hashtags, mentions and links detected),
/// then on its own line a link to the tweet (`expandedUrl`, else `https://x.com/i/web/status/<id>`).
/// Likes carry no author, date, entities or media: the author is `LikeReader.author`, the date nil,
/// the id `like-<tweetId>` (unique beside the owner's own tweets).
struct LikeReader: Sendable {
    /// The author of every like card: named "Liked post", with an empty handle and no avatar.
    static let author = Author(name: "Liked post", handle: "")

    /// The members of a like that are read.
    static let keys = JSONKeyFilter(["like", "tweetId", "fullText", "expandedUrl"])

    /// Finds the entities of the liked text.
    let detector: EntityDetector

    /// The card of `element`, or nil when it names no tweet.
    func item(_ element: JSONValue) -> Item? {
        let like = element["like"] ?? element
        guard let id = like["tweetId"]?.idString, !id.isEmpty else { return nil }
        let (text, _) = TweetText.unescaped(like["fullText"]?.string ?? "", entities: [])
        let given = like["expandedUrl"]?.string ?? ""
        let link = given.isEmpty ? "https://x.com/i/web/status/\(id)" : given
        var display = DisplayText.detecting(in: text, with: detector)
        let shown = DisplayText.shortURL(link)
        if !display.text.isEmpty { display.text += "\n" }
        let start = display.text.unicodeScalars.count
        display.text += shown
        display.entities.append(Entity(kind: .url, text: shown, start: start, end: start + shown.unicodeScalars.count, target: link))
        return Item(id: "like-\(id)", date: nil, author: Self.author, text: display.text, entities: display.entities)
    }
}
