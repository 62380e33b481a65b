# Plumage — the single entry point (DESIGN.md §5). `make run` and `make test` do all set-up.
PREFIX    ?= /usr/local
SWIFT     ?= swift
BIN_DIR    = $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)
# Debian packages: SDL2 + image + ttf + Pango/cairo (the coming text engine, issue 20) + TurboJPEG +
# libxml2 (HTML character references) + zlib (zip inflate) + libcurl (HTTP) headers, the openssl CLI
# (the network tests make their own CA with it), the colour emoji font and the Noto core and CJK fonts
# (Pango's fallback), and the tools the end-to-end test drives a real X window
# with (Xvfb, xdotool, ImageMagick for screenshots), and what the install test runs: the validators
# (desktop-file-validate, appstreamcli, man), the shells that load the completions (zsh, fish) and
# gio (libglib2.0-bin), which resolves "Open with".
APT_PACKAGES = pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libturbojpeg0-dev libxml2-dev zlib1g-dev \
               libcurl4-openssl-dev openssl libpango1.0-dev libcairo2-dev \
               publicsuffix fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji xvfb xauth xdotool imagemagick python3 \
               desktop-file-utils appstream man-db zsh fish libglib2.0-bin
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run test unit-test e2e install-test bench fuzz sanitize soak install install-files uninstall clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release

run: build
	$(BIN_DIR)/plumage $(ARGS)

# Every test: unit + golden tests headless (dummy SDL video), the real binary in Xvfb, then the install.
test: deps unit-test e2e install-test

# Every target must list each module it imports: SwiftPM rebuilds a target only when a declared
# dependency's module changes, so an undeclared one can leave stale layouts in an incremental build.
unit-test:
	python3 scripts/check-target-imports.py
	$(SWIFT) build --build-tests
	SDL_VIDEODRIVER=dummy $(SWIFT) test --skip-build

e2e:
	$(SWIFT) build --product plumage
	Tests/e2e/smoke.sh "$$($(SWIFT) build --show-bin-path)/plumage"

# Frame-time figures: the demo and a generated 10,000-item feed, 5 runs each, and their medians; the
# scan of a generated folder of 100,000 photos in 2,000 places; opening a generated 100,000-tweet archive
# (zip): first frame, whole read, search index and queries, relaunch from the index cache, peak memory.
bench: build
	python3 scripts/make-big-feed.py 10000 .build/bench-10k.json
	for i in 1 2 3 4 5; do $(BIN_DIR)/plumage bench scroll --json; done | tee .build/bench-demo.jsonl
	for i in 1 2 3 4 5; do $(BIN_DIR)/plumage bench scroll .build/bench-10k.json --json; done | tee .build/bench-10k.jsonl
	python3 scripts/bench-medians.py .build/bench-demo.jsonl .build/bench-10k.jsonl
	[ -d .build/bench-places ] || python3 scripts/make-photo-tree.py .build/bench-places
	$(BIN_DIR)/plumage bench places .build/bench-places --runs 5 --json | tee .build/bench-places.jsonl
	python3 scripts/bench-medians.py .build/bench-places.jsonl
	[ -f .build/bench-archive-100k.zip ] || python3 scripts/make-twitter-archive.py 100000 .build/bench-archive-100k.zip --zip --seed 1
	for i in 1 2 3 4 5; do $(BIN_DIR)/plumage bench load .build/bench-archive-100k.zip --json; done | tee .build/bench-load.jsonl
	python3 scripts/bench-medians.py .build/bench-load.jsonl
	for i in 1 2 3 4 5; do $(BIN_DIR)/plumage bench net --json; done | tee .build/bench-net.jsonl
	python3 scripts/bench-medians.py .build/bench-net.jsonl

# The unit suite under AddressSanitizer, then ThreadSanitizer (own scratch folders, not part of `make test`).
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	SDL_VIDEODRIVER=dummy LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	SDL_VIDEODRIVER=dummy TSAN_OPTIONS=suppressions=$(CURDIR)/scripts/tsan.supp \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

# The release binary in Xvfb for MINUTES minutes under a scripted xdotool loop; samples RSS and frame
# figures, prints the verdict and draws docs/soak.png (scripts/soak.sh; not part of `make test`).
MINUTES ?= 30
soak: build
	scripts/soak.sh "$(BIN_DIR)/plumage" $(MINUTES)

# libFuzzer targets of the parsers (Fuzz/, docs/NOTES.md "Fuzzing"), FUZZ_SECONDS each or FUZZ_RUNS
# executions, whichever comes first (-1: no limit); not part of `test`.
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= -1
fuzz: deps
	Fuzz/build.sh
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) Fuzz/run.sh

