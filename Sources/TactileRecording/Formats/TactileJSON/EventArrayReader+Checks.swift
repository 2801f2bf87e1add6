// The event-array reader's checks: what the engine tolerates but a person may want to know, counted as warnings.
import Tactile

extension EventArrayReader {
    /// Counts what the engine tolerates but a person may want to know.
    @inline(__always)
    mutating func check(_ event: InputEvent) {
        let time = event.seconds &* 1_000_000 &+ Int64(event.microseconds)
        if time < lastTime { note(.timeWentBackwards, event: event) }
        if firstTime < 0 { firstTime = time }
        lastTime = time
        let type = Int(event.type.rawValue), code = Int(event.code)
        if type < 32, code < EventChecks.codeLimit {
            if checks.knownCodes[type &* EventChecks.wordsPerType &+ code >> 6] & (1 << UInt64(code & 63)) == 0 {
                note(checks.knownTypes & (1 << UInt32(type)) == 0 ? .unknownEventType : .unknownEventCode, event: event)
            } else if type == 3, code == Int(AbsCode.mtSlot), event.value < checks.slotMinimum || event.value > checks.slotMaximum {
                note(.slotOutOfRange, event: event)
            }
        } else {
            note(type < 32 && checks.knownTypes & (1 << UInt32(type)) != 0 ? .unknownEventCode : .unknownEventType, event: event)
        }
    }

    @inline(never)
    mutating func note(_ kind: RecordingWarning.Kind, event: InputEvent) {
        let index = checks.warnings.firstIndex { $0.kind == kind }
        if let index {
            checks.warnings[index].count += 1
            return
        }
        let name = EventCodeNames.qualifiedName(type: event.type, code: event.code)
        let message: String
        switch kind {
        case .timeWentBackwards:
            message = "an event earlier than the one before it (\(Self.seconds(event.timeInMicroseconds)) s after \(Self.seconds(lastTime)) s); the engine counts it as simultaneous"
        case .unknownEventType:
            message = "an event of type \(event.type.rawValue), which Linux does not define"
        case .unknownEventCode:
            message = "an event \(name) that the device \"\(header?.device.name ?? "")\" does not announce"
        case .slotOutOfRange:
            message = "ABS_MT_SLOT \(event.value), beyond the device's slots \(checks.slotMinimum)…\(checks.slotMaximum)"
        case .summaryMismatch:
            message = ""
        }
        checks.warnings.append(RecordingWarning(
            kind: kind, count: 1, file: scanner.file, line: eventLine, path: JSONPath.index("events", eventCount), message: message))
    }

    /// Microseconds as seconds with six decimals: `12.000300`.
    static func seconds(_ microseconds: Int64) -> String {
        "\(microseconds / 1_000_000)." + TextFormat.decimal(microseconds % 1_000_000, width: 6)
    }
}
