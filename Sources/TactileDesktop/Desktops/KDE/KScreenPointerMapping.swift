// Places clicks on the touchscreen's output under KDE Plasma: the outputs `kscreen-doctor -j` lists, then the maths of OutputMapping.
import Glibc
import Tactile
import TactileService

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

    /// Reads the enabled outputs, each with its rotation, the built-in panel
    /// and the primary output.
    func read() throws(FocusError) -> DesktopLayout {
        guard let result = ProgramRunner.run(Self.arguments, environment: environment, timeout: 5) else {
            throw FocusError("cannot ask KDE Plasma for its outputs: kscreen-doctor is not on PATH")
        }
        guard result.status == 0, let layout = Self.layout(inJSON: result.output) else {
            let why = result.status != 0 ? result.failureReason : "its answer is not libkscreen's JSON"
            throw FocusError("cannot read KDE Plasma's outputs: kscreen-doctor -j: \(why)")
        }
        return layout
    }

    /// libkscreen's rotations (`Output::Rotation`: 1 none, 2 left, 4
    /// inverted, 8 right; Plasma 6 adds 16, 32, 64, 128, the same mirrored),
    /// in the protocol's terms: `left` is what KWin tells its clients is
    /// `wl_output` transform 90 (`kscreen-doctor output.Virtual-0.rotation.left` on KWin 5.27).
    static func transform(ofRotation rotation: Int) -> OutputTransform? {
        guard rotation > 0, rotation & (rotation - 1) == 0, rotation <= 128 else { return nil }
        return OutputTransform(wayland: rotation.trailingZeroBitCount)
    }

    /// The word `kscreen-doctor` takes for `transform`'s rotation: `none`, `left`, `inverted`, `right`, `flipped`, …
    static func rotationName(of transform: OutputTransform) -> String {
        ["none", "left", "inverted", "right", "flipped", "flipped90", "flipped180", "flipped270"][transform.rawValue]
    }

    /// The layout in `kscreen-doctor -j` output (nil when it is something else).
    static func layout(inJSON text: String) -> DesktopLayout? {
        // kscreen-doctor may print log lines before the JSON.
        guard let start = text.firstIndex(of: "{"), let list = JSONValue.parse(String(text[start...]))?["outputs"]?.array else { return nil }
        var outputs: [OutputRect] = []
        var panel: String?
        var primary: String?
        for output in list {
            guard let name = output["name"]?.string, output["enabled"]?.bool != false, output["connected"]?.bool != false,
                  let position = output["pos"] else { continue }
            func number(_ value: JSONValue?, _ otherwise: Double = 0) -> Double { value?.number ?? otherwise }
            let current = output["currentModeId"]?.string
            let modeSize = output["modes"]?.array?.first { mode in mode["id"]?.string.map { $0 == current } == true }?["size"]
            guard let size = modeSize ?? output["size"], size.object != nil else { continue }
            let transform = Self.transform(ofRotation: Int(number(output["rotation"], 1))) ?? .normal
            let rect = OutputRect(name: name, x: number(position["x"]), y: number(position["y"]),
                                  pixelWidth: number(size["width"]), pixelHeight: number(size["height"]),
                                  scale: number(output["scale"], 1), transform: transform.rawValue)
            guard !rect.isEmpty else { continue }
            outputs.append(rect)
            if panel == nil, Int(number(output["type"], -1)) == 7 { panel = name }
            // Plasma 5.27 and later mark the primary output by "priority": 1 (no "primary" key); before, "primary": true.
            if primary == nil, output["primary"]?.bool == true || Int(number(output["priority"], 0)) == 1 { primary = name }
        }
        let box = OutputMapping.bounds(of: outputs)
        let likely = panel.map { DesktopLayout.LikelyOutput(name: $0, reason: "the built-in panel") }
            ?? primary.map { DesktopLayout.LikelyOutput(name: $0, reason: "the primary output") }
        return DesktopLayout(source: .kde, outputs: outputs, likely: likely,
                             range: OutputRect(name: "", x: 0, y: 0, width: box?.width ?? 0, height: box?.height ?? 0))
    }
}
