# Tactile: set-up, build, tests and the demo.
#
#   make demo    install what is missing, build the tactile product in release mode (the
#                first time: 5 to 6 minutes of CPU; 4.7 to 6 min on this project's 2-core
#                VM while other builds ran, up to 14 under heavy load), play the demo
#                (about 25 s without a device)
#   make install build tactile in release mode and install it to $(PREFIX)/bin (PREFIX
#                defaults to ~/.local), with its bash, zsh and fish completions under
#                $(PREFIX)/share; make uninstall removes them (DESTDIR is honoured)
#   make deb     build the Debian package .build/deb/tactile_<version>_<arch>.deb (tools/make-deb.sh: a
#                release build, which has the Swift runtime linked in: 5 to 8 min the first time, a relink
#                after make install; the manual pages, completions, user unit, udev rules, config); make
#                check-deb also runs lintian on it, installs, runs, removes and purges it (needs root or
#                sudo: tools/check-deb.sh, as CI does)
#   make test    install what is missing (the desktops the desktop side is tested against among
#                it), run every test (Swift Testing), then the benchmark table's smoke check
#                (tools/check-bench.sh: tactile-bench --quick)
#   make build   debug build
#   make bench   build tactile-bench in release mode and print the performance table
#   make benchmarks run the ordo-one benchmark suites of Benchmarks/ (time, throughput, mallocs)
#   make docs    generate the DocC documentation of every library (no warnings allowed)
#   make examples build Examples/ (by path on this package) and check its output, the example of docs/getting-started.md and the guide's code
#   make fuzz    build Fuzz/ with libFuzzer and run every fuzz target FUZZ_SECONDS (60) each, one after
#                another (tools/fuzz.sh; crashes in Fuzz/Artifacts/); make fuzz-smoke: FUZZ_RUNS (3000) runs each
#   make golden  re-pin the golden action log of every corpus recording (review git diff after)
#   make corpus  rebuild the corpus from its sources in ../shared/external (tools/build-corpus.sh)
#   make clean   remove build products (the Debian package's too)

# The Swift 6.2 (or later) toolchain: on PATH, or the usual /opt/swift install.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Debian packages the build and the live-device tests need (libxkbcommon-dev: the
# service types key chords on the session's keyboard layout; libxcb1-dev: it follows
# the focused window on X11, which the tests check on xvfb; libxcb-randr0-dev: it reads
# the X11 monitors to place clicks on the touchscreen's; python3-gi and
# gir1.2-umockdev-1.0: tools/umockdev-testbed.py, whose testbeds unplug their device
# mid-run or have it grabbed by another program; libinput-tools: libinput
# debug-events, the peer tools/compare-libinput.py compares Tactile with, and libinput
# replay; evemu-tools and python3-yaml: libevemu and the YAML module libinput replay
# needs, with which tools/replayers-read.py checks that what tactile convert writes
# is read by the real replay tools; chromium: the tests render tactile plot's
# pictures headless and check the screenshot; lisgd: the raw-evdev gesture daemon
# make bench runs beside tactile serve on the same stream, as the reference of the
# serve cost rows; libsystemd-dev: sd-bus, the session bus on which KWin's script and GNOME
# Shell's extension tell the service the focused app).
APT_PACKAGES = libevdev-dev libxkbcommon-dev libxcb1-dev libxcb-randr0-dev libsystemd-dev xvfb umockdev tmux pkg-config python3-gi gir1.2-umockdev-1.0 libinput-tools evemu-tools python3-yaml chromium lisgd
# The desktops the desktop side is tested against, as Debian 12 ships them (tools/desktop-session
# runs each headless): sway and i3 (i3-wm), Xvfb, Xwayland with openbox, mutter 43 with GNOME
# Shell's key binding schemas (gnome-shell-common), GNOME Shell 43 itself (gnome-shell: the Tactile
# focus extension runs in it), KWin 5.27 with kscreen-doctor (libkf5screen-bin) and Qt's Wayland
# platform (qtwayland5), phoc with wlr-randr 0.2, a session bus (dbus), windows to focus (wev,
# foot, x11-utils' xmessage, and GTK 4's introspection data, gir1.2-gtk-4.0, for
# tools/gnome-focus.py's window), xrandr and xhost (x11-xserver-utils), xkbcli
# (libxkbcommon-tools), and gjs, which runs both forms of the extension outside the Shell
# (tools/check-gnome-extension.sh); gcc builds tools/compositor-touch's seat shim, with which sway
# and phoc read an emulated touchscreen. About 150 MB, without recommends; make test installs them.
DESKTOP_APT_PACKAGES = sway i3-wm xvfb xwayland openbox mutter gnome-shell-common gnome-shell kwin-wayland libkf5screen-bin qtwayland5 phoc wlr-randr \
	dbus wev foot gir1.2-gtk-4.0 gjs x11-utils x11-xserver-utils libxkbcommon-tools gcc
