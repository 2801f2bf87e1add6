// swift-tools-version:6.2
// Examples that CI builds and runs against the corpus (make examples).
import PackageDescription

// A package depended on by path is named after its directory.
let tactile = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Tactile"

let package = Package(
    name: "TactileExamples",
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // The example of docs/getting-started.md, byte for byte (make examples checks it).
        .executableTarget(
            name: "GettingStarted",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
            ]
        ),
        // A photo viewer: pinch, turn and move a picture; buttons that tap; a
        // custom two-finger double tap.
        .executableTarget(
            name: "PhotoViewer",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
            ]
        ),
        // The kiosk of docs/kiosk.md: an 800 × 480 screen (top bar, map, edge menu) on a
        // Raspberry Pi's 7" panel, however it is mounted, following its touchscreen live.
        .target(
            name: "KioskApp",
            dependencies: [.product(name: "Tactile", package: tactile)]
        ),
        // The kiosk live: on the touchscreen as mounted, following it (make examples runs it on umockdev).
        .executableTarget(
            name: "Kiosk",
            dependencies: [
                "KioskApp",
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileEvdev", package: tactile),
            ]
        ),
        // The guide (Sources/Tactile/Tactile.docc/GettingStarted.md) as one program, its code
        // blocks unchanged (make examples checks them): views, target-action, custom
        // recognizers, a recording fed, actions awaited.
        .executableTarget(
            name: "Guide",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
            ]
        ),
        // The guide's live device: built (so its code compiles), not run by make examples.
        .executableTarget(
            name: "GuideLive",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileEvdev", package: tactile),
            ]
        ),
        // The photo viewer's tests, written with TactileTesting as its users would.
        .testTarget(
            name: "PhotoViewerTests",
            dependencies: [
                "PhotoViewer",
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileTesting", package: tactile),
            ]
        ),
        // The kiosk's tests, written with TactileTesting: upright, upside down and in portrait.
        .testTarget(
            name: "KioskTests",
            dependencies: [
                "KioskApp", "Kiosk",
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
                .product(name: "TactileTesting", package: tactile),
            ]
        ),
        // The test of the article "Testing your gestures"
        // (Sources/TactileTesting/TactileTesting.docc/TestingYourGestures.md), unchanged (make examples checks it).
        .testTarget(
            name: "TestingGuideTests",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileTesting", package: tactile),
            ]
        ),
        // The article's XCTest example, unchanged (make examples checks it).
        .testTarget(
            name: "TestingGuideXCTests",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileTesting", package: tactile),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
