// What `tactile doctor` looks at, injectable: where the system's files are, the environment, the user, access and programs.
import Tactile
import TactileService

/// Everything `tactile doctor` reads from the machine, in one value, so
/// that tests can give it a made-up one: a tree of files in a temporary
/// directory, an environment, a user, and canned answers from `systemctl`.
///
/// System paths (`/dev`, `/sys`, `/run`, `/proc`, `/etc`, `/usr/lib`) are
/// read under ``root``; the user's own (the home directory, from `HOME`
/// and `XDG_CONFIG_HOME` in ``environment``) are read as given.
///
/// ```swift
/// // The machine itself:
/// let report = Doctor(system: .current(environment: ProcessInfo.processInfo.environment)).report()
///
/// // A made-up sway session in a temporary tree:
/// let ada = DoctorUser(uid: 4242, name: "ada", groups: [4242])
/// let system = DoctorSystem(root: "/tmp/tree", environment: ["HOME": "/tmp/tree/home/ada", "XDG_CURRENT_DESKTOP": "sway"],
///                           user: ada, access: DoctorAccess.modeBits(for: ada)) { arguments in
///     arguments.contains("is-active") ? DoctorCommandResult(status: 3, output: "inactive\n") : nil
/// }
/// ```
public struct DoctorSystem: Sendable {
    /// The directory the system's files are under: empty for the machine's own `/`.
    public var root: String
    /// The environment of the session the doctor runs in.
    public var environment: [String: String]
    /// The user access is judged for.
    public var user: DoctorUser
    /// Whether ``user`` may open a node (given under ``root``) for a need.
    public var access: @Sendable (String, DoctorAccessNeed) -> Bool
    /// Runs a program (`["systemctl", "--user", …]`) and returns what it
    /// printed, or `nil` when there is no such program.
    public var run: @Sendable ([String]) -> DoctorCommandResult?

    /// A system to look at; `root` empty for the machine's own files.
    public init(root: String, environment: [String: String], user: DoctorUser,
                access: @escaping @Sendable (String, DoctorAccessNeed) -> Bool,
                run: @escaping @Sendable ([String]) -> DoctorCommandResult?) {
        var root = root
        while root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.environment = environment
        self.user = user
        self.access = access
        self.run = run
    }

    /// This machine, the session's `environment`, this process's user, the
    /// kernel's access checks and real programs (found on `PATH`, killed
    /// after `timeout` seconds). A `root` other than `/` reads the system's
    /// files under it (a copy or a made-up tree) and still runs real programs.
    ///
    /// ```swift
    /// let system = DoctorSystem.current(environment: ProcessInfo.processInfo.environment)
    /// ```
    public static func current(environment: [String: String], root: String = "", timeout: Double = 5) -> DoctorSystem {
        DoctorSystem(root: root, environment: environment, user: .current(), access: DoctorAccess.kernel()) { arguments in
            ProgramRunner.run(arguments, environment: environment, timeout: timeout)
        }
    }

    /// Where a system path is: `path` under ``root``.
    ///
    /// ```swift
    /// system.systemPath("/dev/uinput")   // "/tmp/tree/dev/uinput" with root "/tmp/tree"
    /// ```
    public func systemPath(_ path: String) -> String { root + path }

    /// The user's home directory: `HOME`, else the password database's.
    public var home: String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return DoctorUser.homeDirectory(of: user.uid)
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config` (nil without a home directory).
    public var configHome: String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return Self.withoutTrailingSlashes(xdg) }
        return home.map { Self.withoutTrailingSlashes($0) + "/.config" }
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share` (nil without a home directory).
    public var dataHome: String? {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return Self.withoutTrailingSlashes(xdg) }
        return home.map { Self.withoutTrailingSlashes($0) + "/.local/share" }
    }

    static func withoutTrailingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// What a program run for the doctor printed, and its exit status.
///
/// ```swift
/// DoctorCommandResult(status: 0, output: "active\n").lines   // ["active"]
/// ```
public struct DoctorCommandResult: Hashable, Sendable {
    /// The exit status (128 + the signal when killed).
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var errorOutput: String

    /// A result.
    public init(status: Int32, output: String, errorOutput: String = "") {
        self.status = status
        self.output = output
        self.errorOutput = errorOutput
    }

    /// Standard output's lines, without blank ones.
    public var lines: [String] {
        output.split(separator: "\n").map { PlainText.trimmed($0) }.filter { !$0.isEmpty }
    }
}
