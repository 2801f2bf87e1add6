// `tactiled`: the gesture service in a binary of its own, as the systemd user unit runs it.
//
// The same options and the same run as `tactile serve` (ServeSettings, ServeSession), in a binary
// that links neither Foundation nor the recording readers nor ArgumentParser: 11.4 MB at its peak
// holding a touchscreen where `tactile serve` takes 20 MB, and half its start (docs/performance.md).
// Only `--output`, which saves a dry run as evemu recordings, stays `tactile serve`'s.
import Glibc
import TactileDesktop

/// Writes `lines` to standard error at once (before the service's log exists).
func printError(_ lines: String...) {
    for line in lines {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

let command = "tactiled"
let settings: ServeSettings
do throws(ServeSettings.UsageError) {
    switch try ServeSettings.read(Array(CommandLine.arguments.dropFirst())) {
    case .run(let read): settings = read
    case .help:
        print(ServeSettings.help(command: command))
        exit(EXIT_SUCCESS)
    case .version:
        print(TactileVersion.current)
        exit(EXIT_SUCCESS)
    }
} catch {
    printError("Error: \(error)", ServeSettings.usage(command: command), "  See '\(command) --help' for more information.")
    exit(64)
}
if settings.outputDirectory != nil {
    printError("Error: --output saves a dry run as evemu recordings, which tactiled cannot write: run tactile serve --dry-run --output DIR")
    exit(64)
}
exit(MainActor.assumeIsolated { ServeSession.run(settings) })
