#!/usr/bin/env bash
# The desktop install, tested: `make install-files DESTDIR=<temporary folder>` with a built binary,
# then every installed file present and non-empty, the icons at their sizes, the .desktop entry clean
# under desktop-file-validate, the metainfo valid under appstreamcli, the version the same in the
# binary, the man page and the metainfo, the completions well-formed, the man page rendered without
# warnings; the installed binary renders a snapshot from another folder with its installed assets
# (and fails with a message once they are moved away); `make uninstall` leaves no file behind; a real
# install (no DESTDIR) registers the MIME types for "Open with" and its uninstall unregisters them.
# Usage: Tests/install/install-test.sh BIN_DIR (the folder holding a built plumage)
set -euo pipefail
bin_dir=$(realpath "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
dest=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$dest" "$work"' EXIT
prefix=/usr/local
root=$dest$prefix
app_id=io.github.plumage.Plumage

fail() { echo "install-test: FAIL: $*" >&2; exit 1; }

# Every tool a check below runs, up front: a missing one fails the test (`make deps` installs them all)
# rather than skipping its check.
for tool in identify desktop-file-validate appstreamcli update-desktop-database man zsh fish gio; do
    command -v "$tool" > /dev/null || fail "$tool is missing (make deps installs it)"
done

make -C "$repo" --no-print-directory install-files BIN_DIR="$bin_dir" DESTDIR="$dest" PREFIX="$prefix" \
    > "$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "make install-files failed"; }

# Every file, non-empty.
installed=(
    bin/plumage
    share/applications/plumage.desktop
    "share/metainfo/$app_id.metainfo.xml"
    share/man/man1/plumage.1
    share/bash-completion/completions/plumage
    share/zsh/site-functions/_plumage
    share/fish/vendor_completions.d/plumage.fish
    share/plumage/Assets/demo/feed.json
    share/plumage/Assets/themes/original.theme
    share/plumage/Assets/LICENSES.md
    share/plumage/Fonts/LICENSES/README.md
)
for size in 48 64 128 256; do installed+=("share/icons/hicolor/${size}x${size}/apps/plumage.png"); done
for file in "${installed[@]}"; do
    [ -s "$root/$file" ] || fail "missing or empty: $prefix/$file"
done
[ -x "$root/bin/plumage" ] || fail "bin/plumage is not executable"
[ "$(find "$root/share/plumage/Fonts" -name '*.ttf' -o -name '*.otf' | wc -l)" -ge 3 ] || fail "fonts not installed"
for size in 48 64 128 256; do
    got=$(identify -format '%wx%h' "$root/share/icons/hicolor/${size}x${size}/apps/plumage.png")
    [ "$got" = "${size}x${size}" ] || fail "the ${size}x${size} icon is $got"
done

# The desktop entry: no error, warning or hint at all; "Open with" for the types plumage opens.
desktop=$root/share/applications/plumage.desktop
report=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate: $report"
[ -z "$report" ] || fail "desktop-file-validate is not clean: $report"
grep -qx 'Exec=plumage %F' "$desktop" || fail "Exec is not 'plumage %F'"
grep -qx 'MimeType=image/jpeg;image/png;image/gif;image/webp;image/bmp;image/x-tga;application/feed+json;' \
    "$desktop" || fail "unexpected MimeType: $(grep MimeType "$desktop")"

# The metainfo: valid without warnings (infos and pedantic notes allowed).
metainfo=$root/share/metainfo/$app_id.metainfo.xml
appstreamcli validate --no-net "$metainfo" > "$work/appstream.txt" 2>&1 \
    || { cat "$work/appstream.txt" >&2; fail "appstreamcli validate failed"; }
! grep -E '^[EW]:' "$work/appstream.txt" || fail "appstreamcli reports errors or warnings"

# One version everywhere: the binary, the metainfo's release, the man page's header.
banner=$("$root/bin/plumage" --version)
[[ $banner =~ ^plumage\ ([0-9]+\.[0-9]+\.[0-9]+)$ ]] || fail "--version printed '$banner'"
version=${BASH_REMATCH[1]}
grep -q "<release version=\"$version\" date=\"[0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}\"/>" "$metainfo" \
    || fail "the metainfo's release is not $version"
head -n 1 "$root/share/man/man1/plumage.1" | grep -q "\"plumage $version\"" || fail "the man page is not for $version"

# Completions: each shell's form, naming the subcommands and an option of one.
bash_completion=$root/share/bash-completion/completions/plumage
bash -n "$bash_completion" || fail "bash completion does not parse"
grep -q 'complete .*plumage' "$bash_completion" || fail "bash completion registers nothing for plumage"
head -n 1 "$root/share/zsh/site-functions/_plumage" | grep -qx '#compdef plumage' || fail "zsh completion header"
grep -qE "^complete -c '?plumage'? " "$root/share/fish/vendor_completions.d/plumage.fish" || fail "fish completion"
for file in "$bash_completion" "$root/share/zsh/site-functions/_plumage" "$root/share/fish/vendor_completions.d/plumage.fish"; do
    for word in snapshot bench dump text-scale; do
        grep -q -- "$word" "$file" || fail "$(basename "$file") does not complete '$word'"
    done
done
# bash completion at work: the themes after --theme, the renderers after --renderer, files for a path.
complete_line() {
    (cd "$work" && bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        COMP_CWORD=$(($# - 1)); COMPREPLY=(); _plumage plumage "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' _ "$bash_completion" "$@")
}
touch "$work/feed.json"
[ "$(complete_line plumage snapshot --theme '')" = "dark green light original " ] \
    || fail "bash completes --theme as '$(complete_line plumage snapshot --theme '')'"
[ "$(complete_line plumage run --renderer o)" = "opengl opengles2 " ] \
    || fail "bash completes --renderer o as '$(complete_line plumage run --renderer o)'"
[ "$(complete_line plumage run fee)" = "feed.json " ] || fail "bash completes a path as '$(complete_line plumage run fee)'"
rm "$work/feed.json"
zsh -n "$root/share/zsh/site-functions/_plumage" || fail "zsh completion does not parse"
fish -n "$root/share/fish/vendor_completions.d/plumage.fish" || fail "fish completion does not parse"

# The man page renders without groff warnings and holds what the parser and the README promise.
MANWIDTH=80 man --warnings -l "$root/share/man/man1/plumage.1" > "$work/man.txt" 2> "$work/man-warnings.txt" \
    || fail "man -l failed: $(cat "$work/man-warnings.txt")"
[ ! -s "$work/man-warnings.txt" ] || fail "man -l warns: $(cat "$work/man-warnings.txt")"
for text in 'NAME' 'SYNOPSIS' 'plumage snapshot' 'plumage bench scroll' '--text-scale' 'EXIT STATUS' \
            'PLUMAGE_DATA_DIR'; do
    grep -q -- "$text" "$work/man.txt" || fail "the man page lacks '$text'"
done
grep -qE '^ +1 +Bad +input' "$work/man.txt" || fail "the man page does not give exit status 1 for bad input"
grep -qE '^ +64 +Usage +error' "$work/man.txt" || fail "the man page does not give exit status 64 for usage errors"

# The installed binary finds its installed assets from another folder, with no PLUMAGE_DATA_DIR.
run_installed() {
    (cd / && env -u PLUMAGE_DATA_DIR XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" \
        XDG_CONFIG_HOME="$work/config" "$root/bin/plumage" "$@")
}
run_installed snapshot --out "$work/x.png" --size 320x240 || fail "the installed snapshot failed"
[ "$(identify -format '%m %wx%h' "$work/x.png")" = "PNG 320x240" ] || fail "the snapshot is not a 320x240 PNG"
# Negative control: with share/plumage moved away it must fail, naming the missing data folder.
mv "$root/share/plumage" "$work/moved-share"
if run_installed snapshot --out "$work/y.png" --size 320x240 2> "$work/missing.txt"; then
    fail "the installed binary ran without its assets"
fi
grep -q 'Assets/ and Fonts/' "$work/missing.txt" || fail "no message about the data folder: $(cat "$work/missing.txt")"
mv "$work/moved-share" "$root/share/plumage"

# `make uninstall` removes every file it installed.
make -C "$repo" --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix" > "$work/uninstall.log" 2>&1 \
    || { cat "$work/uninstall.log" >&2; fail "make uninstall failed"; }
left=$(find "$dest" ! -type d)
[ -z "$left" ] || fail "left after uninstall: $left"
# A real install (no DESTDIR, a temporary PREFIX) registers the types for "Open with" in the MIME
# cache, and its uninstall takes them out again.
prefix_root=$work/prefix
make -C "$repo" --no-print-directory install-files BIN_DIR="$bin_dir" PREFIX="$prefix_root" > "$work/install2.log" 2>&1 \
    || { cat "$work/install2.log" >&2; fail "make install-files PREFIX=… failed"; }
cache=$prefix_root/share/applications/mimeinfo.cache
for type in image/jpeg image/png image/webp application/feed+json; do
    grep -qx "$type=plumage.desktop;" "$cache" || fail "mimeinfo.cache does not offer plumage for $type"
done
# Captured first: `gio … | grep -q` under pipefail fails whenever grep exits on the first line
# and gio then dies of SIGPIPE writing the rest (a flaky failure, seen in one make test of three).
offered=$(PATH=$prefix_root/bin:$PATH XDG_DATA_DIRS=$prefix_root/share XDG_DATA_HOME=$work/data gio mime image/png 2>&1) \
    || fail "gio mime image/png failed: $offered"
grep -q plumage.desktop <<<"$offered" || fail "gio does not list plumage.desktop for image/png: $offered"
make -C "$repo" --no-print-directory uninstall PREFIX="$prefix_root" > "$work/uninstall2.log" 2>&1 \
    || { cat "$work/uninstall2.log" >&2; fail "make uninstall PREFIX=… failed"; }
! grep -q plumage "$cache" || fail "mimeinfo.cache still names plumage after uninstall"
left=$(find "$prefix_root" ! -type d ! -name mimeinfo.cache)
[ -z "$left" ] || fail "left after uninstall: $left"
echo "install-test: passed"
