// The command the demo suggests next works from where it ran: `tactile` only when PATH finds this one.
import Foundation
import TactileTestSupport
import Testing
@testable import tactile

@Suite struct CommandNameTests {
    /// A package directory as `make demo` leaves it: the binary under
    /// `.build/<triple>/release`, and SwiftPM's `.build/release` link to that directory.
    private func package(_ body: (String, String) throws -> Void) throws {
        try TemporaryDirectory.with(prefix: "tactile-command-name") { directory in
            let release = directory + "/.build/x86_64-unknown-linux-gnu/release"
            try FileManager.default.createDirectory(atPath: release, withIntermediateDirectories: true)
            let binary = release + "/tactile"
            #expect(FileManager.default.createFile(atPath: binary, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
            try FileManager.default.createSymbolicLink(atPath: directory + "/.build/release", withDestinationPath: "x86_64-unknown-linux-gnu/release")
            try body(directory, binary)
        }
    }

    @Test func afterMakeDemoItIsTheReleaseLinkFromThePackage() throws {
        try package { directory, binary in
            #expect(CommandName.resolve(executable: binary, path: "/usr/bin:/bin", workingDirectory: directory) == ".build/release/tactile")
            // From elsewhere: the whole path.
            #expect(CommandName.resolve(executable: binary, path: "/usr/bin:/bin", workingDirectory: "/usr") == binary)
        }
    }

    @Test func afterMakeInstallItIsTheName() throws {
        try package { directory, binary in
            let bin = directory + "/prefix/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: bin + "/tactile", withDestinationPath: binary)
            #expect(CommandName.resolve(executable: binary, path: "/usr/bin:" + bin, workingDirectory: directory) == "tactile")
        }
    }

    @Test func anotherTactileOnPathIsNotThisOne() throws {
        try package { directory, binary in
            let bin = directory + "/other/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: bin + "/tactile", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
            #expect(CommandName.resolve(executable: binary, path: bin, workingDirectory: directory) == ".build/release/tactile")
        }
    }

    @Test func theTestsOwnBinaryIsNotOnPath() throws {
        // The tests run .build/debug/tactile, which make install never put on PATH.
        let binary = try #require(TestSupport.product("tactile"))
        let name = CommandName.resolve(executable: binary, path: "/usr/bin:/bin", workingDirectory: Repository.root.path)
        #expect(name != "tactile" && FileManager.default.isExecutableFile(atPath: Repository.root.path + "/" + name), "\(name)")
    }
}
