// The header decoder's fields about the device: creation time, device, screen, axis values and summary.
import Tactile

extension RecordingHeaderDecoder {
    /// `created`: empty, or ISO 8601 in UTC (`2026-11-21T12:00:00Z`, fractions of a second allowed).
    func created(_ node: JSONNode) throws(RecordingError) -> String {
        let text = try string(node, "created", what: "the creation time", maximumLength: 64)
        guard text.isEmpty || Self.isUTCTimestamp(text) else {
            throw failure(.invalidValue, "expected the creation time as ISO 8601 in UTC (like \"2026-11-21T12:00:00Z\") or \"\", found \(node.found)", node, "created")
        }
        return text
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with plausible field values.
    static func isUTCTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return false }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")), (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":"))]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }) else { return false }
        guard number(0, 4) != nil, let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return false }
        if bytes.count == 20 { return true }
        guard bytes[19] == UInt8(ascii: "."), bytes.count >= 22, bytes.count <= 30 else { return false }
        return number(20, bytes.count - 21) != nil
    }

    func device(_ node: JSONNode) throws(RecordingError) -> DeviceDescription {
        let path = "device"
        let members = try object(node, path, what: "the device", required: ["name", "identity", "properties", "keys", "axes", "otherCodes", "kind"])
        let name = try string(try member(members, "name", node, path), "device.name", what: "the device name", maximumLength: limits.maximumNameLength)

        let identityNode = try member(members, "identity", node, path)
        let identity = try object(identityNode, "device.identity", what: "the device identity", required: ["bustype", "vendor", "product", "version"])
        func id(_ key: String) throws(RecordingError) -> UInt16 {
            try integer(try member(identity, key, identityNode, "device.identity"), "device.identity." + key, what: "the \(key)", as: UInt16.self)
        }
        let deviceIdentity = DeviceIdentity(bustype: try id("bustype"), vendor: try id("vendor"), product: try id("product"), version: try id("version"))

        let properties = try codes(try member(members, "properties", node, path), "device.properties", what: "the device properties", maximum: 0x1f, maximumCount: 32)
        let keys = try codes(try member(members, "keys", node, path), "device.keys", what: "the device keys", maximum: KeyCode.max, maximumCount: Int(KeyCode.max) + 1)

        var axes: [AbsoluteAxis] = []
        var axisCodes = Set<UInt16>()
        let axisNodes = try array(try member(members, "axes", node, path), "device.axes", what: "the device axes", maximumCount: limits.maximumAxes)
        for (index, axisNode) in axisNodes.enumerated() {
            let axisPath = JSONPath.index("device.axes", index)
            let axis = try object(axisNode, axisPath, what: "an axis", required: ["code", "minimum", "maximum", "fuzz", "flat", "resolution"])
            func field(_ key: String) throws(RecordingError) -> Int32 {
                try integer(try member(axis, key, axisNode, axisPath), axisPath + "." + key, what: "the axis \(key)", as: Int32.self)
            }
            let codeNode = try member(axis, "code", axisNode, axisPath)
            let code = try integer(codeNode, axisPath + ".code", what: "the axis code", as: UInt16.self, in: 0...Int64(AbsCode.max))
            guard axisCodes.insert(code).inserted else {
                throw failure(.invalidValue, "expected each axis once, found code \(code) again", codeNode, axisPath + ".code")
            }
            let absoluteAxis = AbsoluteAxis(
                code: code, minimum: try field("minimum"), maximum: try field("maximum"),
                fuzz: try field("fuzz"), flat: try field("flat"), resolution: try field("resolution"))
            if let problem = absoluteAxis.limitProblem {
                throw failure(.outOfRange, "expected a device Linux could have: \(problem)", axisNode, axisPath)
            }
            axes.append(absoluteAxis)
        }

        var otherCodes: [EventCodeSet] = []
        var otherTypes = Set<UInt16>()
        let setNodes = try array(try member(members, "otherCodes", node, path), "device.otherCodes", what: "the device's other codes", maximumCount: 32)
        for (index, setNode) in setNodes.enumerated() {
            let setPath = JSONPath.index("device.otherCodes", index)
            let set = try object(setNode, setPath, what: "a set of codes", required: ["type", "codes"])
            let typeNode = try member(set, "type", setNode, setPath)
            let type = try integer(typeNode, setPath + ".type", what: "the event type", as: UInt16.self, in: 0...Int64(EventType.max.rawValue))
            guard otherTypes.insert(type).inserted else {
                throw failure(.invalidValue, "expected each event type once in the other codes, found type \(type) again", typeNode, setPath + ".type")
            }
            let codes = try codes(try member(set, "codes", setNode, setPath), setPath + ".codes", what: "the codes", maximum: KeyCode.max, maximumCount: Int(KeyCode.max) + 1)
            otherCodes.append(EventCodeSet(type: EventType(rawValue: type), codes: codes))
        }

        let kindNode = try member(members, "kind", node, path)
        let kindText = try string(kindNode, "device.kind", what: "the device kind")
        guard let kind = DeviceKind(rawValue: kindText) else {
            let kinds = DeviceKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw failure(.invalidValue, "expected the device kind (\(kinds)), found \(kindNode.found)", kindNode, "device.kind")
        }
        return DeviceDescription(
            name: name, identity: deviceIdentity, properties: properties, keys: keys, axes: axes, otherCodes: otherCodes, kind: kind)
    }

    func screen(_ node: JSONNode) throws(RecordingError) -> Screen {
        let screen = try object(node, "screen", what: "the screen", required: ["bounds", "pointsPerMillimetre"])
        let boundsNode = try member(screen, "bounds", node, "screen")
        let bounds = try object(boundsNode, "screen.bounds", what: "the screen bounds", required: ["origin", "size"])
        let originNode = try member(bounds, "origin", boundsNode, "screen.bounds")
        let origin = try object(originNode, "screen.bounds.origin", what: "the origin", required: ["x", "y"])
        let sizeNode = try member(bounds, "size", boundsNode, "screen.bounds")
        let size = try object(sizeNode, "screen.bounds.size", what: "the size", required: ["width", "height"])
        let x = try double(try member(origin, "x", originNode, "screen.bounds.origin"), "screen.bounds.origin.x", what: "x",
                           minimum: -Screen.maximumSide, maximum: Screen.maximumSide)
        let y = try double(try member(origin, "y", originNode, "screen.bounds.origin"), "screen.bounds.origin.y", what: "y",
                           minimum: -Screen.maximumSide, maximum: Screen.maximumSide)
        let width = try double(try member(size, "width", sizeNode, "screen.bounds.size"), "screen.bounds.size.width", what: "the width", minimum: 0, maximum: Screen.maximumSide)
        let height = try double(try member(size, "height", sizeNode, "screen.bounds.size"), "screen.bounds.size.height", what: "the height", minimum: 0, maximum: Screen.maximumSide)
        let density = try double(
            try member(screen, "pointsPerMillimetre", node, "screen"), "screen.pointsPerMillimetre",
            what: "points per millimetre", minimum: Screen.densityRange.lowerBound, maximum: Screen.densityRange.upperBound)
        return Screen(bounds: Rect(x: x, y: y, width: width, height: height), pointsPerMillimetre: density)
    }

    /// `transform` (version 3): libinput's six calibration values `[a, b, c, d, e, f]`,
    /// each finite, the matrix keeping the surface a surface (``SurfaceTransform/init(calibration:)``).
    func transform(_ node: JSONNode) throws(RecordingError) -> SurfaceTransform {
        let entries = try array(node, "transform", what: "the transform's six values", maximumCount: 6)
        var values: [Double] = []
        for (index, entry) in entries.enumerated() {
            values.append(try double(entry, JSONPath.index("transform", index), what: "a calibration value",
                                     minimum: -SurfaceTransform.maximumMagnitude, maximum: SurfaceTransform.maximumMagnitude))
        }
        do throws(SurfaceTransformError) {
            return try SurfaceTransform(calibration: values)
        } catch {
            throw failure(.invalidValue, "expected libinput's six calibration values a b c d e f, found \(node.found): \(error)", node, "transform")
        }
    }

    /// `axisValues` (version 2): `[{"code": 0…63, "value": int32}, …]`, each code once.
    func axisValues(_ node: JSONNode) throws(RecordingError) -> AxisValues {
        var values = AxisValues()
        var seen = Set<UInt16>()
        let entries = try array(node, "axisValues", what: "the axis values", maximumCount: Int(AbsCode.max) + 1)
        for (index, entryNode) in entries.enumerated() {
            let path = JSONPath.index("axisValues", index)
            let entry = try object(entryNode, path, what: "an axis value", required: ["code", "value"])
            let codeNode = try member(entry, "code", entryNode, path)
            let code = try integer(codeNode, path + ".code", what: "the axis code", as: UInt16.self, in: 0...Int64(AbsCode.max))
            guard seen.insert(code).inserted else {
                throw failure(.invalidValue, "expected each axis once in the axis values, found code \(code) again", codeNode, path + ".code")
            }
            values[code] = try integer(try member(entry, "value", entryNode, path), path + ".value", what: "the axis value", as: Int32.self)
        }
        return values
    }

    func summary(_ node: JSONNode) throws(RecordingError) -> RecordingSummary {
        let summary = try object(node, "summary", what: "the summary", required: ["duration", "eventCount", "frameCount", "maxTouches"])
        func count(_ key: String, _ what: String) throws(RecordingError) -> Int {
            try integer(try member(summary, key, node, "summary"), "summary." + key, what: what, as: Int.self, in: 0...Int64.max)
        }
        return RecordingSummary(
            duration: try double(try member(summary, "duration", node, "summary"), "summary.duration", what: "the duration in seconds", minimum: 0),
            eventCount: try count("eventCount", "the event count"),
            frameCount: try count("frameCount", "the frame count"),
            maxTouches: try count("maxTouches", "the most touches"))
    }
}
