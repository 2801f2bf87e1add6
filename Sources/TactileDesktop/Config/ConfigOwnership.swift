// Whether a config may be trusted, as OpenSSH judges keys and configs: its owner and modes, and those of the directories above it.
import Tactile
import TactileService
#if canImport(Glibc)
import Glibc
#endif

/// Judges whether a config file may be trusted by the user it is read for.
///
/// The service types keys and runs commands as that user, so a config that
/// someone else could write is refused, as OpenSSH refuses keys and
/// configs (`safe_path`): the file, and every directory above it up to the
/// user's home directory (or `/`), must be owned by the user or by root and
/// be writable by neither group nor others. A symbolic link is judged by
/// what it resolves to: the file it finally names, the directories above
/// that file, and the directory of every link on the way (a link in a
/// directory others can write could be replaced).
///
/// One difference from OpenSSH: a directory others may write but that has
/// the sticky bit (`/tmp`), owned by the user or root, is accepted. There
/// nobody can rename or remove an entry they do not own, so the config
/// cannot be replaced; a file someone else put there is refused by its owner.
///
/// ```swift
/// if let problem = ConfigOwnership().problem(with: "/home/ada/.config/tactile/gestures.toml") {
///     print(problem)
///     // refused: /home/ada/.config/tactile/gestures.toml is writable by its group (mode 0664):
///     // another user could change what it does; to fix it, run: chmod go-w /home/ada/.config/tactile/gestures.toml
/// }
/// ```
package struct ConfigOwnership: Hashable, Sendable {
    /// Why a config is not trusted, and the command that fixes it.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file or directory at fault (resolved: no link).
        public var path: String
        /// What is wrong with it, in words (`is writable by its group (mode 0664)`).
        public var reasons: [String]
        /// The commands that fix it (`chmod go-w /path`).
        public var fixes: [String]

        /// One line: what is wrong, and what to run.
        public var description: String {
            "refused: \(TextFormat.visible(path)) \(reasons.joined(separator: " and ")): another user could change what it does; "
                + "to fix it, run: \(fixes.joined(separator: " && "))"
        }
    }

    /// The user the config is read for (whose keys it types).
    public var uid: uid_t
    /// Where the judging of directories stops (inclusive), as OpenSSH stops at
    /// the home directory; `nil`: at `/`.
    public var home: String?

    /// Judges for `uid` (by default the effective user), stopping at `home`
    /// (by default that user's home directory from the password database).
    public init(uid: uid_t = geteuid(), home: String? = nil) {
        self.uid = uid
        self.home = home ?? Self.homeDirectory(of: uid)
    }

    /// What makes the config at `path` untrustworthy, or `nil` when nothing
    /// does. Only a regular file is judged: anything else (missing, a
    /// directory, a device) is for the reader to refuse.
    public func problem(with path: String) -> Problem? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let target = Self.resolved(path) else { return nil }
        if let problem = judge(target, info, directory: false) { return problem }
        // The target's directories, and those of every link on the way there.
        let chain = ConfigPathChain(path)
        var starts = [ConfigPathChain.directory(of: target)]
        starts += chain.links.compactMap { Self.resolved(ConfigPathChain.directory(of: $0)) }
        let stop = home.flatMap(Self.resolved)
        var judged: Set<String> = []
        for start in starts {
            var current = start
            while judged.insert(current).inserted {
                var directory = stat()
                guard stat(current, &directory) == 0 else {
                    return Problem(path: current, reasons: ["cannot be checked (\(ConfigFile.errorText(errno)))"],
                                   fixes: ["ls -ld \(Self.quoted(current))"])
                }
                if let problem = judge(current, directory, directory: true) { return problem }
                if current == stop || current == "/" { break }
                current = ConfigPathChain.directory(of: current)
            }
        }
        return nil
    }

    private func judge(_ path: String, _ info: stat, directory: Bool) -> Problem? {
        var reasons: [String] = [], fixes: [String] = []
        if info.st_uid != uid && info.st_uid != 0 {
            reasons.append("is owned by uid \(info.st_uid), not by you (uid \(uid)) or root")
            fixes.append("chown $USER \(Self.quoted(path))")
        }
        let writable = info.st_mode & 0o022
        // A sticky directory (as /tmp): others may add entries but not replace or remove ours.
        let sticky = directory && info.st_mode & S_ISVTX != 0 && reasons.isEmpty
        if writable != 0 && !sticky {
            let who = writable == 0o022 ? "its group and others" : writable == 0o020 ? "its group" : "others"
            reasons.append("is writable by \(who) (mode \(Self.octal(info.st_mode & 0o7777)))")
            fixes.append("chmod go-w \(Self.quoted(path))")
        }
        guard !reasons.isEmpty else { return nil }
        if directory { reasons[0] = "(a directory above the config) " + reasons[0] }
        return Problem(path: path, reasons: reasons, fixes: fixes)
    }

    /// `path` with every link and `.`/`..` resolved (`realpath`), or `nil`.
    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `0664`.
    static func octal(_ mode: mode_t) -> String {
        TextFormat.padded(String(mode, radix: 8), toWidth: 4)
    }

    /// `path` as a shell word: as it is when it holds only safe characters, else in single quotes (escaped to be seen).
    static func quoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
        }
        if safe && !path.isEmpty { return path }
        return "'" + PlainText.replacing("'", with: "'\\''", in: TextFormat.visible(path)) + "'"
    }

    /// `uid`'s home directory from the password database, if it has one.
    static func homeDirectory(of uid: uid_t) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") && home != "/" ? home : nil
    }
}
