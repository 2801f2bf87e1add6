// The touchscreen corpus replayed turned: the same actions, each location, translation, velocity and direction turned with the panel.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// Every touchscreen recording of the corpus (real ones and the synthesized
/// set), replayed on a panel mounted turned by a quarter, a half and three
/// quarters, mirrored, and calibrated by libinput matrices: the actions must
/// be the unturned replay's, at the same times, in the same states, and each
/// location, translation, velocity, swipe direction and rotation turned as
/// the panel was. Thresholds are millimetres under the finger, so nothing is
/// recognized differently.
@Suite("Mounted replays: the touchscreen corpus turned")
struct MountedReplayTests {
    static let files: [String] = Repository.goldenRecordings.filter { $0.contains("touchscreen-") }

    /// The mountings: libinput's rotations, a mirror, and two calibrations (one
    /// a quarter turn), each keeping the panel on the screen (a touch a
    /// calibration puts beyond the screen is held at its edge, and moves no more there).
    static let mountings: [(name: String, transform: SurfaceTransform)] = [
        ("90°", .rotated(.clockwise90)), ("180°", .rotated(.clockwise180)), ("270°", .rotated(.clockwise270)),
        ("mirrored", .flippedHorizontally),
        ("calibrated", SurfaceTransform(a: 0.98, b: 0, c: 0.01, d: 0, e: 0.97, f: 0.015)),
        ("calibrated, turned", SurfaceTransform(a: 0, b: -0.98, c: 0.99, d: 0.98, e: 0, f: 0.01)),
    ]

    @Test("the corpus has touchscreen recordings of every recognizer kind to turn")
    func coverage() throws {
        #expect(Self.files.count >= 25)
        var kinds = Set<String>()
        for file in Self.files {
            for action in try Recording(contentsOf: Repository.recordings + "/" + file).expected ?? [] { kinds.insert(action.recognizer) }
        }
        for kind in ["tap", "doubleTap", "longPress", "hold", "pan", "pinch", "rotation"] { #expect(kinds.contains(kind), "no \(kind) to turn") }
        #expect(kinds.contains { $0.hasPrefix("swipe") }, "no swipe to turn")
    }

    @MainActor @Test("turned, every recording gives the unturned actions, turned", arguments: Self.mountings.indices)
    func turned(_ index: Int) throws {
        let (name, transform) = Self.mountings[index]
        var compared = 0
        for file in Self.files {
            let recording = try Recording(contentsOf: Repository.recordings + "/" + file)
            let upright = RecordingReplay.run(recording).log.records
            var mounted = recording
            mounted.transform = transform
            mounted.screen = transform.screen(turning: recording.screen)
            let turned = RecordingReplay.run(mounted).log.records
            let turn = ScreenTurn(transform: transform, from: recording.screen, to: mounted.screen)
            #expect(turned.count == upright.count, "\(file) \(name): \(turned.count) actions, unturned \(upright.count)")
            for (before, after) in zip(upright, turned) {
                let problems = turn.mismatches(before, after)
                #expect(problems.isEmpty, "\(file) \(name) at \(before.time): \(problems.joined(separator: "; "))")
                if !problems.isEmpty { break }
            }
            compared += upright.count
        }
        #expect(compared > 2_000)
    }
}

/// How a point, a vector and a direction of the upright screen look on the turned one.
struct ScreenTurn {
    let transform: SurfaceTransform
    let from: Screen, to: Screen

    func point(_ p: Point) -> Point {
        let n = transform.apply(to: Point(x: p.x / from.bounds.width, y: p.y / from.bounds.height))
        return Point(x: n.x * to.bounds.width, y: n.y * to.bounds.height)
    }

    func vector(_ x: Double, _ y: Double) -> (Double, Double) {
        let (nx, ny) = (x / from.bounds.width, y / from.bounds.height)
        return ((transform.a * nx + transform.b * ny) * to.bounds.width, (transform.d * nx + transform.e * ny) * to.bounds.height)
    }

    /// A swipe direction (UIKit's raw values: 1 right, 2 left, 4 up, 8 down, diagonals as sums) under the turn's orientation.
    func direction(_ raw: Double) -> Double {
        let bits = Int(raw)
        let dx = (bits & 1 != 0 ? 1 : 0) - (bits & 2 != 0 ? 1 : 0), dy = (bits & 8 != 0 ? 1 : 0) - (bits & 4 != 0 ? 1 : 0)
        let o = transform.orientation
        var (x, y) = o.swapsAxes ? (dy, dx) : (dx, dy)
        if o.mirrorsX { x = -x }
        if o.mirrorsY { y = -y }
        return Double((x > 0 ? 1 : 0) + (x < 0 ? 2 : 0) + (y < 0 ? 4 : 0) + (y > 0 ? 8 : 0))
    }

    /// Whether the turn mirrors (a rotation's sense reverses).
    var mirrors: Bool {
        let o = transform.orientation
        return o.swapsAxes ? o.mirrorsX == o.mirrorsY : o.mirrorsX != o.mirrorsY
    }

    /// What differs between an upright action and its turned replay, beyond rounding.
    func mismatches(_ upright: ActionRecord, _ turned: ActionRecord) -> [String] {
        var problems: [String] = []
        func close(_ a: Double, _ b: Double, _ what: String, tolerance: Double = 0.01) {
            if abs(a - b) > tolerance * max(1, abs(a)) { problems.append("\(what) \(b), expected \(a)") }
        }
        if (upright.time, upright.recognizer, upright.view, upright.state, upright.touches)
            != (turned.time, turned.recognizer, turned.view, turned.state, turned.touches) {
            return ["\(turned.recognizer) \(turned.state) at \(turned.time), expected \(upright.recognizer) \(upright.state) at \(upright.time)"]
        }
        let expected = point(upright.location)
        close(expected.x, turned.location.x, "x")
        close(expected.y, turned.location.y, "y")
        let values = Dictionary(upright.values.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(turned.values.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        for pair in [("translation.x", "translation.y"), ("velocity.x", "velocity.y")] {
            guard let x = values[pair.0], let y = values[pair.1], let tx = after[pair.0], let ty = after[pair.1] else { continue }
            let (ex, ey) = vector(x, y)
            close(ex, tx, pair.0, tolerance: 0.02)
            close(ey, ty, pair.1, tolerance: 0.02)
        }
        if let raw = values["direction"], let turnedRaw = after["direction"], direction(raw) != turnedRaw {
            problems.append("direction \(turnedRaw), expected \(direction(raw))")
        }
        if upright.recognizer == "rotation", let angle = values["rotation"], let turnedAngle = after["rotation"] {
            close(mirrors ? -angle : angle, turnedAngle, "rotation", tolerance: 1e-6)
        }
        if let scale = values["scale"], let turnedScale = after["scale"] { close(scale, turnedScale, "scale", tolerance: 1e-9) }
        for name in ["fingers", "taps"] {
            if let value = values[name], after[name] != value { problems.append("\(name) \(after[name] ?? .nan), expected \(value)") }
        }
        return problems
    }
}
