// What a following session tells the app: the device connected, gone, back, and the problems met while waiting.
import Tactile

extension FollowingSession {
    /// What happened to the followed device, as ``FollowingSession/onChange``
    /// and ``FollowingSession/changes()`` tell it. `description` is a line
    /// for people (paths and names made safe to print).
    public enum Change: Sendable, Hashable, CustomStringConvertible {
        /// The device was found and opened at `path`, the first time.
        case connected(path: String, device: DeviceDescription)
        /// The device at `path` went away (unplugged, unbound) or, with
        /// `error`, its reads failed. Its gestures in progress were
        /// cancelled (their actions came first); the session waits for it.
        case disconnected(path: String, error: EvdevError?)
        /// The device is back, at `path` (often another node), and read again.
        case reconnected(path: String, device: DeviceDescription)
        /// No device matches when the session starts: it waits for one.
        case waiting(DeviceMatch)
        /// Something keeps the session from a node that may hold the device
        /// (told once, until the node changes).
        case problem(Problem)

        public var description: String {
            switch self {
            case .connected(let path, let device):
                return "\(TextFormat.visible(path)): connected: “\(TextFormat.visible(device.name))” (\(device.kind.rawValue))"
            case .disconnected(let path, let error):
                let why = error.map { "its reads failed (\($0.description))" } ?? "unplugged"
                return "\(TextFormat.visible(path)): disconnected: \(why); gestures in progress cancelled; waiting for it to return"
            case .reconnected(let path, let device):
                return "\(TextFormat.visible(path)): reconnected: “\(TextFormat.visible(device.name))” (\(device.kind.rawValue))"
            case .waiting(let match):
                return "waiting for \(match)"
            case .problem(let problem):
                return problem.description
            }
        }

        /// What a change is, for telling each problem once.
        var kindName: String {
            switch self {
            case .connected: return "connected"
            case .disconnected: return "disconnected"
            case .reconnected: return "reconnected"
            case .waiting: return "waiting"
            case .problem(let problem): return problem.kindName
            }
        }
    }

    /// Why a node that may hold the followed device cannot be read.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// A node that may hold the device cannot be opened: permission
        /// denied (the `input` group), busy (another program grabbed it)…;
        /// looked at again when it changes.
        case cannotOpen(EvdevError)
        /// The node where the device was holds another device now, `name`:
        /// the kernel gave its number to another; the session goes on waiting.
        case otherDevice(path: String, name: String)
        /// The input directory cannot be listed (it does not exist yet, or
        /// permission denied); looked at again when it appears.
        case cannotList(EvdevError)
        /// The input directory cannot be watched (inotify is not available):
        /// a device that comes back is found by the rescans alone.
        case cannotWatch(directory: String)

        public var description: String {
            switch self {
            case .cannotOpen(let error):
                return error.description
            case .otherDevice(let path, let name):
                return "\(TextFormat.visible(path)): now “\(TextFormat.visible(name))”, not the device followed; still waiting for it"
            case .cannotList(let error):
                return error.description
            case .cannotWatch(let directory):
                return "\(TextFormat.visible(directory)): cannot be watched (inotify): a device that returns is found by the rescans alone"
            }
        }

        var kindName: String {
            switch self {
            case .cannotOpen(let error): return "cannotOpen." + error.reason
            case .otherDevice(_, let name): return "otherDevice." + name
            case .cannotList(let error): return "cannotList." + error.reason
            case .cannotWatch: return "cannotWatch"
            }
        }
    }

    /// Every change from now on, as an async sequence, in the same order
    /// as ``onChange``: the stream keeps every change its consumer has not
    /// read, and ends when ``run()`` returns. Make it before `run()`.
    ///
    /// ```swift
    /// let changes = session.changes()
    /// let status = Task { @MainActor in
    ///     for await change in changes {
    ///         if case .disconnected = change { banner.text = "Touch panel disconnected" }
    ///         if case .reconnected = change { banner.text = "" }
    ///     }
    /// }
    /// _ = try await session.run()   // its end ends the stream
    /// await status.value
    /// ```
    public func changes() -> AsyncStream<Change> {
        changeStreams.makeStream(bufferingNewest: nil)
    }
}
