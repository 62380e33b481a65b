/// The fields of one tweet the reader uses, decoded in place by `TweetDecoder` (no JSON tree).
struct RawTweet {
    /// A hashtag, mention or URL entity as listed.
    struct RawEntity {
        /// The tag (without `#`), the handle (without `@`) or the t.co link.
        var text: String?
        /// `indices[0]`, in scalars of the escaped text.
        var start: Int?
        /// `indices[1]`.
        var end: Int?
        /// URLs only: `expanded_url`.
        var expanded: String?
        /// URLs only: `display_url`.
        var display: String?
    }

    /// A media object.
    struct RawMedia {
        /// `photo`, `video` or `animated_gif`.
        var type: String?
        /// The t.co link in the text and its indices.
        var link = RawEntity()
        /// `media_url_https`, else `media_url`.
        var imageURL: String?
        /// Width of `sizes.large`, else `sizes.medium`, else Grailbird's widest listed size.
        var width: Int?
        /// Height of the same size.
        var height: Int?
        /// `video_info.aspect_ratio`.
        var aspect: (Int, Int)?
        /// `video_info.variants` as (bitrate, content type, URL).
        var variants: [(bitrate: Int?, type: String?, url: String?)] = []
        /// Whether the object has a `video_info`.
        var hasVideoInfo = false
        /// `video_info.duration_millis`.
        var durationMillis: Int?
    }

    /// `id_str`, else `id` (a number's literal text).
    var id: String?
    /// `created_at` as written.
    var createdAt: String?
    /// False when `created_at` is there but not a string.
    var createdAtIsString = true
    /// `full_text`, else Grailbird's `text`: HTML-escaped.
    var text: String?
    /// Whether `in_reply_to_status_id(_str)` names a tweet.
    var repliesTo = false
    /// `entities.hashtags`.
    var hashtags: [RawEntity] = []
    /// `entities.user_mentions` (text = `screen_name`).
    var mentions: [RawEntity] = []
    /// `entities.urls` (text = `url`).
    var urls: [RawEntity] = []
    /// `entities.media` (only its first element, in 2019+ exports).
    var media: [RawMedia] = []
    /// `extended_entities.media`: all of them, used when there are any.
    var extendedMedia: [RawMedia] = []
    /// Whether Grailbird's `retweeted_status` is there.
    var hasRetweetedStatus = false
    /// `retweeted_status.user.name`.
    var retweetedName: String?
    /// `retweeted_status.user.screen_name`.
    var retweetedHandle: String?
}

/// Decodes one element of a tweets file (wrapped in `{"tweet": …}` or not, any era) into a
/// `RawTweet`, reading only the fields listed in `RawTweet` and skipping the rest (`source`,
/// `edit_info`, counts, `sizes.thumb`…).
enum TweetDecoder {
    /// The tweet at the cursor, or nil when the element is not an object.
    static func decode(_ c: inout JSONCursor) throws(JSONSyntaxError) -> RawTweet? {
        var tweet = RawTweet()
        var wrapped: RawTweet?
        let isObject = try c.readObject { c, key throws(JSONSyntaxError) in
            if key == "tweet" {
                var inner = RawTweet()
                if try c.readObject({ c, key throws(JSONSyntaxError) in try member(key, of: &inner, &c) }) { wrapped = inner }
            } else {
                try member(key, of: &tweet, &c)
            }
        }
        return isObject ? wrapped ?? tweet : nil
    }

    /// Reads the value of top-level member `key` into `t`.
    private static func member(_ key: JSONKey, of t: inout RawTweet, _ c: inout JSONCursor) throws(JSONSyntaxError) {
        if key == "id_str" {
            t.id = try c.readID()
        } else if key == "id" {
            let id = try c.readID()
            if t.id == nil { t.id = id }
        } else if key == "full_text" {
            t.text = try c.readString()
        } else if key == "text" {
            let text = try c.readString()
            if t.text == nil { t.text = text }
        } else if key == "created_at" {
            t.createdAtIsString = true
            if try c.readNull() { return }
            t.createdAt = try c.readString()
            t.createdAtIsString = t.createdAt != nil
        } else if key == "in_reply_to_status_id_str" || key == "in_reply_to_status_id" {
            if let id = try c.readID(), !id.isEmpty { t.repliesTo = true }
        } else if key == "entities" {
            _ = try c.readObject { c, key throws(JSONSyntaxError) in
                if key == "hashtags" {
                    t.hashtags = try entities(&c, text: "text")
                } else if key == "user_mentions" {
                    t.mentions = try entities(&c, text: "screen_name")
                } else if key == "urls" {
                    t.urls = try entities(&c, text: "url")
                } else if key == "media" {
                    t.media = try media(&c)
                } else {
                    try c.skip()
                }
            }
        } else if key == "extended_entities" {
            _ = try c.readObject { c, key throws(JSONSyntaxError) in
                if key == "media" { t.extendedMedia = try media(&c) } else { try c.skip() }
            }
        } else if key == "retweeted_status" {
            t.hasRetweetedStatus = try c.readObject { c, key throws(JSONSyntaxError) in
                guard key == "user" else { return try c.skip() }
                _ = try c.readObject { c, key throws(JSONSyntaxError) in
                    if key == "name" {
                        t.retweetedName = try c.readString()
                    } else if key == "screen_name" {
                        t.retweetedHandle = try c.readString()
                    } else {
                        try c.skip()
                    }
                }
            }
        } else {
            try c.skip()
        }
    }

