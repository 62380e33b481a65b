# Plumage — the single entry point (DESIGN.md §5). `make run` and `make test` do all set-up.
PREFIX    ?= /usr/local
SWIFT     ?= swift
BIN_DIR    = $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)
# Debian packages: SDL2 + image + ttf + TurboJPEG + libxml2 (HTML character references) headers, the
# colour emoji font, and the tools the end-to-end test drives a real X window with (Xvfb, xdotool,
# ImageMagick for screenshots).
APT_PACKAGES = pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libturbojpeg0-dev libxml2-dev publicsuffix \
               fonts-noto-color-emoji xvfb xauth xdotool imagemagick python3
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run test unit-test e2e bench sanitize soak install uninstall clean

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

# Every test: unit + golden tests headless (dummy SDL video), then the real binary in Xvfb.
test: deps unit-test e2e

unit-test:
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

install: build
	install -Dm755 $(BIN_DIR)/plumage $(DESTDIR)$(PREFIX)/bin/plumage
	mkdir -p $(DESTDIR)$(PREFIX)/share/plumage
	cp -r Assets Fonts $(DESTDIR)$(PREFIX)/share/plumage/
	install -Dm644 Assets/plumage.desktop $(DESTDIR)$(PREFIX)/share/applications/plumage.desktop
	install -Dm644 Assets/icons/plumage.png $(DESTDIR)$(PREFIX)/share/icons/hicolor/256x256/apps/plumage.png

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/plumage $(DESTDIR)$(PREFIX)/share/plumage \
	       $(DESTDIR)$(PREFIX)/share/applications/plumage.desktop \
	       $(DESTDIR)$(PREFIX)/share/icons/hicolor/256x256/apps/plumage.png

clean:
	rm -rf .build
