// What a gestures.toml says: which devices to take, the zones, the bindings of gestures to actions.
import Tactile

/// A place in a config file: what diagnostics and `tactile check` point at.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as given (or `<default>` for the built-in config).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// A place: `file`, 1-based `line` and `column`.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Whether `lhs` comes first: by file, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `file:line:column`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A gesture service's configuration, as read from a `gestures.toml`.
///
/// ```toml
/// [devices]
/// kinds = ["touchscreen"]
///
/// [zones.left]
/// edge = "left"
/// depth = "4mm"
///
/// [[gesture]]
/// name = "right click"
/// recognizer = "long-press"
/// began = { click = "right" }
/// ```
public struct GestureConfig: Hashable, Sendable {
    /// Which devices the service takes.
    public var devices: DeviceSelection
    /// The gesture that releases every grab and stops the service.
    public var emergency: EmergencyGesture
    /// The zones, in the order they were declared.
    public var zones: [Zone]
    /// The bindings, in the order they were declared (earlier ones are added first).
    public var bindings: [Binding]
    /// Where the config came from.
    public var file: String
    /// The layout its key chords were resolved through, and where that layout came from.
    public var keyboard: KeyboardLayoutChoice = .builtIn
    /// The desktop whose defaults its desktop actions used, and why that one.
    public var desktop: DesktopPresetChoice = .builtIn
    /// How a touch the service claims after the app saw it ends for the app, and why that way.
    public var claimedTouchEnd: ClaimedTouchEndChoice = .builtIn

    /// A config of these sections (every one defaults to what an empty file gives).
    public init(devices: DeviceSelection = DeviceSelection(), emergency: EmergencyGesture = EmergencyGesture(),
                zones: [Zone] = [], bindings: [Binding] = [], file: String = "<default>") {
        self.devices = devices
        self.emergency = emergency
        self.zones = zones
        self.bindings = bindings
        self.file = file
    }

    /// The zone named `name`, if declared.
    public func zone(named name: String) -> Zone? { zones.first { $0.name == name } }
}

/// Which devices the service takes (`[devices]`).
public struct DeviceSelection: Hashable, Sendable {
    /// The kinds taken (`kinds = ["touchscreen", "touchpad"]`); default: touchscreens.
    public var kinds: Set<DeviceKind>
    /// When not empty, only devices whose name contains one of these (case-insensitive).
    public var names: [String]
    /// Devices whose name contains one of these (case-insensitive) are left alone.
    public var excludedNames: [String]
    /// Whether devices are grabbed and their touches passed on through a copy
    /// (`grab = true`, the default); without, the service only watches and
    /// acts, and the app sees every touch as well.
    public var grab: Bool
    /// The output (monitor) the touchscreens are on, as the compositor names
    /// it (`output = "eDP-1"`): where clicks land when several outputs are
    /// connected (nil: the only output, else the compositor's first).
    public var output: String?
    /// How a claimed touch the app saw ends for it (`claimed-touch-end`), nil
    /// (`"auto"`, the default) for what the session's compositor needs.
    public var claimedTouchEnd: ClaimedTouchEnd?

    /// A selection: by default every touchscreen, grabbed.
    public init(kinds: Set<DeviceKind> = [.touchscreen], names: [String] = [], excludedNames: [String] = [], grab: Bool = true,
                output: String? = nil) {
        self.kinds = kinds
        self.names = names
        self.excludedNames = excludedNames
        self.grab = grab
        self.output = output
    }
}

/// The emergency gesture (`[emergency]`): this many fingers held still for
/// this long release every grab and stop the service.
public struct EmergencyGesture: Hashable, Sendable {
    /// Fingers; 0 turns the gesture off.
    public var fingers: Int
    /// Seconds they are held.
    public var duration: Double

    /// The fingers a config may give, besides 0 (off): fewer, held still,
    /// are made by accident (a resting hand, a two-finger scroll that pauses).
    ///
    /// ```swift
    /// EmergencyGesture.fingersRange.contains(3)   // false: refused
    /// ```
    public static let fingersRange = 4...10
    /// The seconds a config may give.
    ///
    /// ```swift
    /// EmergencyGesture.durationRange.contains(30)   // false: refused
    /// ```
    public static let durationRange = 1.0...10.0

