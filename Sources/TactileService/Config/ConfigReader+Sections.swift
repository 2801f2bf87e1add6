// The loader's [devices], [emergency] and [zones.NAME] sections.
import Tactile

extension ConfigReader {
    /// `[devices]`.
    mutating func readDevices(_ value: TOMLValue) -> DeviceSelection {
        var devices = DeviceSelection()
        guard let table = table(value, key: "devices") else { return devices }
        refuseUnknownKeys(table, of: .devices)
        if let kinds = table["kinds"], let list = strings(kinds, key: "kinds", single: true) {
            var chosen: Set<DeviceKind> = []
            for (name, location) in list {
                switch name {
                case "touchscreen": chosen.insert(.touchscreen)
                case "touchpad": chosen.insert(.touchpad)
                default:
                    error("unknown device kind \(ConfigReader.quoted(name)) (touchscreen or touchpad)"
                          + ConfigSuggestion.hint(for: name, in: ["touchscreen", "touchpad"]), at: location)
                }
            }
            if list.isEmpty {
                error("\"kinds\" must name at least one kind (touchscreen, touchpad)", at: kinds.location)
            } else {
                devices.kinds = chosen
            }
        }
        if let names = table["names"], let list = strings(names, key: "names", single: true) {
            devices.names = list.map(\.0)
        }
        if let exclude = table["exclude"], let list = strings(exclude, key: "exclude", single: true) {
            devices.excludedNames = list.map(\.0)
        }
        if let grab = table["grab"], let flag = boolean(grab, key: "grab") { devices.grab = flag }
        if let output = table["output"], let name = string(output, key: "output") {
            if name.isEmpty || name.contains(where: { $0.isWhitespace || $0 == "\"" }) {
                error("\"output\" must name one output as the compositor does (\"eDP-1\", \"HDMI-A-1\"), found \(ConfigReader.quoted(name))",
                      at: output.location)
            } else {
                devices.output = name
            }
        }
        if let ending = table["claimed-touch-end"], let name = string(ending, key: "claimed-touch-end"), name != "auto" {
            if let end = ClaimedTouchEnd(rawValue: name) {
                devices.claimedTouchEnd = end
            } else {
                let names = ["auto"] + ClaimedTouchEnd.allCases.map(\.rawValue)
                error("unknown claimed-touch-end \(ConfigReader.quoted(name)) (\(names.joined(separator: ", ")))"
                      + ConfigSuggestion.hint(for: name, in: names), at: ending.location)
            }
        }
        return devices
    }

    /// `[emergency]`, and where its `fingers` is written (for the bindings that would shadow it).
    mutating func readEmergency(_ value: TOMLValue) -> (EmergencyGesture, fingersAt: SourceLocation?) {
        var emergency = EmergencyGesture()
        guard let table = table(value, key: "emergency") else { return (emergency, nil) }
        refuseUnknownKeys(table, of: .emergency)
        let fewest = EmergencyGesture.fingersRange.lowerBound, most = EmergencyGesture.fingersRange.upperBound
        if let fingers = table["fingers"], let count = integer(fingers, key: "fingers", in: 0...most) {
            if count == 0 {
                emergency.fingers = 0
                warning("\"fingers = 0\" turns the emergency gesture off: nothing on the screen stops the service then, "
                        + "only SIGTERM (systemctl --user stop tactile)", at: fingers.location)
            } else if count < fewest {
                error("\"fingers\" must be 0 (off) or \(fewest)…\(most), found \(count) "
                      + "(\(count == 1 ? "one finger" : "\(count) fingers") held still \(count == 1 ? "is" : "are") too easy to make by accident)",
                      at: fingers.location)
            } else {
                emergency.fingers = count
            }
        }
        let durations = EmergencyGesture.durationRange
        if let duration = table["duration"],
           let seconds = quantity(duration, key: "duration", units: ConfigUnits.seconds, bareAllowed: true, range: durations,
                                  rangeText: "\(ConfigReader.format(durations.lowerBound))…\(ConfigReader.format(durations.upperBound)) s") {
            emergency.duration = seconds
        }
        return (emergency, table["fingers"]?.location)
    }

    /// `[zones.NAME]` tables.
    mutating func readZones(_ value: TOMLValue) -> [Zone] {
        guard let table = table(value, key: "zones") else { return [] }
        var zones: [Zone] = []
        for entry in table.entries {
            if entry.key == "screen" {
                error("the zone name \"screen\" is reserved (it is the whole screen)", at: entry.keyLocation)
                continue
            }
            if entry.key.isEmpty || !entry.key.unicodeScalars.allSatisfy(TOMLParser.isBareKeyScalar) {
                error("zone name \(ConfigReader.quoted(entry.key)) may hold only A-Z a-z 0-9 _ -", at: entry.keyLocation)
                continue
            }
            guard let zoneTable = self.table(entry.value, key: "zones." + entry.key) else { continue }
            if let zone = readZone(entry.key, zoneTable, at: entry.value.location) { zones.append(zone) }
        }
        return zones
    }

