// swift-tools-version:6.2
// Swift 6.2 or later: the engine uses InlineArray and Span (SE-0453, SE-0447).
// Linux only: the code imports Glibc and reads devices through libevdev, so no
// Apple platform is declared.
import PackageDescription

/// How the release `tactile` (and `tactile-bench`, built the same way) is linked on Linux: the
/// Swift runtime and Foundation in the binary (`-static-stdlib`), by lld, every symbol bound at
/// load (`-z now`), and its ~87 000 relative relocations packed as DT_RELR (`-z
/// pack-relative-relocs`, glibc 2.36 and later, Debian 12's): the loader reads about 35 KB of
/// them instead of 2 MB, which is about 2 MB less resident memory and a shorter start for the service.
let releaseLinking = ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]

let package = Package(
    name: "Tactile",
    products: [
        .library(name: "Tactile", targets: ["Tactile"]),
        .library(name: "TactileRecording", targets: ["TactileRecording"]),
        .library(name: "TactileSynthesis", targets: ["TactileSynthesis"]),
        .library(name: "TactileEvdev", targets: ["TactileEvdev"]),
        .library(name: "TactileService", targets: ["TactileService"]),
        .library(name: "TactileDesktop", targets: ["TactileDesktop"]),
        .library(name: "TactilePlot", targets: ["TactilePlot"]),
        .library(name: "TactileTesting", targets: ["TactileTesting"]),
        .executable(name: "tactile", targets: ["tactile"]),
        .executable(name: "tactiled", targets: ["tactiled"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation` (DocC catalogs in Sources/*/*.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // Engine: geometry, input model, touch assembly, views, recognizers, engine, action log.
        // Pure Swift, no C, no Foundation-only platform code on the hot path.
        .target(name: "Tactile"),
        // Recording formats (Tactile JSON, evemu, libinput record, getevent, reMarkable, umockdev
        // testbeds), the one call that opens any of them, the store and golden-log replay.
        .target(name: "TactileRecording", dependencies: ["Tactile", .product(name: "Yams", package: "Yams")]),
        // The gesture synthesizer: labelled, realistic evdev streams of gestures (TactileTesting uses it).
        .target(name: "TactileSynthesis", dependencies: ["Tactile", "TactileRecording"]),
        // Testing touch code: gestures in code, recordings as fixtures, readable failures (for tests only:
        // neither the CLI nor the service links it).
        .target(name: "TactileTesting", dependencies: ["Tactile", "TactileRecording", "TactileSynthesis"]),
        // libevdev, found through pkg-config.
        .systemLibrary(
            name: "CLibevdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        // libxkbcommon, found through pkg-config: key chords resolved through the session's layout.
        .systemLibrary(
            name: "CXkbCommon",
            pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]
        ),
        // libsystemd's sd-bus (the session bus, on which KWin's script and GNOME Shell's extension tell
        // the service the focused window: KDE Plasma, GNOME on Wayland) and libxcb with RandR (the
        // focused window's class and the monitors on X11), each loaded when first called (dlopen),
        // so a service on a console or in a kiosk maps neither. Their headers are needed to build
        // (libsystemd-dev, libxcb1-dev, libxcb-randr0-dev); the libraries, to use them.
        .target(name: "CSessionLibraries", linkerSettings: [.linkedLibrary("dl")]),
        // Live devices: open, describe, read with resync, discovery.
        .target(name: "TactileEvdev", dependencies: ["Tactile", "CLibevdev"]),
        // The gesture service's core, in memory: config (TOML) read against the session's layout and
        // desktop, bindings onto a view tree, the touch gate that passes, holds and cancels touches,
        // the emergency, action plans and their runner, output sinks (recording). No socket, process
        // or file of its own.
        .target(name: "TactileService", dependencies: ["Tactile", "CLibevdev", "CXkbCommon"]),
        // The service's desktop side: what talks to the system and the desktop: the live loop over
        // the devices, uinput, the focused app, where clicks land, the session's layout and the
        // running desktop's own bindings, config files, doctor, running programs. Tested against
        // Debian's real desktops (tools/desktop-session).
        .target(name: "TactileDesktop", dependencies: ["Tactile", "TactileEvdev", "TactileService", "CLibevdev", "CSessionLibraries"]),
        // Pictures of what happened: the fingers' paths on the surface, the recognizers' states over
        // time, the actions and the service's holds and claims, as one self-contained SVG (a leaf).
        .target(name: "TactilePlot", dependencies: ["Tactile"]),
        // What the command-line tools (tactile, tactile-bench) write: buffered lines in order on
        // standard output and standard error, action lines formatted on a thread of their own,
        // libevdev's messages among them. In no product.
        .target(name: "TactileConsole", dependencies: ["Tactile", "TactileRecording", "TactileEvdev", "TactileService"]),
        .executableTarget(
            name: "tactile",
            dependencies: [
                "Tactile", "TactileRecording", "TactileSynthesis", "TactileEvdev", "TactileService", "TactileDesktop", "TactilePlot",
                "TactileConsole", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release binary carries the Swift runtime and Foundation (-static-stdlib; this
            // module's objects name the static libraries, the link takes them): it starts in about
            // half the time, with no symbols to bind across 15 shared libraries, its calls into the
            // runtime are direct (`replay` about 7 % faster), and it runs where no toolchain is
            // installed. The .deb packs this same build (tools/make-deb.sh). Linked by lld, which
            // Swift's Linux toolchains ship, with every symbol bound at load (-z now, as Debian's
            // hardening asks), its relative relocations packed (see `releaseLinking`). Debug builds,
            // the tests', stay dynamic; the library products have no such flags, so packages
            // depending on them are unaffected.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [
                .unsafeFlags(releaseLinking, .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The gesture service in a binary of its own (what the systemd user unit runs): tactile
        // serve's options and run (ServeSettings, ServeSession), without Foundation, the recording
        // readers or ArgumentParser, linked as tactile is and exporting no symbol
        // (--no-export-dynamic: nothing dlopens it, so the loader has 7 500 fewer symbols to look
        // through and the link drops what nothing calls; docs/performance.md).
        .executableTarget(
            name: "tactiled",
            dependencies: ["TactileDesktop"],
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [
                .unsafeFlags(releaseLinking + ["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The performance table (make bench: `swift run -c release tactile-bench`): each figure beside a
        // reference measured in the same run. Its sources stay in Benchmarks/, whose ordo-one suites
        // build the same workloads (TactileBenchSupport) in that package of their own; here it shares
        // this package's builds, debug for make test's smoke run, release with tactile's flags (the
        // pipeline it times in memory and the `tactile replay` it times end to end run the same code).
        .target(
            name: "TactileBenchSupport", dependencies: ["Tactile", "TactileRecording", "TactileSynthesis"],
            path: "Benchmarks/Sources/TactileBenchSupport"
        ),
        .executableTarget(
            name: "tactile-bench",
            dependencies: [
                "Tactile", "TactileRecording", "TactileSynthesis", "TactileEvdev", "TactileService", "TactileDesktop",
                "TactileBenchSupport", "TactileConsole", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/Sources/tactile-bench",
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [
                .unsafeFlags(releaseLinking, .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // Test helper: opens one evdev node and prints its events as JSON lines (used under umockdev).
        .executableTarget(name: "tactile-evdev-probe", dependencies: ["Tactile", "TactileEvdev"]),
        // What several test targets share (device fixtures, the process runner, umockdev helpers,
        // repository paths, temporary directories, SplitMix, real desktops and libinput runs, the
        // service's test panels and streams). Not in any product: it never ships.
        .target(
            name: "TactileTestSupport", dependencies: ["Tactile", "TactileRecording", "TactileSynthesis", "TactileService"],
            path: "Tests/TactileTestSupport", exclude: ["Fixtures"]
        ),
        // Tests drive views, recognizers and engines, which live on the main actor, as UIKit's do.
        .testTarget(
            name: "TactileTests", dependencies: ["Tactile", "TactileSynthesis", "TactileTestSupport"], swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        .testTarget(
            name: "TactileRecordingTests", dependencies: ["Tactile", "TactileRecording", "TactileSynthesis", "TactileTesting", "TactileTestSupport"],
            exclude: ["Fixtures"]
        ),
        // The TactileEvdev library: device reading, resync, discovery, displays, live sessions, umockdev testbeds.
        .testTarget(
            name: "TactileEvdevTests",
            dependencies: [
                "Tactile", "TactileEvdev", "TactileRecording", "CLibevdev", "TactileTestSupport",
                "tactile", "tactile-evdev-probe",
            ]
        ),
        // The gesture service's core, in memory: the TOML parser and config errors, bindings, the gate,
        // actions, golden recordings, the corpus through the service, libinput's view of its output.
        .testTarget(
            name: "TactileServiceTests",
            dependencies: [
                "Tactile", "TactileRecording", "TactileService", "TactileConsole", "TactileTestSupport", "tactile",
            ],
            exclude: ["Fixtures"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // The service's desktop side: config files, doctor, the focused app, outputs and pointer
        // mapping, `tactile serve` and uinput under umockdev, dist/'s scripts, Debian's real desktops.
        .testTarget(
            name: "TactileDesktopTests",
            dependencies: [
                "Tactile", "TactileRecording", "TactileEvdev", "TactileService", "TactileDesktop", "TactileConsole",
                "TactileTestSupport", "tactile", "CSessionLibraries",
            ],
            exclude: ["Fixtures"],
            swiftSettings: [.defaultIsolation(MainActor.self)],
            // FocusConditionTests plays an X client (creates and activates windows): calls the service does
            // not make, so CSessionLibraries does not forward them and the tests link libxcb themselves.
            linkerSettings: [.linkedLibrary("xcb")]
        ),
        // The testing library as a developer uses it: gestures in code, bundled recordings, failures.
        .testTarget(
            name: "TactileTestingTests",
            dependencies: ["Tactile", "TactileRecording", "TactileSynthesis", "TactileTesting"],
            exclude: ["__Snapshots__"],
            resources: [.copy("Recordings")],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // The plots: their structure (parsed as XML) from made-up input and from corpus replays.
        .testTarget(
            name: "TactilePlotTests",
            dependencies: ["Tactile", "TactileRecording", "TactilePlot", "TactileTestSupport"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
        // The tactile command's integration tests: they run the built executable (and test its internals).
        .testTarget(
            name: "TactileCLITests",
            dependencies: [
                "Tactile", "TactileEvdev", "TactileRecording", "TactileSynthesis", "TactileDesktop", "TactileTestSupport", "tactile",
                "tactile-evdev-probe",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
