// libFuzzer harness: bytes as a `record` journal (a JSON header line, then event lines), through RecordingJournal.recover.
import FuzzSupport
import TactileRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    _ = try? RecordingJournal.recover(bytes: bytes, file: "fuzz.journal")
    return 0
}