# The desktop install (README, Install): the binary; Assets/ and Fonts/ in share/plumage/, where it
# finds them from any folder; the .desktop entry ("Open with" for the image types it opens and JSON
# Feed); the icon in four hicolor sizes; AppStream metainfo; a man page and bash/zsh/fish completions
# generated from the argument parser. VERSION and DATE come from Sources/plumage/Version.swift.
# `make install-files BIN_DIR=…` installs an already built binary (the install test uses the debug one).
VERSION    = $(shell sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/plumage/Version.swift)
DATE       = $(shell sed -n 's/.*static let date = "\(.*\)"/\1/p' Sources/plumage/Version.swift)
APP_ID     = io.github.plumage.Plumage
SHARE      = $(DESTDIR)$(PREFIX)/share
# Every file `install-files` writes outside share/plumage/ (removed by `make uninstall`).
INSTALLED  = $(DESTDIR)$(PREFIX)/bin/plumage $(SHARE)/applications/plumage.desktop \
             $(SHARE)/metainfo/$(APP_ID).metainfo.xml $(SHARE)/man/man1/plumage.1 \
             $(SHARE)/bash-completion/completions/plumage $(SHARE)/zsh/site-functions/_plumage \
             $(SHARE)/fish/vendor_completions.d/plumage.fish \
             $(foreach s,48 64 128 256,$(SHARE)/icons/hicolor/$(s)x$(s)/apps/plumage.png)

# A real install or uninstall (no DESTDIR) refreshes the MIME cache that "Open with" reads
# (mimeinfo.cache) and an icon cache that already exists (one created here could hide other icons).
REFRESH_CACHES = @if [ -z "$(DESTDIR)" ]; then \
	  ! command -v update-desktop-database >/dev/null || update-desktop-database -q $(SHARE)/applications; \
	  [ ! -f $(SHARE)/icons/hicolor/icon-theme.cache ] || ! command -v gtk-update-icon-cache >/dev/null \
	    || gtk-update-icon-cache -q -t -f $(SHARE)/icons/hicolor; \
	fi

install: build
	$(MAKE) --no-print-directory install-files BIN_DIR="$(BIN_DIR)"

install-files:
	@[ -x "$(BIN_DIR)/plumage" ] || { echo "install-files: no plumage in BIN_DIR ($(BIN_DIR))"; exit 1; }
	install -Dm755 "$(BIN_DIR)/plumage" $(DESTDIR)$(PREFIX)/bin/plumage
	rm -rf $(SHARE)/plumage && mkdir -p $(SHARE)/plumage
	cp -r Assets Fonts $(SHARE)/plumage/
	install -Dm644 Install/plumage.desktop $(SHARE)/applications/plumage.desktop
	mkdir -p $(SHARE)/metainfo
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@DATE@/$(DATE)/' Install/plumage.metainfo.xml.in \
	    > $(SHARE)/metainfo/$(APP_ID).metainfo.xml
	for s in 48 64 128; do \
	  install -Dm644 Install/icons/$${s}x$${s}/plumage.png $(SHARE)/icons/hicolor/$${s}x$${s}/apps/plumage.png; \
	done
	install -Dm644 Assets/icons/plumage.png $(SHARE)/icons/hicolor/256x256/apps/plumage.png
	mkdir -p $(SHARE)/man/man1 $(SHARE)/bash-completion/completions $(SHARE)/zsh/site-functions \
	         $(SHARE)/fish/vendor_completions.d
	python3 scripts/make-manpage.py "$(BIN_DIR)/plumage" "$(VERSION)" "$(DATE)" $(SHARE)/man/man1/plumage.1
	"$(BIN_DIR)/plumage" --generate-completion-script bash > $(SHARE)/bash-completion/completions/plumage
	"$(BIN_DIR)/plumage" --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_plumage
	"$(BIN_DIR)/plumage" --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/plumage.fish
	$(REFRESH_CACHES)

uninstall:
	rm -f $(INSTALLED)
	rm -rf $(SHARE)/plumage
	$(REFRESH_CACHES)

# `make install-files DESTDIR=<temporary folder>` with the debug binary: files, validators, the
# installed binary from another folder, and `make uninstall` (Tests/install/install-test.sh).
install-test:
	$(SWIFT) build --product plumage
	Tests/install/install-test.sh "$$($(SWIFT) build --show-bin-path)"

clean:
	rm -rf .build .build-fuzz
