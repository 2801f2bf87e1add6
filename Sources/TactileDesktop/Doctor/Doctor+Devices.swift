// The doctor's touch device check: which touchscreens and touchpads there are, which the config takes, and whether the user may read them.
import TactileService
import Tactile
import TactileEvdev

extension Doctor {
    /// The touch devices under `/dev/input`: which the config takes, and
    /// whether the user may read them.
    func devicesCheck(selection: DeviceSelection, configPath: String?, rules: String?,
                      login: DoctorLogin?) -> DoctorCheck {
        let name = "touch devices"
        let directory = DeviceDiscovery.defaultDirectory
        let nodes: [DoctorInputNode]
        do throws(EvdevError) {
            nodes = try DeviceDiscovery.eventNodeNames(in: system.systemPath(directory)).map { DoctorInputNode.read($0, system: system) }
        } catch {
            return DoctorCheck(name: name, status: .problem, summary: "there is no \(directory): no input device is visible here (a container?)",
                                fix: "run tactile doctor on the machine the touchscreen is connected to")
        }
        let touch = nodes.filter { $0.isTouchDevice && !$0.isServiceDevice }
        let copies = nodes.filter(\.isServiceDevice).count
        let unknown = nodes.filter { $0.kind == nil }.count
        var notes: [String] = []
        if copies > 0 { notes.append("\(Self.count(copies, "node")) of tactile serve's own (its copies and virtual devices), left out") }
        if unknown > 0 { notes.append("\(Self.count(unknown, "node")) whose kind neither udev nor sysfs tells") }
        guard !touch.isEmpty else {
            return DoctorCheck(name: name, status: .problem,
                                summary: "no touchscreen or touchpad among the \(Self.count(nodes.count, "event node")) in \(directory)",
                                details: notes, fix: "connect one; tactile devices lists every input device and what it is")
        }
        var details: [String] = []
        var taken: [DoctorInputNode] = []
        var unreadable: [DoctorInputNode] = []
        for node in touch {
            let kind = node.kind?.rawValue ?? "touch device"
            let takes = node.kind.map { selection.takes(kind: $0, name: node.name ?? "") } ?? false
            let readable = system.access(system.systemPath(node.path), .read)
            if takes { taken.append(node) }
            if takes && !readable { unreadable.append(node) }
            var line = "\(TextFormat.visible(node.path)): \(kind) \(TextFormat.visible(node.name ?? "(no name)")), "
            line += readable ? "readable" : "not readable \(whyNotOpenable(node.path))"
            if !takes { line += "; the config does not take it" }
            details.append(line)
        }
        details += notes
        let config = configPath.map { TextFormat.visible($0) } ?? "the built-in default config"
        guard !taken.isEmpty else {
            let kinds = selection.kinds.map(\.rawValue).sorted().joined(separator: " and ")
            return DoctorCheck(name: name, status: .problem,
                                summary: "\(Self.count(touch.count, "touch device")), none that the config takes (\(kinds)s"
                                    + (selection.names.isEmpty && selection.excludedNames.isEmpty ? "" : ", by name") + ")",
                                details: details,
                                fix: "in [devices] of \(config), add the kind to kinds (kinds = [\"touchscreen\", \"touchpad\"]) or change names/exclude")
        }
        if !unreadable.isEmpty {
            let list = unreadable.map { TextFormat.visible($0.path) }.joined(separator: ", ")
            return DoctorCheck(name: name, status: .problem,
                                summary: "\(system.user.name) may not read \(list), which the config takes",
                                details: details, fix: accessFix(rules: rules, login: login))
        }
        let kinds = Dictionary(grouping: taken) { $0.kind?.rawValue ?? "touch device" }.sorted { $0.key > $1.key }
            .map { Self.count($0.value.count, $0.key) }.joined(separator: " and ")
        return DoctorCheck(name: name, status: .ok, summary: "\(kinds) the config takes, readable", details: details)
    }
}
