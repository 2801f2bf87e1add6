// swift-tools-version:6.2
// Tactile's ordo-one benchmark suites (make benchmarks). Depends on the root
// package by path, so nothing here is part of the engine or its CLI. The
// side-by-side performance table, tactile-bench (make bench), has its sources
// in Sources/tactile-bench here but is a target of the root package, as is
// TactileBenchSupport, which both build (one copy of the workloads).
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
