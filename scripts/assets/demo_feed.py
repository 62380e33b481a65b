"""Writes Assets/demo/feed.json (JSON Feed 1.1 + the `_plumage` extension) from demo_texts.py.

Usage: demo_feed.py ASSETS_DIR
Run after make_images.py: attachment sizes are read from the committed photo files.
"""

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from PIL import Image

import demo_texts

NEWEST = datetime(2026, 11, 20, 9, 12, tzinfo=timezone.utc)
OLDEST = datetime(2025, 11, 4, 18, 40, tzinfo=timezone.utc)
FIRST_GAPS_MINUTES = [17, 48, 130, 300, 540, 1200]  # recent items: relative dates in minutes and hours
MISSING = "missing.jpg"
MISSING_SIZE = (1600, 1200)  # declared size of the deliberately missing photo
FIRST_ID = 1000

ABOUT = (
    "Plumage extension. Feed `_plumage.sections` names the sections of the title picker: the first "
    "(Timeline) holds every item implicitly, each other section holds the items whose "
    "`_plumage.sections` list its name. `_plumage.owner` is the account the feed belongs to. Item "
    "`_plumage.kind` is post, reply, repost or quote; author `_plumage.handle` is the handle without @; "
    "attachment `_plumage.width`/`height` give the pixel size before the file is decoded. Paths are "
    "relative to this file's folder. Item {missing_id} deliberately points at photos/missing.jpg, which "
    "does not exist, to exercise the broken-photo placeholder (declared 1600x1200)."
)


def dates(count):
    """`count` publication times from NEWEST back to OLDEST, strictly decreasing, whole minutes."""
    rng = random.Random(2026)
    first = [timedelta(minutes=m) for m in FIRST_GAPS_MINUTES[: count - 1]]
    weights = [rng.uniform(0.3, 1.7) for _ in range(count - 1 - len(first))]
    rest = (NEWEST - OLDEST) - sum(first, timedelta())
    gaps = first + [timedelta(minutes=round(rest.total_seconds() / 60 * w / sum(weights))) for w in weights]
    result, moment = [], NEWEST
    for gap in [timedelta()] + gaps:
        moment -= gap
        result.append(moment)
    return result


def author(handle):
    """The JSON Feed author object of a demo handle."""
    return {
        "name": demo_texts.AUTHORS[handle],
        "url": f"https://example.social/@{handle}",
        "avatar": f"avatars/{handle}.jpg",
        "_plumage": {"handle": handle},
    }


def attachment(name, photos_dir):
    """The attachment object of a photo; its size is read from the file."""
    if name == MISSING:
        width, height = MISSING_SIZE
    else:
        with Image.open(photos_dir / name) as image:
            width, height = image.size
    return {"url": f"photos/{name}", "mime_type": "image/jpeg", "_plumage": {"width": width, "height": height}}


def build(assets):
    """The whole feed as a JSON-ready dict."""
    photos_dir = assets / "demo" / "photos"
    items, missing_id = [], None
    stamps = dates(len(demo_texts.ITEMS))
    for index, (handle, kind, text, photos, favourite) in enumerate(demo_texts.ITEMS):
        item_id = str(FIRST_ID + len(demo_texts.ITEMS) - index)
        sections = (["Favorites"] if favourite else []) + (["Media"] if photos else [])
        item = {
            "id": item_id,
            "url": f"https://example.social/@{handle}/{item_id}",
            "date_published": stamps[index].strftime("%Y-%m-%dT%H:%M:%SZ"),
            "content_text": text,
            "authors": [author(handle)],
        }
        if photos:
            item["attachments"] = [attachment(name, photos_dir) for name in photos]
        item["_plumage"] = {"kind": kind, "sections": sections}
        items.append(item)
        if MISSING in photos:
            missing_id = item_id
    return {
        "version": "https://jsonfeed.org/version/1.1",
        "title": "Plumage demo",
        "home_page_url": "https://example.org/plumage",
        "description": "A small photography, nature, travel and programming community, written for the "
                       "Plumage demo. All people are fictional; photos are CC0, public domain or CC BY 4.0 "
                       "(see Assets/LICENSES.md).",
        "language": "en",
        "authors": [author(demo_texts.OWNER)],
        "_plumage": {
            "about": ABOUT.format(missing_id=missing_id),
            "sections": ["Timeline", "Favorites", "Media"],
            "owner": {"name": demo_texts.AUTHORS[demo_texts.OWNER], "handle": demo_texts.OWNER},
        },
        "items": items,
    }


def compact(value):
    """One-line JSON with spaces after separators and non-ASCII kept as is."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def dumps(feed):
    """Pretty JSON: one line per top-level key and per item field, so each item reads as a short block."""
    head = [f' {compact(key)}: {compact(value)},' for key, value in feed.items() if key != "items"]
    blocks = []
    for item in feed["items"]:
        fields = [f'{compact(key)}: {compact(value)}' for key, value in item.items()]
        blocks.append("  {" + ",\n   ".join(fields) + "}")
    text = "{\n" + "\n".join(head) + '\n "items": [\n' + ",\n".join(blocks) + "\n ]\n}\n"
    if json.loads(text) != feed:
        raise ValueError("feed formatting does not round-trip")
    return text


def main():
    """Entry point: see the module docstring."""
    assets = Path(sys.argv[1])
    (assets / "demo" / "feed.json").write_text(dumps(build(assets)), encoding="utf-8")


if __name__ == "__main__":
    main()
