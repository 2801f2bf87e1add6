// Places clicks on the touchscreen's output under KDE Plasma: the outputs `kscreen-doctor -j` lists, then the maths of OutputMapping.
import TactileService
import Foundation
import Tactile

/// KWin spans an absolute pointer over the size of its workspace from the
/// origin (`absolutePos(workspace()->geometry().size())` for
/// `LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE` in
/// `src/backends/libinput/connection.cpp`): its per-device `OutputName`
/// applies to touchscreens and tablets, not to a pointer. So the service
/// reads the layout with `kscreen-doctor -j` (Plasma's own tool, which
/// prints libkscreen's `ConfigSerializer` JSON) and places clicks on the
/// touchscreen's part of it (``OutputMapping``).
///
/// Each output of `outputs` has `name`, `enabled`, `connected`, `pos`
/// (`x`, `y`, logical), `scale`, `rotation` (1 none, 2 left, 4 inverted,
/// 8 right: ``transform(ofRotation:)``), `currentModeId` and `modes` (each `id` and `size` in pixels),
/// `type` (7 is a built-in panel) and the primary output: `"primary": true`
/// before Plasma 5.27, `"priority": 1` from 5.27 on (the outputs' order of
/// preference, 1 the primary; 5.27 has no `primary` key).
struct KScreenPointerMapping {
    /// The session's environment (for `PATH` and the Wayland display).
    let environment: [String: String]

    static let arguments = ["kscreen-doctor", "-j"]

    func map(configured: String?) -> PointerMappingOutcome {
        guard let result = ProgramRunner.run(Self.arguments, environment: environment, timeout: 5) else {
            return PointerMappingOutcome(mapping: .identity, lines: [.problem("cannot ask KDE Plasma for its outputs: kscreen-doctor is not on PATH")])
        }
        guard result.status == 0, let layout = Self.layout(inJSON: result.output) else {
            let why = result.status != 0 ? result.failureReason : "its answer is not libkscreen's JSON"
            return PointerMappingOutcome(mapping: .identity, lines: [.problem("cannot read KDE Plasma's outputs: kscreen-doctor -j: \(why)")])
        }
        return .placing(on: layout.outputs, configured: configured, compositor: "KDE Plasma", preferred: layout.likely,
                        range: layout.range, layout: "KDE Plasma's layout of \(layout.outputs.count) outputs")
    }

    /// libkscreen's rotations (`Output::Rotation`: 1 none, 2 left, 4
    /// inverted, 8 right; Plasma 6 adds 16, 32, 64, 128, the same mirrored),
    /// in the protocol's terms: `left` is what KWin tells its clients is
    /// `wl_output` transform 90 (`kscreen-doctor output.Virtual-0.rotation.left` on KWin 5.27).
    static func transform(ofRotation rotation: Int) -> OutputTransform? {
        guard rotation > 0, rotation & (rotation - 1) == 0, rotation <= 128 else { return nil }
        return OutputTransform(wayland: rotation.trailingZeroBitCount)
    }

    /// What the service needs of Plasma's outputs.
    struct Layout: Equatable {
        /// The enabled, connected outputs, in logical coordinates.
        var outputs: [OutputRect]
        /// The built-in panel, else the primary output, and which it is.
        var likely: (name: String, reason: String)?
        /// What the pointer spans: the origin and the workspace's size.
        var range: OutputRect

        static func == (lhs: Layout, rhs: Layout) -> Bool {
            lhs.outputs == rhs.outputs && lhs.likely?.name == rhs.likely?.name && lhs.likely?.reason == rhs.likely?.reason
                && lhs.range == rhs.range
        }
    }

    /// The layout in `kscreen-doctor -j` output (nil when it is something else).
    static func layout(inJSON text: String) -> Layout? {
        // kscreen-doctor may print log lines before the JSON.
        guard let start = text.firstIndex(of: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(text[start...].utf8)) as? [String: Any],
              let list = object["outputs"] as? [Any] else { return nil }
        var outputs: [OutputRect] = []
        var panel: String?
        var primary: String?
        for case let output as [String: Any] in list {
            guard let name = output["name"] as? String, output["enabled"] as? Bool != false, output["connected"] as? Bool != false,
                  let position = output["pos"] as? [String: Any] else { continue }
            func number(_ value: Any?, _ otherwise: Double = 0) -> Double { JSONNumber.double(value, otherwise: otherwise) }
            let modeSize = (output["modes"] as? [Any] ?? []).lazy.compactMap { $0 as? [String: Any] }
                .first { mode in (mode["id"] as? String).map { $0 == output["currentModeId"] as? String } == true }?["size"] as? [String: Any]
            guard let size = modeSize ?? output["size"] as? [String: Any] else { continue }
            let transform = Self.transform(ofRotation: Int(number(output["rotation"], 1))) ?? .normal
            let rect = OutputRect(name: name, x: number(position["x"]), y: number(position["y"]),
                                  pixelWidth: number(size["width"]), pixelHeight: number(size["height"]),
                                  scale: number(output["scale"], 1), transform: transform.rawValue)
            guard !rect.isEmpty else { continue }
            outputs.append(rect)
            if panel == nil, Int(number(output["type"], -1)) == 7 { panel = name }
            // Plasma 5.27 and later mark the primary output by "priority": 1 (no "primary" key); before, "primary": true.
            if primary == nil, output["primary"] as? Bool == true || Int(number(output["priority"], 0)) == 1 { primary = name }
        }
        let box = OutputMapping.bounds(of: outputs)
        return Layout(outputs: outputs,
                      likely: panel.map { ($0, "the built-in panel") } ?? primary.map { ($0, "the primary output") },
                      range: OutputRect(name: "", x: 0, y: 0, width: box?.width ?? 0, height: box?.height ?? 0))
    }
}
