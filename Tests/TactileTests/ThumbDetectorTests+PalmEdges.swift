// litest's touchpads with palm bands at their edges: a touch resting in a band is a palm; one leaving it, or joining a finger, a finger.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

// MARK: Palms at the edges

extension LitestThumbAndPalmTests {
    /// A pad with its palm bands: the Synaptics with its default ones
    /// (libinput's: 7.76 mm sides, no top band on a pad 53 mm high), the
    /// Apple with libinput's bands for its size, asked for (libinput and
    /// the default give Apple's touchpads none).
    nonisolated struct BandedPad: Sendable, CustomTestStringConvertible {
        let pad: LitestPad
        let palmEdges: PalmEdgeZones?
        var zones: PalmEdgeZones { palmEdges ?? PalmEdgeZones.automatic(for: pad.device, surfaceSize: pad.size) }
        var testDescription: String { pad.name + (palmEdges == nil ? ", default bands" : ", libinput's bands asked for") }

        /// The edges with a band.
        var edges: [Edge] { zones.top > 0 ? Edge.allCases : [.left, .right] }

        static let all = [
            BandedPad(pad: .synaptics, palmEdges: nil),
            BandedPad(pad: .apple, palmEdges: PalmEdgeZones.libinput(surfaceSize: LitestPad.apple.size)),
        ]
    }

    nonisolated enum Edge: CaseIterable, Sendable {
        case left, right, top

        /// The band's depth on `banded`, in mm.
        func depth(_ banded: BandedPad) -> Double { self == .top ? banded.zones.top : banded.zones.side }
        /// A point `distance` mm in from the edge, `along` mm along it (from its start).
        func point(_ distance: Double, along: Double, on pad: LitestPad) -> Point {
            switch self {
            case .left: Point(x: distance, y: along)
            case .right: Point(x: pad.size.width - distance, y: along)
            case .top: Point(x: along, y: distance)
            }
        }
        /// A velocity `inward` mm/s away from the edge and `along` mm/s along it.
        func velocity(inward: Double, along: Double) -> Vector {
            switch self {
            case .left: Vector(dx: inward, dy: along)
            case .right: Vector(dx: -inward, dy: along)
            case .top: Vector(dx: along, dy: inward)
            }
        }
    }

    @Test("the default bands are libinput's on a laptop's touchpad; none on Apple's, external ones, narrow ones or touchscreens; InputPipeline takes others")
    func defaultBands() {
        let synaptics = LitestPad.synaptics, apple = LitestPad.apple
        let zones = PalmEdgeZones.automatic(for: synaptics.device, surfaceSize: synaptics.size)
        #expect(abs(zones.side - 0.08 * 97) < 1e-9 && zones.top == 0, "\(zones): 8 % of 97 mm; 53 mm is not over 55")
        #expect(PalmEdgeZones.automatic(for: apple.device, surfaceSize: apple.size) == .none)
        let asked = PalmEdgeZones.libinput(surfaceSize: apple.size)
        #expect(asked.side == 8 && abs(asked.top - 0.05 * apple.size.height) < 1e-9, "\(asked)")
        var bluetooth = synaptics.device
        bluetooth.identity.bustype = 0x05
        #expect(PalmEdgeZones.automatic(for: bluetooth, surfaceSize: synaptics.size) == .none)
        #expect(PalmEdgeZones.libinput(surfaceSize: Size(width: 69, height: 50)) == .none, "under 70 mm wide")
        #expect(PalmEdgeZones.libinput(surfaceSize: Size(width: 100, height: 70), hasTopButtons: true) == PalmEdgeZones(side: 8, top: 0))
        #expect(PalmEdgeZones.automatic(for: TestDevices.touchscreen, surfaceSize: Size(width: 300, height: 200)) == .none)
        let window = Window(screen: .standard)
        #expect(InputPipeline(device: synaptics.device, window: window).thumbs.palmEdges == zones)
        #expect(InputPipeline(device: synaptics.device, window: window, palmEdges: PalmEdgeZones.none).thumbs.palmEdges == .none)
    }

