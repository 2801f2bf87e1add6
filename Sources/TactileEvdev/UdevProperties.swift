// An evdev node's udev properties, read as libudev reads them: the kernel's uevent file, then udev's database.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// The udev properties of an evdev node, read without libudev from the two
/// places libudev reads them: the node's `uevent` file in sysfs (the
/// kernel's properties, and those of a umockdev testbed) and udev's database,
/// `/run/udev/data/c<major>:<minor>` (what udev's rules and hwdb added, such
/// as `LIBINPUT_CALIBRATION_MATRIX`). A property in both is taken from the
/// database, as libudev's is.
///
/// ```swift
/// let properties = UdevProperties(node: "/dev/input/event5")
/// properties["ID_INPUT_TOUCHSCREEN"]   // "1"
/// properties.calibration               // the panel's matrix, if udev gives one
/// ```
public struct UdevProperties: Hashable, Sendable {
    /// The properties, by name.
    public var values: [String: String]
    /// The node they were read for.
    public var node: String

    /// The property that holds a touchscreen's calibration matrix, as libinput reads it.
    public static let calibrationMatrix = "LIBINPUT_CALIBRATION_MATRIX"
    /// Where udev keeps its database of devices.
    public static let defaultDatabase = "/run/udev/data"

    /// Properties given as they are (for tests and made-up devices).
    public init(node: String, values: [String: String]) {
        self.node = node
        self.values = values
    }

    /// The properties of the evdev node `node` (a path such as
    /// `/dev/input/event5`, or a link to one): empty when neither sysfs
    /// (under `sysfsRoot`) nor the database (under `database`) knows the node.
    public init(node: String, sysfsRoot: String = "/sys", database: String = UdevProperties.defaultDatabase) {
        self.node = node
        values = [:]
        guard let name = Self.kernelName(of: node) else { return }
        let root = sysfsRoot.hasSuffix("/") ? String(sysfsRoot.dropLast()) : sysfsRoot
        let device = root + "/class/input/" + name
        for line in (SysfsFile.text(device + "/uevent") ?? "").split(separator: "\n") {
            add(line)
        }
        let number = (SysfsFile.text(device + "/dev") ?? "").split(separator: "\n").first.map(String.init) ?? ""
        guard !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == ":" }) else { return }
        for line in (SysfsFile.text(database + "/c" + number) ?? "").split(separator: "\n") where line.hasPrefix("E:") {
            add(line.dropFirst(2))
        }
    }

    /// A property's value, or `nil` when the node has none.
    public subscript(name: String) -> String? { values[name] }

    /// The node's calibration matrix (``calibrationMatrix``), when udev gives
    /// one: the transform, or the reason its value is no matrix (libinput
    /// then ignores it, and so does Tactile, saying why). `nil` without the property.
    ///
    /// ```swift
    /// switch UdevProperties(node: path).calibration {
    /// case .success(let transform)?: print("mounted:", transform.summary)
    /// case .failure(let problem)?: print("ignored:", problem)
    /// case nil: break
    /// }
    /// ```
    public var calibration: Result<SurfaceTransform, SurfaceTransformError>? {
        values[Self.calibrationMatrix].map { text in Result { () throws(SurfaceTransformError) in try SurfaceTransform(parsing: text) } }
    }

    /// One `KEY=VALUE` line.
    private mutating func add(_ line: Substring) {
        guard let equals = line.firstIndex(of: "="), equals > line.startIndex else { return }
        values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }

    /// `eventN` for a node path, following links (`/dev/input/by-path/…-event`
    /// names one too) by hand: umockdev's preload answers realpath(3) wrongly.
    static func kernelName(of node: String) -> String? {
        var path = node
        for _ in 0..<8 {
            if let name = path.split(separator: "/").last, name.count > 5, name.hasPrefix("event"),
               name.dropFirst(5).allSatisfy(\.isNumber) {
                return String(name)
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
            let count = readlink(path, &buffer, buffer.count)
            guard count > 0 else { return nil }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = target.hasPrefix("/") ? target : (path.split(separator: "/").dropLast().joined(separator: "/") + "/" + target)
        }
        return nil
    }
}
