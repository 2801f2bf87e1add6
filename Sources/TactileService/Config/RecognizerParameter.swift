// The recognizer parameters gestures.toml accepts: for each recognizer, each key, its type, range and setter.
import Tactile

/// One parameter a binding may set on its recognizer (`fingers = 3`,
/// `minimum-distance = "15mm"`): its key, type, valid range, and how it is
/// applied to the engine's recognizer.
///
/// ```swift
/// let table = RecognizerParameter.table(for: .swipe)
/// table.map(\.name)   // ["fingers", "direction", "minimum-distance", …]
/// ```
struct RecognizerParameter: Sendable {
    enum ValueType: Sendable {
        case integer, seconds, millimetres, millimetresPerSecond, degrees, boolean, directions

        /// How it is written, for messages and docs.
        var description: String {
            switch self {
            case .integer: "an integer"
            case .seconds: "seconds (0.5 or \"500ms\")"
            case .millimetres: "millimetres (\"6mm\")"
            case .millimetresPerSecond: "a speed (\"80mm/s\")"
            case .degrees: "degrees (\"15deg\")"
            case .boolean: "true or false"
            case .directions: "a direction or an array of them (left, right, up, down, up-left, up-right, down-left, down-right)"
            }
        }
    }

    typealias Apply = @MainActor @Sendable (GestureRecognizer, ParameterValue) -> Void

    var name: String
    var aliases: [String] = []
    var type: ValueType
    /// Valid values in the type's unit (ignored for booleans and directions).
    var range: ClosedRange<Double> = 0...0
    var apply: Apply

    /// `fingers` and the like.
    static func touches(_ name: String, _ apply: @escaping Apply) -> RecognizerParameter {
        RecognizerParameter(name: name, type: .integer, range: 1...10, apply: apply)
    }

    /// A setter of both ends of a recognizer's finger range: `fingers = N` takes exactly N.
    static func exactly<R: GestureRecognizer & FingerRangeRecognizer>(_ type: R.Type) -> Apply {
        on(R.self) {
            $0.minimumNumberOfTouches = $1.integer
            $0.maximumNumberOfTouches = $1.integer
        }
    }

    /// The fingers a pinch or a rotation takes when the binding does not say:
    /// exactly two (the engine's own default is any number from two, which
    /// would take a hand's three to ten fingers as a zoom).
    static let defaultFingers = 2

    /// A setter on a recognizer of class `R`.
    static func on<R: GestureRecognizer>(_ type: R.Type, _ body: @escaping @MainActor @Sendable (R, ParameterValue) -> Void) -> Apply {
        { recognizer, value in
            if let recognizer = recognizer as? R { body(recognizer, value) }
        }
    }

    /// The parameters of `kind`.
    static func table(for kind: RecognizerKind) -> [RecognizerParameter] {
        switch kind {
        case .tap: tap
        case .longPress: longPress
        case .pressAndHold: pressAndHold
        case .swipe: swipe
        case .pan: pan
        case .pinch: pinch
        case .rotation: rotation
        case .hold: hold
        }
    }

    /// The parameter of `kind` written as `key` (its name or an alias).
    static func parameter(_ key: String, of kind: RecognizerKind) -> RecognizerParameter? {
        table(for: kind).first { $0.name == key || $0.aliases.contains(key) }
    }

    static let tap: [RecognizerParameter] = [
        touches("fingers", on(TapGestureRecognizer.self) { $0.numberOfTouchesRequired = $1.integer }),
        RecognizerParameter(name: "taps", type: .integer, range: 1...5, apply: on(TapGestureRecognizer.self) { $0.numberOfTapsRequired = $1.integer }),
        RecognizerParameter(name: "maximum-press-duration", type: .seconds, range: 0.05...5,
                            apply: on(TapGestureRecognizer.self) { $0.maximumPressDuration = $1.number }),
        RecognizerParameter(name: "allowable-movement", type: .millimetres, range: 0...50,
                            apply: on(TapGestureRecognizer.self) { $0.allowableMovement = .millimetres($1.number) }),
        RecognizerParameter(name: "maximum-tap-interval", type: .seconds, range: 0.05...2,
                            apply: on(TapGestureRecognizer.self) { $0.maximumTapInterval = $1.number }),
        RecognizerParameter(name: "maximum-tap-distance", type: .millimetres, range: 0...100,
                            apply: on(TapGestureRecognizer.self) { $0.maximumTapDistance = .millimetres($1.number) }),
        RecognizerParameter(name: "allowable-movement-at-lift", type: .millimetres, range: 0...50,
                            apply: on(TapGestureRecognizer.self) { $0.allowableMovementAtLift = .millimetres($1.number) }),
        RecognizerParameter(name: "minimum-tap-interval", type: .seconds, range: 0...0.2,
                            apply: on(TapGestureRecognizer.self) { $0.minimumTapInterval = $1.number }),
    ]