DESKTOP_COMMANDS = sway i3 Xvfb Xwayland openbox mutter gnome-shell kwin_wayland kscreen-doctor phoc wlr-randr dbus-daemon wev foot gjs xmessage xrandr xhost xkbcli gcc
# What make deb and make check-deb need besides (.ci/run installs both lists): dpkg-shlibdeps and
# dpkg-parsechangelog (dpkg-dev), lintian, and man (man-db) for the installed manual page.
DEB_APT_PACKAGES = dpkg-dev lintian man-db
# apt-get needs root: use sudo only when not root already.
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The libraries whose DocC documentation make docs generates, in one run of the plugin.
DOC_TARGETS = Tactile TactileRecording TactileSynthesis TactileEvdev TactileService TactileDesktop TactilePlot TactileTesting

# Where make install puts tactile: $(PREFIX)/bin and $(PREFIX)/share (completions).
PREFIX ?= $(HOME)/.local
BINDIR = $(DESTDIR)$(PREFIX)/bin
SHAREDIR = $(DESTDIR)$(PREFIX)/share
COMPLETIONS = $(SHAREDIR)/bash-completion/completions/tactile $(SHAREDIR)/zsh/site-functions/_tactile \
	$(SHAREDIR)/fish/vendor_completions.d/tactile.fish

.PHONY: setup deb-setup desktop-setup apt-packages desktop-apt-packages build test demo install uninstall deb check-deb bench benchmarks golden corpus clean docs examples fuzz fuzz-smoke

setup:
	@if ! pkg-config --exists libevdev 2>/dev/null || ! pkg-config --exists xkbcommon 2>/dev/null || ! pkg-config --exists xcb 2>/dev/null || ! pkg-config --exists xcb-randr 2>/dev/null || ! pkg-config --exists libsystemd 2>/dev/null || \
		! command -v Xvfb >/dev/null 2>&1 || ! command -v umockdev-run >/dev/null 2>&1 || \
		! command -v tmux >/dev/null 2>&1 || ! command -v libinput >/dev/null 2>&1 || \
		! command -v evemu-play >/dev/null 2>&1 || ! /usr/bin/python3 -c 'import yaml' 2>/dev/null || \
		! command -v chromium >/dev/null 2>&1 || ! command -v lisgd >/dev/null 2>&1 || ! tools/umockdev-testbed.py --check 2>/dev/null; then \
		echo "Installing $(APT_PACKAGES) (libevdev, libxkbcommon, libxcb, libsystemd, Xvfb, umockdev, tmux, libinput-tools, evemu-tools, python3-yaml, chromium, lisgd or the UMockdev Python bindings are missing)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(APT_PACKAGES); \
	fi
	@if ! command -v "$(SWIFT)" >/dev/null 2>&1; then \
		echo "No Swift toolchain: install Swift 6.2 or later from https://swift.org/install (or to /opt/swift), or run make SWIFT=/path/to/swift" >&2; \
		exit 1; \
	fi

build: setup
	"$(SWIFT)" build

test: setup desktop-setup
	SWIFT="$(SWIFT)" tools/run-tests.sh
	SWIFT="$(SWIFT)" tools/check-bench.sh

bench: setup
	"$(SWIFT)" run -c release tactile-bench

# Allocation counts come from the benchmark package's malloc interposer (its
# MallocInterposer trait, chosen in Benchmarks/Package.swift): no jemalloc, and
# no environment variable (BENCHMARK_DISABLE_JEMALLOC) is needed.
benchmarks: setup
	"$(SWIFT)" package --package-path Benchmarks benchmark

demo: setup
	@[ -x .build/release/tactile ] || echo "Building tactile in release mode: the first build takes 5 to 6 minutes of CPU (5 to 6 min on 2 busy cores, more under load)."
	"$(SWIFT)" run -c release tactile demo

