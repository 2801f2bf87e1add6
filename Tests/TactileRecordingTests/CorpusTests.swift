// Every recording of a local evemu-devices checkout reads (when TACTILE_EVEMU_DEVICES points at one).
import Foundation
import Tactile
import TactileRecording
import Testing

/// Reads every recording of a local evemu-devices checkout, when
/// `TACTILE_EVEMU_DEVICES` points at one (the collection is not bundled).
@Suite("evemu-devices corpus", .enabled(if: EvemuDevicesCorpus.directory != nil, "set TACTILE_EVEMU_DEVICES to an evemu-devices checkout"))
struct CorpusTests {
    @Test("every recording and description reads, round-trips and replays without a crash")
    func everyFile() throws {
        let paths = EvemuDevicesCorpus.files([".events", ".evemu", ".desc", ".device"])
        #expect(!paths.isEmpty)
        for path in paths {
            let recording = try EvemuReader.read(contentsOf: path)
            #expect(try EvemuReader.parse(EvemuWriter.text(for: recording)) == recording, "\(path)")
            var assembler = TouchAssembler(device: recording.device)
            _ = assembler.process(recording.events)
        }
    }
}

/// Where the local evemu-devices checkout is, if any.
enum EvemuDevicesCorpus {
    static let directory = ProcessInfo.processInfo.environment["TACTILE_EVEMU_DEVICES"].flatMap { $0.isEmpty ? nil : $0 }

    static func files(_ extensions: [String]) -> [String] {
        guard let directory = EvemuDevicesCorpus.directory, let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { name in extensions.contains { name.hasSuffix($0) } }
            .sorted()
            .map { directory + "/" + $0 }
    }
}
