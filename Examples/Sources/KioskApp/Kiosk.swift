// The kiosk screen: a top bar of three buttons, a map that pans, zooms and takes pins, a menu that slides in from the left edge.
import Tactile

/// An 800 × 480 kiosk screen (or 480 × 800 when the panel is mounted in
/// portrait: it lays itself out in the window it is given): a top bar of
/// three buttons; a map that one finger pans, two fingers zoom, a double
/// tap zooms in and a long press drops a pin on; and a menu that a swipe
/// in from the screen's left edge opens. It knows nothing of how its
/// panel is mounted or where it is plugged in: the pipeline turns the
/// touches, the live session follows the device.
@MainActor
public final class Kiosk: GestureRecognizerDelegate {
    public let window: Window
    public let topBar: View
    public let map: View
    public static let buttonNames = ["Home", "Route", "Help"]
    /// The top bar's height, in points.
    public static let barHeight = 56.0

    public private(set) var offset = Point.zero
    public private(set) var zoom = 1.0
    public private(set) var pins: [Point] = []
    public private(set) var isMenuOpen = false
    /// What happened, a line each, as the kiosk's screen would show it.
    public private(set) var log: [String] = []
    /// Called with each line as it is logged (the live run prints them).
    public var onLog: ((String) -> Void)?

    let pan = PanGestureRecognizer(name: "mapPan")
    let pinch = PinchGestureRecognizer(name: "mapPinch")
    let doubleTap = TapGestureRecognizer(taps: 2, name: "mapDoubleTap")
    let longPress = LongPressGestureRecognizer(name: "dropPin")
    let edgeSwipe = ScreenEdgePanGestureRecognizer(edges: .left, name: "menuSwipe")

    public init(screen: Screen) {
        window = Window(screen: screen)
        let bounds = window.bounds
        topBar = View(frame: Rect(x: 0, y: 0, width: bounds.width, height: Self.barHeight), name: "topBar")
        map = View(frame: Rect(x: 0, y: Self.barHeight, width: bounds.width, height: bounds.height - Self.barHeight), name: "map")
        window.addSubview(map)
        window.addSubview(topBar)
        let width = bounds.width / Double(Self.buttonNames.count)
        for (index, name) in Self.buttonNames.enumerated() {
            let button = View(frame: Rect(x: Double(index) * width, y: 0, width: width, height: Self.barHeight), name: name)
            let tap = TapGestureRecognizer(name: "button" + name)
            tap.addTarget(self, action: Kiosk.pressed)
            button.addGestureRecognizer(tap)
            topBar.addSubview(button)
        }
        pan.maximumNumberOfTouches = 1
        pan.yieldsToPinchAndRotation = true
        pan.addTarget(self, action: Kiosk.panned)
        pinch.addTarget(self, action: Kiosk.pinched)
        doubleTap.addTarget(self, action: Kiosk.doubleTapped)
        longPress.addTarget(self, action: Kiosk.pressedLong)
        for recognizer in [pan, pinch, doubleTap, longPress] as [GestureRecognizer] {
            recognizer.delegate = self
            map.addGestureRecognizer(recognizer)
        }
        edgeSwipe.addTarget(self, action: Kiosk.swipedIn)
        window.addGestureRecognizer(edgeSwipe)
    }

    func pressed(_ tap: TapGestureRecognizer) {
        guard let button = tap.view else { return }
        say("button \(button.name)")
    }

    func panned(_ pan: PanGestureRecognizer) {
        let step = pan.translation(in: map)
        offset.x += step.x
        offset.y += step.y
        pan.setTranslation(.zero, in: map)
        if pan.state == .ended { say("map moved to \(Self.text(offset))") }
    }

    func pinched(_ pinch: PinchGestureRecognizer) {
        zoom *= pinch.scale
        pinch.scale = 1
        if pinch.state == .ended { say("map zoomed to ×\(Self.text(zoom))") }
    }

    func doubleTapped(_ tap: TapGestureRecognizer) {
        zoom *= 2
        say("map zoomed in to ×\(Self.text(zoom)) at \(Self.text(tap.location(in: map)))")
    }

    func pressedLong(_ press: LongPressGestureRecognizer) {
        guard press.state == .began else { return }
        let point = press.location(in: map)
        pins.append(point)
        say("pin dropped at \(Self.text(point))")
    }

    func swipedIn(_ swipe: ScreenEdgePanGestureRecognizer) {
        guard swipe.state == .ended, !isMenuOpen, swipe.translation(in: window).x > 40 else { return }
        isMenuOpen = true
        say("menu opened")
    }

    /// One finger pans; two pinch, and take a drag over; the rest wait their turn.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        false
    }

    private func say(_ line: String) {
        log.append(line)
        onLog?(line)
    }

    static func text(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func text(_ point: Point) -> String { "(\(text(point.x)), \(text(point.y)))" }
}
