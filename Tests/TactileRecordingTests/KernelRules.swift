// The kernel's multitouch protocol B rules, checked on a synthesized event stream.
import Tactile

/// The rules of the kernel's multitouch protocol B encoding, checked on an
/// event stream by an independent model of the kernel's state.
enum KernelRules {
    static let tools: [UInt16: Int] = [
        KeyCode.toolFinger: 1, KeyCode.toolDoubleTap: 2, KeyCode.toolTripleTap: 3,
        KeyCode.toolQuadTap: 4, KeyCode.toolQuintTap: 5,
    ]

    /// Every broken rule, described.
    static func violations(_ events: [InputEvent], device: DeviceDescription) -> [String] {
        var checker = Checker(device: device)
        for event in events {
            if event.isReport {
                checker.endFrame(event)
            } else {
                checker.take(event)
            }
        }
        if !checker.frame.isEmpty { checker.problems.append("events after the last SYN_REPORT") }
        return checker.problems
    }

    /// The kernel's state as the stream goes, and the rules broken so far.
    private struct Checker {
        let device: DeviceDescription
        let slots: Int
        /// Every broken rule so far, described.
        var problems: [String] = []
        var slot = 0
        /// Each slot's values, by code.
        var values: [[UInt16: Int32]]
        var keys: [UInt16: Bool] = [:]
        /// The single-touch (pointer emulation) axes' values.
        var legacy: [UInt16: Int32] = [:]
        var lastID: Int32?
        /// The events of the frame so far.
        var frame: [InputEvent] = []
        var previousFrameTime: Int64?
        /// The slots free when the frame began.
        var freeAtStart: Set<Int>
        var lastTimestamp: Int32?
        var lastTimestampTime: Int64?

        /// A freshly opened `device`: slot 0, nothing down.
        init(device: DeviceDescription) {
            self.device = device
            slots = device.slotCount
            values = Array(repeating: [AbsCode.mtTrackingID: Int32(-1)], count: slots)
            freeAtStart = Set(0..<slots)
        }

        /// The slots holding a touch.
        func occupied() -> [Int] { (0..<slots).filter { (values[$0][AbsCode.mtTrackingID] ?? -1) >= 0 } }

        /// The frame `report` ends: its events' order and time, then the pointer emulation after it.
        mutating func endFrame(_ report: InputEvent) {
            let at = "frame at \(report.time)"
            if frame.isEmpty { problems.append("\(at): empty frame delivered") }
            if frame.contains(where: { $0.timeInMicroseconds != report.timeInMicroseconds }) { problems.append("\(at): mixed timestamps") }
            if let previous = previousFrameTime, report.timeInMicroseconds <= previous { problems.append("\(at): time does not increase") }
            previousFrameTime = report.timeInMicroseconds
            // Multitouch events first, then pointer emulation, then MSC_TIMESTAMP.
            let isMT = frame.map { $0.type == .abs && $0.code >= AbsCode.mtSlot }
            if let firstOther = isMT.firstIndex(of: false), isMT[firstOther...].contains(true) { problems.append("\(at): slot events after pointer events") }
            checkTimestamp(report, at: at)
            let tracked = occupied()
            checkPointerEmulation(tracked: tracked, at: at)
            freeAtStart = Set((0..<slots).filter { !tracked.contains($0) })
            frame = []
        }

        /// The frame's `MSC_TIMESTAMP`, on a device that has one: there, last,
        /// and counting up from 0 (back to 0 after more than a second's gap).
        mutating func checkTimestamp(_ report: InputEvent, at: String) {
            guard device.hasCode(MscCode.timestamp, type: .msc) else { return }
            let stamps = frame.filter { $0.type == .msc && $0.code == MscCode.timestamp }
            if stamps.count != 1 || frame.last?.type != .msc { problems.append("\(at): MSC_TIMESTAMP missing or not last") }
            guard let stamp = stamps.first else { return }
            if let last = lastTimestamp, let lastTime = lastTimestampTime {
                let gap = report.timeInMicroseconds - lastTime
                if gap > 1_000_000 ? stamp.value != 0 : stamp.value <= last { problems.append("\(at): MSC_TIMESTAMP \(stamp.value) after \(last)") }
            } else if stamp.value != 0 {
                problems.append("\(at): first MSC_TIMESTAMP is \(stamp.value)")
            }
            lastTimestamp = stamp.value
            lastTimestampTime = report.timeInMicroseconds
        }

