// The printing sink of dry runs: one readable line per device created and per event written, and a recording of all.
import Tactile

/// An ``OutputSink`` for `serve --dry-run`: it prints what would be done, a
/// line per device created or destroyed and per event written (`SYN_REPORT`
/// left out), and keeps everything in a ``RecordingSink`` (``recording``),
/// which `--output DIR` saves.
///
/// ```swift
/// let sink = PrintingSink { print($0) }
/// let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
/// // create virtual#1 "Tactile keyboard" (keyboard)
/// try sink.write(chord, to: keyboard)
/// // 12.000100 Tactile keyboard: KEY_LEFTMETA down …
/// ```
package final class PrintingSink: OutputSink {
    /// Everything written, as a ``RecordingSink`` keeps it.
    public let recording = RecordingSink()
    private let printLine: (String) -> Void

    /// A sink handing each line (without a line break) to `printLine`.
    public init(printLine: @escaping (String) -> Void) {
        self.printLine = printLine
    }

    /// Keeps the device in ``recording`` and prints a line saying what it would create.
    public func create(_ template: VirtualDeviceTemplate, name: String) throws(OutputError) -> VirtualDeviceID {
        let id = try recording.create(template, name: name)
        printLine("create \(id) \"\(TextFormat.visible(name))\" (\(Self.kind(of: template)))")
        return id
    }

    /// Keeps `events` in ``recording`` and prints each but `SYN_REPORT`, one line each, by name.
    public func write(_ events: [InputEvent], to device: VirtualDeviceID) throws(OutputError) {
        try recording.write(events, to: device)
        let name = TextFormat.visible(recording.description(of: device)?.name ?? device.description)
        for event in events where !event.isReport {
            printLine("\(event.seconds).\(TextFormat.decimal(event.microseconds, width: 6)) \(name): \(Self.text(for: event))")
        }
    }

    /// Prints the device it would remove.
    public func destroy(_ device: VirtualDeviceID) {
        guard let name = recording.description(of: device)?.name else { return }
        recording.destroy(device)
        printLine("destroy \(device) \"\(TextFormat.visible(name))\"")
    }

    /// Always empty: nothing is created.
    public var createdNodes: Set<String> { [] }

    /// An event in words: `KEY_LEFTMETA down`, `BTN_LEFT up`, `ABS_MT_TOOL_TYPE 2`, `REL_WHEEL -1`.
    ///
    /// ```swift
    /// PrintingSink.text(for: InputEvent(seconds: 0, microseconds: 0, type: .key, code: 125, value: 1))  // "KEY_LEFTMETA down"
    /// ```
    public static func text(for event: InputEvent) -> String {
        let name = OutputEventNames.name(type: event.type, code: event.code)
        guard event.type == .key else { return "\(name) \(event.value)" }
        switch event.value {
        case 0: return "\(name) up"
        case 1: return "\(name) down"
        case 2: return "\(name) repeat"
        default: return "\(name) \(event.value)"
        }
    }

    private static func kind(of template: VirtualDeviceTemplate) -> String {
        switch template {
        case .touchCopy(let source): return "touch copy of \"\(TextFormat.visible(source.name))\""
        case .keyboard: return "keyboard"
        case .pointer: return "pointer"
        }
    }
}
