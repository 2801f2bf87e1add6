// Hyprland's two IPC sockets, faked: the tests' stand-in for a running Hyprland.
import Foundation
import TactileTestSupport

/// A Hyprland instance as its clients find it: under
/// `XDG_RUNTIME_DIR/hypr/SIGNATURE/`, a request socket (`.socket.sock`,
/// one request and its answer per connection) and an event socket
/// (`.socket2.sock`, by which clients also find the instance).
///
/// ```swift
/// let hyprland = try FakeHyprland(signature: "abc_1_2", prefix: "tactile-focus") { connection in
///     _ = connection.readSome()
///     connection.write(Array(#"{"class": "kitty"}"#.utf8))
///     connection.close()
/// }
/// defer { hyprland.close() }
/// let tracker = FocusTracker.start(session: DetectedSession(SessionEnvironment(hyprland.environment)))
/// ```
nonisolated final class FakeHyprland: Sendable {
    /// The runtime directory that holds `hypr/`.
    let runtime: URL
    /// What a client of this instance finds it by.
    let environment: [String: String]
    private let requests: FakeUnixServer
    private let events: FakeUnixServer

    /// `answer` takes each connection to the request socket; `subscribe`
    /// each to the event socket (by default, one that never says anything).
    init(signature: String, prefix: String,
         events subscribe: @escaping @Sendable (FakeConnection) -> Void = { _ in },
         answer: @escaping @Sendable (FakeConnection) -> Void) throws {
        runtime = try TemporaryDirectory.create(prefix: prefix)
        let directory = runtime.appendingPathComponent("hypr/\(signature)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        requests = try FakeUnixServer(path: directory.appendingPathComponent(".socket.sock").path, handler: answer)
        events = try FakeUnixServer(path: directory.appendingPathComponent(".socket2.sock").path, handler: subscribe)
        environment = ["HYPRLAND_INSTANCE_SIGNATURE": signature, "XDG_RUNTIME_DIR": runtime.path]
    }

    /// Closes both sockets and removes the runtime directory.
    func close() {
        requests.close()
        events.close()
        try? FileManager.default.removeItem(at: runtime)
    }
}
