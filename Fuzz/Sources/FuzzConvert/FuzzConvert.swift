// libFuzzer harness: the convert round trip — bytes in any format read, written by every writer, read again: same events and device.
import FuzzSupport
import TactileRecording

/// A leading selector byte may name the format (`FuzzInput.formatAndFile`);
/// otherwise it is detected from the content. A recording that opens goes
/// through `RoundTrip.check`, whose mismatches are `fatalError`s.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConvert(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let (format, bytes) = FuzzInput.formatAndFile(FuzzInput.bytes(start, count)),
          let recording = try? RecordingImporter.parse(bytes: bytes, file: "fuzz", as: format)
    else { return 0 }
    RoundTrip.check(recording)
    return 0
}
