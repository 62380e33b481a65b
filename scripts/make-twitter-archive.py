#!/usr/bin/env python3
"""Writes a synthetic Twitter/X account archive in the real 2022+ layout, for load benchmarks.

Usage: scripts/make-twitter-archive.py N OUT [--zip] [--seed S]

OUT is a folder (or, with --zip, a .zip file holding the same tree) with:
  Your archive.html                       a stub, as in real exports
  data/manifest.js                        window.__THAR_CONFIG = {userInfo, archiveInfo, dataTypes{tweets, like, ...}}
  data/account.js, data/profile.js        the owner (account.js carries an email field, as real ones do)
  data/profile_media/<accountId>-<name>   the avatar
  data/tweets.js, data/tweets-part1.js …  N tweets, newest first with a few out of order, `{"tweet": …}`
                                          items, split into ~100 MB parts like X does
  data/like.js                            N / 5 likes
  data/tweets_media/<tweet id>-<name>     photos (tiny JPEGs from Assets/demo), mp4 stand-ins (junk bytes),
                                          a few missing files and two junk files (-root3.png, root3.png)

Texts mix words, hashtags (Latin, Cyrillic, Japanese), mentions, t.co links with url entities, emoji
(astral, skin tones, ZWJ, flags) and `&amp;`/`&lt;`/`&gt;` escapes, with entity indices in code points
over the escaped text (Python string indices). About 10 % of tweets carry 1–4 photos sharing one t.co
link, 1 % a video (m3u8 + three mp4 variants with `?tag=12`) and 0.5 % a GIF (one mp4, bitrate "0");
15 % are retweets (some truncated with `…`), 20 % replies, 5 % quotes. 100,000 tweets give about
155 MB of tweets JSON. The same N and seed always give the same bytes. Standard library only.
"""

import json
import random
import sys
import zipfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "Assets" / "demo"
PART_BYTES = 100_000_000
ACCOUNT_ID = "2444552670"
OWNER = "plumage_owner"
EPOCH_MS = 1288834974657  # Twitter's snowflake epoch

WORDS = ("the a of to and in is it for on with as at this that from by be have just more time new "
         "morning coffee build photo walk city light river train book music code swift linux archive "
         "design weekend friends garden rain snow summer winter tea bread market bike night sky").split()
TAGS = ["swift", "linux", "photography", "coffee", "LeadDevBerlin", "café", "фото", "Москва", "写真", "東京",
        "日本語", "ελληνικά", "100DaysOfCode", "indieweb"]
EMOJI = ["😀", "👋", "🎉", "😎✌🏼️", "👨‍👩‍👧", "🇧🇹", "🇯🇵", "☀️", "✈️", "👍🏽", "❤️", "🐦"]
HANDLES = ["ada_park", "mirakato", "tomasz", "jiwoo", "noa_levi", "priya", "ivan_sokolov", "elena_ruiz",
           "hugo_m", "liwei", "sorenholm", "marcus_b", "CSSconfeu", "jsconfeu", "fabioberger123"]
DOMAINS = ["example.com", "blog.example.org", "news.example.net", "docs.swift.org", "github.com"]
SOURCES = ['<a href="https://mobile.twitter.com" rel="nofollow">Twitter Web App</a>',
           '<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>',
           '<a href="https://about.twitter.com/products/tweetdeck" rel="nofollow">TweetDeck</a>']
SLUG = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
MEDIA_KEY = SLUG + "_-"


def jpeg_size(data):
    """(width, height) from a JPEG's first SOF segment."""
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xC0, 0xC1, 0xC2):
            return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
        i += 2 + int.from_bytes(data[i + 2:i + 4], "big")
    return 0, 0


def photo_pool():
    """Tiny JPEGs to copy: every demo avatar plus two small photos of other shapes."""
    paths = sorted((ASSETS / "avatars").glob("*.jpg")) + [ASSETS / "photos" / "cat.jpg",
                                                          ASSETS / "photos" / "gradient-portrait.jpg"]
    pool = []
    for path in paths:
        data = path.read_bytes()
        pool.append((data, *jpeg_size(data)))
    return pool


class Writer:
    """A folder or a zip being written, addressed by archive-relative names."""

    def __init__(self, out, as_zip):
        self.zip = zipfile.ZipFile(out, "w") if as_zip else None
        self.root = None if as_zip else Path(out)
        if self.root:
            self.root.mkdir(parents=True, exist_ok=True)

    def write(self, name, data, compress=True):
        if isinstance(data, str):
            data = data.encode("utf-8")
        if self.zip:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
            self.zip.writestr(info, data)
        else:
            path = self.root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)

    def close(self):
        if self.zip:
            self.zip.close()


