"""Writes the demo photos, avatars and backgrounds listed in sources.py.

Usage: make_images.py WALLPAPER_DIR SKIMAGE_DATA_DIR INTER_BOLD_OTF ASSETS_DIR
Every output is re-encoded from pixels only (no EXIF, ICC or comments), baseline JPEG.
"""

import hashlib
import shutil
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

import sources


def open_source(key, wallpapers, skimage):
    """Opens a source image by its manifest key as RGB."""
    kind, name = key.split(":", 1)
    folder = wallpapers if kind == "bg" else skimage
    image = Image.open(folder / name)
    if image.mode in ("RGBA", "LA"):
        backdrop = Image.new("RGB", image.size, "white")
        backdrop.paste(image, mask=image.getchannel("A"))
        return backdrop
    return image.convert("RGB")


def crop_fraction(image, box):
    """Crops by fractions (x0, y0, x1, y1) of the image size."""
    w, h = image.size
    return image.crop((round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h)))


def save_jpeg(image, path, quality):
    """Saves a baseline, metadata-free JPEG."""
    image.save(path, "JPEG", quality=quality, optimize=True, progressive=False)


def fit_long_edge(image, edge):
    """Downscales so the long edge is at most `edge` pixels; never upscales."""
    w, h = image.size
    scale = edge / max(w, h)
    if scale >= 1:
        return image
    return image.resize((round(w * scale), round(h * scale)), Image.LANCZOS)


def hashed(handle):
    """A stable digest of a handle, for identicon patterns and colours."""
    return hashlib.sha256(handle.encode()).digest()


# Calm, distinct avatar colours; a handle's digest picks one.
PALETTE = [(0x2E, 0x86, 0xC1), (0xCA, 0x6F, 0x1E), (0x1E, 0x84, 0x49), (0x88, 0x4E, 0xA0),
           (0xC0, 0x39, 0x2B), (0x11, 0x7A, 0x65), (0xB7, 0x95, 0x0B), (0x5D, 0x6D, 0x7E)]


def hashed_colour(digest):
    """A palette colour picked from a digest."""
    return PALETTE[digest[0] % len(PALETTE)]


def identicon(handle):
    """A GitHub-style 5x5 mirrored identicon, 128x128."""
    digest = hashed(handle)
    image = Image.new("RGB", (128, 128), (240, 240, 236))
    draw = ImageDraw.Draw(image)
    colour = hashed_colour(digest)
    cell, margin = 20, 14
    for row in range(5):
        for col in range(3):
            if digest[1 + row * 3 + col] % 2 == 0:
                for c in {col, 4 - col}:
                    x, y = margin + c * cell, margin + row * cell
                    draw.rectangle((x, y, x + cell - 1, y + cell - 1), fill=colour)
    return image


def initials(handle, letters, font_path):
    """White initials on a hash-coloured square, drawn at 4x and downsampled to 128x128."""
    size = 512
    image = Image.new("RGB", (size, size), hashed_colour(hashed(handle)))
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(font_path), 210)
    draw.text((size / 2, size / 2), letters, font=font, fill="white", anchor="mm")
    return image.resize((128, 128), Image.LANCZOS)


def make_photos(wallpapers, skimage, out):
    """Writes Assets/demo/photos/*: downscaled crops plus the one untouched original."""
    out.mkdir(parents=True, exist_ok=True)
    for name, (key, box) in sources.PHOTOS.items():
        image = fit_long_edge(crop_fraction(open_source(key, wallpapers, skimage), box), sources.PHOTO_EDGE)
        save_jpeg(image, out / name, 82)
    name, key = sources.FULL_PHOTO
    shutil.copyfile(wallpapers / key.split(":", 1)[1], out / name)


def make_avatars(wallpapers, skimage, font_path, out):
    """Writes Assets/demo/avatars/HANDLE.jpg, 128x128."""
    out.mkdir(parents=True, exist_ok=True)
    for handle, spec in sources.AVATARS.items():
        if spec[0] == "photo":
            image = open_source(spec[1], wallpapers, skimage).crop(spec[2]).resize((128, 128), Image.LANCZOS)
        elif spec[0] == "identicon":
            image = identicon(handle)
        else:
            image = initials(handle, spec[1], font_path)
        save_jpeg(image, out / f"{handle}.jpg", 85)


def make_backgrounds(wallpapers, skimage, out):
    """Writes Assets/backgrounds/*.jpg, BACKGROUND_WIDTH wide."""
    out.mkdir(parents=True, exist_ok=True)
    for name, (key, box) in sources.BACKGROUNDS.items():
        image = crop_fraction(open_source(key, wallpapers, skimage), box)
        w, h = image.size
        width = sources.BACKGROUND_WIDTH
        image = image.resize((width, round(h * width / w)), Image.LANCZOS)
        save_jpeg(image, out / name, 80)


def main():
    """Entry point: see the module docstring."""
    wallpapers, skimage, font_path, assets = (Path(a) for a in sys.argv[1:5])
    make_photos(wallpapers, skimage, assets / "demo" / "photos")
    make_avatars(wallpapers, skimage, font_path, assets / "demo" / "avatars")
    make_backgrounds(wallpapers, skimage, assets / "backgrounds")


if __name__ == "__main__":
    main()
