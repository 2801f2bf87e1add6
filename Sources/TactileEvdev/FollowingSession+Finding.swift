// Finding the followed device among the input directory's nodes, and saying once why a node cannot be it.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension FollowingSession {
    /// How long a node that may hold the device stays unopenable before
    /// its problem is told, in seconds: udev sets a new node's permissions
    /// a moment after it appears, and a look that met it before then is no
    /// problem worth telling (the session looks again meanwhile: ``Rediscovery``).
    public nonisolated static let problemDelay = 1.0

    /// A node and what was told about it.
    struct Told: Hashable {
        var path: String
        var what: String
    }

    /// The device in ``directory`` that ``match`` names, opened; `nil` when
    /// none is there or can be opened (each problem told once). When
    /// several match, the device read last is preferred, else the first in
    /// node order.
    func find(at now: Double) -> EvdevDevice? {
        let names: [String]
        do {
            names = try DeviceDiscovery.eventNodeNames(in: directory)
        } catch {
            tellOnce(about: directory, .problem(.cannotList(error)))
            return nil
        }
        let paths = names.map { (directory == "/" ? "" : directory) + "/" + $0 }
        let present = Set(paths)
        rediscovery.keep(only: present)
        // What was told of a node that went is told again if it comes back; the directory is listed again.
        told = told.filter { present.contains($0.path) || ($0.path == directory && !$0.what.hasPrefix("cannotList")) }
        others = others.filter { present.contains($0.key) }
        var chosen: EvdevDevice?
        for (index, path) in paths.enumerated() where !rediscovery.backoff.isWaiting(path, at: now) {
            guard let device = open(path, name: names[index], at: now) else { continue }
            if lastDevice?.matches(device) ?? true { return device }
            if chosen == nil { chosen = device }
        }
        return chosen
    }

    /// The device at `path` (node `name`) when it is the one followed; a
    /// node that cannot be opened, or holds another device where the
    /// followed one was, is told once.
    private func open(_ path: String, name: String, at now: Double) -> EvdevDevice? {
        let node = EvdevDevice.NodeIdentity.of(path)
        if let known = others[path], case .success(let identity) = node, identity == known { return nil }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            rediscovery.notReady(path, at: now)
            let since = rediscovery.unready[path] ?? now
            if now - since >= Self.problemDelay, match.mayBe(name: DeviceDiscovery.sysfsName(ofNode: name)) {
                tellOnce(about: path, .problem(.cannotOpen(error)))
            }
            return nil
        }
        rediscovery.ready(path)
        told = told.filter { !($0.path == path && $0.what.hasPrefix("cannotOpen")) }
        guard match.matches(device) else {
            if case .success(let identity) = node { others[path] = identity }
            if path == lastPath {
                tellOnce(about: path, .problem(.otherDevice(path: path, name: device.description.name)))
            }
            return nil
        }
        return device
    }

    /// Tells `change` about `path` unless it was told already (while the node stays).
    func tellOnce(about path: String, _ change: Change) {
        guard told.insert(Told(path: path, what: change.kindName)).inserted else { return }
        tell(change)
    }

    /// Tells `change` to ``onChange`` and the ``changes()`` streams.
    func tell(_ change: Change) {
        onChange?(change)
        if !changeStreams.isEmpty { changeStreams.yield(change) }
    }
}