    static let longPress = press(LongPressGestureRecognizer.self, durations: 0...10, between: [
        RecognizerParameter(name: "taps", type: .integer, range: 0...5,
                            apply: on(LongPressGestureRecognizer.self) { $0.numberOfTapsRequired = $1.integer }),
    ])

    static let pressAndHold = press(PressAndHoldGestureRecognizer.self, durations: 0.1...10)

    /// A press's parameters, a long press's and a press-and-hold's alike:
    /// `fingers`, then `between` (a long press's `taps`), how long the
    /// fingers rest (within `durations`) and how far they may move.
    static func press<R: GestureRecognizer & PressRecognizer>(
        _ type: R.Type, durations: ClosedRange<Double>, between: [RecognizerParameter] = []
    ) -> [RecognizerParameter] {
        [touches("fingers", on(R.self) { $0.numberOfTouchesRequired = $1.integer })] + between + [
            RecognizerParameter(name: "minimum-press-duration", aliases: ["duration"], type: .seconds, range: durations,
                                apply: on(R.self) { $0.minimumPressDuration = $1.number }),
            RecognizerParameter(name: "allowable-movement", type: .millimetres, range: 0...50,
                                apply: on(R.self) { $0.allowableMovement = .millimetres($1.number) }),
        ]
    }

    static let swipe: [RecognizerParameter] = [
        touches("fingers", on(SwipeGestureRecognizer.self) { $0.numberOfTouchesRequired = $1.integer }),
        RecognizerParameter(name: "direction", aliases: ["directions"], type: .directions,
                            apply: on(SwipeGestureRecognizer.self) { $0.direction = $1.swipeDirection }),
        RecognizerParameter(name: "minimum-distance", type: .millimetres, range: 1...300,
                            apply: on(SwipeGestureRecognizer.self) { $0.minimumDistance = .millimetres($1.number) }),
        RecognizerParameter(name: "minimum-speed", type: .millimetresPerSecond, range: 0...5000,
                            apply: on(SwipeGestureRecognizer.self) { $0.minimumSpeed = .millimetresPerSecond($1.number) }),
        RecognizerParameter(name: "maximum-duration", type: .seconds, range: 0.05...5,
                            apply: on(SwipeGestureRecognizer.self) { $0.maximumDuration = $1.number }),
        // Degrees counter-clockwise from right (90 is up), as on a compass rose drawn on the screen.
        RecognizerParameter(name: "angle", type: .degrees, range: -360...360,
                            apply: on(SwipeGestureRecognizer.self) { $0.angle = -$1.number * .pi / 180 }),
        RecognizerParameter(name: "angular-tolerance", type: .degrees, range: 1...89,
                            apply: on(SwipeGestureRecognizer.self) { $0.angularTolerance = $1.number * .pi / 180 }),
        RecognizerParameter(name: "decides-at-lift", type: .boolean,
                            apply: on(SwipeGestureRecognizer.self) { $0.decidesAtLift = $1.flag }),
    ]

    static let pan: [RecognizerParameter] = [
        touches("fingers", exactly(PanGestureRecognizer.self)),
        touches("minimum-fingers", on(PanGestureRecognizer.self) { $0.minimumNumberOfTouches = $1.integer }),
        touches("maximum-fingers", on(PanGestureRecognizer.self) { $0.maximumNumberOfTouches = $1.integer }),
        RecognizerParameter(name: "minimum-translation", type: .millimetres, range: 0...100,
                            apply: on(PanGestureRecognizer.self) { $0.minimumTranslation = .millimetres($1.number) }),
        RecognizerParameter(name: "yields-to-pinch-and-rotation", type: .boolean,
                            apply: on(PanGestureRecognizer.self) { $0.yieldsToPinchAndRotation = $1.flag }),
    ]

    static let pinch = span(PinchGestureRecognizer.self, between: [
        RecognizerParameter(name: "minimum-span-change", type: .millimetres, range: 0...100,
                            apply: on(PinchGestureRecognizer.self) { $0.minimumSpanChange = .millimetres($1.number) }),
    ])

    static let rotation = span(RotationGestureRecognizer.self, between: [
        RecognizerParameter(name: "minimum-rotation", type: .degrees, range: 0...180,
                            apply: on(RotationGestureRecognizer.self) { $0.minimumRotation = $1.number * .pi / 180 }),
    ])

    /// A pinch's parameters, a rotation's alike: `fingers` (two at least),
    /// then `between` (what it measures), then the span it needs.
    static func span<R: GestureRecognizer & SpanRecognizer>(_ type: R.Type, between: [RecognizerParameter]) -> [RecognizerParameter] {
        [RecognizerParameter(name: "fingers", type: .integer, range: 2...10, apply: exactly(R.self))] + between + [
            RecognizerParameter(name: "minimum-span", type: .millimetres, range: 0...200,
                                apply: on(R.self) { $0.minimumSpan = .millimetres($1.number) }),
        ]
    }

