"""Draws the UI icons and the app icon procedurally.

Usage: make_icons.py ICONS_DIR
UI icons: 64x64 RGBA, white, the alpha channel carries the anti-aliased shape
(drawn on a 256x256 canvas, box-filtered down 4x). App icon: plumage.png, 256x256 colour.
"""

import math
import sys
from pathlib import Path

from PIL import Image, ImageDraw

S = 256  # drawing canvas for 64 px icons
W = 20   # stroke width on that canvas


def stroke(draw, points, width=W):
    """A polyline with round joints and caps."""
    draw.line(points, fill=255, width=width, joint="curve")
    r = width / 2
    for x, y in (points[0], points[-1]):
        draw.ellipse((x - r, y - r, x + r, y + r), fill=255)


def back(draw):
    """Chevron pointing left."""
    stroke(draw, [(156, 52), (84, 128), (156, 204)])


def chevron_down(draw):
    """Chevron pointing down."""
    stroke(draw, [(60, 96), (128, 164), (196, 96)])


def menu(draw):
    """Three horizontal lines."""
    for y in (68, 128, 188):
        stroke(draw, [(48, y), (208, y)])


def search(draw):
    """A magnifier."""
    draw.ellipse((44, 44, 172, 172), outline=255, width=W)
    stroke(draw, [(160, 160), (208, 208)], width=26)


def theme(draw):
    """A half-filled circle (light/dark)."""
    draw.ellipse((40, 40, 216, 216), outline=255, width=16)
    draw.pieslice((40, 40, 216, 216), 90, 270, fill=255)


def close(draw):
    """A diagonal cross."""
    stroke(draw, [(68, 68), (188, 188)])
    stroke(draw, [(188, 68), (68, 188)])


def picture(draw):
    """A framed mountain-and-sun pictogram."""
    draw.rounded_rectangle((24, 44, 232, 212), radius=20, outline=255, width=14)
    draw.ellipse((158, 76, 194, 112), fill=255)
    draw.polygon([(38, 198), (102, 110), (146, 168), (172, 140), (218, 198)], fill=255)


def photo_placeholder(draw):
    """The picture pictogram shown while a photo loads."""
    picture(draw)


def broken_image(draw):
    """The picture pictogram split by a jagged crack."""
    picture(draw)
    draw.line([(120, 20), (146, 92), (108, 136), (150, 184), (128, 236)], fill=0, width=16, joint="curve")


def play(draw):
    """A right-pointing triangle with rounded corners, its centroid on the centre (the video card's ▶)."""
    # The corners are rounded by stroking the outline of a slightly smaller triangle with round joints.
    points = [(92, 62), (92, 194), (206, 128)]
    draw.polygon(points, fill=255)
    stroke(draw, points + [points[0]], width=28)


ICONS = {
    "back.png": back,
    "menu.png": menu,
    "search.png": search,
    "theme.png": theme,
    "chevron-down.png": chevron_down,
    "photo-placeholder.png": photo_placeholder,
    "broken-image.png": broken_image,
    "close.png": close,
    "play.png": play,
}


def render_icon(draw_shape):
    """A 64x64 white RGBA icon whose alpha is the shape, box-filtered from 256x256."""
    mask = Image.new("L", (S, S), 0)
    draw_shape(ImageDraw.Draw(mask))
    icon = Image.new("RGBA", (S // 4, S // 4), (255, 255, 255, 0))
    icon.putalpha(mask.reduce(4))
    return icon


def gradient(size, top, bottom):
    """A vertical two-colour gradient."""
    mask = Image.linear_gradient("L").resize((size, size))
    return Image.composite(Image.new("RGB", (size, size), bottom), Image.new("RGB", (size, size), top), mask)


def bezier(t, p0, p1, p2):
    """A point on a quadratic Bezier curve."""
    u = 1 - t
    return (u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1])


def feather_outline(p0, p1, p2, half_width, steps=64):
    """The vane of a feather around the rachis curve p0-p1-p2, and the rachis points."""
    spine = [bezier(i / steps, p0, p1, p2) for i in range(steps + 1)]
    left, right = [], []
    for i, (x, y) in enumerate(spine):
        nx0, ny0 = spine[max(i - 1, 0)]
        nx1, ny1 = spine[min(i + 1, steps)]
        dx, dy = nx1 - nx0, ny1 - ny0
        length = math.hypot(dx, dy)
        nx, ny = -dy / length, dx / length
        t = i / steps
        w = half_width * math.sin(math.pi * min(1.0, t * 1.08)) ** 0.7 if t > 0.12 else 0
        left.append((x + nx * w * 0.85, y + ny * w * 0.85))
        right.append((x - nx * w * 1.1, y - ny * w * 1.1))
    return left + right[::-1], spine


def app_icon():
    """The 256x256 app icon: a white plume on a teal-to-indigo rounded square."""
    size = 1024
    background = gradient(size, (0x1A, 0xB0, 0xA8), (0x3A, 0x2E, 0x8F))
    shape = Image.new("L", (size, size), 0)
    ImageDraw.Draw(shape).rounded_rectangle((32, 32, size - 32, size - 32), radius=200, fill=255)
    icon = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    icon.paste(background, mask=shape)
    draw = ImageDraw.Draw(icon)
    p0, p1, p2 = (300, 800), (400, 430), (770, 190)
    outline, spine = feather_outline(p0, p1, p2, 150)
    draw.polygon(outline, fill=(255, 255, 255, 240))
    for t in (0.34, 0.52, 0.7):
        i = round(t * (len(spine) - 1))
        x, y = spine[i]
        draw.line([(x, y), (x - 150, y + 40)], fill=(0x26, 0x6E, 0x9C, 255), width=14)
    draw.line(spine, fill=(0x2B, 0x5D, 0x91, 255), width=18, joint="curve")
    draw.line([(p0[0], p0[1]), (250, 880)], fill=(255, 255, 255, 255), width=22)
    return icon.resize((256, 256), Image.LANCZOS)


def main():
    """Entry point: see the module docstring."""
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, draw_shape in ICONS.items():
        render_icon(draw_shape).save(out / name, optimize=True)
    app_icon().save(out / "plumage.png", optimize=True)


if __name__ == "__main__":
    main()