    private mutating func readZone(_ name: String, _ table: TOMLTable, at location: SourceLocation) -> Zone? {
        let context = "[zones.\(name)]"
        refuseUnknownKeys(table, of: .zone, in: context)
        let shapes = ["edge", "corner", "rect"].filter { table[$0] != nil }
        guard shapes.count == 1, let shapeKey = shapes.first, let shapeValue = table[shapeKey] else {
            let found = shapes.isEmpty ? "none" : shapes.joined(separator: " and ")
            error("zone \(ConfigReader.quoted(name)) needs exactly one of edge, corner, rect (found \(found))", at: location)
            return nil
        }
        if shapeKey != "edge", let depth = table.entry("depth") {
            error("\"depth\" is for edge zones (a \(shapeKey) zone has \(shapeKey == "corner" ? "size" : "its rect"))", at: depth.keyLocation)
        }
        if shapeKey != "corner", let size = table.entry("size") {
            error("\"size\" is for corner zones (\(shapeKey == "edge" ? "an edge zone has depth" : "a rect zone has its rect"))", at: size.keyLocation)
        }
        var shape: Zone.Shape?
        switch shapeKey {
        case "edge":
            if case let (edge, depth)? = readPlace(ScreenEdge.self, shapeValue, key: "edge", table, measure: "depth", default: .millimetres(4)) {
                shape = .edge(edge, depth: depth)
            }
        case "corner":
            if case let (corner, size)? = readPlace(ScreenCorner.self, shapeValue, key: "corner", table, measure: "size", default: .millimetres(10)) {
                shape = .corner(corner, size: size)
            }
        default:
            shape = readRect(shapeValue)
        }
        var holds = shapeKey != "rect"
        if let hold = table["hold"], let flag = boolean(hold, key: "hold") { holds = flag }
        guard let shape else { return nil }
        return Zone(name: name, shape: shape, holdsTouches: holds, location: location)
    }

    /// The edge or corner `value` names at `key` (`edge = "left"`), and its
    /// measure `measureKey` from `table` (`depth`, `size`; `fallback` unless written).
    private mutating func readPlace<Place: RawRepresentable & CaseIterable>(
        _ type: Place.Type, _ value: TOMLValue, key: String, _ table: TOMLTable, measure measureKey: String, default fallback: ZoneMeasure
    ) -> (Place, ZoneMeasure)? where Place.RawValue == String {
        guard let text = string(value, key: key) else { return nil }
        guard let place = Place(rawValue: text) else {
            let names = Place.allCases.map(\.rawValue)
            error("unknown \(key) \(ConfigReader.quoted(text)) (\(names.joined(separator: ", ")))" + ConfigSuggestion.hint(for: text, in: names),
                  at: value.location)
            return nil
        }
        return (place, table[measureKey].flatMap { zoneMeasure($0, key: measureKey, allowZero: false) } ?? fallback)
    }

    /// `rect = [x, y, width, height]`.
    private mutating func readRect(_ value: TOMLValue) -> Zone.Shape? {
        guard let array = value.array, array.count == 4 else {
            error("\"rect\" must be an array of four measures: x, y, width, height (like [\"10%\", 0, \"80%\", \"8mm\"])", at: value.location)
            return nil
        }
        let names = ["x", "y", "width", "height"]
        var measures: [ZoneMeasure] = []
        for (index, element) in array.enumerated() {
            guard let measure = zoneMeasure(element, key: "rect " + names[index], allowZero: index < 2) else { return nil }
            measures.append(measure)
        }
        return .rect(x: measures[0], y: measures[1], width: measures[2], height: measures[3])
    }

    /// `"4mm"`, `"3%"`, or a bare fraction 0…1.
    mutating func zoneMeasure(_ value: TOMLValue, key: String, allowZero: Bool) -> ZoneMeasure? {
        let expected = "\"…mm\", \"…%\" or a fraction 0…1"
        let lowest = allowZero ? "0" : "more than 0"
        switch value.kind {
        case .integer, .float:
            let number = value.kind.number
            guard number <= 1, allowZero ? number >= 0 : number > 0 else {
                error("\(ConfigReader.quoted(key)) as a fraction must be \(lowest) and at most 1, found \(ConfigUnits.format(value))", at: value.location)
                return nil
            }
            return .fraction(number)
        case .string(let text):
            if let percent = ConfigUnits.quantity(text, units: [("%", 1)]) {
                guard percent <= 100, allowZero ? percent >= 0 : percent > 0 else {
                    error("\(ConfigReader.quoted(key)) must be \(lowest) and at most 100%, found \(ConfigReader.quoted(text))", at: value.location)
                    return nil
                }
                return .fraction(percent / 100)
            }
            if let millimetres = ConfigUnits.quantity(text, units: ConfigUnits.millimetres) {
                guard millimetres <= 1000, allowZero ? millimetres >= 0 : millimetres > 0 else {
                    error("\(ConfigReader.quoted(key)) must be \(lowest) and at most 1000mm, found \(ConfigReader.quoted(text))", at: value.location)
                    return nil
                }
                return .millimetres(millimetres)
            }
            error("\(ConfigReader.quoted(key)) must be \(expected), found \(ConfigReader.quoted(text))", at: value.location)
            return nil
        default:
            wrongType(value, key: key, expected: expected)
            return nil
        }
    }
}

extension TOMLValue.Kind {
    /// An integer's or float's value (others 0).
    var number: Double {
        switch self {
        case .integer(let n): Double(n)
        case .float(let x): x
        default: 0
        }
    }
}
