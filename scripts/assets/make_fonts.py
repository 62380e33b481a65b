"""Copies the text fonts and subsets the emoji and CJK fonts for Fonts/, then checks every result.

Usage: make_fonts.py FONTS_ROOT FEED_JSON OUT_DIR
FONTS_ROOT is an extracted /usr/share/fonts holding fonts-inter, fonts-dejavu-core,
fonts-noto-color-emoji and fonts-noto-cjk. The subsets keep every name record (copyright,
licence) and every layout feature, so ZWJ, skin-tone and flag sequences still shape.
"""

import json
import shutil
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

COPIES = {
    "Inter-Regular.otf": "opentype/inter/Inter-Regular.otf",
    "Inter-Medium.otf": "opentype/inter/Inter-Medium.otf",
    "DejaVuSans.ttf": "truetype/dejavu/DejaVuSans.ttf",
}
EMOJI_SOURCE = "truetype/noto/NotoColorEmoji.ttf"
CJK_SOURCE = "opentype/noto/NotoSansCJK-Regular.ttc"
CJK_FACE = 2  # Noto Sans CJK SC
EMOJI_OUT = "NotoColorEmoji-subset.ttf"
CJK_OUT = "NotoSansCJKsc-subset.otf"

# About 120 everyday emoji, on top of every emoji the demo feed uses.
COMMON_EMOJI = (
    "😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😋😛😜🤪🤗🤭🤔🤨😐😑😶😏😒🙄😬😌😔😴"
    "😷🤒🤢🥵🥶🤯🤠🥳😎🤓🧐😕😟🙁😮😲😳🥺😨😰😢😭😱😖😞😩😫🥱😤😡"
    "👍👎👏🙌👋🤝🙏💪👌✌🤞👀❤🧡💛💚💙💜🖤🤍💔💯✨🔥🎉🎊🎁⭐🌟☀🌙⛅❄🌈🌊🌸🌻🍀"
    "🍕🍰🐦📸🎵💻📱✈🏕🚲❌⚠💡📌🗺"
)
# Skin-tone variants are kept for these bases and for every toned sequence in the demo text;
# the other toned ligatures are pruned so the subset stays small.
TONE_BASES = "👍👋"
TONES = range(0x1F3FB, 0x1F400)
FORMAT_CODES = [0x200D, 0xFE0F] + list(TONES)  # ZWJ, VS16, skin tones

# Script ranges that go to the CJK face: punctuation, kana, Hangul, Han, full-width forms.
CJK_RANGES = [(0x1100, 0x11FF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3130, 0x318F), (0x3400, 0x4DBF),
              (0x4E00, 0x9FFF), (0xAC00, 0xD7AF), (0xFF00, 0xFFEF)]
CJK_ALWAYS = list(range(0x20, 0x7F)) + list(range(0x3000, 0x3040)) + list(range(0xFF01, 0xFF5F))


def feed_strings(feed_path):
    """Every piece of text the demo feed shows: titles, names and item texts."""
    feed = json.loads(Path(feed_path).read_text(encoding="utf-8"))
    texts = [feed["title"], feed["_plumage"]["owner"]["name"]]
    for item in feed["items"]:
        texts.append(item["content_text"])
        texts.extend(author["name"] for author in item["authors"])
    return "".join(texts)


def wanted_ligature(scalars, text):
    """Whether an emoji ligature stays: untoned non-flag sequences, sequences the text uses, base + tone."""
    sequence = "".join(map(chr, scalars))
    toned = any(s in TONES for s in scalars)
    flag = all(0x1F1E6 <= s <= 0x1F1FF for s in scalars)
    if not toned and not flag:
        return True
    if sequence in text or sequence.replace("\uFE0F", "") in text.replace("\uFE0F", ""):
        return True
    return toned and len(scalars) == 2 and sequence[0] in TONE_BASES


