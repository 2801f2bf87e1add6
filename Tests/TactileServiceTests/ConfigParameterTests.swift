// Recognizer parameters from gestures.toml applied to the engine's recognizers, read back from their settings.
import Tactile
@testable import TactileService
import Testing

@Suite struct ConfigParameterTests {
    /// The recognizer of the only binding of `text`.
    func recognizer(_ text: String) throws -> GestureRecognizer {
        let result = ConfigLoader.parse("[[gesture]]\n" + text, file: "g.toml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let binding = try #require(result.config?.bindings.first)
        return binding.recognizer.makeRecognizer(name: binding.name)
    }

    @Test func tap() throws {
        let tap = try #require(try recognizer("""
            recognizer = "tap"
            fingers = 2
            taps = 2
            maximum-press-duration = "300ms"
            allowable-movement = "5mm"
            maximum-tap-interval = 0.4
            maximum-tap-distance = 20
            """) as? TapGestureRecognizer)
        #expect(tap.numberOfTouchesRequired == 2 && tap.numberOfTapsRequired == 2)
        #expect(abs(tap.maximumPressDuration - 0.3) < 1e-12 && tap.maximumTapInterval == 0.4)
        #expect(tap.allowableMovement == .millimetres(5) && tap.maximumTapDistance == .millimetres(20))
        #expect(tap.name == "tap@screen")
    }

    @Test func longPress() throws {
        let press = try #require(try recognizer("recognizer = \"long-press\"\nfingers = 2\nduration = 0.8\nallowable-movement = \"2mm\"\ntaps = 1\n")
                                 as? LongPressGestureRecognizer)
        #expect(press.numberOfTouchesRequired == 2 && press.minimumPressDuration == 0.8)
        #expect(press.allowableMovement == .millimetres(2) && press.numberOfTapsRequired == 1)
    }

    @Test func swipe() throws {
        let swipe = try #require(try recognizer("""
            recognizer = "swipe"
            fingers = 3
            direction = ["left", "up"]
            minimum-distance = "15mm"
            minimum-speed = "80mm/s"
            maximum-duration = 0.7
            angular-tolerance = "20deg"
            decides-at-lift = true
            """) as? SwipeGestureRecognizer)
        #expect(swipe.numberOfTouchesRequired == 3 && swipe.direction == [.left, .up])
        #expect(swipe.minimumDistance == .millimetres(15) && swipe.minimumSpeed == .millimetresPerSecond(80))
        #expect(swipe.maximumDuration == 0.7 && swipe.decidesAtLift)
        #expect(abs(swipe.angularTolerance - 20 * .pi / 180) < 1e-12)
    }

    @Test func pan() throws {
        let pan = try #require(try recognizer("recognizer = \"pan\"\nfingers = 2\nminimum-translation = \"6mm\"\n") as? PanGestureRecognizer)
        #expect(pan.minimumNumberOfTouches == 2 && pan.maximumNumberOfTouches == 2 && pan.minimumTranslation == .millimetres(6))
        let range = try #require(try recognizer("recognizer = \"pan\"\nminimum-fingers = 2\nmaximum-fingers = 4\n") as? PanGestureRecognizer)
        #expect(range.minimumNumberOfTouches == 2 && range.maximumNumberOfTouches == 4)
    }

    @Test func pinchRotationHold() throws {
        let pinch = try #require(try recognizer("recognizer = \"pinch\"\nminimum-span-change = \"4mm\"\nminimum-span = 10\n") as? PinchGestureRecognizer)
        #expect(pinch.minimumSpanChange == .millimetres(4) && pinch.minimumSpan == .millimetres(10))
        let rotation = try #require(try recognizer("recognizer = \"rotation\"\nminimum-rotation = 10\nminimum-span = \"12mm\"\n")
                                    as? RotationGestureRecognizer)
        #expect(abs(rotation.minimumRotation - 10 * .pi / 180) < 1e-12 && rotation.minimumSpan == .millimetres(12))
        let hold = try #require(try recognizer("recognizer = \"hold\"\nfingers = 2\nshort-hold-duration = \"50ms\"\nlong-hold-duration = 0.2\n"
                                               + "allowable-movement = 1\n") as? HoldGestureRecognizer)
        #expect(abs(hold.shortHoldDuration - 0.05) < 1e-12 && hold.longHoldDuration == 0.2 && hold.allowableMovement == .millimetres(1))
        #expect(hold.numberOfTouchesRequired == 2)
    }

    @Test func pinchAndRotationTakeExactlyTwoFingersUnlessTheBindingSays() throws {
        // The engine's own default is any number from two; the service's is two.
        #expect(PinchGestureRecognizer().maximumNumberOfTouches == Int.max)
        let pinch = try #require(try recognizer("recognizer = \"pinch\"\n") as? PinchGestureRecognizer)
        #expect(pinch.minimumNumberOfTouches == 2 && pinch.maximumNumberOfTouches == 2)
        let rotation = try #require(try recognizer("recognizer = \"rotation\"\n") as? RotationGestureRecognizer)
        #expect(rotation.minimumNumberOfTouches == 2 && rotation.maximumNumberOfTouches == 2)
        let three = try #require(try recognizer("recognizer = \"pinch\"\nfingers = 3\n") as? PinchGestureRecognizer)
        #expect(three.minimumNumberOfTouches == 3 && three.maximumNumberOfTouches == 3)
        // A hold that claims nothing may leave its fingers open: any number, as the engine's.
        let hold = try #require(try recognizer("recognizer = \"hold\"\nclaim = false\nfingers = 1\n") as? HoldGestureRecognizer)
        #expect(hold.numberOfTouchesRequired == 1)
    }

    @Test func unwrittenParametersKeepTheEngineDefaults() throws {
        let swipe = try #require(try recognizer("recognizer = \"swipe\"\n") as? SwipeGestureRecognizer)
        #expect(swipe.minimumDistance == SwipeGestureRecognizer.Defaults.minimumDistance)
        #expect(swipe.numberOfTouchesRequired == SwipeGestureRecognizer().numberOfTouchesRequired)
    }

    @Test func parameterNamesAreEachRecognizersTable() {
        #expect(RecognizerSpec.parameterNames(for: .pinch) == ["fingers", "minimum-span-change", "minimum-span"])
        #expect(RecognizerSpec.parameterNames(for: .hold) == ["fingers", "short-hold-duration", "long-hold-duration", "allowable-movement", "cancels-when-a-finger-lifts"])
        #expect(RecognizerSpec.parameterNames(for: .longPress) == ["fingers", "taps", "minimum-press-duration", "allowable-movement"])
        for kind in RecognizerKind.allCases {
            let names = RecognizerSpec.parameterNames(for: kind)
            #expect(Set(names).count == names.count)
            #expect(names.allSatisfy { !ConfigSchema.gesture.keys.contains($0) })
        }
    }

    @Test func everyKeyNameMapsToItsCode() {
        #expect(KeyNames.code(for: "esc") == 1 && KeyNames.code(for: "MICMUTE") == 248)
        #expect(KeyNames.code(for: "Page_Up") == 104 && KeyNames.code(for: "f5") == 63 && KeyNames.code(for: "VolumeUp") == 115)
        #expect(KeyNames.code(for: "ctrl") == 29 && KeyNames.code(for: "super") == 125 && KeyNames.code(for: "plus") == nil)
        #expect(KeyNames.linuxNames.allSatisfy { (1...248).contains($0.code) })
        #expect(Set(KeyNames.linuxNames.map(\.name)).count == KeyNames.linuxNames.count)
    }
}