def pretty(value, indent):
    """JSON as X writes it: two-space indent, `"key" : value`, `[ ]` for empty arrays, every number a string."""
    text = json.dumps(value, ensure_ascii=False, indent=2, separators=(",", " : "))
    text = text.replace("[]", "[ ]").replace("{}", "{ }")
    pad = " " * indent
    return "\n".join(pad + line if i else line for i, line in enumerate(text.split("\n")))


def ytd(global_name, items):
    """A `window.YTD.<name> = [ … ]` file body."""
    body = ",\n".join("  " + pretty(item, 2) for item in items)
    return f"window.{global_name} = [\n{body}\n]" if items else f"window.{global_name} = [ ]"


class Generator:
    """Builds tweets one at a time from a seeded random stream."""

    def __init__(self, count, rng, pool):
        self.count, self.rng, self.pool = count, rng, pool
        self.media_files = []  # (name, bytes) to write
        self.missing = 0

    def snowflake(self, moment):
        ms = int(moment.timestamp() * 1000) - EPOCH_MS
        return str((ms << 22) | self.rng.getrandbits(22))

    def slug(self, n=10):
        return "".join(self.rng.choice(SLUG) for _ in range(n))

    def text_and_entities(self):
        """Escaped full_text and its entities (indices in code points of the escaped text)."""
        rng = self.rng
        parts, ents = [], {"hashtags": [], "symbols": [], "user_mentions": [], "urls": []}
        length = 0

        def add(s):
            nonlocal length
            parts.append(s)
            length += len(s)

        for _ in range(rng.randint(3, 12)):
            if length:
                add(" ")
            roll = rng.random()
            if roll < 0.07:
                tag = rng.choice(TAGS)
                sign = "＃" if rng.random() < 0.03 else "#"
                ents["hashtags"].append({"text": tag, "indices": [str(length), str(length + 1 + len(tag))]})
                add(sign + tag)
            elif roll < 0.12:
                handle = rng.choice(HANDLES)
                ents["user_mentions"].append({"name": handle.title(), "screen_name": handle, "indices":
                                              [str(length), str(length + 1 + len(handle))],
                                              "id_str": str(rng.randint(10**6, 10**9)), "id": "0"})
                add("@" + handle)
            elif roll < 0.16:
                add(rng.choice(EMOJI))
            elif roll < 0.19:
                add(rng.choice(["&amp;", "&lt;3", "&gt;", "&amp; more"]))
            elif roll < 0.21:
                domain = rng.choice(DOMAINS)
                path = "/" + "/".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
                tco = "https://t.co/" + self.slug()
                display = domain + path
                if len(display) > 26:
                    display = display[:25] + "…"
                ents["urls"].append({"url": tco, "expanded_url": f"https://{domain}{path}",
                                     "display_url": display, "indices": [str(length), str(length + len(tco))]})
                add(tco)
            else:
                add(rng.choice(WORDS))
        return "".join(parts), ents

    def media(self, tweet_id, offset):
        """(t.co url, extended media list) for 1–4 photos, a video or a GIF, or (None, None)."""
        rng = self.rng
        roll = rng.random()
        if roll >= 0.115:
            return None, None
        tco = "https://t.co/" + self.slug()
        display = "pic.twitter.com/" + tco[-10:]
        expanded = f"https://twitter.com/{OWNER}/status/{tweet_id}/photo/1"
        common = {"expanded_url": expanded, "indices": [str(offset), str(offset + len(tco))], "url": tco,
                  "display_url": display}
        items = []
        if roll < 0.10:
            for _ in range(rng.choice([1, 1, 1, 1, 2, 4])):
                data, w, h = rng.choice(self.pool)
                key = "".join(rng.choice(MEDIA_KEY) for _ in range(15))
                name = f"{tweet_id}-{key}.jpg"
                if rng.random() < 0.002:
                    self.missing += 1
                else:
                    self.media_files.append((name, data))
                items.append(dict(common, media_url=f"http://pbs.twimg.com/media/{key}.jpg",
                                  id_str=str(rng.getrandbits(60)), id=str(rng.getrandbits(60)),
                                  media_url_https=f"https://pbs.twimg.com/media/{key}.jpg",
                                  sizes=self.sizes(w, h), type="photo"))
        else:
            gif = roll >= 0.11
            key = "".join(rng.choice(MEDIA_KEY) for _ in range(15))
            if gif:
                variants = [{"bitrate": "0", "content_type": "video/mp4",
                             "url": f"https://video.twimg.com/tweet_video/{key}.mp4"}]
                best = f"{key}.mp4"
            else:
                base = f"https://video.twimg.com/ext_tw_video/{rng.getrandbits(60)}/pu/vid"
                variants = [{"content_type": "application/x-mpegURL",
                             "url": f"https://video.twimg.com/ext_tw_video/{key}/pu/pl/{key}.m3u8?tag=12"}]
                for rate, size in (("256000", "480x270"), ("2176000", "1280x720"), ("832000", "640x360")):
                    variants.append({"bitrate": rate, "content_type": "video/mp4",
                                     "url": f"{base}/{size}/{key}{size[:3]}.mp4?tag=12"})
                best = f"{key}128.mp4"
            self.media_files.append((f"{tweet_id}-{best}", bytes(rng.getrandbits(8) for _ in range(64))))
            items.append(dict(common, media_url=f"http://pbs.twimg.com/tweet_video_thumb/{key}.jpg",
                              id_str=str(rng.getrandbits(60)),
                              video_info={"aspect_ratio": ["16", "9"], "duration_millis": str(rng.randint(1000, 60000)),
                                          "variants": variants} if not gif else
                              {"aspect_ratio": ["16", "9"], "variants": variants},
                              media_url_https=f"https://pbs.twimg.com/tweet_video_thumb/{key}.jpg",
                              sizes=self.sizes(1280, 720), type="animated_gif" if gif else "video"))
        return tco, items

    @staticmethod
    def sizes(w, h):
        return {"large": {"w": str(w), "h": str(h), "resize": "fit"},
                "medium": {"w": str(w), "h": str(h), "resize": "fit"},
                "thumb": {"w": "150", "h": "150", "resize": "crop"},
                "small": {"w": str(w), "h": str(h), "resize": "fit"}}

    def tweet(self, moment):
        rng = self.rng
        tweet_id = self.snowflake(moment)
        text, ents = self.text_and_entities()
        roll = rng.random()
        reply = quote = False
        if roll < 0.15:
            handle = rng.choice(HANDLES)
            prefix = f"RT @{handle}: "
            shift = len(prefix)
            for group in ents.values():
                for e in group:
                    e["indices"] = [str(int(e["indices"][0]) + shift), str(int(e["indices"][1]) + shift)]
            ents["user_mentions"].insert(0, {"name": handle, "screen_name": handle, "indices": ["3", str(3 + len(handle) + 1)],
                                             "id_str": "-1" if rng.random() < 0.01 else str(rng.randint(10**6, 10**9)),
                                             "id": "-1"})
            text = prefix + text
            if len(text) > 140 and rng.random() < 0.5:
                text = text[:139] + "…"
                for key in ents:
                    ents[key] = [e for e in ents[key] if int(e["indices"][1]) <= 139]
        elif roll < 0.35:
            reply = True
        elif roll < 0.40:
            quote = True
            target = f"https://twitter.com/{rng.choice(HANDLES)}/status/{rng.getrandbits(60)}"
            tco = "https://t.co/" + self.slug()
            ents["urls"].append({"url": tco, "expanded_url": target, "display_url": target[8:34] + "…",
                                 "indices": [str(len(text) + 1), str(len(text) + 1 + len(tco))]})
            text += " " + tco
        tco, media = (None, None) if roll < 0.15 else self.media(tweet_id, len(text) + 1)
        if tco:
            text += " " + tco
            ents["media"] = [media[0]]
        tweet = {
            "edit_info": {"initial": {"editTweetIds": [tweet_id], "editableUntil": (moment + timedelta(minutes=30))
                                      .strftime("%Y-%m-%dT%H:%M:%S.000Z"), "editsRemaining": "5", "isEditEligible": True}},
            "retweeted": False,
            "source": rng.choice(SOURCES),
            "entities": ents,
            "display_text_range": ["0", str(len(text))],
            "favorite_count": "0" if roll < 0.15 else str(rng.randint(0, 500)),
            "id_str": tweet_id,
            "truncated": False,
            "retweet_count": str(rng.randint(0, 50)),
            "id": tweet_id,
            "created_at": moment.strftime("%a %b %d %H:%M:%S +0000 %Y"),
            "favorited": False,
            "full_text": text,
            "lang": "en",
        }
        if media:
            tweet["possibly_sensitive"] = False
            tweet["extended_entities"] = {"media": media}
        if reply:
            tweet["in_reply_to_status_id_str"] = str(rng.getrandbits(60))
            tweet["in_reply_to_status_id"] = tweet["in_reply_to_status_id_str"]
            tweet["in_reply_to_user_id"] = tweet["in_reply_to_user_id_str"] = str(rng.randint(10**6, 10**9))
            if rng.random() < 0.9:
                tweet["in_reply_to_screen_name"] = rng.choice(HANDLES)
        return {"tweet": tweet}