    /// The gesture: `fingers` (0: off) held still for `duration` seconds; by default five for 3 s.
    public init(fingers: Int = 5, duration: Double = 3) {
        self.fingers = fingers
        self.duration = duration
    }
}

/// A length in a config: millimetres on the surface (`"4mm"`) or a fraction
/// of the screen's side it is measured along (`"3%"`, or a bare number 0…1).
public enum ZoneMeasure: Hashable, Sendable {
    /// Millimetres on the surface (`"4mm"`).
    case millimetres(Double)
    /// A fraction of the side it is measured along (`"3%"` is 0.03; a bare number 0…1).
    case fraction(Double)

    /// The measure in millimetres along a side of `sideMillimetres`.
    public func millimetres(along sideMillimetres: Double) -> Double {
        switch self {
        case .millimetres(let value): value
        case .fraction(let value): value * sideMillimetres
        }
    }
}

/// A side of the screen.
public enum ScreenEdge: String, Hashable, Sendable, CaseIterable {
    /// The edge, as written in a config (`edge = "left"`).
    case left, right, top, bottom

    /// The edge as the engine names it (`ScreenEdges`, in Tactile), whose bands say
    /// where a touch lands at it.
    ///
    /// ```swift
    /// ScreenEdge.left.screenEdges.band(depth: 16, in: layout.screen.bounds)   // the left-edge zone 4 mm deep
    /// ```
    public var screenEdges: ScreenEdges {
        switch self {
        case .left: .left
        case .right: .right
        case .top: .top
        case .bottom: .bottom
        }
    }
}

/// A corner of the screen.
public enum ScreenCorner: String, Hashable, Sendable, CaseIterable {
    /// The corner, as written in a config (`corner = "top-left"`).
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
}

/// A named region of the screen (`[zones.NAME]`); bindings attach to it.
public struct Zone: Hashable, Sendable {
    /// Where a zone lies: exactly one of `edge`, `corner`, `rect`.
    public enum Shape: Hashable, Sendable {
        /// A band along an edge (`edge = "left"`, `depth = "4mm"`).
        case edge(ScreenEdge, depth: ZoneMeasure)
        /// A square in a corner (`corner = "top-left"`, `size = "12mm"`).
        case corner(ScreenCorner, size: ZoneMeasure)
        /// A rectangle (`rect = ["10%", "0", "80%", "8mm"]`: x, y, width, height from the top left).
        case rect(x: ZoneMeasure, y: ZoneMeasure, width: ZoneMeasure, height: ZoneMeasure)
    }

    /// Its name (`[zones.NAME]`): A-Z a-z 0-9 _ -.
    public var name: String
    /// Where it lies.
    public var shape: Shape
    /// Whether touches that land in the zone are held back from the app until
    /// the zone's gestures decide (`hold = true`, the default for edges and
    /// corners): then replayed if none takes them, dropped if one does.
    public var holdsTouches: Bool
    /// Where it is declared (its table header).
    public var location: SourceLocation

    /// A zone of this name and shape, declared at `location`.
    public init(name: String, shape: Shape, holdsTouches: Bool, location: SourceLocation) {
        self.name = name
        self.shape = shape
        self.holdsTouches = holdsTouches
        self.location = location
    }
}

/// The recognizers a binding may use (`recognizer = "…"`).
public enum RecognizerKind: String, Hashable, Sendable, CaseIterable {
    /// The recognizer, as written in a config (`recognizer = "long-press"`).
    case tap, longPress = "long-press", pressAndHold = "press-and-hold", swipe, pan, pinch, rotation, hold

    /// Whether the recognizer is discrete (recognized once: tap, press-and-hold, swipe) or
    /// continuous (began, changed…, ended).
    public var isDiscrete: Bool { self == .tap || self == .pressAndHold || self == .swipe }
}

