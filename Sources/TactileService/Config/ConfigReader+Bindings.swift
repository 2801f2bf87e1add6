// The loader's [[gesture]] bindings: recognizer, zone, parameters, phases, names.
import Tactile

extension ConfigReader {
    /// Every `[[gesture]]`, named uniquely.
    mutating func readBindings(_ value: TOMLValue, zones: [Zone]) -> [Binding] {
        guard let array = value.array else {
            error("\"gesture\" must be an array of tables: write [[gesture]] for each binding, not [gesture]", at: value.location)
            return []
        }
        var read: [(binding: Binding, named: Bool)] = []
        var names: [String: SourceLocation] = [:]
        for element in array {
            guard let table = table(element, key: "gesture") else { continue }
            desktopActionsLeftOut = []
            let binding = readBinding(table, at: element.location, zones: zones)
            if !desktopActionsLeftOut.isEmpty, let (binding, _) = binding {
                let actions = desktopActionsLeftOut.map { "\"\($0.action)\"" + ($0.why.map { " (\($0))" } ?? "") }.joined(separator: ", ")
                let preset = "\(desktop.preset.rawValue) (preset from \(desktop.source); \(desktop.routesSource))"
                if binding.step == nil, binding.actions.values.allSatisfy(\.isEmpty) {
                    // Kept, it would hold and claim touches for nothing: the apps keep them instead.
                    warning("gesture \(ConfigReader.quoted(binding.name)) is left out: \(preset) has no way to do \(actions), "
                            + "so its touches stay the apps'", at: element.location)
                    continue
                }
                for (action, why, location) in desktopActionsLeftOut {
                    warning("\(preset) has no way to do \"\(action)\"" + (why.map { " (\($0))" } ?? "")
                            + ": this action does nothing there; bind a key or a command of your own", at: location)
                }
            }
            guard let (binding, nameLocation) = binding else { continue }
            if let nameLocation {
                if let first = names[binding.name] {
                    error("duplicate binding name \(ConfigReader.quoted(binding.name)) (first at line \(first.line), column \(first.column))",
                          at: nameLocation)
                    continue
                }
                names[binding.name] = nameLocation
            }
            read.append((binding, nameLocation != nil))
        }
        // Unnamed bindings: recognizer@zone, then -2, -3… past any name taken.
        var taken = Set(names.keys)
        var counts: [String: Int] = [:]
        return read.map { item in
            guard !item.named else { return item.binding }
            var binding = item.binding
            let base = binding.recognizer.kind.rawValue + "@" + (binding.zone ?? "screen")
            var count = counts[base, default: 0]
            var name = base
            repeat {
                count += 1
                name = count == 1 ? base : "\(base)-\(count)"
            } while taken.contains(name)
            counts[base] = count
            taken.insert(name)
            binding.name = name
            return binding
        }
    }

    /// One `[[gesture]]`, and where its name was written if it has one.
    private mutating func readBinding(_ table: TOMLTable, at location: SourceLocation, zones: [Zone]) -> (Binding, SourceLocation?)? {
        let kinds = RecognizerKind.allCases.map(\.rawValue)
        guard let recognizerValue = table["recognizer"] else {
            error("a [[gesture]] needs recognizer = \"…\" (one of \(kinds.joined(separator: ", ")))", at: location)
            return nil
        }
        guard let kindName = string(recognizerValue, key: "recognizer") else { return nil }
        guard let kind = RecognizerKind(rawValue: kindName) else {
            error("unknown recognizer \(ConfigReader.quoted(kindName))" + ConfigSuggestion.hint(for: kindName, in: kinds)
                  + (ConfigSuggestion.closest(to: kindName, in: kinds) == nil ? " (one of \(kinds.joined(separator: ", ")))" : ""),
                  at: recognizerValue.location)
            return nil
        }
        let errorsBefore = errorCount
        var binding = Binding(name: "", recognizer: RecognizerSpec(kind: kind), location: location)
        var nameLocation: SourceLocation?
        var instancesLocation: SourceLocation?
        /// Each parameter written, by its name: the key as written and where (an alias is the same parameter).
        var written: [String: (key: String, location: SourceLocation)] = [:]
        for entry in table.entries {
            let value = entry.value
            switch entry.key {
            case "recognizer":
                break
            case "name":
                guard let name = string(value, key: "name") else { break }
                if name.isEmpty { error("\"name\" must not be empty", at: value.location); break }
                binding.name = name
                nameLocation = value.location
            case "zone":
                guard let zone = string(value, key: "zone") else { break }
                if zone == "screen" { break }
                if zones.contains(where: { $0.name == zone }) {
                    binding.zone = zone
                } else {
                    let declared = ["screen"] + zones.map(\.name)
                    error("unknown zone \(ConfigReader.quoted(zone)) (declare it as [zones.\(TextFormat.visible(zone))], or use \"screen\")"
                          + ConfigSuggestion.hint(for: zone, in: declared), at: value.location)
                }
            case "claim":
                if let flag = boolean(value, key: "claim") { binding.claimsTouches = flag }
            case "instances":
                let range = Binding.instancesRange
                if let count = integer(value, key: "instances", in: range.lowerBound...range.upperBound) {
                    binding.maximumInstances = count
                    instancesLocation = entry.keyLocation
                }
            case "began", "changed", "ended", "recognized", "cancelled":
                readPhase(entry, kind: kind, into: &binding)
            case "step":
                binding.step = readStep(value, kind: kind)
            case "app", "not-app", "device", "device-kind":
                readCondition(entry, into: &binding.conditions)
            default:
                readParameter(entry, kind: kind, written: &written, into: &binding.recognizer)
            }
        }
        checkAcrossKeys(binding, written: written, instancesLocation: instancesLocation, recognizerLocation: recognizerValue.location,
                        table: table)
        if errorCount > errorsBefore { return nil }
        return (binding, nameLocation)
    }

