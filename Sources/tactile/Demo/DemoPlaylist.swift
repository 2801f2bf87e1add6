// What `tactile demo` replays without a touch device: every recognizer kind firing.
import Foundation
import Tactile
import TactileRecording

/// What `tactile demo` replays when it has no touch device: every
/// recognizer kind firing, from real recordings where the corpus has a
/// licensed one for the gesture (taps, a two-finger scroll) and from a
/// synthesized session for the rest (long press, hold, double taps of two
/// and three fingers, pinch, rotation, swipes of one to four fingers), so
/// all 15 recognizers of the standard set fire, about 25 seconds in all.
enum DemoPlaylist {
    /// The bundled recordings played when none is named, in order.
    static let names = [
        "touchscreen-galaxys-tap.json",
        "touchscreen-remarkable-double-tap-top.json",
        "touchpad-cypress-two-finger-tap.json",
        "touchpad-cypress-three-finger-tap.json",
        "touchpad-synaptics-two-finger-scroll.json",
        "synthetic/touchpad-showcase.json",
    ]

    /// Seconds between two recordings at 1× (the last one's final states stay in view meanwhile).
    static let pause = 1.0

    /// A recording to play and what it shows.
    struct Item {
        /// The path to show (relative to the current directory when below it).
        var path: String
        /// The recording.
        var recording: Recording

        /// Whether Tactile's synthesizer made it (it lies in `synthetic/`).
        var isSynthesized: Bool { path.contains("synthetic/") }

        /// Its labels' gestures, in order, each once.
        var gestures: [String] {
            var seen = Set<String>()
            return recording.labels.map(\.gesture).filter { seen.insert($0).inserted }
        }

        /// Its labels as the status line marks them.
        var marks: [TerminalView.GestureMark] {
            recording.labels.map { TerminalView.GestureMark(name: $0.gesture, start: $0.start) }
        }

        /// Seconds from the first event to the last.
        var duration: Double {
            guard let first = recording.events.first, let last = recording.events.last else { return 0 }
            return max(0, last.time - first.time)
        }

        /// `3/6 touchpad-cypress-two-finger-tap.json: recorded on "CyPS/2 Cypress Trackpad"`.
        func heading(index: Int, count: Int) -> String {
            let origin = isSynthesized ? "synthesized on" : "recorded on"
            return "\(index + 1)/\(count) \(URL(fileURLWithPath: path).lastPathComponent): \(origin) \"\(recording.device.name)\""
        }
    }

    /// One line saying what is played: how many recordings, how long, and
    /// the gestures recorded and synthesized.
    static func description(_ items: [Item], speed: Double) -> String {
        let seconds = items.reduce(0) { $0 + $1.duration + pause } / max(speed, 1e-9)
        let factor = speed == speed.rounded() ? PanelValues.number(speed, places: 0) : PanelValues.number(speed, places: 2)
        let pace = speed == 1 ? "in real time" : "at \(factor)× real time"
        var line = items.count == 1 ? "replaying \(items[0].path)" : "replaying \(items.count) bundled recordings"
        line += " \(pace), about \(Int(saturating: seconds.rounded(.up))) s"
        var groups: [String] = []
        for (synthesized, word) in [(false, "recorded"), (true, "synthesized")] {
            var seen = Set<String>()
            let gestures = items.filter { $0.isSynthesized == synthesized }.flatMap(\.gestures).filter { seen.insert($0).inserted }
            if !gestures.isEmpty { groups.append(word + " " + gestures.joined(separator: ", ")) }
        }
        return groups.isEmpty ? line : line + ": " + groups.joined(separator: "; ")
    }

    /// The bundled recordings `names`, read; an error names the one missing
    /// and where it was looked for, or what is wrong with it.
    static func load(_ names: [String]) throws(DemoPlaylistError) -> [Item] {
        var items: [Item] = []
        for name in names {
            guard let path = BundledRecordings.path(of: name) else {
                throw DemoPlaylistError(lines: ["cannot find the bundled recording \(name); looked in:"]
                    + BundledRecordings.candidates().map { "  " + $0 }
                    + ["Run the demo from the source tree, or set TACTILE_RECORDINGS to its Recordings directory."])
            }
            do throws(RecordingError) {
                items.append(Item(path: BundledRecordings.displayPath(path), recording: try Recording(contentsOf: path)))
            } catch {
                throw DemoPlaylistError(lines: ["\(error)"])
            }
        }
        return items
    }
}

/// Why the demo's recordings could not be read: lines for standard error.
struct DemoPlaylistError: Error {
    var lines: [String]
}
