// libFuzzer harness: bytes as a reMarkable touch record (JSON lines), through RemarkableRecordReader.
import FuzzSupport
import TactileRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRemarkable(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    _ = try? RemarkableRecordReader.parse(bytes: bytes, file: "fuzz.record")
    return 0
}
