#!/usr/bin/env bash
# End-to-end smoke test: the real binary in a real X window under Xvfb, driven with xdotool and
# checked from screenshots: it starts, a photo opens the image view and Escape comes back, a wheel
# scroll moves the list, F12 shows the FPS overlay, `q` exits 0; the image view zooms at the
# cursor; F5 reloads a feed, and a broken one keeps the old feed with a notice; a post opens its
# details, a link runs xdg-open, a hashtag its search feed, and Back returns to the feed; a folder
# of places opens a place, then a photo, and goes back; settings persist, and survive kill -9, and two instances saving at once lose nothing; bad
# input on the command line is refused with one line (bad-input.sh); `dump URL` reads live feeds
# from a local HTTP server, and from the cache when it is gone (live-dump.sh); the window opens a live
# Mastodon tag from a local server, pages, follows a hashtag, opens a remote photo, refreshes and
# relaunches offline (live-session.sh).
# Each session starts from the default settings (its own empty XDG_CONFIG_HOME), never the user's. Usage: Tests/e2e/smoke.sh PATH/TO/plumage [OUTDIR]
set -euo pipefail
bin=$(realpath "$1")
out=${2:-$(mktemp -d)}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
configs=$(mktemp -d)
# fresh: new empty settings, data (recents) and cache folders for the next session (F12 in one must not
# show the overlay in the next; another run's recently opened list must not show its notices here).
fresh() {
  XDG_CONFIG_HOME=$(mktemp -d "$configs/config.XXXX") XDG_DATA_HOME=$(mktemp -d "$configs/data.XXXX")
  XDG_CACHE_HOME=$(mktemp -d "$configs/cache.XXXX")
  export XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME
}
fresh; timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$here/session.sh" "$bin" "$out"
# A 3:2 photo the view fills: a photo narrower than the view (fit) is kept centred while zooming,
# which moves the point under the cursor until it overflows.
fresh; timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$here/photo-session.sh" "$bin" "$out" \
  "$here/../../Assets/demo/photos/fig.jpg"
fresh; timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$here/reload-session.sh" "$bin" "$out"
fresh; timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$here/details-session.sh" "$bin" "$out"
fresh; timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$here/places-session.sh" "$bin" "$out"
fresh; timeout 180 xvfb-run -a -s "-screen 0 1280x800x24" "$here/archive-session.sh" "$bin" "$out"
fresh; timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$here/settings-session.sh" "$bin" "$out"
fresh; timeout 180 xvfb-run -a -s "-screen 0 1280x800x24" "$here/live-session.sh" "$bin" "$out"
"$here/kill-save.sh" "$bin" recents
"$here/kill-save.sh" "$bin" settings
"$here/two-instances.sh" "$bin"
"$here/live-dump.sh" "$bin"
"$here/live-hostile.sh" "$bin"
rm -rf "$configs"
"$here/bad-input.sh" "$bin"
echo "e2e: passed (screenshots in $out)"
