// swift-tools-version:6.2
// Tactile's benchmarks: the ordo-one benchmark suites (make benchmarks) and the
// side-by-side performance table, tactile-bench (make bench). Depends on the
// root package by path, so nothing here is part of the engine or its CLI.
// 6.1 or later: the benchmark dependency's traits are chosen on its line.
import PackageDescription

// A package depended on by path is named after its directory.
let tactile = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "Tactile"

/// The ordo-one benchmark plugin, which every suite runs under.
let benchmarkPlugin: Target.PluginUsage = .plugin(name: "BenchmarkPlugin", package: "benchmark")

let package = Package(
    name: "TactileBenchmarks",
    dependencies: [
        .package(path: ".."),
        // Only the malloc interposer (allocation counts): the ARC runtime
        // interposer, a default trait on Swift 6.3, is left off.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
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
        // same run (what `tactile bench` printed). No benchmark library: its
        // malloc interposer would be in every figure.
        .executableTarget(
            name: "tactile-bench",
            dependencies: [
                "TactileBenchSupport",
                .product(name: "Tactile", package: tactile),
                .product(name: "TactileRecording", package: tactile),
                .product(name: "TactileSynthesis", package: tactile),
                .product(name: "TactileEvdev", package: tactile),
                .product(name: "TactileService", package: tactile),
                .product(name: "TactileDesktop", package: tactile),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Linked as the release tactile binary is (see the root Package.swift), so that the
            // pipeline it times in memory and the `tactile replay` it times end to end run the
            // same code the same way.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))],
            linkerSettings: [
                .unsafeFlags(["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "now"], .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // What the pipeline and scaling suites share: registering a benchmark
        // that feeds events through a fresh pipeline each iteration.
        .target(
            name: "SuiteSupport",
            dependencies: ["TactileBenchSupport", .product(name: "Tactile", package: tactile), .product(name: "Benchmark", package: "benchmark")]
        ),
        // ordo-one suites: time, throughput and allocations of the hot paths.
        .executableTarget(
            name: "Pipeline",
            dependencies: ["SuiteSupport", "TactileBenchSupport", .product(name: "Tactile", package: tactile), .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/Pipeline",
            plugins: [benchmarkPlugin]
        ),
        .executableTarget(
            name: "Load",
            dependencies: [
                "TactileBenchSupport", .product(name: "Tactile", package: tactile), .product(name: "TactileRecording", package: tactile),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Load",
            plugins: [benchmarkPlugin]
        ),
        .executableTarget(
            name: "Scaling",
            dependencies: [
                "SuiteSupport", "TactileBenchSupport", .product(name: "Tactile", package: tactile),
                .product(name: "TactileSynthesis", package: tactile), .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Scaling",
            plugins: [benchmarkPlugin]
        ),
    ],
    swiftLanguageModes: [.v6]
)
