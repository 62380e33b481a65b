"""Checks the generated Assets/ against the demo's contract; exits non-zero on the first broken rule.

Usage: check_assets.py ASSETS_DIR
"""

import json
import sys
from collections import Counter
from pathlib import Path

from PIL import Image

import demo_feed

ICONS = ["back", "menu", "search", "theme", "chevron-down", "photo-placeholder", "broken-image", "close", "play"]
FULL_PHOTO_BYTES = 1_485_159


def require(condition, message):
    """Exits with `message` unless `condition` holds."""
    if not condition:
        sys.exit(f"check_assets: {message}")


def check_feed(demo):
    """The feed's counts, ordering, sections, files and sizes."""
    feed = json.loads((demo / "feed.json").read_text(encoding="utf-8"))
    items = feed["items"]
    require(feed["version"] == "https://jsonfeed.org/version/1.1", "version")
    require(len(items) >= 64, f"only {len(items)} items")
    ids = [int(item["id"]) for item in items]
    dates = [item["date_published"] for item in items]
    require(ids == sorted(set(ids), reverse=True), "ids not unique and decreasing")
    require(dates == sorted(set(dates), reverse=True), "dates not strictly decreasing")
    require(dates[0].startswith("2026-11-20") and dates[-1].startswith("2025-11"), "date range")
    authors = {item["authors"][0]["_plumage"]["handle"] for item in items}
    require(len(authors) >= 12, "fewer than 12 authors")
    for item in items:
        for author in item["authors"]:
            require((demo / author["avatar"]).is_file(), f"missing avatar {author['avatar']}")
        for attachment in item.get("attachments", []):
            path = demo / attachment["url"]
            size = (attachment["_plumage"]["width"], attachment["_plumage"]["height"])
            if attachment["url"] == f"photos/{demo_feed.MISSING}":
                require(not path.exists(), "photos/missing.jpg must stay missing")
                continue
            require(path.is_file(), f"missing {attachment['url']}")
            with Image.open(path) as image:
                require(image.size == size, f"{attachment['url']} is {image.size}, feed says {size}")
        with_photos = bool(item.get("attachments"))
        require(("Media" in item["_plumage"]["sections"]) == with_photos, f"Media section of {item['id']}")
    counts = Counter(len(item.get("attachments", [])) for item in items)
    require(sum(n for k, n in counts.items() if k) >= 30, "fewer than 30 photo items")
    require(all(counts[k] >= 3 for k in (2, 3, 4)), f"grid cases {dict(counts)}")
    require(any(len(item["content_text"]) == 280 for item in items), "no 280-scalar item")
    favourites = sum("Favorites" in item["_plumage"]["sections"] for item in items)
    print(f"feed: {len(items)} items, {len(authors)} authors, photo counts {dict(sorted(counts.items()))}, "
          f"{favourites} favourites, {dates[-1]} .. {dates[0]}")


def check_images(assets):
    """Photo count and sizes, avatar and icon formats."""
    photos = sorted((assets / "demo" / "photos").glob("*.jpg"))
    require(len(photos) >= 22, "fewer than 22 photos")
    for photo in photos:
        with Image.open(photo) as image:
            require(photo.name == "seeding-full.jpg" or max(image.size) <= 1600, f"{photo.name} too large")
    require((assets / "demo" / "photos" / "seeding-full.jpg").stat().st_size == FULL_PHOTO_BYTES, "seeding-full")
    for avatar in (assets / "demo" / "avatars").glob("*.jpg"):
        with Image.open(avatar) as image:
            require(image.size == (128, 128), f"{avatar.name} size")
    for name in ICONS:
        with Image.open(assets / "icons" / f"{name}.png") as image:
            require(image.mode == "RGBA" and image.size == (64, 64), f"icon {name}")
            require(image.getchannel("R").getextrema() == (255, 255), f"icon {name} not white")
    with Image.open(assets / "icons" / "plumage.png") as image:
        require(image.size == (256, 256), "app icon size")
    print(f"images: {len(photos)} photos, avatars and icons OK")


def main():
    """Entry point: see the module docstring."""
    assets = Path(sys.argv[1])
    check_feed(assets / "demo")
    check_images(assets)


if __name__ == "__main__":
    main()