    static let hold: [RecognizerParameter] = [
        touches("fingers", on(HoldGestureRecognizer.self) { $0.numberOfTouchesRequired = $1.integer }),
        RecognizerParameter(name: "short-hold-duration", type: .seconds, range: 0...5,
                            apply: on(HoldGestureRecognizer.self) { $0.shortHoldDuration = $1.number }),
        RecognizerParameter(name: "long-hold-duration", type: .seconds, range: 0...5,
                            apply: on(HoldGestureRecognizer.self) { $0.longHoldDuration = $1.number }),
        RecognizerParameter(name: "allowable-movement", type: .millimetres, range: 0...50,
                            apply: on(HoldGestureRecognizer.self) { $0.allowableMovement = .millimetres($1.number) }),
        RecognizerParameter(name: "cancels-when-a-finger-lifts", type: .boolean,
                            apply: on(HoldGestureRecognizer.self) { $0.cancelsWhenAFingerLifts = $1.flag }),
    ]
}

extension ParameterValue {
    /// The value as an integer (numbers rounded toward zero; others 0).
    var integer: Int {
        switch self {
        case .integer(let n): n
        case .number(let x), .millimetres(let x), .millimetresPerSecond(let x), .seconds(let x), .degrees(let x):
            x.isFinite && abs(x) < 1e15 ? Int(x) : 0
        case .boolean, .directions: 0
        }
    }

    /// The value as a number in its unit (others 0).
    var number: Double {
        switch self {
        case .integer(let n): Double(n)
        case .number(let x), .millimetres(let x), .millimetresPerSecond(let x), .seconds(let x), .degrees(let x): x
        case .boolean, .directions: 0
        }
    }

    var flag: Bool { if case .boolean(let b) = self { b } else { false } }

    /// Directions as the swipe recognizer's option set.
    var swipeDirection: SwipeGestureRecognizer.Direction {
        guard case .directions(let headings) = self else { return [] }
        return headings.reduce(into: []) { $0.insert($1.direction) }
    }
}

@MainActor public extension RecognizerSpec {
    /// The engine's recognizer of ``kind``, named `name`, with each of
    /// ``parameters`` applied (those not written keep the engine's defaults,
    /// except that a pinch or a rotation takes exactly two fingers unless
    /// `fingers` says otherwise).
    ///
    /// ```swift
    /// let spec = RecognizerSpec(kind: .swipe, parameters: [
    ///     Parameter(name: "fingers", value: .integer(3), location: location),
    ///     Parameter(name: "direction", value: .directions([.left, .right]), location: location),
    /// ])
    /// let swipe = spec.makeRecognizer(name: "workspaces") as? SwipeGestureRecognizer
    /// swipe?.numberOfTouchesRequired   // 3
    /// ```
    func makeRecognizer(name: String) -> GestureRecognizer {
        let recognizer: GestureRecognizer = switch kind {
        case .tap: TapGestureRecognizer(name: name)
        case .longPress: LongPressGestureRecognizer(name: name)
        case .pressAndHold: PressAndHoldGestureRecognizer(name: name)
        case .swipe: SwipeGestureRecognizer(name: name)
        case .pan: PanGestureRecognizer(name: name)
        case .pinch: PinchGestureRecognizer(name: name)
        case .rotation: RotationGestureRecognizer(name: name)
        case .hold: HoldGestureRecognizer(name: name)
        }
        if let fingers = Self.defaultFingers(for: kind) {
            RecognizerParameter.parameter("fingers", of: kind)?.apply(recognizer, .integer(fingers))
        }
        for parameter in parameters {
            RecognizerParameter.parameter(parameter.name, of: kind)?.apply(recognizer, parameter.value)
        }
        return recognizer
    }
}

/// The parameter keys each recognizer takes.
public extension RecognizerSpec {
    /// The parameter keys a binding of `kind` accepts (without aliases), for
    /// `tactile check` and the docs.
    ///
    /// ```swift
    /// RecognizerSpec.parameterNames(for: .pinch)   // ["fingers", "minimum-span-change", "minimum-span"]
    /// ```
    static func parameterNames(for kind: RecognizerKind) -> [String] {
        RecognizerParameter.table(for: kind).map(\.name)
    }

    /// The fingers a binding of `kind` takes when it gives no `fingers`,
    /// where the service sets them rather than leaving the engine's default:
    /// exactly 2 for a pinch or a rotation; `nil` for the others.
    ///
    /// ```swift
    /// RecognizerSpec.defaultFingers(for: .pinch)   // 2
    /// RecognizerSpec.defaultFingers(for: .pan)     // nil: the engine's default
    /// ```
    static func defaultFingers(for kind: RecognizerKind) -> Int? {
        kind == .pinch || kind == .rotation ? RecognizerParameter.defaultFingers : nil
    }
}
