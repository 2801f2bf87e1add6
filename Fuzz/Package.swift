// swift-tools-version:6.2
// Tactile's fuzz targets: one libFuzzer executable a harness (make fuzz), on the root package by path so
// `swift test` at the root never builds or links them. Build with `--sanitize fuzzer` (see docs/development.md, Fuzzing).
import PackageDescription

// A package depended on by path is named after its directory.
let tactile = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Tactile"

/// The harnesses: each an executable whose libFuzzer entry point is `LLVMFuzzerTestOneInput`.
let harnesses = [
    "FuzzTactileJSON", "FuzzEvemu", "FuzzLibinputYAML", "FuzzGetevent", "FuzzRemarkable", "FuzzJournal",
    "FuzzReplay", "FuzzAssembler", "FuzzConvert", "FuzzConfig", "FuzzServiceDevice", "FuzzEmergency",
]
/// The harnesses of the gesture service (TactileService: its config reader, its devices).
let serviceHarnesses: Set = ["FuzzConfig", "FuzzServiceDevice", "FuzzEmergency"]
/// Those that drive a service device (devices, touch scripts and configs of FuzzServiceSupport).
let deviceHarnesses: Set = ["FuzzServiceDevice", "FuzzEmergency"]

let package = Package(
    name: "TactileFuzz",
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
            ]
        ),
        // What the service-device harnesses share: the device decoder, touch scripts (on TactileSynthesis's
        // finger script), a kernel model, configs.
        .target(
            name: "FuzzServiceSupport",
            dependencies: [
                "FuzzSupport",
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileSynthesis", package: tactile),
                .product(name: "TactileService", package: tactile),
            ]
        ),
    ] + harnesses.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzSupport",
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
            ] + (serviceHarnesses.contains(name) ? [.product(name: "TactileService", package: tactile)] : [])
              + (deviceHarnesses.contains(name) ? ["FuzzServiceSupport"] : [])
        )
    },
    swiftLanguageModes: [.v6]
)
