// libFuzzer harness: bytes as a gestures.toml, through ConfigLoader.parse (the TOML parser and the config reader).
import FuzzSupport
import TactileService

/// The bytes as UTF-8 (invalid sequences replaced, as a lossy reader would),
/// parsed as the config file `fuzz.toml`. Errors and warnings are correct
/// answers; only traps, hangs and superlinear time are findings (the script's
/// `-timeout`). A config that parses is read once more through its
/// diagnostics' descriptions, which print every location.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let text = String(decoding: bytes, as: UTF8.self)
    let result = ConfigLoader.parse(text, file: "fuzz.toml")
    for diagnostic in result.diagnostics { _ = diagnostic.description }
    if let config = result.config {
        _ = config.bindings.count
    }
    return 0
}
