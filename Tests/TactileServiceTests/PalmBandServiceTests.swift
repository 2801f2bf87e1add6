// The service and a touchpad's palm bands: a zone a config binds is never inside a band that would take its touches for palms.
import Foundation
import Tactile
import TactileTestSupport
import Testing
@testable import TactileService

@MainActor
@Suite struct PalmBandServiceTests {
    static let pad = TestDevices.litestSynapticsRMI4  // 97 × 53 mm: side bands of 7.76 mm, no top band

    @Test func boundEdgeZonesTurnTheirBandsOff() throws {
        let layout = ZoneLayout(device: Self.pad)
        #expect(layout.palmEdges(for: Self.pad, config: GestureConfig()).side > 7.7, "no zones: libinput's bands")
        let edges = try #require(ConfigLoader.parse(ConfigLoader.defaultText, file: "<default>").config)
        #expect(layout.palmEdges(for: Self.pad, config: edges) == .none, "the default config binds swipes in from both sides")
        var unbound = edges
        unbound.bindings.removeAll { $0.zone != nil }
        #expect(layout.palmEdges(for: Self.pad, config: unbound).side > 7.7, "zones nothing is bound to keep the bands")
    }

    @Test("a swipe in from a touchpad's left edge fires the default config's 'back'", arguments: [1.0, 2.5, 3.5])
    func swipeInFromTheEdge(start: Double) throws {
        let config = try #require(ConfigLoader.parse(ConfigLoader.defaultText, file: "<default>").config)
        var stream = PanelStream(unitsPerMillimetre: 20)
        stream.countsFingers = true
        stream.stroke(slot: 0, from: (start, 25), to: (start + 40, 26), frames: 10)
        let run = try ServiceRun(device: Self.pad, config: config, events: stream.events)
        #expect(run.reports.contains { $0.contains("back →") }, "\(run.reports)")
    }
}