        /// Pointer emulation after the frame, the `tracked` slots down: one
        /// tool key counting them all, `BTN_TOUCH`, and `ABS_X`/`ABS_Y` at the oldest touch.
        mutating func checkPointerEmulation(tracked: [Int], at: String) {
            let pressedTools = KernelRules.tools.filter { keys[$0.key] == true }
            if pressedTools.count > 1 { problems.append("\(at): \(pressedTools.count) tools down") }
            if device.hasKey(KeyCode.toolFinger), !tracked.isEmpty, pressedTools.count != 1 { problems.append("\(at): no tool down") }
            if let count = pressedTools.first?.value, count < tracked.count { problems.append("\(at): tool counts \(count) < \(tracked.count) slots") }
            if device.hasKey(KeyCode.touch), (keys[KeyCode.touch] ?? false) != (!tracked.isEmpty || !pressedTools.isEmpty) {
                problems.append("\(at): BTN_TOUCH wrong")
            }
            if device.axis(AbsCode.x) != nil, let nextID = lastID.map({ ($0 + 1) & 0xFFFF }) {
                let oldest = tracked.max { a, b in
                    ((nextID - (values[a][AbsCode.mtTrackingID] ?? 0)) & 0xFFFF) < ((nextID - (values[b][AbsCode.mtTrackingID] ?? 0)) & 0xFFFF)
                }
                if let oldest, legacy[AbsCode.x] != values[oldest][AbsCode.mtPositionX] || legacy[AbsCode.y] != values[oldest][AbsCode.mtPositionY] {
                    problems.append("\(at): ABS_X/ABS_Y are not the oldest touch's")
                }
            }
        }

        /// An event inside a frame: declared, not redundant, a new touch in the
        /// lowest free slot with the next tracking id, values within their axes.
        mutating func take(_ event: InputEvent) {
            frame.append(event)
            let at = "\(event)"
            if !device.hasCode(event.code, type: event.type) { problems.append("\(at): undeclared") }
            switch event.type {
            case .abs where event.code == AbsCode.mtSlot:
                if Int(event.value) == slot { problems.append("\(at): redundant ABS_MT_SLOT") }
                slot = Int(event.value)
            case .abs where event.code > AbsCode.mtSlot:
                guard values.indices.contains(slot) else { problems.append("\(at): no slot"); return }
                if values[slot][event.code, default: 0] == event.value { problems.append("\(at): unchanged value sent") }
                if event.code == AbsCode.mtTrackingID, event.value >= 0 {
                    if let last = lastID, event.value != (last + 1) & 0xFFFF { problems.append("\(at): tracking id after \(last)") }
                    lastID = event.value
                    let lowestFree = (0..<slots).first { freeAtStart.contains($0) && (values[$0][AbsCode.mtTrackingID] ?? -1) < 0 }
                    if lowestFree != slot { problems.append("\(at): new touch not in the lowest free slot \(String(describing: lowestFree))") }
                }
                values[slot][event.code] = event.value
                if let axis = device.axis(event.code), event.code != AbsCode.mtTrackingID, !axis.contains(event.value) { problems.append("\(at): out of range") }
            case .abs:
                if legacy[event.code, default: 0] == event.value { problems.append("\(at): unchanged value sent") }
                legacy[event.code] = event.value
            case .key:
                if keys[event.code, default: false] == (event.value != 0) { problems.append("\(at): unchanged key sent") }
                keys[event.code] = event.value != 0
            default:
                break
            }
        }
    }
}