    @Test("a touch landing in a band and staying there (still, sliding along the edge, tapping) is a palm no recognizer sees; outside the band, a finger at once",
          arguments: BandedPad.all)
    func stayingInABand(banded: BandedPad) {
        let pad = banded.pad
        for edge in banded.edges {
            let depth = edge.depth(banded)
            for distance in [0.5, depth / 2, depth - 0.5, depth + 1, 15] {
                for (motion, along, lifts) in [("still", 0.0, 0.6), ("sliding along", 15.0, 0.6), ("tapping", 0.0, 0.18)] {
                    let finger = Finger.moving(from: edge.point(distance, along: 15, on: pad),
                                               velocity: edge.velocity(inward: 0, along: along),
                                               start: 0.1, end: lifts, landsAt: 0.1, liftsAt: lifts)
                    let run = FingerRun([finger], on: pad, palmEdges: banded.palmEdges)
                    let inBand = distance < depth
                    let label = "\(banded), \(edge), \(distance) mm in, \(motion)"
                    #expect(run.landing(of: 0)?.rejection == (inBand ? .palm : nil), "\(label)")
                    #expect(run.landings.map(\.time) == (inBand ? [] : [0.1]), "\(label)")
                    if inBand { #expect(run.recognized.isEmpty, "\(label): \(run.recognized)") }
                    // With the bands off, every touch is a finger.
                    let unbanded = FingerRun([finger], on: pad, palmEdges: PalmEdgeZones.none)
                    #expect(unbanded.landings.map(\.time) == [0.1], "\(label), no bands")
                }
            }
        }
    }

    @Test("a palm moving out of its band becomes a finger, landing for the recognizers then, when it leaves within 200 ms heading away from the edge within 49.5°; otherwise it stays a palm",
          arguments: BandedPad.all)
    func leavingABand(banded: BandedPad) {
        let pad = banded.pad
        for edge in banded.edges {
            let depth = edge.depth(banded)
            for degrees in [0.0, 30, 45, 60, 70] {  // from straight away from the edge
                for leavesAfter in [0.05, 0.15, 0.3] {
                    // From 1 mm in, out of the band after `leavesAfter`, on for half as long again.
                    let inward = (depth - 1) / leavesAfter
                    let along = inward * tan(degrees * .pi / 180)
                    let finger = Finger.moving(from: edge.point(1, along: 10, on: pad),
                                               velocity: edge.velocity(inward: inward, along: along),
                                               start: 0.1, end: 0.1 + 1.5 * leavesAfter, landsAt: 0.1, liftsAt: 0.2 + 1.5 * leavesAfter)
                    let run = FingerRun([finger], on: pad, palmEdges: banded.palmEdges)
                    let escapes = leavesAfter < ThumbDetector.palmEscapeTime && degrees <= 49.5
                    let label = "\(banded), \(edge), \(degrees)° off, out after \(leavesAfter) s"
                    #expect(run.landing(of: 0)?.rejection == .palm, "\(label)")
                    let landing = run.landings.first
                    #expect((landing != nil) == escapes, "\(label): \(run.landings.map(\.time))")
                    if let landing {
                        let out = run.frames.first { frame in
                            frame.touches.contains { !banded.zones.contains($0.surfaceLocation, in: pad.size) }
                        }
                        #expect(landing.time == out?.time, "\(label): lands when out of the band, at \(landing.time)")
                    }
                }
            }
        }
    }

    @Test("two fingers may scroll from the edge: a touch landing in a band beside a finger, or with one, is a finger; a palm resting there becomes one when it moves while a finger is down")
    func palmsBesideFingers() {
        for banded in BandedPad.all {
            let pad = banded.pad
            let edgePoint = Edge.left.point(2, along: 20, on: pad), middle = Point(x: pad.size.width / 2, y: 20)
            let scroll = Vector(dx: 0, dy: 30)
            for lag in [0.0, 0.2] {  // the edge touch lands with the finger, or after it
                let fingers = [
                    Finger.moving(from: middle, velocity: scroll, start: 0.4, end: 0.7, landsAt: 0.1, liftsAt: 0.8),
                    Finger.moving(from: edgePoint, velocity: scroll, start: 0.4, end: 0.7, landsAt: 0.1 + lag, liftsAt: 0.8),
                ]
                let run = FingerRun(fingers, on: pad, palmEdges: banded.palmEdges)
                #expect(run.landing(of: 1)?.rejection == nil, "\(banded), landing \(lag) s after the finger")
                #expect(run.recognized == ["pan[2]"], "\(banded): \(run.recognized)")
            }
            // The palm first, resting; a finger lands and moves; the palm keeps still, then stirs.
            let fingers = [
                Finger.moving(from: edgePoint, velocity: scroll, start: 0.8, end: 0.85, landsAt: 0.1, liftsAt: 1.0),
                Finger.moving(from: middle, velocity: Vector(dx: 40, dy: 0), start: 0.4, end: 0.7, landsAt: 0.3, liftsAt: 1.0),
            ]
            let run = FingerRun(fingers, on: pad, palmEdges: banded.palmEdges, gestures: false)
            #expect(run.landing(of: 0)?.rejection == .palm, "\(banded)")
            #expect(run.landings.first { $0.trackingID == 1 }?.time == 0.81, "\(banded): the palm lands when it moves beside the finger")
        }
    }
}
