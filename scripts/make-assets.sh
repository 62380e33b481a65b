#!/usr/bin/env bash
# Re-creates Fonts/ and Assets/ (everything except Assets/themes/) from the Debian 12 and PyPI
# packages they come from; see docs in Assets/LICENSES.md and Fonts/LICENSES/README.md.
#
#   scripts/make-assets.sh            # downloads into .build-assets/ (git-ignored), then regenerates
#
# Steps: apt-get download + dpkg-deb -x the font and wallpaper .debs; pip download the scikit-image
# wheel (sample photos); a private venv with pinned Pillow + fontTools runs scripts/assets/*.py:
#   make_images.py  demo photos (1600 px long edge, JPEG q82 baseline, no metadata), seeding-full.jpg
#                   (byte-for-byte), 128x128 avatars (q85), 1920 px backgrounds (q80)
#   make_icons.py   64x64 white-on-transparent UI icons and the 256x256 app icon
#   make-app-icons.sh the app icon at 48, 64 and 128 px for the hicolor theme (Install/icons/, ImageMagick)
#   demo_feed.py    Assets/demo/feed.json from the in-house texts in demo_texts.py (sizes read from files)
#   make_fonts.py   Inter, DejaVu Sans, emoji and CJK subsets for the demo text, each checked after writing
#   make_licenses.py Assets/LICENSES.md, Assets/LICENSES/, Fonts/LICENSES/
#   check_assets.py the feed's counts, order, file references and sizes; image formats
# Needs: Debian 12 apt sources, dpkg-deb, unzip, python3 (venv), network on the first run only.
# Re-runnable: outputs are deleted and rewritten; downloads are cached. Output is deterministic.
set -euo pipefail
export PYTHONDONTWRITEBYTECODE=1  # keep scripts/assets free of __pycache__

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${PLUMAGE_ASSET_CACHE:-$REPO/.build-assets}
HERE="$REPO/scripts/assets"
DEBS=(fonts-inter fonts-dejavu-core fonts-noto-color-emoji fonts-noto-cjk lomiri-wallpapers-16.04)
SKIMAGE=scikit-image==0.26.0
PY_TOOLS=(Pillow==13.0.0 fonttools==4.68.0)

mkdir -p "$CACHE/debs" "$CACHE/pypi"

echo "== Debian packages"
for package in "${DEBS[@]}"; do
    if ! compgen -G "$CACHE/debs/${package}_*.deb" > /dev/null; then
        (cd "$CACHE/debs" && apt-get download "$package")
    fi
done
rm -rf "$CACHE/root" && mkdir -p "$CACHE/root"
: > "$CACHE/versions.txt"
for package in "${DEBS[@]}"; do
    deb=$(compgen -G "$CACHE/debs/${package}_*.deb" | head -n 1)
    dpkg-deb -x "$deb" "$CACHE/root"
    echo "$package $(dpkg-deb -f "$deb" Version)" >> "$CACHE/versions.txt"
done

echo "== scikit-image wheel"
if ! compgen -G "$CACHE/pypi/scikit_image-*.whl" > /dev/null; then
    pip download --no-deps --only-binary=:all: --python-version 3.11 \
        --platform manylinux_2_28_x86_64 -d "$CACHE/pypi" "$SKIMAGE"
fi
rm -rf "$CACHE/skimage" "$CACHE/skimage-dist-info"
wheel=$(compgen -G "$CACHE/pypi/scikit_image-*.whl" | head -n 1)
unzip -q -j "$wheel" 'skimage/data/*' -d "$CACHE/skimage"
unzip -q -j "$wheel" 'scikit_image-*.dist-info/*' -d "$CACHE/skimage-dist-info"

echo "== Python tools"
if [ ! -x "$CACHE/venv/bin/python" ]; then
    python3 -m venv "$CACHE/venv"
fi
"$CACHE/venv/bin/pip" install -q "${PY_TOOLS[@]}"
PY="$CACHE/venv/bin/python"

echo "== Clearing old outputs"
rm -rf "$REPO/Assets/demo" "$REPO/Assets/backgrounds" "$REPO/Assets/icons" "$REPO/Assets/LICENSES" \
       "$REPO/Assets/LICENSES.md"
mkdir -p "$REPO/Assets" "$REPO/Fonts"
find "$REPO/Fonts" -mindepth 1 -delete

FONTS="$CACHE/root/usr/share/fonts"
echo "== Images"
"$PY" "$HERE/make_images.py" "$CACHE/root/usr/share/backgrounds" "$CACHE/skimage" \
      "$FONTS/opentype/inter/Inter-Bold.otf" "$REPO/Assets"
"$PY" "$HERE/make_icons.py" "$REPO/Assets/icons"
"$REPO/scripts/make-app-icons.sh"

echo "== Demo feed"
"$PY" "$HERE/demo_feed.py" "$REPO/Assets"

echo "== Fonts"
"$PY" "$HERE/make_fonts.py" "$FONTS" "$REPO/Assets/demo/feed.json" "$REPO/Fonts"

echo "== Licences"
"$PY" "$HERE/make_licenses.py" "$CACHE/root" "$CACHE/skimage-dist-info" "$CACHE/versions.txt" "$REPO"

echo "== Checks"
"$PY" "$HERE/check_assets.py" "$REPO/Assets"

du -sh "$REPO/Assets" "$REPO/Fonts"
