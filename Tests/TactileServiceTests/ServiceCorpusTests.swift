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

    /// Real touchscreens the project has not tuned on (`../shared/external/hid-devices-evemu`), when present.
    nonisolated static let unseen: [String] = {
        let candidates = [Repository.root.deletingLastPathComponent().path + "/shared/external/hid-devices-evemu", "/work/shared/external/hid-devices-evemu"]
        guard let directory = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".ev") }.sorted().map { directory + "/" + $0 }
    }()

    /// Contacts after each frame of a stream (per slot: tracking id, x, y), as a kernel keeps them.
    struct Contacts {
        var slot: Int
        var slots: [Int: (id: Int32, x: Int32, y: Int32)] = [:]
        var pointer: (x: Int32?, y: Int32?) = (nil, nil)
        var pointerMoved = false
        var held: [(id: Int32, x: Int32, y: Int32)] { slots.values.filter { $0.id >= 0 } }

        /// Applies `event`; true at a `SYN_REPORT`.
        mutating func apply(_ event: InputEvent) -> Bool {
            switch (event.type, event.code) {
            case (.abs, AbsCode.mtSlot): slot = Int(event.value)
            case (.abs, AbsCode.mtTrackingID): slots[slot, default: (-1, 0, 0)].id = event.value
            case (.abs, AbsCode.mtPositionX): slots[slot, default: (-1, 0, 0)].x = event.value
            case (.abs, AbsCode.mtPositionY): slots[slot, default: (-1, 0, 0)].y = event.value
            case (.abs, AbsCode.x): pointer.x = event.value; pointerMoved = true
            case (.abs, AbsCode.y): pointer.y = event.value; pointerMoved = true
            case (.syn, SynCode.report): return true
            default: break
            }
            return false
        }
    }

    /// Point 13 of issue #19: a claimed finger never moves the copy's single-touch axes. While the
    /// copy holds fewer contacts than the device (some were taken from the app, or are held back),
    /// every `ABS_X`/`ABS_Y` it is sent is the position of a contact it holds, as the kernel's
    /// pointer emulation makes them, never that of one taken from it.
    @Test(arguments: recordings + unseen)
    func theCopysSingleTouchAxesFollowAContactItHolds(_ path: String) throws {
        let recording = try Recording(contentsOf: path)
        let device = recording.device
        guard device.kind != .other, !device.usesProtocolA, device.axis(AbsCode.mtSlot) != nil,
              device.axis(AbsCode.x) != nil, device.axis(AbsCode.mtPositionX) != nil else { return }
        let run = try ServiceRun(device: device, config: ConfigLoader.defaultConfig, events: recording.events,
                                 axisValues: recording.axisValues)
        // How many contacts the device had after its frame of each time.
        var source = Contacts(slot: Int(recording.axisValues[AbsCode.mtSlot]))
        var deviceCount: [Double: Int] = [:]
        for event in recording.events where source.apply(event) { deviceCount[event.time] = source.held.count }
        var copy = Contacts(slot: 0)
        for event in run.events(of: run.outputs.touchCopy) where copy.apply(event) {
            defer { copy.pointerMoved = false }
            let held = copy.held
            guard copy.pointerMoved, !held.isEmpty, held.count < deviceCount[event.time, default: 0],
                  let x = copy.pointer.x, let y = copy.pointer.y else { continue }
            #expect(held.contains { $0.x == x && $0.y == y },
                    "\(path) at \(event.time): ABS_X/Y \(x), \(y) is no contact of the copy's (\(held.map { "\($0.x), \($0.y)" }))")
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
