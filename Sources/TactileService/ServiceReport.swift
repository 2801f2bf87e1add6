// What the service did, as lines for its log, dry runs and `tactile check`.
import Tactile

/// One thing the service did on a device.
public enum ServiceReport: Hashable, Sendable, CustomStringConvertible {
    /// A binding's recognizer sent an action.
    case fired(binding: String, phase: GesturePhase, time: Double, location: Point)
    /// A binding took touches from the app: passed-on ones were cancelled, held ones dropped.
    case claimed(binding: String, slots: [Int], time: Double)
    /// A held touch went on to the app: no gesture of its zone took it.
    case released(slot: Int, zone: String, time: Double, heldFor: Double)
    /// An action was carried out (or, in a dry run, would have been).
    case performed(binding: String, action: String, time: Double)
    /// An action was not carried out: a limit of its binding's (a command still running, too many a second).
    case skipped(binding: String, action: String, reason: String, time: Double)
    /// The emergency gesture was made.
    case emergency(time: Double)
    /// Something could not be done.
    case failed(String, time: Double)

    /// When it happened (engine time, seconds).
    public var time: Double {
        switch self {
        case .fired(_, _, let time, _), .claimed(_, _, let time), .released(_, _, let time, _),
             .performed(_, _, let time), .skipped(_, _, _, let time), .emergency(let time), .failed(_, let time):
            time
        }
    }

    /// One line for the log: the time, then what happened (`1.250  right click began at (120.0, 80.0)`).
    public var description: String {
        FixedDecimal.format(time, places: 3) + "  " + what
    }

    /// The line `tactile check` prints: seconds since `origin` (the
    /// recording's first event) with three decimals and the unit, then what
    /// happened.
    ///
    /// ```swift
    /// ServiceReport.performed(binding: "back", action: "key alt+Left", time: 1357143780.777).line(since: 1357143779.527)
    /// // "1.250 s  back → key alt+Left"
    /// ```
    public func line(since origin: Double) -> String {
        FixedDecimal.format(time - origin, places: 3) + " s  " + what
    }

    /// What happened, without the time.
    private var what: String {
        switch self {
        case .fired(let binding, let phase, _, let location):
            return "\(TextFormat.visible(binding)) \(phase.rawValue) at (\(FixedDecimal.format(location.x, places: 1)), \(FixedDecimal.format(location.y, places: 1)))"
        case .claimed(let binding, let slots, _):
            return "\(TextFormat.visible(binding)) takes slot \(slots.map(String.init).joined(separator: ", ")) from the app"
        case .released(let slot, let zone, _, let heldFor):
            let held = Int((heldFor * 1000).rounded())
            return "slot \(slot) held \(held) ms in \(TextFormat.visible(zone)) goes on to the app: no gesture took it"
        case .performed(let binding, let action, _):
            return "\(TextFormat.visible(binding)) → \(TextFormat.visible(action))"
        case .skipped(let binding, let action, let reason, _):
            return "\(TextFormat.visible(binding)) → \(TextFormat.visible(action)) skipped: \(TextFormat.visible(reason))"
        case .emergency:
            return "emergency gesture: every grab released"
        case .failed(let message, _):
            return "error: \(TextFormat.visible(message))"
        }
    }
}

extension ServiceAction: CustomStringConvertible {
    /// The action in a few words (`key ctrl+alt+Left`, `right click`, `run notify-send hi`).
    public var description: String {
        switch self {
        case .key(let chord): "key \(chord.text)"
        case .click(let button): "\(button.rawValue) click"
        case .scroll(let scroll): scroll.natural ? "scroll (natural)" : "scroll (traditional)"
        case .command(let arguments): "run " + arguments.joined(separator: " ")
        case .drag(let drag): "\(drag.modifiers.text)+\(drag.button.rawValue) drag"
        }
    }
}