def prune_ligatures(font, text):
    """Drops GSUB ligatures that `wanted_ligature` rejects (unknown components are kept)."""
    scalar_of = {glyph: scalar for scalar, glyph in font.getBestCmap().items()}
    for lookup in font["GSUB"].table.LookupList.Lookup:
        for table in lookup.SubTable:
            for first, ligatures in getattr(table, "ligatures", {}).items():
                kept = []
                for ligature in ligatures:
                    glyphs = [first] + ligature.Component
                    if any(g not in scalar_of for g in glyphs) or wanted_ligature([scalar_of[g] for g in glyphs], text):
                        kept.append(ligature)
                ligatures[:] = kept


def subset_font(source, out, unicodes, font_number=0, keep_text=None):
    """Subsets `source` to `unicodes`, keeping all layout features and name records.

    With `keep_text`, emoji ligatures are first pruned by `prune_ligatures`.
    """
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    options.font_number = font_number
    font = subset.load_font(str(source), options)
    if keep_text is not None:
        prune_ligatures(font, keep_text)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(font)
    subset.save_font(font, str(out), options)


def check(path, scalars, tables):
    """Opens a font and fails unless it maps every scalar and has every table."""
    font = TTFont(str(path))
    cmap = font.getBestCmap()
    missing = [f"U+{s:04X}" for s in scalars if s not in cmap]
    absent = [t for t in tables if t not in font]
    if missing or absent:
        sys.exit(f"{path.name}: unmapped {missing[:10]}, missing tables {absent}")
    print(f"{path.name}: {path.stat().st_size} bytes, {len(font.getGlyphOrder())} glyphs, "
          f"{len(cmap)} cmap entries, {font['name'].getDebugName(4)}")


def ligature_sequences(font):
    """Every GSUB ligature of a font as a string of its component scalars, without U+FE0F."""
    scalar_of = {glyph: scalar for scalar, glyph in font.getBestCmap().items()}
    found = set()
    for lookup in font["GSUB"].table.LookupList.Lookup:
        for table in lookup.SubTable:
            for first, ligatures in getattr(table, "ligatures", {}).items():
                for ligature in ligatures:
                    glyphs = [first] + ligature.Component
                    if all(g in scalar_of for g in glyphs):
                        found.add("".join(chr(scalar_of[g]) for g in glyphs).replace("\uFE0F", ""))
    return found


def check_sequences(path, sequences):
    """Fails unless every emoji sequence still shapes to one glyph (a GSUB ligature) in the font."""
    found = ligature_sequences(TTFont(str(path)))
    lost = [s for s in sequences if s.replace("\uFE0F", "") not in found]
    if lost:
        sys.exit(f"{path.name}: sequences no longer shape: {lost}")
    print(f"{path.name}: {len(found)} ligatures, {len(sequences)} demo sequences shape")


def main():
    """Entry point: see the module docstring."""
    root, feed_path, out = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    for name, relative in COPIES.items():
        shutil.copyfile(root / relative, out / name)
        check(out / name, [ord("A")], ["cmap"])
    text = feed_strings(feed_path)

    emoji_cmap = TTFont(str(root / EMOJI_SOURCE), lazy=True).getBestCmap()
    emoji = {ord(c) for c in COMMON_EMOJI + text if ord(c) > 0x7F and ord(c) in emoji_cmap}
    subset_font(root / EMOJI_SOURCE, out / EMOJI_OUT, emoji | set(FORMAT_CODES), keep_text=COMMON_EMOJI + text)
    check(out / EMOJI_OUT, sorted(emoji) + [0x200D, 0x1F3FD], ["GSUB", "CBDT", "CBLC"])
    check_sequences(out / EMOJI_OUT, [s for s in ligature_sequences(TTFont(str(root / EMOJI_SOURCE)))
                                      if s in text.replace("\uFE0F", "")])

    cjk = {ord(c) for c in text if any(lo <= ord(c) <= hi for lo, hi in CJK_RANGES)}
    subset_font(root / CJK_SOURCE, out / CJK_OUT, cjk | set(CJK_ALWAYS), font_number=CJK_FACE)
    check(out / CJK_OUT, sorted(cjk), ["CFF "])


if __name__ == "__main__":
    main()
