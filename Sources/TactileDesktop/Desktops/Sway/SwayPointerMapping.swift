// Maps the virtual pointer to the touchscreen's output over sway's IPC: GET_OUTPUTS, GET_INPUTS, then `input … map_to_output …`.
import Glibc
import Tactile
import TactileService

/// Asks sway to map the virtual pointer to the touchscreen's output, as
/// `input <identifier> map_to_output <output>` would in its config
/// (sway-input(5)), over its IPC socket (sway-ipc(7)):
///
/// 1. `GET_OUTPUTS` (3): the outputs, each with its `name` and logical `rect`;
/// 2. `GET_INPUTS` (100): the inputs, each with its `identifier`
///    (`vendor:product:name`, decimal ids, blanks and unprintable bytes as `_`),
///    asked again until the pointer is there (uinput devices reach the
///    compositor a moment after they are made);
/// 3. `RUN_COMMAND` (0): `input "29793:1:Panel_pointer_(Tactile)" map_to_output "eDP-1"`.
///
/// With one output there is nothing to map. When sway refuses the command,
/// clicks are placed on the output by ``OutputMapping`` over the layout.
struct SwayPointerMapping {
    let socketPath: String

    static let runCommand: UInt32 = 0
    static let getOutputs: UInt32 = 3
    static let getInputs: UInt32 = 100

    /// Maps the pointer named `pointerName` (ids `vendor`, `product`) to
    /// `configured`, else to the only or first output. `attempts` GET_INPUTS
    /// are made `pause` seconds apart while the pointer is not listed yet.
    /// Unless `apply`, sway is only asked for its outputs and told nothing
    /// (a dry run changes nothing outside the process): the log says what
    /// a real run would send.
    func map(pointerName: String, vendor: UInt16, product: UInt16, configured: String?, apply: Bool = true,
             attempts: Int = 30, pause: Double = 0.1) -> PointerMappingOutcome {
        do throws(FocusError) {
            let stream = try UnixStream(path: socketPath)
            let outputs = Self.outputs(in: try Self.request(stream, type: Self.getOutputs))
            let choice = OutputChoice(outputs: outputs, configured: configured, compositor: "sway")
            let notes = choice.log.map(ServiceLogLine.note)
            guard let target = choice.target else { return PointerMappingOutcome(mapping: .identity, lines: notes) }
            guard apply else {
                let command = Self.command(identifier: Self.identifier(vendor: vendor, product: product, name: pointerName), output: target)
                return PointerMappingOutcome(mapping: .identity, lines: notes + [
                    .note("dry run: sway is told nothing; the service would map the pointer to \(target) with `\(command)`")])
            }
            var identifier: String?
            for attempt in 0..<max(attempts, 1) {
                identifier = Self.identifier(ofInputNamed: pointerName, in: try Self.request(stream, type: Self.getInputs))
                if identifier != nil { break }
                if attempt + 1 < attempts { usleep(UInt32(pause * 1_000_000)) }
            }
            let chosen = identifier ?? Self.identifier(vendor: vendor, product: product, name: pointerName)
            let command = Self.command(identifier: chosen, output: target)
            let reply = try Self.request(stream, type: Self.runCommand, payload: command)
            if let failure = Self.failure(in: reply) {
                let fallback = OutputMapping(layout: outputs, touchscreen: target) ?? .identity
                return PointerMappingOutcome(mapping: fallback, lines: notes + [
                    .problem("sway refused `\(command)`: \(failure); clicks are placed on \(target) over the whole layout instead")])
            }
            return PointerMappingOutcome(mapping: .identity, lines: notes + [.note("pointer mapped to \(target): sway ran `\(command)`")])
        } catch {
            return PointerMappingOutcome(mapping: .identity, lines: [.problem("cannot map the pointer to the touchscreen's output: \(error.description)")])
        }
    }

    /// Reads the active outputs, each with its logical `rect` and its
    /// `transform` (in sway's clockwise words: its `90` is the protocol's 270).
    func read() throws(FocusError) -> DesktopLayout {
        do throws(FocusError) {
            let stream = try UnixStream(path: socketPath)
            return DesktopLayout(source: .sway, outputs: Self.outputs(in: try Self.request(stream, type: Self.getOutputs)))
        } catch {
            throw FocusError("cannot read sway's outputs: \(error.description)")
        }
    }

    /// Sends one message and waits (at most 2 s) for its reply.
    static func request(_ stream: borrowing UnixStream, type: UInt32, payload: String = "") throws(FocusError) -> JSONValue {
        try stream.write(SwayFocusSource.message(type: type, payload: payload))
        var buffer: [UInt8] = []
        while true {
            guard let bytes = try stream.read(timeout: 2000) else { throw FocusError("\(stream.path): no answer to IPC message \(type) in 2 s") }
            guard !bytes.isEmpty else { throw FocusError("\(stream.path): the compositor closed the connection") }
            buffer += bytes
            while let (replyType, reply) = try SwayFocusSource.takeMessage(&buffer) {
                if replyType == type { return reply }
            }
        }
    }

    /// The active outputs of a `GET_OUTPUTS` reply, in its order: each
    /// `rect` (logical, turned) and `transform` (sway's words, clockwise:
    /// ``OutputTransform/init(swayName:)``).
    static func outputs(in reply: JSONValue) -> [OutputRect] {
        (reply.array ?? []).compactMap { output in
            guard let name = output["name"]?.string, output["active"]?.bool ?? true, let rect = output["rect"]?.object else { return nil }
            func number(_ key: String) -> Double { rect[key]?.number ?? 0 }
            let transform = output["transform"]?.string.flatMap(OutputTransform.init(swayName:)) ?? .normal
            let shown = OutputRect(name: name, x: number("x"), y: number("y"), width: number("width"), height: number("height"),
                                   transform: transform)
            return shown.isEmpty ? nil : shown
        }
    }

    /// The `identifier` of the input named `name` in a `GET_INPUTS` reply.
    static func identifier(ofInputNamed name: String, in reply: JSONValue) -> String? {
        for input in reply.array ?? [] {
            if input["name"]?.string == name, let identifier = input["identifier"]?.string {
                return identifier
            }
        }
        return nil
    }

    /// The identifier sway gives a device: `vendor:product:name` with decimal
    /// ids, the name's ends trimmed and each blank or unprintable byte an `_`.
    ///
    /// ```swift
    /// SwayPointerMapping.identifier(vendor: 0x7461, product: 1, name: "Panel 10.1 pointer (Tactile)")
    /// // "29793:1:Panel_10.1_pointer_(Tactile)"
    /// ```
    static func identifier(vendor: UInt16, product: UInt16, name: String) -> String {
        let trimmed = PlainText.trimmed(name)
        let bytes = trimmed.utf8.map { $0 >= 0x21 && $0 <= 0x7e ? $0 : UInt8(ascii: "_") }
        return "\(vendor):\(product):" + String(decoding: bytes, as: UTF8.self)
    }

    /// The command, its arguments quoted for sway's parser.
    static func command(identifier: String, output: String) -> String {
        "input \(quoted(identifier)) map_to_output \(quoted(output))"
    }

    static func quoted(_ text: String) -> String {
        "\"" + PlainText.replacing("\"", with: "\\\"", in: PlainText.replacing("\\", with: "\\\\", in: text)) + "\""
    }

    /// Why a `RUN_COMMAND` reply says the command failed (nil: it succeeded).
    static func failure(in reply: JSONValue) -> String? {
        guard let results = reply.array, !results.isEmpty else { return "no result" }
        for result in results where result["success"]?.bool != true {
            return result["error"]?.string ?? "failed"
        }
        return nil
    }
}
