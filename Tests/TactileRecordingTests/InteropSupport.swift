// What the interop tests share: where their data lies, touch statistics of a recording, an event shorthand.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// Where the interop tests find their data, and what assembling a recording shows.
enum InteropData {
    private static let packageRoot = Repository.root

    /// `Tests/TactileRecordingTests/Fixtures/`.
    static let fixtures = packageRoot.appendingPathComponent("Tests/TactileRecordingTests/Fixtures").path

    static func fixture(_ name: String) -> String { fixtures + "/" + name }

    /// The shared external data (`shared/external` beside the package), when
    /// it is there; tests that need it run only then and never copy from it.
    /// `TACTILE_EXTERNAL_DATA` names another directory, or none when empty.
    static let external: String? = {
        if let override = ProcessInfo.processInfo.environment["TACTILE_EXTERNAL_DATA"] {
            return override.isEmpty ? nil : override
        }
        let candidates = [
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/external").path,
            "/work/shared/external",
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }()

    static func external(_ relative: String) -> String? {
        guard let external else { return nil }
        let path = external + "/" + relative
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The files of a directory with the extension, sorted; none when it is missing.
    static func files(in directory: String, extension ext: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory + "/" + $0 }
    }
}

/// What the touch assembler makes of a recording.
struct TouchStatistics: Equatable, CustomStringConvertible {
    /// Frames (`SYN_REPORT`s).
    var frames = 0
    /// Touches that began.
    var touches = 0
    /// The most touches active in one frame.
    var maximumSimultaneous = 0
    /// Touches that ended (not cancelled).
    var ended = 0

    init(_ recording: Recording) {
        var assembler = TouchAssembler(device: recording.device, screen: recording.screen, axisValues: recording.axisValues)
        for frame in assembler.process(recording.events) {
            frames += 1
            touches += frame.touches.filter { $0.phase == .began }.count
            ended += frame.touches.filter { $0.phase == .ended }.count
            maximumSimultaneous = max(maximumSimultaneous, frame.activeTouches.count)
        }
    }

    var description: String { "\(frames) frames, \(touches) touches (\(ended) ended), at most \(maximumSimultaneous) at once" }
}

extension InputEvent {
    /// Shorthand for tests: an event at `time` seconds.
    static func at(_ time: Double, _ type: EventType, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: time, type: type, code: code, value: value)
    }
}
