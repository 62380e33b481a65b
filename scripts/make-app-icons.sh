#!/usr/bin/env bash
# Scales the app icon (Assets/icons/plumage.png, 256x256, drawn by scripts/assets/make_icons.py) to
# the smaller hicolor theme sizes `make install` installs: Install/icons/SIZExSIZE/plumage.png for
# 48, 64 and 128 (the 256 size is the original). ImageMagick's Lanczos filter, metadata stripped and
# no time chunks, so the output is the same bytes on every run.
#
#   scripts/make-app-icons.sh        # run by scripts/make-assets.sh after make_icons.py
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source_icon="$REPO/Assets/icons/plumage.png"
for size in 48 64 128; do
    out="$REPO/Install/icons/${size}x${size}/plumage.png"
    mkdir -p "$(dirname "$out")"
    convert "$source_icon" -filter Lanczos -resize "${size}x${size}" -strip \
        -define png:exclude-chunks=date,time "PNG32:$out"
done
