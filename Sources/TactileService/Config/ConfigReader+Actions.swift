// The loader's actions (key, click, scroll, command), key chords, and [gesture.step].
import Tactile

extension ConfigReader {
    /// An action table or an array of them; `scrollRefusal` says why scroll is not allowed here, if it is not.
    mutating func readActions(_ value: TOMLValue, key: String, scrollRefusal: String?) -> [ServiceAction]? {
        let elements: [TOMLValue]
        switch value.kind {
        case .table: elements = [value]
        case .array(let array): elements = array
        default:
            wrongType(value, key: key, expected: "an action ({ key = \"…\" }, { click = \"…\" }, …) or an array of them")
            return nil
        }
        var actions: [ServiceAction] = []
        var failed = false
        for element in elements {
            guard let table = element.table else {
                error("\(ConfigReader.quoted(key)) must hold actions like { key = \"super\" }, found \(element.typeDescription)", at: element.location)
                failed = true
                continue
            }
            if table["desktop"] != nil, table.entries.count == 1, let name = table["desktop"] {
                // A desktop action the preset in use may have no way to do: then nothing (with a warning).
                if let resolved = desktopAction(name, phase: key) { actions += resolved } else { failed = true }
            } else if let action = readAction(table, at: element.location, scrollRefusal: scrollRefusal) {
                actions.append(action)
            } else {
                failed = true
            }
        }
        return failed ? nil : actions
    }

