// The directories the service watches: the input nodes' (and its parent, to see it come back) and the config's.
#if canImport(Glibc)
import Glibc
#endif

/// What the gesture service watches with inotify, kept watched: a directory
/// that goes away (the input directory once its last node is removed; a
/// config directory deleted) is watched again when it is back, seen through
/// its parent (the input directory) or on the next ``ensure()`` (the service
/// calls it on every rescan).
struct ServiceWatches {
    /// What a batch of changes calls for.
    struct Changes: OptionSet {
        let rawValue: Int
        /// Input nodes came or went: rescan.
        static let devices = Changes(rawValue: 1)
        /// A config file was written, replaced, created or removed: reload.
        static let config = Changes(rawValue: 2)
    }

    let inotify: InotifyWatch
    let inputDirectory: String
    /// The config files that matter (the one named, or every search path), by directory.
    let configFiles: [String: Set<String>]
    private var input: Int32?
    private var inputParent: Int32?
    private var configDirectories: [Int32: String] = [:]

    init(inputDirectory: String, configFiles: [String]) throws(ServiceError) {
        inotify = try InotifyWatch()
        self.inputDirectory = inputDirectory
        var byDirectory: [String: Set<String>] = [:]
        for file in configFiles {
            byDirectory[GestureService.directory(of: file), default: []].insert(Self.name(of: file))
        }
        self.configFiles = byDirectory
    }

    static func name(of path: String) -> String { String(path.split(separator: "/").last ?? "") }

    /// Whether the input directory is watched.
    var watchesInput: Bool { input != nil }

    /// Watches what is not watched yet and exists now. Returns `.config`
    /// when a config directory is watched anew (it appeared: a config may be
    /// in it already) and `.devices` when the input directory is.
    @discardableResult
    mutating func ensure() -> Changes {
        var result: Changes = []
        if input == nil {
            input = inotify.add(inputDirectory, events: InotifyWatch.nodeEvents)
            if input != nil { result.insert(.devices) }
        }
        if inputParent == nil {
            inputParent = inotify.add(GestureService.directory(of: inputDirectory), events: UInt32(IN_CREATE | IN_MOVED_TO))
        }
        for directory in configFiles.keys where !configDirectories.values.contains(directory) {
            if let watch = inotify.add(directory, events: InotifyWatch.fileEvents) {
                configDirectories[watch] = directory
                result.insert(.config)
            }
        }
        return result
    }

    /// Reads the changes waiting and says what they call for.
    mutating func changes() -> Changes {
        var result: Changes = []
        for change in inotify.read() {
            if change.mask & UInt32(IN_IGNORED) != 0 {
                // The directory went away (or was replaced): watched again when it is back.
                if change.watch == input { input = nil; result.insert(.devices) }
                if change.watch == inputParent { inputParent = nil }
                configDirectories[change.watch] = nil
                continue
            }
            if change.watch == input, change.name.hasPrefix("event") { result.insert(.devices) }
            if change.watch == inputParent, change.name == Self.name(of: inputDirectory) { result.insert(.devices) }
            if let directory = configDirectories[change.watch], configFiles[directory]?.contains(change.name) == true {
                result.insert(.config)
            }
        }
        if !result.isEmpty { result.formUnion(ensure()) }
        return result
    }
}
