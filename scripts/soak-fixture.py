#!/usr/bin/env python3
"""Writes the soak run's feed (see scripts/soak.sh) into OUT: a copy of Assets/demo plus 200 photos
made from the demo's with ImageMagick (each demo photo at 8 sizes, 640 to 3000 px wide) in
OUT/photos/soak/, and OUT/feed.json: first an "album" post whose 200 attachments are those photos
(its image view pages through all 200), then the demo's posts three times over (about 200 posts to
scroll, with their photos). Every path is relative, inside OUT. Nothing is written outside OUT.

Usage: scripts/soak-fixture.py OUT
"""

import copy
import json
import shutil
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

DEMO = Path(__file__).resolve().parent.parent / "Assets" / "demo"
WIDTHS = [640, 800, 1024, 1280, 1600, 2000, 2400, 3000]
NEWEST = datetime(2026, 11, 20, 10, 0, tzinfo=timezone.utc)


def make_photos(out):
    """Writes the 200 photos into OUT/photos/soak; returns their attachments (relative url, size)."""
    folder = out / "photos" / "soak"
    folder.mkdir(parents=True, exist_ok=True)
    sources = sorted((DEMO / "photos").glob("*.jpg"))
    attachments = []
    for index in range(200):
        source = sources[index % len(sources)]
        width = WIDTHS[(index // len(sources)) % len(WIDTHS)]
        name = f"{index + 1:03d}-{source.stem}-{width}.jpg"
        target = folder / name
        if not target.exists():
            subprocess.run(["convert", str(source), "-resize", f"{width}x", "-quality", "85", str(target)], check=True)
        size = subprocess.run(["identify", "-format", "%w %h", str(target)], check=True, capture_output=True, text=True)
        w, h = (int(v) for v in size.stdout.split())
        attachments.append({"url": f"photos/soak/{name}", "mime_type": "image/jpeg", "_plumage": {"width": w, "height": h}})
    return attachments


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for part in ("avatars", "photos"):
        shutil.copytree(DEMO / part, out / part, dirs_exist_ok=True)
    demo = json.loads((DEMO / "feed.json").read_text())
    album = {
        "id": "album", "date_published": NEWEST.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "content_text": "Soak album: 200 photos.",
        "authors": copy.deepcopy(demo["items"][0]["authors"]),
        "attachments": make_photos(out),
    }
    items, moment = [album], NEWEST
    for index in range(3 * len(demo["items"])):
        item = copy.deepcopy(demo["items"][index % len(demo["items"])])
        moment -= timedelta(minutes=5 + index % 17)
        item["id"] = f"soak-{index}"
        item["date_published"] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
        items.append(item)
    demo["items"] = items
    demo["title"] = "Soak"
    (out / "feed.json").write_text(json.dumps(demo, ensure_ascii=False))
    print(f"soak fixture: {len(items)} posts, 200 photos in {out}")


if __name__ == "__main__":
    main()