    /// `{ key = "…" }`, `{ click = "…" }`, `{ scroll = "…", notch = "8mm" }`, `{ command = […] }`.
    private mutating func readAction(_ table: TOMLTable, at location: SourceLocation, scrollRefusal: String?) -> ServiceAction? {
        refuseUnknownKeys(table, of: .action)
        let kinds = ["key", "click", "scroll", "command", "desktop"].filter { table[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = table[kind] else {
            let found = kinds.isEmpty ? "none" : kinds.joined(separator: " and ")
            error("an action needs exactly one of key, click, scroll, command, desktop (found \(found))", at: location)
            return nil
        }
        if kind != "scroll", let notch = table.entry("notch") {
            error("\"notch\" goes with scroll", at: notch.keyLocation)
            return nil
        }
        switch kind {
        case "key":
            guard let text = string(value, key: "key") else { return nil }
            return keyChord(text, at: value.location).map(ServiceAction.key)
        case "click":
            guard let text = string(value, key: "click") else { return nil }
            guard let button = PointerButton(rawValue: text) else {
                error("unknown button \(ConfigReader.quoted(text)) (left, right, middle)"
                      + ConfigSuggestion.hint(for: text, in: PointerButton.allCases.map(\.rawValue)), at: value.location)
                return nil
            }
            return .click(button)
        case "scroll":
            if let scrollRefusal {
                error("scroll is not allowed here: \(scrollRefusal)", at: table.entry("scroll")?.keyLocation ?? location)
                return nil
            }
            guard let text = string(value, key: "scroll") else { return nil }
            var scroll = ScrollAction()
            switch text {
            case "natural": scroll.natural = true
            case "traditional": scroll.natural = false
            default:
                error("unknown scroll direction \(ConfigReader.quoted(text)) (natural or traditional)"
                      + ConfigSuggestion.hint(for: text, in: ["natural", "traditional"]), at: value.location)
                return nil
            }
            if let notch = table["notch"] {
                guard let millimetres = quantity(notch, key: "notch", units: ConfigUnits.millimetres, bareAllowed: true,
                                                 range: 1...100, rangeText: "1…100 mm") else { return nil }
                scroll.millimetresPerNotch = millimetres
            }
            return .scroll(scroll)
        default:
            return command(value)
        }
    }

    /// `command = ["program", "argument", …]`.
    private mutating func command(_ value: TOMLValue) -> ServiceAction? {
        guard let list = strings(value, key: "command") else { return nil }
        guard let first = list.first else {
            error("\"command\" must name a program: [\"program\", \"argument\", …]", at: value.location)
            return nil
        }
        if first.0.isEmpty {
            error("the program's name must not be empty", at: first.1)
            return nil
        }
        if let bad = list.first(where: { $0.0.unicodeScalars.contains("\u{0}") }) {
            error("a command's argument cannot hold a NUL character", at: bad.1)
            return nil
        }
        return .command(list.map(\.0))
    }

    /// `[gesture.step]`.
    mutating func readStep(_ value: TOMLValue, kind: RecognizerKind) -> StepAction? {
        guard let table = table(value, key: "step") else { return nil }
        refuseUnknownKeys(table, of: .step)
        let allowed: [StepAction.Measure] = switch kind {
        case .pan: [.horizontal, .vertical]
        case .pinch: [.scale]
        case .rotation: [.rotation]
        case .tap, .swipe, .longPress, .pressAndHold, .hold: []
        }
        guard !allowed.isEmpty else {
            let why = kind.isDiscrete ? "a \(kind.rawValue) is discrete (recognized once)" : "a \(kind.rawValue) has no measure that grows"
            error("step needs a pan, pinch or rotation: \(why)", at: value.location)
            return nil
        }
        var measure = allowed.count == 1 ? allowed[0] : nil
        if let measureValue = table["measure"], let text = string(measureValue, key: "measure") {
            let names = allowed.map(\.rawValue)
            if let chosen = StepAction.Measure(rawValue: text), allowed.contains(chosen) {
                measure = chosen
            } else {
                let known = StepAction.Measure(rawValue: text) != nil ? "does not apply to" : "is not a measure of"
                error("measure \(ConfigReader.quoted(text)) \(known) \(kind.rawValue) (it measures \(names.joined(separator: " or ")))"
                      + ConfigSuggestion.hint(for: text, in: names), at: measureValue.location)
                return nil
            }
        }
        guard let measure else {
            error("a pan's step needs measure = \"horizontal\" or \"vertical\"", at: value.location)
            return nil
        }
        guard let everyValue = table["every"] else {
            error("step needs every = … (how much the measure changes per step)", at: value.location)
            return nil
        }
        let every = stepQuantity(everyValue, key: "every", measure.every)
        var fast: Double?
        if let fastValue = table["fast"] {
            fast = stepQuantity(fastValue, key: "fast", measure.fast)
            if fast == nil { return nil }
        }
        let refusal = "scroll runs in a pan's \"changed\" phase, not in a step"
        let increase = table["increase"].map { readActions($0, key: "increase", scrollRefusal: refusal) } ?? []
        let decrease = table["decrease"].map { readActions($0, key: "decrease", scrollRefusal: refusal) } ?? []
        if table["increase"] == nil && table["decrease"] == nil {
            error("step needs increase = … or decrease = … (the actions of a step)", at: value.location)
            return nil
        }
        guard let every, let increase, let decrease else { return nil }
        for key in ["increase", "decrease"] {
            if let actions = table[key] { warnPerFrameCommands(actions, often: "on every step, and a quick stroke makes several steps a frame (hundreds per second)") }
        }
        return StepAction(measure: measure, every: every, increase: increase, decrease: decrease, fast: fast)
    }
}

/// How a step's `every` or `fast` is written (its units; a bare number is
/// always allowed) and the range it must be in.
private struct StepQuantity {
    let units: [(suffix: String, factor: Double)]
    let range: ClosedRange<Double>
    let rangeText: String
}

private extension StepAction.Measure {
    /// How much the measure changes per step.
    var every: StepQuantity {
        switch self {
        case .horizontal, .vertical: StepQuantity(units: ConfigUnits.millimetres, range: 0.1...1000, rangeText: "0.1…1000 mm")
        case .rotation: StepQuantity(units: ConfigUnits.degrees, range: 0.1...360, rangeText: "0.1…360°")
        case .scale: StepQuantity(units: [], range: 0.01...10, rangeText: "0.01…10 (log2 of the scale)")
        }
    }

    /// The speed at which a step takes half its travel (`every / (1 + speed / fast)`).
    var fast: StepQuantity {
        switch self {
        case .horizontal, .vertical: StepQuantity(units: ConfigUnits.millimetresPerSecond, range: 1...100_000, rangeText: "1…100000 mm/s")
        case .rotation: StepQuantity(units: ConfigUnits.degreesPerSecond, range: 1...100_000, rangeText: "1…100000°/s")
        case .scale: StepQuantity(units: [], range: 0.01...1000, rangeText: "0.01…1000 (log2 of the scale per second)")
        }
    }
}

private extension ConfigReader {
    mutating func stepQuantity(_ value: TOMLValue, key: String, _ form: StepQuantity) -> Double? {
        quantity(value, key: key, units: form.units, bareAllowed: true, range: form.range, rangeText: form.rangeText)
    }
}
