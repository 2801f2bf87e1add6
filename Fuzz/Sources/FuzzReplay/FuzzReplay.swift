// libFuzzer harness: bytes in any format (the first byte chooses, or detection) through the importer, then replayed through the engine.
import FuzzSupport
import Tactile
import TactileRecording

/// A leading selector byte may name the format (`FuzzInput.formatAndFile`), or
/// `0x06` a `record` journal; otherwise the format is detected from the content. What opens is
/// replayed with `StandardGestures` by `RecordingReplay.run`, as `tactile replay` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput.bytes(start, count)
    let recording: Recording?
    if input.first == 0x06 {
        recording = (try? RecordingJournal.recover(bytes: Array(input.dropFirst()), file: "fuzz.journal"))?.recording
    } else if let (format, bytes) = FuzzInput.formatAndFile(input) {
        recording = try? RecordingImporter.parse(bytes: bytes, file: "fuzz", as: format)
    } else {
        recording = nil
    }
    guard let recording else { return 0 }
    MainActor.assumeIsolated {
        _ = RecordingReplay.run(recording)
    }
    return 0
}
