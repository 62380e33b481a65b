#!/usr/bin/env python3
"""Generates a folder tree of photos ("places") for the places screens, tests and benchmarks.

    scripts/make-photo-tree.py OUT [--folders 2000] [--photos 100000] [--seed 1] [--copy --exif]

Folders are year folders ("2004") holding trip folders ("Lisbon 3"), every other year folder with
photos of its own; photos per folder follow a skewed, seeded distribution summing to --photos. Each photo is a
hard link to one of the bundled demo JPEGs (Assets/demo/photos), so 100,000 photos take no disk
space (they link to copies in OUT/.originals, hidden, so not scanned); --copy writes copies instead, with file times spread over the folder's year, and --exif
also puts an EXIF DateTimeOriginal into each copy (the date the places screens show). OUT must
not exist.
"""
import argparse
import os
import random
import shutil
import struct
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CITIES = ["Lisbon", "Rome", "Kyoto", "Oslo", "Lima", "Cairo", "Quito", "Hanoi", "Porto", "Seville", "Bergen", "Cusco",
          "Nara", "Tunis", "Valparaíso", "Reykjavík", "Tbilisi", "Zagreb", "Dakar", "Hobart"]


def exif_app1(date):
    """An APP1 Exif segment (big-endian TIFF) whose IFD0 points to an Exif IFD holding DateTimeOriginal."""
    value = date.encode() + b"\0"                      # "YYYY:MM:DD HH:MM:SS\0", 20 bytes
    ifd0 = struct.pack(">H", 1) + struct.pack(">HHII", 0x8769, 4, 1, 26) + struct.pack(">I", 0)
    exif_ifd = struct.pack(">H", 1) + struct.pack(">HHII", 0x9003, 2, 20, 44) + struct.pack(">I", 0)
    tiff = b"MM" + struct.pack(">HI", 42, 8) + ifd0 + exif_ifd + value
    payload = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def counts(total, folders, rng):
    """`folders` positive counts summing to `total`, skewed (a few big folders, many small ones)."""
    weights = [rng.paretovariate(1.2) for _ in range(folders)]
    scale = (total - folders) / sum(weights)
    out = [1 + int(w * scale) for w in weights]
    for i in range(total - sum(out)):
        out[i % folders] += 1
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--folders", type=int, default=2000)
    parser.add_argument("--photos", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--copy", action="store_true", help="copies with spread file times instead of hard links")
    parser.add_argument("--exif", action="store_true", help="with --copy: an EXIF date in each copy")
    args = parser.parse_args()
    if os.path.exists(args.out):
        sys.exit(f"{args.out} exists; choose a new folder")
    if args.photos < args.folders:
        sys.exit("--photos must be at least --folders")
    rng = random.Random(args.seed)
    sources = sorted(os.path.join(ROOT, "Assets/demo/photos", n)
                     for n in os.listdir(os.path.join(ROOT, "Assets/demo/photos")) if n.endswith(".jpg"))
    sources = [s for s in sources if os.path.getsize(s) < 400_000]
    if not args.copy:
        # Links need the same file system: the originals are copied once into a hidden folder
        # (which the scan skips) and linked from there.
        originals = os.path.join(args.out, ".originals")
        os.makedirs(originals)
        for i, s in enumerate(sources):
            shutil.copyfile(s, os.path.join(originals, os.path.basename(s)))
        sources = [os.path.join(originals, os.path.basename(s)) for s in sources]
    years = max(1, min(args.folders // 4, max(3, args.folders // 100)))
    made = 0
    for f, count in enumerate(counts(args.photos, args.folders, rng)):
        year = 2024 - f % years
        # Every other year folder holds photos itself (a place of its own); the other places are trips.
        folder = os.path.join(args.out, str(year))
        if f >= years or f % 2:
            folder = os.path.join(folder, f"{CITIES[f % len(CITIES)]} {f // len(CITIES) + 1}")
        os.makedirs(folder, exist_ok=True)
        start = rng.randrange(0, 330) * 86400
        for i in range(count):
            source = sources[(f + i) % len(sources)]
            path = os.path.join(folder, f"IMG_{i + 1:04d}.jpg")
            seconds = 1_704_067_200 - (2024 - year) * 365 * 86400 + start + i * 3600 * 5
            if args.copy:
                data = open(source, "rb").read()
                if args.exif:
                    date = time.strftime("%Y:%m:%d %H:%M:%S", time.gmtime(seconds + 3600))
                    data = data[:2] + exif_app1(date) + data[2:]
                with open(path, "wb") as out:
                    out.write(data)
                os.utime(path, (seconds, seconds))
            else:
                os.link(source, path)
            made += 1
    print(f"{made} photos in {args.folders} places under {args.out}")


if __name__ == "__main__":
    main()
