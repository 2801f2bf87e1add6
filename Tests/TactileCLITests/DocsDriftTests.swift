// docs/architecture.md's module, product and subcommand tables hold Package.swift's and the CLI's facts.
import Foundation
import TactileTestSupport
import Testing
@testable import tactile

@Suite struct DocsDriftTests {
    private let page: String
    private let manifest: String
    private let commands = TactileCommand.configuration.subcommands.compactMap { $0.configuration.commandName }

    init() throws {
        page = try String(contentsOfFile: Repository.path("docs/architecture.md"), encoding: .utf8)
        manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
    }

    @Test func theArchitecturePageHoldsThePackagesAndTheCommandsAsTheyAre() {
        let lines = DocsDrift.differences(page: page, manifest: manifest, commands: commands)
        #expect(lines.isEmpty, "docs/architecture.md differs:\n\(lines.joined(separator: "\n"))")
    }

    @Test func theManifestIsReadWhole() {
        let targets = ManifestText.targets(in: manifest)
        // Every library and the executables, the two system libraries, the test support and the test targets.
        #expect(targets.filter { $0.kind == "systemLibrary" }.map(\.name).sorted() == ["CLibevdev", "CXkbCommon"])
        #expect(targets.first { $0.name == "TactileTesting" }?.dependencies == ["Tactile", "TactileRecording", "TactileSynthesis"])
        #expect(targets.first { $0.name == "Tactile" }?.dependencies == [])
        #expect(targets.filter { $0.kind == "testTarget" }.count >= 7)
        #expect(ManifestText.products(in: manifest).contains(DocsDrift.Product(name: "tactile", kind: "executable", targets: ["tactile"])))
        #expect(commands.count >= 15 && commands.contains("uinput-probe"))
    }

    /// A page doctored as drift would leave it: each change is named.
    @Test func aDoctoredPageIsCaughtLineByLine() throws {
        let moduleRow = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `TactilePlot` |") })
        let commandRow = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `doctor` |") })
        let libraryRow = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `TactileTesting` | library |") })
        let probeRow = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `tactile-evdev-probe` |") })
        // One more dependency in the row's last cell.
        let probeDoctored = String(probeRow.dropLast()).trimmingCharacters(in: .whitespaces) + ", `TactileService` |"
        let doctored = page
            .replacingOccurrences(of: moduleRow + "\n", with: "")
            .replacingOccurrences(of: commandRow + "\n", with: commandRow + "\n| `bench` | times things | `Pacer` |\n")
            .replacingOccurrences(of: libraryRow, with: libraryRow.replacingOccurrences(of: "| library |", with: "| executable |"))
            .replacingOccurrences(of: probeRow, with: probeDoctored)
        let lines = DocsDrift.differences(page: doctored, manifest: manifest, commands: commands)
        #expect(lines.contains("module table: no row for the target `TactilePlot`"))
        #expect(lines.contains("subcommand table: a row for `bench`, which is no subcommand"))
        #expect(lines.contains { $0.hasPrefix("product table: `TactileTesting` is executable of") })
        #expect(lines.contains("module table: `tactile-evdev-probe` depends on `TactileService` in the table, not in Package.swift"))
        #expect(lines.count == 4, "\(lines)")
    }
}