def main():
    args = sys.argv[1:]
    as_zip = "--zip" in args
    seed = 1
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    args = [a for a in args if a != "--zip"]
    if len(args) != 2 or not args[0].isdigit():
        sys.exit("usage: make-twitter-archive.py N OUT [--zip] [--seed S]")
    count, out = int(args[0]), args[1]
    rng = random.Random(seed)
    gen = Generator(count, rng, photo_pool())

    moment = datetime(2024, 6, 30, 12, 0, tzinfo=timezone.utc)
    tweets = []
    for _ in range(count):
        tweets.append(gen.tweet(moment))
        moment -= timedelta(seconds=rng.randint(60, 7200))
    for _ in range(count // 100):  # a few out of order, as real archives are
        i = rng.randrange(max(1, count - 1))
        tweets[i], tweets[i + 1] = tweets[i + 1], tweets[i]

    writer = Writer(out, as_zip)
    parts, current, size = [], [], 0
    for item in tweets:
        length = len(pretty(item, 2).encode("utf-8")) + 4
        if current and size + length > PART_BYTES:
            parts.append(current)
            current, size = [], 0
        current.append(item)
        size += length
    parts.append(current)
    files = []
    for n, items in enumerate(parts):
        name = "data/tweets.js" if n == 0 else f"data/tweets-part{n}.js"
        writer.write(name, ytd(f"YTD.tweets.part{n}", items))
        files.append({"fileName": name, "globalName": f"YTD.tweets.part{n}", "count": str(len(items))})

    likes = []
    for _ in range(count // 5):
        tid = str(rng.getrandbits(60))
        like = {"tweetId": tid, "expandedUrl": f"https://twitter.com/i/web/status/{tid}"}
        if rng.random() < 0.95:
            like["fullText"] = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 30))) + " &amp; #liked"
        likes.append({"like": like})
    writer.write("data/like.js", ytd("YTD.like.part0", likes))

    avatar = "-kl_OZKZ.jpg"
    writer.write("data/account.js", ytd("YTD.account.part0", [{"account": {
        "email": "owner@example.com", "createdVia": "web", "username": OWNER, "accountId": ACCOUNT_ID,
        "createdAt": "2014-04-15T11:22:33.000Z", "accountDisplayName": "Plumage Owner"}}]))
    writer.write("data/profile.js", ytd("YTD.profile.part0", [{"profile": {
        "description": {"bio": "Synthetic archive for benchmarks", "website": "", "location": ""},
        "avatarMediaUrl": f"https://pbs.twimg.com/profile_images/1177020068691152898/{avatar}"}}]))
    writer.write(f"data/profile_media/{ACCOUNT_ID}-{avatar}", (ASSETS / "avatars" / "adapark.jpg").read_bytes(), False)
    manifest = {
        "userInfo": {"accountId": ACCOUNT_ID, "userName": OWNER, "displayName": "Plumage Owner"},
        "archiveInfo": {"sizeBytes": "0", "generationDate": "2024-07-01T00:00:00.000Z", "isPartialArchive": False,
                        "maxPartSizeBytes": "53687091200"},
        "readmeInfo": {"fileName": "data/README.txt", "directory": "data/", "name": "README.txt"},
        "dataTypes": {
            "account": {"files": [{"fileName": "data/account.js", "globalName": "YTD.account.part0", "count": "1"}]},
            "like": {"files": [{"fileName": "data/like.js", "globalName": "YTD.like.part0", "count": str(len(likes))}]},
            "profile": {"mediaDirectory": "data/profile_media",
                        "files": [{"fileName": "data/profile.js", "globalName": "YTD.profile.part0", "count": "1"}]},
            "tweets": {"mediaDirectory": "data/tweets_media", "files": files},
            "tweetsMedia": {"mediaDirectory": "data/tweets_media"},
        },
    }
    writer.write("data/manifest.js", "window.__THAR_CONFIG = " + pretty(manifest, 0))
    writer.write("Your archive.html", "<!DOCTYPE html><title>Your archive</title>\n")
    for name, data in gen.media_files:
        writer.write("data/tweets_media/" + name, data, False)
    writer.write("data/tweets_media/-root3.png", b"junk", False)
    writer.write("data/tweets_media/root3.png", b"junk", False)
    writer.close()
    print(f"{count} tweets in {len(parts)} part(s), {len(likes)} likes, {len(gen.media_files)} media files "
          f"({gen.missing} missing) -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
