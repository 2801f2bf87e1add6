// Every key a preset or the default config types, on five layouts, against Debian's own xkbcli how-to-type.
import Foundation
import Tactile
@testable import TactileService
import TactileTestSupport
import Testing

/// The keys Tactile types for a keysym are the keys `xkbcli how-to-type`
/// (libxkbcommon's own tool, Debian's libxkbcommon-tools) says type it, on
/// the layouts users have: for every key chord the presets and the default
/// config send.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || TestSupport.findOnPath("xkbcli") != nil,
                "xkbcli is not installed (Debian: libxkbcommon-tools)"))
struct XkbcliLayoutTests {
    nonisolated static let layouts = [KeyboardLayout(layout: "us"), KeyboardLayout(layout: "de"), KeyboardLayout(layout: "fr"),
                          KeyboardLayout(layout: "ch"), KeyboardLayout(layout: "us", variant: "dvorak")]

    /// Every keysym (not a modifier) of every preset's key chords and of the default config's keys.
    static var keysyms: [String] {
        var chords = DesktopPreset.allCases.flatMap { preset in
            DesktopAction.allCases.compactMap { action -> String? in
                guard case .key(let chord) = preset.route(for: action)?.kind else { return nil }
                return chord
            }
        }
        chords += ["ctrl+plus", "ctrl+minus", "alt+Left", "alt+Right", "ctrl+z", "ctrl+y", "ctrl+q"]
        let names = chords.flatMap { $0.split(separator: "+").map(String.init) }
            .filter { KeyNames.modifierCode(for: $0) == nil && KeySymbolTable.keysym(named: $0) != nil }
        return Array(Set(names)).sorted()
    }

    /// xkbcli's ways of typing `keysym` on `layout`: each row's evdev key (the XKB
    /// keycode less 8) and modifiers (Shift, and Mod5 as the third level's right Alt).
    static func ways(_ keysym: String, on layout: KeyboardLayout) throws -> Set<[UInt16]> {
        var arguments = ["how-to-type", "--keysym", "--layout", layout.layout]
        if !layout.variant.isEmpty { arguments += ["--variant", layout.variant] }
        let output = try TestSupport.run(try #require(TestSupport.findOnPath("xkbcli")), arguments + [keysym])
        try #require(output.status == 0, "\(output.standardError)")
        var ways: Set<[UInt16]> = []
        for line in output.lines.dropFirst(2) {
            guard let code = line.split(separator: " ").first.flatMap({ UInt16($0) }), let open = line.lastIndex(of: "[") else { continue }
            let modifiers = line[open...].split(whereSeparator: { " []".contains($0) })
            guard !modifiers.contains("Lock") else { continue }
            let codes = modifiers.compactMap { ["Shift": UInt16(42), "Mod5": 100][String($0)] }
            guard codes.count == modifiers.count else { continue }
            ways.insert(codes.sorted() + [code - 8])
        }
        return ways
    }

    @Test(arguments: layouts)
    func everyChordsKeyIsOneXkbcliNames(_ layout: KeyboardLayout) throws {
        let table = try KeySymbolTable.compiled(for: layout)
        var checked = 0
        for name in Self.keysyms {
            let keysym = try #require(KeySymbolTable.keysym(named: name))
            let ways = try Self.ways(name, on: layout)
            guard let stroke = table.stroke(for: keysym) else {
                #expect(ways.isEmpty, "\(name) on \(layout): xkbcli types it as \(ways), Tactile finds no key")
                continue
            }
            #expect(ways.contains(stroke.modifiers.sorted() + [stroke.key]), "\(name) on \(layout): Tactile \(stroke), xkbcli \(ways)")
            checked += 1
        }
        #expect(checked >= 12, "\(checked) keysyms checked")
    }
}
