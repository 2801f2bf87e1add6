// Which output the touchscreen is on: the config's, else the only one, else the desktop's built-in or primary one or its first (said in the log).
import TactileService

/// The output clicks are placed on, chosen from the compositor's outputs.
///
/// - `output = "eDP-1"` under `[devices]`, when the compositor has it;
/// - else the only output: nothing to map (``target`` is nil);
/// - else the one the desktop marks as likely (its built-in panel, its
///   primary monitor), or the compositor's first, with a line telling the
///   user to set `output`.
///
/// ```swift
/// let outputs = [OutputRect(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080),
///                OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)]
/// OutputChoice(outputs: outputs, configured: "eDP-1", compositor: "sway").target   // "eDP-1"
/// OutputChoice(outputs: outputs, configured: nil, compositor: "sway").target       // "DP-1", and a log line
/// ```
struct OutputChoice: Equatable {
    /// The output to map to (nil: none or a single output, nothing to do).
    var target: String?
    /// What the service should say about the choice (notes: a guess is not a problem).
    var log: [String] = []

    init(target: String?, log: [String] = []) {
        self.target = target
        self.log = log
    }

    /// The choice among `outputs` (the compositor's order) for the output
    /// `configured` under `[devices]`; without one, `preferred` when the
    /// desktop marks an output as likely (its built-in panel, its primary
    /// monitor: the name and those words), else the compositor's first.
    init(outputs: [OutputRect], configured: String?, compositor: String, preferred: (name: String, reason: String)? = nil) {
        let names = outputs.map(\.name)
        let listed = names.joined(separator: ", ")
        if let configured, names.contains(configured) {
            target = names.count > 1 || configured != names.first ? configured : nil
            return
        }
        guard let first = names.first else {
            log = ["\(compositor) reports no active output: clicks are not mapped"]
            return
        }
        let guess: (name: String, reason: String) = preferred.flatMap { names.contains($0.name) ? $0 : nil } ?? (first, "\(compositor)'s first")
        if let configured {
            target = guess.name
            log = ["output \(ConfigReader.quoted(configured)) under [devices] is not one of \(compositor)'s outputs (\(listed)): "
                   + "clicks land on \(guess.name), \(guess.reason)"]
        } else if names.count > 1 {
            target = guess.name
            log = ["\(names.count) outputs (\(listed)) and no output under [devices]: clicks land on \(guess.name), \(guess.reason); "
                   + "if the touchscreen is on another, set output = \"NAME\" under [devices]"]
        }
    }
}

extension PointerMappingOutcome {
    /// Clicks placed by the maths (``OutputMapping``) on the output chosen
    /// among `outputs` (an ``OutputChoice``), within `range` (the outputs'
    /// bounding box when nil); the log adds `clicks placed on NAME over
    /// <layout>` to what the choice says.
    static func placing(on outputs: [OutputRect], configured: String?, compositor: String,
                        preferred: (name: String, reason: String)? = nil, range: OutputRect? = nil,
                        layout: String) -> PointerMappingOutcome {
        let choice = OutputChoice(outputs: outputs, configured: configured, compositor: compositor, preferred: preferred)
        let mapping = choice.target.flatMap { target in
            range.map { OutputMapping(layout: outputs, touchscreen: target, range: $0) } ?? OutputMapping(layout: outputs, touchscreen: target)
        }
        guard let target = choice.target, let mapping else { return PointerMappingOutcome(mapping: .identity, lines: choice.log.map(ServiceLogLine.note)) }
        return PointerMappingOutcome(mapping: mapping, lines: choice.log.map(ServiceLogLine.note) + [.note("clicks placed on \(target) over \(layout)")])
    }
}
