// tactile-bench: the performance table, each figure beside a reference measured in the same run.
import ArgumentParser
import Foundation
import Tactile
import TactileBenchSupport
import TactileConsole
import TactileRecording

/// `tactile-bench`: the performance figures, each beside a reference measured in the same run.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile-bench",
        abstract: "Measure recording load, pipeline throughput, scaling, check's cost by bindings, live latency, memory, serve's pass-through and serve's cost beside lisgd.",
        discussion: """
            Prints one table; every figure stands beside a reference measured in the same run \
            (Foundation's JSONDecoder on the same file, the pipeline with no recognizers, one \
            touch, one view, one binding, a 10 MB replay), so the ratios hold on any machine. Use a release \
            build: `make bench`, which runs `swift run -c release tactile-bench`. --quick runs a \
            small version of everything in a few seconds (the smoke \
            check make test runs); its times are not meaningful. The serve group builds the `tactile` \
            product of the same configuration and runs `tactile serve --stats` on a umockdev testbed \
            (tools/umockdev-testbed.py, with an emulated /dev/uinput), then measures its cost idle and \
            touching (wake-ups, CPU, peak memory, start-up) beside Debian's lisgd on the same stream \
            when lisgd is installed; TACTILE_BINARY names another tactile to run.
            """
    )

    @Flag(help: "A short run of every measurement (smoke test; times not meaningful).")
    var quick = false

    @Flag(help: "Print the rows as JSON lines instead of a table.")
    var json = false

    @Option(help: ArgumentHelp("Only these groups: load, pipeline, scaling, check, latency, memory, serve (comma separated).", valueName: "groups"))
    var only: String?

    /// The latency child: reads this evdev node under umockdev-run (the tool re-runs itself).
    @Option(help: .hidden)
    var latencyChild: String?

    /// The memory child: replays this recording as `tactile replay --json` does.
    @Option(help: .hidden)
    var replayChild: String?

    /// The serve group's write child: writes the frames of this uinput capture to /dev/uinput (the testbed helper's emulation).
    @Option(help: .hidden)
    var uinputWriteChild: String?

    /// Every group, in the order they run.
    static let groups = ["load", "pipeline", "scaling", "check", "latency", "memory", "serve"]

    func validate() throws {
        for group in selectedGroups where !Self.groups.contains(group) {
            throw ValidationError("unknown group \(group); expected some of \(Self.groups.joined(separator: ", "))")
        }
    }

    private var selectedGroups: [String] {
        only.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? Self.groups
    }

    @MainActor
    func run() async throws {
        if let latencyChild {
            try LatencyBenchmark.runChild(node: latencyChild, quick: quick)
            return
        }
        if let uinputWriteChild {
            try ServeBenchmark.runWriteChild(capture: uinputWriteChild)
            return
        }
        if let replayChild {
            try MemoryBenchmark.runChild(path: replayChild)
            return
        }
        let groups = selectedGroups
        if !json {
            LineOutput.standardOutput.write("Tactile benchmark\(quick ? " (quick: smoke run, times not meaningful)" : "") — \(Self.buildKind) build, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        }
        let files = BenchFiles()
        defer { files.removeAll() }
        var rows: [BenchRow] = []
        func add(_ group: String, _ make: () throws -> [BenchRow]) rethrows {
            guard groups.contains(group) else { return }
            let new = try make()
            rows += new
            if json {
                for row in new { LineOutput.standardOutput.write(row.jsonLine) }
            }
            LineOutput.standardOutput.flush()
        }
        try add("load") { try LoadBenchmark.rows(quick: quick, files: files) }
        try add("pipeline") { try PipelineBenchmark.rows(quick: quick) + ReplayOutputBenchmark.rows(quick: quick, files: files) }
        add("scaling") { PipelineBenchmark.scalingRows(quick: quick) }
        add("check") { CheckBenchmark.rows(quick: quick) }
        try add("latency") { try LatencyBenchmark.rows(quick: quick, files: files) }
        try add("memory") { try MemoryBenchmark.rows(quick: quick, files: files) }
        // Asked for by name, the serve group fails without its testbed helper; in the whole table it says why it is missing.
        try add("serve") {
            try ServeBenchmark.rows(quick: quick, required: only != nil, files: files)
                + ServeCostBenchmark.rows(quick: quick, required: only != nil, files: files)
        }
        if !json {
            for line in BenchTable.render(rows) { LineOutput.standardOutput.write(line) }
            LineOutput.standardOutput.flush()
        }
    }

    static var buildKind: String {
        #if DEBUG
        "debug (use `make bench` for real figures)"
        #else
        "release"
        #endif
    }
}
