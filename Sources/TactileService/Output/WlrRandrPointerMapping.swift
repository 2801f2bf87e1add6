// Places clicks on the touchscreen's output under other wlroots compositors (labwc, wayfire, river): the outputs `wlr-randr --json` lists, then the maths of OutputMapping.
import Foundation
import Tactile

/// A wlroots compositor spans an absolute pointer it was told nothing about
/// over the bounding box of its output layout (`wlr_cursor_warp_absolute`
/// without a mapped output). labwc, wayfire and river offer no IPC of
/// sway's kind to map it, but all speak the wlr-output-management protocol,
/// which `wlr-randr --json` reads: each output's `name`, `enabled`, `modes`
/// (`width`, `height` in pixels, `current`), `position` (`x`, `y`, logical),
/// `transform` (`normal`, `90`, `flipped-270`, …) and `scale`. The service
/// places clicks on the touchscreen's part of that box (``OutputMapping``).
struct WlrRandrPointerMapping {
    /// The session's environment (for `PATH` and the Wayland display).
    let environment: [String: String]

    static let arguments = ["wlr-randr", "--json"]

    func map(configured: String?) -> PointerMappingOutcome {
        guard let result = ProgramRunner.run(Self.arguments, environment: environment, timeout: 5) else {
            return PointerMappingOutcome(mapping: .identity, log: [
                "cannot read the compositor's outputs: wlr-randr is not on PATH (install wlr-randr, or map the pointer in the compositor's config)",
            ])
        }
        guard result.status == 0, let outputs = Self.outputs(inJSON: result.output) else {
            let why = result.status != 0 ? result.failureReason : "its answer is not a list of outputs"
            return PointerMappingOutcome(mapping: .identity, log: ["cannot read the compositor's outputs: wlr-randr --json: \(why)"])
        }
        return .placing(on: outputs, configured: configured, compositor: "the compositor",
                        layout: "the compositor's layout of \(outputs.count) outputs (wlr-randr)")
    }

    /// The enabled outputs of `wlr-randr --json` output (nil when it is something else).
    static func outputs(inJSON text: String) -> [OutputRect]? {
        guard let list = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else { return nil }
        return list.compactMap { item -> OutputRect? in
            guard let output = item as? [String: Any], let name = output["name"] as? String, output["enabled"] as? Bool != false,
                  let position = output["position"] as? [String: Any],
                  let mode = (output["modes"] as? [Any])?.lazy.compactMap({ $0 as? [String: Any] }).first(where: { $0["current"] as? Bool == true })
            else { return nil }
            func number(_ value: Any?, _ otherwise: Double = 0) -> Double { JSONNumber.double(value, otherwise: otherwise) }
            // "90", "270", "flipped-90" and "flipped-270" turn by a quarter.
            let transform = output["transform"] as? String ?? "normal"
            let turned = transform.hasSuffix("90") || transform.hasSuffix("270")
            let rect = OutputRect(name: name, x: number(position["x"]), y: number(position["y"]),
                                  pixelWidth: number(mode["width"]), pixelHeight: number(mode["height"]),
                                  scale: number(output["scale"], 1), transform: turned ? 1 : 0)
            return rect.isEmpty ? nil : rect
        }
    }
}