    /// A list of entities whose text is member `text` (`url` entities also read
    /// `expanded_url` and `display_url`).
    private static func entities(_ c: inout JSONCursor, text: StaticString) throws(JSONSyntaxError) -> [RawTweet.RawEntity] {
        var list: [RawTweet.RawEntity] = []
        _ = try c.readArray { c throws(JSONSyntaxError) in
            var e = RawTweet.RawEntity()
            let isObject = try c.readObject { c, key throws(JSONSyntaxError) in
                if try !entityMember(key, of: &e, text: text, &c) { try c.skip() }
            }
            if isObject { list.append(e) }
        }
        return list
    }

    /// Reads member `key` of an entity (or of a media object's link) into `e`; false when it is
    /// none of the entity's members (nothing read).
    private static func entityMember(
        _ key: JSONKey, of e: inout RawTweet.RawEntity, text: StaticString, _ c: inout JSONCursor
    ) throws(JSONSyntaxError) -> Bool {
        if key == text {
            e.text = try c.readString()
        } else if key == "indices" {
            var pair: [Int?] = []
            _ = try c.readArray { c throws(JSONSyntaxError) in pair.append(try c.readInt()) }
            if pair.count == 2 { (e.start, e.end) = (pair[0], pair[1]) }
        } else if key == "expanded_url" {
            e.expanded = try c.readString()
        } else if key == "display_url" {
            e.display = try c.readString()
        } else {
            return false
        }
        return true
    }

    /// A media list.
    private static func media(_ c: inout JSONCursor) throws(JSONSyntaxError) -> [RawTweet.RawMedia] {
        var list: [RawTweet.RawMedia] = []
        _ = try c.readArray { c throws(JSONSyntaxError) in
            var m = RawTweet.RawMedia()
            let isObject = try c.readObject { c, key throws(JSONSyntaxError) in
                if key == "url" || key == "indices" {
                    _ = try entityMember(key, of: &m.link, text: "url", &c)
                } else if key == "type" {
                    m.type = try c.readString()
                } else if key == "media_url_https" {
                    m.imageURL = try c.readString() ?? m.imageURL
                } else if key == "media_url" {
                    let url = try c.readString()
                    if m.imageURL == nil { m.imageURL = url }
                } else if key == "sizes" {
                    try sizes(&c, into: &m)
                } else if key == "video_info" {
                    m.hasVideoInfo = true
                    try videoInfo(&c, into: &m)
                } else {
                    try c.skip()
                }
            }
            if isObject { list.append(m) }
        }
        return list
    }

    /// `sizes`: `{large, medium, …}` of `{w, h}`, or Grailbird's list of `{w, h}` (its widest).
    private static func sizes(_ c: inout JSONCursor, into m: inout RawTweet.RawMedia) throws(JSONSyntaxError) {
        func size(_ c: inout JSONCursor) throws(JSONSyntaxError) -> (Int, Int)? {
            var w: Int?, h: Int?
            _ = try c.readObject { c, key throws(JSONSyntaxError) in
                if key == "w" { w = try c.readInt() } else if key == "h" { h = try c.readInt() } else { try c.skip() }
            }
            guard let w, let h, w > 0, h > 0 else { return nil }
            return (w, h)
        }
        var found: (Int, Int)?
        if c.nextByte() == UInt8(ascii: "[") {
            _ = try c.readArray { c throws(JSONSyntaxError) in
                if let s = try size(&c), s.0 > (found?.0 ?? 0) { found = s }
            }
        } else {
            var large: (Int, Int)?, medium: (Int, Int)?
            _ = try c.readObject { c, key throws(JSONSyntaxError) in
                if key == "large" { large = try size(&c) } else if key == "medium" { medium = try size(&c) } else { try c.skip() }
            }
            found = large ?? medium
        }
        if let (w, h) = found { (m.width, m.height) = (w, h) }
    }

    /// `video_info`: variants, duration and aspect ratio.
    private static func videoInfo(_ c: inout JSONCursor, into m: inout RawTweet.RawMedia) throws(JSONSyntaxError) {
        _ = try c.readObject { c, key throws(JSONSyntaxError) in
            if key == "duration_millis" {
                m.durationMillis = try c.readInt()
            } else if key == "aspect_ratio" {
                var pair: [Int?] = []
                _ = try c.readArray { c throws(JSONSyntaxError) in pair.append(try c.readInt()) }
                if pair.count == 2, let w = pair[0], let h = pair[1], w > 0, h > 0 { m.aspect = (w, h) }
            } else if key == "variants" {
                _ = try c.readArray { c throws(JSONSyntaxError) in
                    var v: (bitrate: Int?, type: String?, url: String?) = (nil, nil, nil)
                    if try c.readObject({ c, key throws(JSONSyntaxError) in
                        if key == "bitrate" {
                            v.bitrate = try c.readInt()
                        } else if key == "content_type" {
                            v.type = try c.readString()
                        } else if key == "url" {
                            v.url = try c.readString()
                        } else {
                            try c.skip()
                        }
                    }) {
                        m.variants.append(v)
                    }
                }
            } else {
                try c.skip()
            }
        }
    }
}
