// The directories the service watches: the input nodes' (and its parent, to see it come back) and those its config lives in.
import TactileService
import TactileEvdev
#if canImport(Glibc)
import Glibc
#endif

/// What the gesture service watches with inotify, kept watched: a directory
/// that goes away (the input directory once its last node is removed; a
/// config directory deleted) is watched again when it is back, seen through
/// its parent (the input directory: ``InputDirectoryWatch``, as a
/// `FollowingSession` watches it) or on the next ``ensure()`` (the service
/// calls it on every rescan, and after every batch of changes).
///
/// A config is watched where each path of its chain of symbolic links lives
/// (`ConfigPathChain`: the path named, each link's target, the file at the
/// end), re-resolved at every ``ensure()``: a dotfile manager's link reloads
/// when the file it names is edited, and follows when it is pointed elsewhere.
struct ServiceWatches {
    /// What a batch of changes calls for.
    struct Changes: OptionSet {
        let rawValue: Int
        /// Input nodes came or went: rescan.
        static let devices = Changes(rawValue: 1)
        /// A config file was written, replaced, removed or changed hands, or a directory that may hold one appeared: reload.
        static let config = Changes(rawValue: 2)
    }

    let inotify: InotifyWatch
    /// The config files that matter (the one named, or every search path).
    let configPaths: [String]
    private var input: InputDirectoryWatch
    /// The directories watched for configs, and the watch of each.
    private var configDirectories: [String: Int32] = [:]
    /// For each watch, the names in its directory that are a path of a config's chain.
    private var configNames: [Int32: Set<String>] = [:]

    init(inputDirectory: String, configFiles: [String]) throws(ServiceError) {
        do {
            inotify = try InotifyWatch()
        } catch {
            // Its one failure is inotify_init1's.
            guard case .system(_, let operation, let code) = error else { throw .system(operation: "inotify_init1", errno: 0) }
            throw .system(operation: operation, errno: code)
        }
        input = InputDirectoryWatch(directory: inputDirectory, inotify: inotify)
        configPaths = configFiles
    }

    /// Whether the input directory is watched.
    var watchesInput: Bool { input.watchesInput }

    /// Watches what is not watched yet and exists now, and the config's
    /// chain as it resolves now (watches no chain needs any more go).
    /// Returns `.config` when a config directory is watched anew (it
    /// appeared, or a link points there now: a config may be in it already)
    /// and `.devices` when the input directory is.
    @discardableResult
    mutating func ensure() -> Changes {
        var result: Changes = []
        if input.ensure() { result.insert(.devices) }
        var wanted: [String: Set<String>] = [:]
        for path in configPaths {
            for step in ConfigPathChain(path).paths {
                wanted[ConfigPathChain.directory(of: step), default: []].insert(ConfigPathChain.name(of: step))
            }
        }
        var directories: [String: Int32] = [:]
        var names: [Int32: Set<String>] = [:]
        for (directory, files) in wanted.sorted(by: { $0.key < $1.key }) {
            let watch: Int32
            if let known = configDirectories[directory] {
                watch = known
            } else if let added = inotify.add(directory, events: InotifyWatch.fileEvents) {
                watch = added
                result.insert(.config)
            } else {
                continue
            }
            directories[directory] = watch
            names[watch, default: []].formUnion(files)
        }
        for (_, watch) in configDirectories where names[watch] == nil && !input.owns(watch) {
            inotify.remove(watch)
        }
        configDirectories = directories
        configNames = names
        return result
    }

    /// Reads the changes waiting and says what they call for.
    mutating func changes() -> Changes {
        var result: Changes = []
        for change in inotify.read() {
            if input.owns(change.watch), input.calls(for: change) { result.insert(.devices) }
            if change.mask & UInt32(IN_IGNORED) != 0 {
                // The directory went away (or was replaced): watched again when it is back.
                configDirectories = configDirectories.filter { $0.value != change.watch }
                configNames[change.watch] = nil
                continue
            }
            if let names = configNames[change.watch] {
                // A config (or a link to it) in the directory, or the directory's own modes (its fix).
                let own = change.name.isEmpty && change.mask & UInt32(IN_ATTRIB) != 0
                if names.contains(change.name) || own { result.insert(.config) }
            }
        }
        if !result.isEmpty { result.formUnion(ensure()) }
        return result
    }
}