    /// A recognizer parameter of the binding (the keys not the binding's own):
    /// checked and added to `spec`, and noted in `written` by its name; an
    /// unknown key, or a second key for a parameter already written, is an error.
    private mutating func readParameter(
        _ entry: TOMLTable.Entry, kind: RecognizerKind, written: inout [String: (key: String, location: SourceLocation)],
        into spec: inout RecognizerSpec
    ) {
        guard let parameter = RecognizerParameter.parameter(entry.key, of: kind) else {
            refuseUnknownBindingKey(entry, kind: kind)
            return
        }
        if let first = written[parameter.name] {
            error("\(ConfigReader.quoted(entry.key)) and \(ConfigReader.quoted(first.key)) are the same parameter, \(parameter.name) "
                  + "(first at line \(first.location.line), column \(first.location.column)); write one of them", at: entry.keyLocation)
            return
        }
        written[parameter.name] = (entry.key, entry.keyLocation)
        if let checked = parameterValue(entry.value, key: entry.key, parameter: parameter) {
            spec.parameters.append(Parameter(name: entry.key, value: checked, location: entry.keyLocation))
        }
    }

    /// What a binding's keys say together once all are read: a pan's fingers,
    /// a swipe's angle and direction, a hold that would take every touch, and
    /// `instances` on a binding that runs no command.
    private mutating func checkAcrossKeys(
        _ binding: Binding, written: [String: (key: String, location: SourceLocation)], instancesLocation: SourceLocation?,
        recognizerLocation: SourceLocation, table: TOMLTable
    ) {
        let kind = binding.recognizer.kind
        checkFingers(binding.recognizer, table: table)
        if kind == .swipe, let angle = written["angle"], let direction = written["direction"] {
            error("\(ConfigReader.quoted(angle.key)) replaces \(ConfigReader.quoted(direction.key)): write one of them", at: angle.location)
        }
        if kind == .hold, binding.claimsTouches, written["fingers"] == nil {
            let rest = binding.recognizer.parameters.first { $0.name == "short-hold-duration" }?.value.number
                ?? HoldGestureRecognizer.Defaults.shortHoldDuration
            error("a hold without fingers takes every touch that rests \(Int((rest * 1000).rounded())) ms, taps included: "
                  + "give fingers = N, or claim = false", at: recognizerLocation)
        }
        if let instancesLocation, !binding.runsCommands {
            warning("\"instances\" limits how many of the binding's commands run at once, and this binding runs none", at: instancesLocation)
        }
    }

    /// `app`, `not-app`, `device` (strings or arrays of them) and `device-kind`.
    private mutating func readCondition(_ entry: TOMLTable.Entry, into conditions: inout BindingConditions) {
        guard let list = strings(entry.value, key: entry.key, single: true) else { return }
        if list.isEmpty {
            error("\(ConfigReader.quoted(entry.key)) must name at least one", at: entry.value.location)
            return
        }
        if let (_, location) = list.first(where: { $0.0.isEmpty }) {
            error("\(ConfigReader.quoted(entry.key)) must not hold an empty name", at: location)
            return
        }
        switch entry.key {
        case "app": conditions.apps = list.map(\.0)
        case "not-app": conditions.excludedApps = list.map(\.0)
        case "device": conditions.devices = list.map(\.0)
        default:
            for (name, location) in list {
                switch name {
                case "touchscreen": conditions.deviceKinds.insert(.touchscreen)
                case "touchpad": conditions.deviceKinds.insert(.touchpad)
                default:
                    error("unknown device kind \(ConfigReader.quoted(name)) (touchscreen or touchpad)"
                          + ConfigSuggestion.hint(for: name, in: ["touchscreen", "touchpad"]), at: location)
                }
            }
        }
    }

