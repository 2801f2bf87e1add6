// swift-tools-version:6.2
// Tactile's benchmarks: the side-by-side performance table, tactile-bench
// (make bench). Depends on the root package by path, so nothing here is part
// of the engine or its CLI.
import PackageDescription

// A package depended on by path is named after its directory.
let tactile = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Tactile"

let package = Package(
    name: "TactileBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The workloads both the suites and the table run: synthesized sessions,
        // the view trees, recording files of a size, one timed pipeline pass.
        .target(
            name: "TactileBenchSupport",
            dependencies: [
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
                .product(name: "TactileSynthesis", package: tactile),
            ]
        ),
        // The side-by-side table: each figure beside a reference measured in the
        // same run (what `tactile bench` printed).
        .executableTarget(
            name: "tactile-bench",
            dependencies: [
                "TactileBenchSupport",
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
                .product(name: "TactileSynthesis", package: tactile),
                .product(name: "TactileEvdev", package: tactile),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
