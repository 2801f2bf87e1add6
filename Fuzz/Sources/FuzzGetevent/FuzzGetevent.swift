// libFuzzer harness: bytes as Android `getevent -lt` text, through GeteventReader and the device it implies.
import FuzzSupport
import TactileRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGetevent(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    guard let trace = try? GeteventReader.parse(bytes: bytes, file: "fuzz.txt") else { return 0 }
    _ = Recording(getevent: trace).convertingProtocolA()
    return 0
}