# The release binaries (tactile, and tactiled: the service alone, which dist/tactile.service runs)
# and tactile's completion scripts (generated by the binary itself).
install: setup
	"$(SWIFT)" build -c release --product tactile
	"$(SWIFT)" build -c release --product tactiled
	install -d "$(BINDIR)" "$(SHAREDIR)/bash-completion/completions" "$(SHAREDIR)/zsh/site-functions" \
		"$(SHAREDIR)/fish/vendor_completions.d"
	install -m 0755 .build/release/tactile .build/release/tactiled "$(BINDIR)/"
	install -D -m 0644 dist/share/tactile/kwin/tactile-focus.js "$(SHAREDIR)/tactile/kwin/tactile-focus.js"
	.build/release/tactile --generate-completion-script bash > "$(SHAREDIR)/bash-completion/completions/tactile"
	.build/release/tactile --generate-completion-script zsh > "$(SHAREDIR)/zsh/site-functions/_tactile"
	.build/release/tactile --generate-completion-script fish > "$(SHAREDIR)/fish/vendor_completions.d/tactile.fish"
	@echo "Installed $(BINDIR)/tactile and tactiled, its completions and its KWin script (per-app gestures on KDE Plasma; dist/install.sh also installs the GNOME Shell extension)."
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "$(PREFIX)/bin is not on your PATH: add it (export PATH=\"$(PREFIX)/bin:\$$PATH\") to run tactile by name.";; esac

uninstall:
	rm -f "$(BINDIR)/tactile" "$(BINDIR)/tactiled" "$(SHAREDIR)/tactile/kwin/tactile-focus.js" $(foreach file,$(COMPLETIONS),"$(file)")

# The package lists, for .ci/run (which installs them on a fresh machine, each run).
apt-packages:
	@echo $(APT_PACKAGES) $(DEB_APT_PACKAGES)
desktop-apt-packages:
	@echo $(DESKTOP_APT_PACKAGES)

desktop-setup:
	@missing=""; for command in $(DESKTOP_COMMANDS); do command -v $$command >/dev/null 2>&1 || missing="$$missing $$command"; done; \
	[ -f /usr/share/glib-2.0/schemas/org.gnome.shell.gschema.xml ] || missing="$$missing gnome-shell-common"; \
	ls /usr/lib/*/girepository-1.0/GdkWayland-4.0.typelib >/dev/null 2>&1 || missing="$$missing gir1.2-gtk-4.0"; \
	if [ -n "$$missing" ]; then \
		echo "Installing the desktops the tests run ($$missing missing)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(DESKTOP_APT_PACKAGES); \
	fi

deb-setup: setup
	@if ! command -v dpkg-shlibdeps >/dev/null 2>&1 || ! command -v lintian >/dev/null 2>&1 || \
		! command -v man >/dev/null 2>&1; then \
		echo "Installing $(DEB_APT_PACKAGES) (dpkg-dev, lintian or man-db are missing)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(DEB_APT_PACKAGES); \
	fi

# The Debian package (tools/make-deb.sh), and the check CI runs on it (tools/check-deb.sh).
deb: deb-setup
	SWIFT="$(SWIFT)" tools/make-deb.sh

check-deb: deb-setup
	SWIFT="$(SWIFT)" tools/check-deb.sh

docs: setup
	"$(SWIFT)" package generate-documentation --warnings-as-errors $(foreach target,$(DOC_TARGETS),--target $(target))

examples: setup
	SWIFT="$(SWIFT)" tools/check-examples.sh

# Not part of make test: the fuzz targets are their own package (Fuzz/), built with --sanitize fuzzer.
fuzz: setup
	SWIFT="$(SWIFT)" tools/fuzz.sh

fuzz-smoke: setup
	SWIFT="$(SWIFT)" tools/fuzz.sh --smoke

golden: setup
	"$(SWIFT)" build -c release --product tactile
	.build/release/tactile golden $$(find Recordings -name '*.json' -not -path 'Recordings/velocity/*' | sort)

corpus: setup
	tools/build-corpus.sh

clean:
	"$(SWIFT)" package clean
	rm -rf .build/deb .build/deb-static  # deb-static: where older versions built the package's binary
