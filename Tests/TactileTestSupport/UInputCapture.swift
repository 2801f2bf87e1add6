// What tools/umockdev-testbed.py --uinput-capture saves of the devices made through the emulated /dev/uinput.
import Foundation
import Tactile

/// One device as `umockdev-testbed.py --uinput-capture` saves it: its setup and the events written to it.
public struct CapturedUInputDevice: Decodable {
    public struct Axis: Decodable, Equatable {
        public var code: UInt16, minimum: Int32, maximum: Int32, fuzz: Int32, flat: Int32, resolution: Int32

        public init(code: UInt16, minimum: Int32, maximum: Int32, fuzz: Int32, flat: Int32, resolution: Int32) {
            (self.code, self.minimum, self.maximum, self.fuzz, self.flat, self.resolution) = (code, minimum, maximum, fuzz, flat, resolution)
        }
    }
    public var name: String
    public var phys: String
    public var id: [String: Int]
    public var bits: [String: [Int]]
    public var abs: [Axis]
    public var created: Bool
    public var destroyed: Bool
    public var node: String?
    /// `[sec, usec, type, code, value]` as written.
    public var events: [[Int64]]
    /// When each event was written, in seconds after the testbed started.
    public var times: [Double]

    /// The (type, code, value) triples written, in order.
    public var triples: [[Int64]] { events.map { Array($0.suffix(3)) } }

    /// The events written, as the service wrote them (times are the kernel's to stamp: 0 here).
    public var inputEvents: [InputEvent] {
        stampedEvents.map { InputEvent(seconds: 0, microseconds: 0, type: $0.type, code: $0.code, value: $0.value) }
    }

    /// The events written, each stamped with the time it was written (``times``), as the kernel
    /// stamps what uinput is sent: what a reader of the copy, libinput, sees and when.
    public var stampedEvents: [InputEvent] {
        zip(events, times).compactMap { entry, time in
            guard entry.count == 5, let type = UInt16(exactly: entry[2]), let code = UInt16(exactly: entry[3]),
                  let value = Int32(exactly: entry[4]) else { return nil }
            return InputEvent(time: time, type: EventType(rawValue: type), code: code, value: value)
        }
    }

    /// Every device of the capture at `path` (none when the file is missing: nothing was made).
    public static func read(_ path: String) throws -> [CapturedUInputDevice] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(CapturedUInputDevice.self, from: Data($0.utf8)) }
    }
}
