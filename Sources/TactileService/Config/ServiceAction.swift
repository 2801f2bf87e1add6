// What a binding does: the phases it acts in, and its actions (key chords, clicks, scrolling, drags, commands, steps).
import Tactile

/// When an action runs (the keys of a binding: `began`, `changed`, `ended`, `cancelled`).
/// A discrete recognizer (tap, swipe) only ends (`ended`, also spelt `recognized`).
public enum GesturePhase: String, Hashable, Sendable, CaseIterable {
    /// The phase, as written as a binding's key.
    case began, changed, ended, cancelled
}

/// A mouse button.
public enum PointerButton: String, Hashable, Sendable, CaseIterable {
    /// The button, as written in a config (`click = "right"`).
    case left, right, middle
}

/// Keys pressed together, modifiers first (`"ctrl+alt+Left"`), as evdev key codes.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// Pressed in this order, released in the reverse order.
    public var keys: [UInt16]
    /// As written.
    public var text: String

    /// A chord of evdev key codes `keys`, written as `text`.
    public init(keys: [UInt16], text: String) {
        self.keys = keys
        self.text = text
    }

    /// The chord as written (``text``).
    public var description: String { text }

    /// The key codes pressed, by their Linux names: `KEY_LEFTCTRL+KEY_LEFTSHIFT+KEY_EQUAL`.
    public var codeNames: String { keys.map(KeyNames.name(of:)).joined(separator: "+") }
}

/// Smooth scrolling from a continuous gesture's translation (`scroll = "natural"`).
public struct ScrollAction: Hashable, Sendable {
    /// Content follows the fingers (`natural`), or the other way (`traditional`).
    public var natural: Bool
    /// Millimetres of travel per wheel notch (120 high-resolution units).
    public var millimetresPerNotch: Double

    /// Scrolling, natural by default, one notch each 8 mm.
    public init(natural: Bool = true, millimetresPerNotch: Double = 8) {
        self.natural = natural
        self.millimetresPerNotch = millimetresPerNotch
    }
}

/// What a binding does.
public enum ServiceAction: Hashable, Sendable {
    /// Press and release a chord on the service's virtual keyboard.
    case key(KeyChord)
    /// Click a button at the gesture's location on the virtual absolute pointer.
    case click(PointerButton)
    /// Scroll by the gesture's translation since the last change (continuous gestures).
    case scroll(ScrollAction)
    /// Run a program with these arguments (the first is looked up on `PATH`; no shell).
    case command([String])
    /// Hold `modifiers` and a button down at the gesture's location from its
    /// `began`, follow it on the pointer, and let go when it ends: a window
    /// moved by the desktop's modifier-drag (`{ desktop = "move-window" }`).
    case drag(DragAction)
}

/// A press-and-drag on the virtual pointer with modifiers held (`{ desktop = "move-window" }`).
public struct DragAction: Hashable, Sendable {
    /// The button held.
    public var button: PointerButton
    /// The keys held with it (`super`, resolved on the layout), pressed first and released last.
    public var modifiers: KeyChord

    /// A drag with `button`, `modifiers` held.
    public init(button: PointerButton, modifiers: KeyChord) {
        self.button = button
        self.modifiers = modifiers
    }
}

/// Actions repeated as a continuous gesture goes on (`[gesture.step]`): one
/// `increase` each time the gesture's measure grows by `every`, one
/// `decrease` each time it shrinks by as much.
///
/// Repeats are paced by travel, and with ``fast`` by velocity too: at that
/// speed a step takes half the travel (`every / (1 + speed / fast)`), so a
/// quick stroke repeats more per millimetre than a slow one, as pointer
/// acceleration does.
public struct StepAction: Hashable, Sendable {
    /// What is counted in steps (`measure = "…"`).
    public enum Measure: String, Hashable, Sendable, CaseIterable {
        /// Travel of the fingers' centroid in millimetres (pan; increase: right or down).
        case horizontal, vertical
        /// `log2(scale)` (pinch; increase: spreading).
        case scale
        /// Degrees (rotation; increase: clockwise).
        case rotation
    }

    /// What is counted.
    public var measure: Measure
    /// The step, in the measure's unit (millimetres, log2 of scale, degrees).
    public var every: Double
    /// Run once for each step the measure grows.
    public var increase: [ServiceAction]
    /// Run once for each step the measure shrinks.
    public var decrease: [ServiceAction]
    /// The speed (the measure's unit per second) at which a step takes half
    /// the travel; `nil`: every step takes `every`, whatever the speed.
    public var fast: Double?

    /// Steps of `every` along `measure`, each running `increase` or `decrease`
    /// (with `fast`, paced by velocity too).
    public init(measure: Measure, every: Double, increase: [ServiceAction], decrease: [ServiceAction], fast: Double? = nil) {
        self.measure = measure
        self.every = every
        self.increase = increase
        self.decrease = decrease
        self.fast = fast
    }
}
