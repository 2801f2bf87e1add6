// libFuzzer harness: bytes as a Tactile JSON recording, through RecordingReader (whole, with warnings, and the header alone).
import FuzzSupport
import TactileRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTactileJSON(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    _ = try? RecordingReader.readWithWarnings(bytes: bytes, file: "fuzz.json")
    _ = try? RecordingReader.header(bytes: bytes, file: "fuzz.json")
    return 0
}