    /// `began = …` and the other phases.
    private mutating func readPhase(_ entry: TOMLTable.Entry, kind: RecognizerKind, into binding: inout Binding) {
        let phase: GesturePhase = switch entry.key {
        case "began": .began
        case "changed": .changed
        case "cancelled": .cancelled
        default: .ended
        }
        if kind.isDiscrete && phase != .ended {
            error("a \(kind.rawValue) is discrete: it is recognized once and has no \(ConfigReader.quoted(entry.key)) phase (use \"ended\", or \"recognized\")",
                  at: entry.keyLocation)
            return
        }
        if binding.actions[phase] != nil {
            error("\"ended\" and \"recognized\" are the same phase; write one of them", at: entry.keyLocation)
            return
        }
        let scrollAllowed = kind == .pan && phase == .changed
        let reason = kind == .pan ? "scroll runs in a pan's \"changed\" phase" : "scroll needs a pan (in its \"changed\" phase)"
        if let actions = readActions(entry.value, key: entry.key, scrollRefusal: scrollAllowed ? nil : reason) {
            binding.actions[phase] = actions
            if phase == .changed { warnPerFrameCommands(entry.value, often: "on every frame \(kind.changes) (up to ~100 per second)") }
        }
    }

    /// A key that is not a binding's: a parameter of another recognizer, or
    /// unknown. Either is an error: ignored, the binding would recognize
    /// something else than its author wrote.
    private mutating func refuseUnknownBindingKey(_ entry: TOMLTable.Entry, kind: RecognizerKind) {
        let own = RecognizerSpec.parameterNames(for: kind)
        let others = RecognizerKind.allCases.filter { RecognizerParameter.parameter(entry.key, of: $0) != nil }
        if !others.isEmpty {
            let takes = own.isEmpty ? "it takes no parameters" : "it takes " + own.joined(separator: ", ")
            error("\(ConfigReader.quoted(entry.key)) is not a parameter of \(kind.rawValue) (\(takes))", at: entry.keyLocation)
        } else {
            let aliases = RecognizerParameter.table(for: kind).flatMap(\.aliases)
            error("unknown key \(ConfigReader.quoted(entry.key)) in [[gesture]]"
                  + ConfigSuggestion.hint(for: entry.key, in: ConfigSchema.gesture.keys + own + aliases), at: entry.keyLocation)
        }
    }

    /// A pan's `fingers` against `minimum-fingers` / `maximum-fingers`.
    private mutating func checkFingers(_ spec: RecognizerSpec, table: TOMLTable) {
        guard spec.kind == .pan else { return }
        let byName = Dictionary(spec.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        if let fingers = byName["fingers"], byName["minimum-fingers"] != nil || byName["maximum-fingers"] != nil {
            error("\"fingers\" sets both minimum-fingers and maximum-fingers; write it or them, not both", at: fingers.location)
        } else if let minimum = byName["minimum-fingers"], let maximum = byName["maximum-fingers"],
                  minimum.value.integer > maximum.value.integer {
            error("\"minimum-fingers\" (\(minimum.value.integer)) is more than \"maximum-fingers\" (\(maximum.value.integer))", at: minimum.location)
        }
    }

    /// A parameter's value, checked against its type and range.
    mutating func parameterValue(_ value: TOMLValue, key: String, parameter: RecognizerParameter) -> ParameterValue? {
        let range = parameter.range
        let low = ConfigReader.format(range.lowerBound), high = ConfigReader.format(range.upperBound)
        switch parameter.type {
        case .integer:
            return integer(value, key: key, in: Int(range.lowerBound)...Int(range.upperBound)).map(ParameterValue.integer)
        case .boolean:
            return boolean(value, key: key).map(ParameterValue.boolean)
        case .seconds:
            return quantity(value, key: key, units: ConfigUnits.seconds, bareAllowed: true, range: range, rangeText: "\(low)…\(high) s")
                .map(ParameterValue.seconds)
        case .millimetres:
            return quantity(value, key: key, units: ConfigUnits.millimetres, bareAllowed: true, range: range, rangeText: "\(low)…\(high) mm")
                .map(ParameterValue.millimetres)
        case .millimetresPerSecond:
            return quantity(value, key: key, units: ConfigUnits.millimetresPerSecond, bareAllowed: true, range: range,
                            rangeText: "\(low)…\(high) mm/s").map(ParameterValue.millimetresPerSecond)
        case .degrees:
            return quantity(value, key: key, units: ConfigUnits.degrees, bareAllowed: true, range: range, rangeText: "\(low)…\(high)°")
                .map(ParameterValue.degrees)
        case .directions:
            guard let list = strings(value, key: key, single: true) else { return nil }
            if list.isEmpty { error("\(ConfigReader.quoted(key)) must name at least one direction", at: value.location); return nil }
            var headings: [SwipeHeading] = []
            let names = SwipeHeading.allCases.map(\.rawValue)
            for (word, location) in list {
                guard let heading = SwipeHeading(rawValue: word) else {
                    error("unknown direction \(ConfigReader.quoted(word)) (\(names.joined(separator: ", ")))"
                          + ConfigSuggestion.hint(for: word, in: names), at: location)
                    return nil
                }
                if !headings.contains(heading) { headings.append(heading) }
            }
            return .directions(headings)
        }
    }

    /// `0.05`, `5`: a bound as written in messages.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
