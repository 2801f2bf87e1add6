// libFuzzer harness: bytes as evemu text, whole or split into a description and its events (the first byte chooses).
import FuzzSupport
import Tactile
import TactileRecording

/// A first byte `0x01`: the rest is split before its first `E:` line into a
/// `.desc` (read first) and an events-only file read with that description's
/// device, as `EvemuReader.read(descriptionAt:eventsAt:)` does. Otherwise the
/// whole input is one evemu file (as every real file is; `0x02` first is dropped).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput.bytes(start, count)
    let mode = input.first
    let bytes = mode == 0x01 || mode == 0x02 ? Array(input.dropFirst()) : input
    if mode != 0x01 {
        if let evemu = try? EvemuReader.parse(bytes: bytes, file: "fuzz.evemu") {
            _ = Recording(evemu: evemu)
        }
        return 0
    }
    let split = firstEventLine(bytes) ?? bytes.count
    guard let description = try? EvemuReader.parse(bytes: Array(bytes[..<split]), file: "fuzz.desc") else { return 0 }
    if let evemu = try? EvemuReader.parse(bytes: Array(bytes[split...]), file: "fuzz.events", device: description.device) {
        _ = Recording(evemu: evemu)
    }
    return 0
}

/// The offset of the first line that starts with `E:`.
private func firstEventLine(_ bytes: [UInt8]) -> Int? {
    var lineStart = 0
    while lineStart + 1 < bytes.count {
        if bytes[lineStart] == UInt8(ascii: "E"), bytes[lineStart + 1] == UInt8(ascii: ":") { return lineStart }
        guard let end = bytes[lineStart...].firstIndex(of: 0x0A) else { return nil }
        lineStart = end + 1
    }
    return nil
}
