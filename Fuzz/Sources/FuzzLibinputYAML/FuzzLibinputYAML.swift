// libFuzzer harness: bytes as `libinput record` YAML, through LibinputRecordReader and the importer for its first devices.
import FuzzSupport
import TactileRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputYAML(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    guard let record = try? LibinputRecordReader.parse(bytes: bytes, file: "fuzz.yml") else { return 0 }
    for index in 0..<min(record.devices.count, 2) {
        _ = try? RecordingImporter.parse(bytes: bytes, file: "fuzz.yml", as: .libinputRecord, options: .init(deviceIndex: index))
    }
    return 0
}
