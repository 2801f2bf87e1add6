// Whose config is it: files and directories another user could write are refused, with the command that fixes them.
import Foundation
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The check judges for a uid given to it, so these tests exercise every
/// case whether they run as root (as in CI) or as anyone else: a file "of
/// someone else" is one chowned away (as root) or judged for another uid.
@Suite struct ConfigOwnershipTests {
    /// A fresh private directory (0700, the user's) with `gestures.toml` (0644) in it, removed afterwards.
    func withConfig(_ body: (_ directory: String, _ file: String) throws -> Void) throws {
        try TemporaryDirectory.with(prefix: "tactile-ownership") { base in
            // Resolved, as the check reports resolved paths (the temporary directory may be behind a link).
            let directory = try #require(Self.resolved(base))
            try #require(chmod(directory, 0o700) == 0)
            let file = directory + "/gestures.toml"
            try "[devices]\n".write(toFile: file, atomically: false, encoding: .utf8)
            try #require(chmod(file, 0o644) == 0)
            try body(directory, file)
        }
    }

    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Judged for the user running the tests, stopping at `home` (none: at `/`).
    func mine(home: String? = nil) -> ConfigOwnership { ConfigOwnership(uid: getuid(), home: home ?? "/nonexistent-home") }

    @Test func theUsersOwnConfigInAPrivateDirectoryIsTrusted() throws {
        try withConfig { _, file in
            #expect(mine().problem(with: file) == nil)
        }
    }

    @Test(arguments: [(0o664, "its group"), (0o646, "others"), (0o666, "its group and others")])
    func aConfigOthersCanWriteIsRefusedWithTheChmodThatFixesIt(mode: Int, who: String) throws {
        try withConfig { _, file in
            try #require(chmod(file, mode_t(mode)) == 0)
            let problem = try #require(mine().problem(with: file))
            #expect(problem.path == file)
            #expect(problem.reasons == ["is writable by \(who) (mode 0\(String(mode, radix: 8)))"])
            #expect(problem.fixes == ["chmod go-w \(file)"])
            #expect(problem.description.hasPrefix("refused: \(file) is writable by \(who)"))
            #expect(problem.description.hasSuffix("to fix it, run: chmod go-w \(file)"))
            // Fixed as it says: trusted.
            try #require(chmod(file, mode_t(mode) & ~0o022) == 0)
            #expect(mine().problem(with: file) == nil)
        }
    }

    @Test func aConfigOwnedBySomeoneElseIsRefusedWithTheChownThatFixesIt() throws {
        try withConfig { _, file in
            let judge: ConfigOwnership
            let owner: uid_t
            if getuid() == 0 {
                // Root's file is trusted by anyone: make it another user's, judged for root.
                try #require(chown(file, 4242, 4242) == 0)
                (judge, owner) = (ConfigOwnership(uid: 0, home: "/nonexistent-home"), 4242)
            } else {
                (judge, owner) = (ConfigOwnership(uid: getuid() + 1000, home: "/nonexistent-home"), getuid())
            }
            let problem = try #require(judge.problem(with: file))
            #expect(problem.path == file)
            #expect(problem.reasons == ["is owned by uid \(owner), not by you (uid \(judge.uid)) or root"])
            #expect(problem.fixes == ["chown $USER \(file)"])
        }
    }

    @Test(.enabled(if: getuid() == 0, "needs files and directories owned by root"))
    func aConfigOwnedByRootIsTrustedByEveryUser() throws {
        try withConfig { _, file in
            // Root's file, in root's directories: trusted by uid 4242 too.
            #expect(ConfigOwnership(uid: 4242, home: nil).problem(with: file) == nil)
        }
    }

    @Test func aDirectoryAboveTheConfigThatOthersCanWriteIsRefused() throws {
        try withConfig { directory, file in
            let shared = directory + "/shared"
            try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
            let config = shared + "/gestures.toml"
            try FileManager.default.moveItem(atPath: file, toPath: config)
            try #require(chmod(shared, 0o775) == 0)
            let problem = try #require(mine().problem(with: config))
            #expect(problem.path == shared)
            #expect(problem.reasons == ["(a directory above the config) is writable by its group (mode 0775)"])
            #expect(problem.fixes == ["chmod go-w \(shared)"])
            // A sticky one (as /tmp), the user's: nobody else can replace the config in it.
            try #require(chmod(shared, 0o1777) == 0)
            #expect(mine().problem(with: config) == nil)
        }
    }

