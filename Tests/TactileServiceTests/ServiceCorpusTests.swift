// Every real recording of the corpus through the service under the default config: what the copy sends is whole.
import Foundation
import Tactile
import TactileRecording
import TactileService
import TactileTestSupport
import Testing

@Suite struct ServiceCorpusTests {
    /// The corpus's touchscreen and touchpad recordings (any format), protocol B.
    nonisolated static let recordings: [String] = {
        let root = Repository.recordings
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".evemu") }
            .filter { !$0.hasPrefix("velocity/") }
            .sorted()
        return files.map { root + "/" + $0 }
    }()

    /// The contacts a copy's kernel holds after `events` (per slot: tracking id), and `BTN_TOUCH`.
    struct CopyModel {
        var slot = 0
        var tracking: [Int: Int32] = [:]
        var touch: Int32 = 0
        var active: Int { tracking.values.filter { $0 >= 0 }.count }

        mutating func apply(_ event: InputEvent) {
            switch (event.type, event.code) {
            case (.abs, AbsCode.mtSlot): slot = Int(event.value)
            case (.abs, AbsCode.mtTrackingID): tracking[slot] = event.value
            case (.key, KeyCode.touch): touch = event.value
            default: break
            }
        }
    }

    @Test(arguments: recordings)
    func theCopyIsWholeAndUnchangedWhereNoGestureActed(_ path: String) throws {
        let recording = try Recording(contentsOf: path)
        let device = recording.device
        guard device.kind != .other, !device.usesProtocolA, device.axis(AbsCode.mtSlot) != nil else { return }
        let run = try ServiceRun(device: device, config: ConfigLoader.defaultConfig, events: recording.events,
                                 axisValues: recording.axisValues)
        let copy = run.events(of: run.outputs.touchCopy)
        // Whole: ends with a report, and leaves no finger down on the copy.
        // (While every contact passes, BTN_TOUCH is the device's own, which some touchpads tie to
        // pressure rather than to contacts: only the end is checked.)
        var model = CopyModel()
        for event in copy { model.apply(event) }
        #expect(copy.isEmpty || copy.last?.isReport == true, "\(path)")
        #expect(model.active == 0, "\(path): \(model.active) contacts left on the copy")
        #expect(model.touch == 0, "\(path): BTN_TOUCH left down on the copy")
        // Unchanged, byte for byte, when nothing was claimed, held or done and the stream starts in slot 0.
        let quiet = !run.reports.contains { $0.contains(" takes slot") || $0.contains(" goes on to the app") || $0.contains(" → ") }
        let dropped = recording.events.contains { $0.type == .syn && $0.code == SynCode.dropped }
        if quiet && !dropped && recording.axisValues[AbsCode.mtSlot] == 0 {
            // Frame by frame; an empty frame (a lone SYN_REPORT) the kernel would not pass on either.
            var input: [InputEvent] = [], frame: [InputEvent] = []
            for event in recording.events {
                if event.isReport {
                    if !frame.isEmpty { input += frame + [event] }
                    frame = []
                } else if event.type != .syn {
                    frame.append(event)
                }
            }
            #expect(copy == input, "\(path): the copy differs from the device although no gesture acted")
        }
    }
}
