// Places clicks on the touchscreen's output under other wlroots compositors (labwc, wayfire, river): the outputs wlr-randr lists (its JSON, or 0.2's text), then the maths of OutputMapping.
import Glibc
import Tactile
import TactileService

/// A wlroots compositor spans an absolute pointer it was told nothing about
/// over the bounding box of its output layout (`wlr_cursor_warp_absolute`
/// without a mapped output). labwc, wayfire and river offer no IPC of
/// sway's kind to map it, but all speak the wlr-output-management protocol,
/// which `wlr-randr --json` reads (0.4 and later): each output's `name`,
/// `enabled`, `modes` (`width`, `height` in pixels, `current`), `position`
/// (`x`, `y`, logical), `transform` (`normal`, `90`, `flipped-270`, …) and
/// `scale`. Debian 12's wlr-randr (0.2.0) has no `--json`: the text it
/// prints without options says the same, and is read when `--json` is
/// refused. The service places clicks on the touchscreen's part of that
/// box (``OutputMapping``).
struct WlrRandrPointerMapping {
    /// The session's environment (for `PATH` and the Wayland display).
    let environment: [String: String]

    static let arguments = ["wlr-randr", "--json"]
    /// What versions before 0.4 (Debian 12's 0.2.0) have: their text.
    static let textArguments = ["wlr-randr"]

    /// Reads the enabled outputs, each with its transform (the protocol's
    /// names: wlr-randr's `90` is `wl_output` transform 90), from the JSON,
    /// or from the text where `--json` is refused.
    func read() throws(FocusError) -> DesktopLayout {
        guard let json = ProgramRunner.run(Self.arguments, environment: environment, timeout: 5) else {
            throw FocusError("cannot read the compositor's outputs: wlr-randr is not on PATH (install wlr-randr, or map the pointer in the compositor's config)")
        }
        if json.status == 0, let outputs = Self.outputs(inJSON: json.output) {
            return DesktopLayout(source: .wlroots(json: true), outputs: outputs)
        }
        // Before 0.4 there is no --json: the text it prints without options says the same.
        let text = ProgramRunner.run(Self.textArguments, environment: environment, timeout: 5)
        if let text, text.status == 0, let outputs = Self.outputs(inText: text.output) {
            return DesktopLayout(source: .wlroots(json: false), outputs: outputs)
        }
        let jsonWhy = json.status != 0 ? json.failureReason : "its answer is not a list of outputs"
        let textWhy = text.map { $0.status != 0 ? $0.failureReason : "its answer lists no output it can read" } ?? "it could not be run again"
        throw FocusError("cannot read the compositor's outputs: wlr-randr --json: \(jsonWhy); wlr-randr: \(textWhy) (\(Self.version(environment: environment)))")
    }

    /// `wlr-randr --version`'s first line, or what is known without it.
    static func version(environment: [String: String]) -> String {
        guard let result = ProgramRunner.run(["wlr-randr", "--version"], environment: environment, timeout: 5), result.status == 0,
              let line = result.output.split(separator: "\n").first, !line.isEmpty else {
            return "a wlr-randr without --version, so older than 0.3"
        }
        return TextFormat.visible(String(line))
    }

    /// The enabled outputs in the text `wlr-randr` prints without options
    /// (nil when it lists none): each output's first line starts with its
    /// name, and its indented lines say `Enabled: yes`, the `Modes:` (one
    /// marked `current`: `1920x1080 px, 60.000000 Hz (preferred, current)`),
    /// `Position: 1920,0`, `Transform: 90` and `Scale: 2.000000`.
    static func outputs(inText text: String) -> [OutputRect]? {
        var outputs: [OutputRect] = []
        var current: (name: String, fields: [String: String], mode: (Double, Double)?)?
        func finish() {
            guard let output = current, output.fields["Enabled"] != "no", let mode = output.mode else { return }
            let position = (output.fields["Position"] ?? "0,0").split(separator: ",").map { Double(PlainText.trimmed($0)) ?? 0 }
            let transform = OutputTransform(name: output.fields["Transform"] ?? "normal") ?? .normal
            let rect = OutputRect(name: output.name, x: position.first ?? 0, y: position.count > 1 ? position[1] : 0,
                                  pixelWidth: mode.0, pixelHeight: mode.1, scale: Double(output.fields["Scale"] ?? "") ?? 1,
                                  transform: transform.rawValue)
            if !rect.isEmpty { outputs.append(rect) }
        }
        for line in text.split(separator: "\n") {
            guard line.first == " " || line.first == "\t" else {
                finish()
                current = line.split(separator: " ").first.map { (String($0), [:], nil) }
                continue
            }
            let trimmed = PlainText.trimmed(line)
            if PlainText.contains(" px", in: trimmed), PlainText.contains("current", in: trimmed) {
                let size = trimmed.prefix { $0 != " " }.split(separator: "x").compactMap { Double($0) }
                if size.count == 2 { current?.mode = (size[0], size[1]) }
            } else if let colon = trimmed.firstIndex(of: ":") {
                current?.fields[String(trimmed[..<colon])] = PlainText.trimmed(trimmed[trimmed.index(after: colon)...])
            }
        }
        finish()
        return outputs.isEmpty ? nil : outputs
    }

    /// The enabled outputs of `wlr-randr --json` output (nil when it is something else).
    static func outputs(inJSON text: String) -> [OutputRect]? {
        guard let list = JSONValue.parse(text)?.array else { return nil }
        return list.compactMap { output -> OutputRect? in
            guard let name = output["name"]?.string, output["enabled"]?.bool != false, let position = output["position"],
                  let mode = output["modes"]?.array?.first(where: { $0["current"]?.bool == true })
            else { return nil }
            func number(_ value: JSONValue?, _ otherwise: Double = 0) -> Double { value?.number ?? otherwise }
            let transform = OutputTransform(name: output["transform"]?.string ?? "normal") ?? .normal
            let rect = OutputRect(name: name, x: number(position["x"]), y: number(position["y"]),
                                  pixelWidth: number(mode["width"]), pixelHeight: number(mode["height"]),
                                  scale: number(output["scale"], 1), transform: transform.rawValue)
            return rect.isEmpty ? nil : rect
        }
    }
}