    @Test func directoriesAboveTheHomeDirectoryAreNotJudged() throws {
        try withConfig { directory, file in
            // `directory` is writable by others, but it is above the home directory: as OpenSSH, the check stops at home.
            let home = directory + "/home"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            let config = home + "/gestures.toml"
            try FileManager.default.moveItem(atPath: file, toPath: config)
            try #require(chmod(home, 0o755) == 0 && chmod(directory, 0o777) == 0)
            #expect(mine(home: home).problem(with: config) == nil)
            #expect(mine().problem(with: config)?.path == directory)
            try #require(chmod(directory, 0o700) == 0)
        }
    }

    @Test func aSymlinkIsJudgedByWhatItResolvesToAndWhereTheLinksAre() throws {
        try withConfig { directory, file in
            // A dotfile manager's link: ~/.config/tactile/gestures.toml -> ~/dotfiles/gestures.toml.
            let dotfiles = directory + "/dotfiles", config = directory + "/config"
            for path in [dotfiles, config] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
            let target = dotfiles + "/gestures.toml", link = config + "/gestures.toml"
            try FileManager.default.moveItem(atPath: file, toPath: target)
            try #require(symlink("../dotfiles/gestures.toml", link) == 0)
            #expect(mine().problem(with: link) == nil)
            // The target writable by others: the target is named, not the link.
            try #require(chmod(target, 0o666) == 0)
            #expect(mine().problem(with: link)?.path == target)
            #expect(mine().problem(with: link)?.fixes == ["chmod go-w \(target)"])
            try #require(chmod(target, 0o644) == 0)
            // The target's directory writable by its group.
            try #require(chmod(dotfiles, 0o770) == 0)
            #expect(mine().problem(with: link)?.path == dotfiles)
            try #require(chmod(dotfiles, 0o700) == 0)
            // The link's own directory writable by others: the link could be replaced.
            try #require(chmod(config, 0o757) == 0)
            #expect(mine().problem(with: link)?.path == config)
        }
    }

    @Test func theLoaderAndTactileCheckRefuseSuchAConfigSayingWhatToRun() throws {
        try withConfig { _, file in
            try #require(chmod(file, 0o666) == 0)
            // As the service loads it, judged for the user running it: one error at the file's first line.
            let result = ConfigLoader.load(path: file)
            #expect(result.config == nil)
            #expect(result.diagnostics.map(\.description) == ["\(file):1:1: error: refused: \(file) is writable by its group and others (mode 0666): "
                                                             + "another user could change what it does; to fix it, run: chmod go-w \(file)"])
            if let tactile = TestSupport.product("tactile") {
                let output = try TestSupport.run(tactile, ["check", file])
                #expect(output.status == 1)
                #expect(output.standardOutput.contains("to fix it, run: chmod go-w \(file)"), "\(output.standardOutput)")
                #expect(output.standardError.contains("tactile serve would refuse it"))
            }
        }
    }

    @Test func whatIsNoRegularFileIsLeftToTheReader() throws {
        try withConfig { directory, _ in
            #expect(mine().problem(with: directory + "/none.toml") == nil)
            #expect(mine().problem(with: directory) == nil)
            #expect(mine().problem(with: "/dev/null") == nil)
        }
    }

    @Test func aPathWithSpacesOrControlCharactersIsQuotedInTheFix() throws {
        try withConfig { directory, file in
            let odd = directory + "/my \u{1b}]0;x\u{07} 'config'.toml"
            try FileManager.default.moveItem(atPath: file, toPath: odd)
            try #require(chmod(odd, 0o664) == 0)
            let problem = try #require(mine().problem(with: odd))
            #expect(problem.fixes == ["chmod go-w '\(directory)/my \\x1b]0;x\\x07 '\\''config'\\''.toml'"])
            #expect(!problem.description.unicodeScalars.contains("\u{1b}"))
        }
    }
}
