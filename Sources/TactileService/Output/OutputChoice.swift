// Which output the touchscreen is on: the config's, else the only one, else the compositor's first (said in the log).

/// The output clicks are placed on, chosen from the compositor's outputs.
///
/// - `output = "eDP-1"` under `[devices]`, when the compositor has it;
/// - else the only output: nothing to map (``target`` is nil);
/// - else the compositor's first, with a line telling the user to set `output`.
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
    /// What the service should say about the choice.
    var log: [String] = []

    init(target: String?, log: [String] = []) {
        self.target = target
        self.log = log
    }

    init(outputs: [OutputRect], configured: String?, compositor: String) {
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
        if let configured {
            target = first
            log = ["output \(ConfigReader.quoted(configured)) under [devices] is not one of \(compositor)'s outputs (\(listed)): "
                   + "clicks land on \(first), its first"]
        } else if names.count > 1 {
            target = first
            log = ["\(names.count) outputs (\(listed)) and no output under [devices]: clicks land on \(first), \(compositor)'s first; "
                   + "if the touchscreen is on another, set output = \"NAME\" under [devices]"]
        }
    }
}