/// A recognizer parameter's value, already checked against its kind and range.
public enum ParameterValue: Hashable, Sendable {
    /// A whole number (`fingers = 2`).
    case integer(Int)
    /// A number without a unit (`taps = 2`, a scale).
    case number(Double)
    /// A length in millimetres (`"6mm"`).
    case millimetres(Double)
    /// A speed in millimetres per second (`"80mm/s"`).
    case millimetresPerSecond(Double)
    /// Seconds (`0.5` or `"500ms"`).
    case seconds(Double)
    /// Degrees (`"15deg"`).
    case degrees(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// Swipe directions (`direction = "left"` or `["left", "up-right"]`).
    case directions([SwipeHeading])
}

/// A swipe's direction as a config names it: the four of UIKit and the
/// diagonals between them.
///
/// ```swift
/// SwipeHeading(rawValue: "up-right")?.direction   // SwipeGestureRecognizer.Direction.upRight
/// ```
public enum SwipeHeading: String, Hashable, Sendable, CaseIterable {
    case left, right, up, down
    case upLeft = "up-left", upRight = "up-right", downLeft = "down-left", downRight = "down-right"

    /// The recognizer's direction.
    public var direction: SwipeGestureRecognizer.Direction {
        switch self {
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        case .upLeft: .upLeft
        case .upRight: .upRight
        case .downLeft: .downLeft
        case .downRight: .downRight
        }
    }
}

/// One recognizer parameter as written.
public struct Parameter: Hashable, Sendable {
    /// The key as written (`fingers`, `minimum-press-duration`…).
    public var name: String
    /// The value, converted to its unit and checked against its range.
    public var value: ParameterValue
    /// Where the key is written.
    public var location: SourceLocation

    /// A parameter `name` of `value`, written at `location`.
    public init(name: String, value: ParameterValue, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// A recognizer and its parameters: what a binding builds on its zone.
public struct RecognizerSpec: Hashable, Sendable {
    /// Which recognizer.
    public var kind: RecognizerKind
    /// Parameters as written, checked; those not written keep the engine's defaults.
    public var parameters: [Parameter]

    /// A recognizer of `kind` with `parameters` (none: the engine's defaults).
    public init(kind: RecognizerKind, parameters: [Parameter] = []) {
        self.kind = kind
        self.parameters = parameters
    }
}

/// A gesture bound to actions (`[[gesture]]`).
public struct Binding: Hashable, Sendable {
    /// Its name (`name = "…"`; default `recognizer@zone`), unique in the config.
    public var name: String
    /// The recognizer and its parameters (`recognizer = "…"` and the keys beside it).
    public var recognizer: RecognizerSpec
    /// The zone it is attached to; `nil`: the whole screen.
    public var zone: String?
    /// Whether its touches are taken from the app (cancelled there) when it
    /// begins or is recognized (`claim = true`, the default).
    public var claimsTouches: Bool
    /// What runs at each phase.
    public var actions: [GesturePhase: [ServiceAction]]
    /// Repeated actions as the gesture goes on.
    public var step: StepAction?
    /// How many instances of the binding's commands may run at once
    /// (`instances = N`, 1…16; default 1: a command still running when the
    /// binding fires again is not started a second time).
    public var maximumInstances: Int
    /// When it applies: apps with the focus, devices (`app`, `not-app`, `device`, `device-kind`).
    public var conditions = BindingConditions()
    /// Where it is declared (its `[[gesture]]` header).
    public var location: SourceLocation

    /// The most instances of a binding's command that may run at once (`instances`).
    public static let instancesRange = 1...16
    /// How many commands a binding may start per second: the service starts
    /// no more (a `command` in a `changed` phase or a step would otherwise
    /// run on every frame), and `tactile check` warns with this figure.
    public static let commandsPerSecond = 10

    /// A binding; by default on the whole screen, claiming its touches, with no actions.
    ///
    /// ```swift
    /// let binding = Binding(name: "notes", recognizer: RecognizerSpec(kind: .tap), maximumInstances: 2,
    ///                       location: SourceLocation(file: "gestures.toml", line: 1, column: 1))
    /// binding.maximumInstances   // 2
    /// ```
    public init(name: String, recognizer: RecognizerSpec, zone: String? = nil, claimsTouches: Bool = true,
                actions: [GesturePhase: [ServiceAction]] = [:], step: StepAction? = nil, maximumInstances: Int = 1,
                location: SourceLocation) {
        self.name = name
        self.recognizer = recognizer
        self.zone = zone
        self.claimsTouches = claimsTouches
        self.actions = actions
        self.step = step
        self.maximumInstances = maximumInstances
        self.location = location
    }
}
