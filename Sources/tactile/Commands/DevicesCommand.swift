// `tactile devices`: the evdev input devices, which are touch devices, and whether they open.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileEvdev

/// `tactile devices`: the evdev input devices, which of them are touch
/// devices, and whether they can be opened.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the input devices (/dev/input/event*) and which are touchpads or touchscreens.",
        discussion: """
            Each node is opened briefly to read its name, kind, multitouch slots and surface size \
            (from the axis resolution; marked estimated when the device reports none). A node that \
            cannot be opened is listed with the reason and what to do. With no devices (none in \
            the directory, or no /dev/input at all) it prints no table, or [] with --json, \
            says so on standard error and exits with status 0.
            """
    )

    @Flag(help: "Print one JSON array instead of a table.")
    var json = false

    @Option(help: ArgumentHelp("Where to look for event nodes.", valueName: "directory"), completion: .directory)
    var directory = DeviceDiscovery.defaultDirectory

    /// One device in `--json` output.
    struct Entry: Encodable {
        var path: String
        var name: String?
        var kind: String?
        var slots: Int?
        var protocolA: Bool
        var widthMillimetres: Double?
        var heightMillimetres: Double?
        var sizeEstimated: Bool
        var openable: Bool
        var error: String?
        var message: String?

        init(_ device: DiscoveredDevice) {
            path = device.path
            name = device.name
            kind = device.kind?.rawValue
            slots = device.slots
            protocolA = device.usesProtocolA
            widthMillimetres = device.surfaceSize.map { DevicesCommand.rounded($0.width) }
            heightMillimetres = device.surfaceSize.map { DevicesCommand.rounded($0.height) }
            sizeEstimated = device.sizeIsEstimated
            openable = device.isOpenable
            error = device.openError?.reason
            message = device.openError?.description
        }
    }

    func run() throws {
        let devices: [DiscoveredDevice]
        do throws(EvdevError) {
            // Touchscreens without resolution are sized as the display the kernel reports.
            devices = try DeviceDiscovery.list(directory: directory, screen: DisplayDiscovery.detect(sysfsRoot: ScreenOptions.sysfsRoot).screen)
        } catch {
            // No /dev/input at all (a container, a build machine): no devices, said on
            // standard error, and not a failure. A --directory that is not there is a mistake.
            if case .noInputDirectory = error, directory == DeviceDiscovery.defaultDirectory {
                if json { print("[]") }
                printError("tactile: no input devices: \(error)")
                return
            }
            if json { print("[]") }
            printError("tactile: error: cannot list input devices: \(error)")
            throw ExitCode.failure
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(devices.map(Entry.init))
            print(JSONText.escapingInvisible(String(decoding: data, as: UTF8.self)))
        } else if !devices.isEmpty {
            printTable(devices)
        }
        if devices.isEmpty {
            printError("tactile: no event nodes in \(TextFormat.visible(directory)) — no input devices are visible here")
        } else if !devices.contains(where: { $0.isTouchDevice }) {
            let unreadable = devices.contains { !$0.isOpenable }
            printError("tactile: no touch device found" + (unreadable
                ? " — some devices could not be opened (see above); fix their access and try again"
                : " — no touchpad or touchscreen is connected"))
        }
    }

    private func printTable(_ devices: [DiscoveredDevice]) {
        var rows = [["PATH", "KIND", "SLOTS", "SIZE (mm)", "NAME"]]
        var problems: [String] = []
        for device in devices {
            let size = device.surfaceSize.map {
                "\(FixedDecimal.format($0.width, places: 1)) × \(FixedDecimal.format($0.height, places: 1))"
                    + (device.sizeIsEstimated ? " (est.)" : "")
            } ?? "-"
            let kind = device.kind?.rawValue ?? (device.openError.map { "(\($0.reason))" } ?? "?")
            let slots = device.slots.map { String($0) + (device.usesProtocolA ? " (from A)" : "") } ?? "-"
            // Escaped before the widths are measured.
            rows.append([TextFormat.visible(device.path), kind, slots, size, device.name.map { TextFormat.visible($0) } ?? "?"])
            if let error = device.openError { problems.append("  \(error)") }
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            print(cells.joined(separator: "  "))
        }
        if !problems.isEmpty {
            print("")
            print("Could not open:")
            problems.forEach { print($0) }
        }
    }

    fileprivate static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
