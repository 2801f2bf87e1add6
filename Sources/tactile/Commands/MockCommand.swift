// `tactile mock`: a umockdev testbed for a recording's device.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileEvdev
import TactileRecording

/// `tactile mock RECORDING DIR`: a umockdev testbed for a recording's device,
/// so the recording replays through the real live path (libevdev, discovery).
struct MockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Write a umockdev testbed (.umockdev, .ioctl, .events) for a recording's device.",
        discussion: """
            Writes DIR/NAME.umockdev (the sysfs entry of the input device and its event node), \
            DIR/NAME.ioctl (the evdev ioctl replies libevdev asks for) and DIR/NAME.events (the \
            recording's events as evemu lines), then prints the umockdev-run command line that \
            presents the device at --node and replays the events into it. NAME is the \
            recording's file name without its extension unless --name is given. An evemu or \
            libinput record file is mocked as recorded: a multitouch protocol-A device stays \
            protocol A (the live path converts it, as the importers do). The files hold the \
            device and its touches: each is written atomically with mode 0600, and none is \
            written when a name is taken (a file or a symbolic link) unless --force.

            With --rotate or --calibration the node's udev entry carries that \
            LIBINPUT_CALIBRATION_MATRIX, as a desktop's udev rule gives a panel mounted \
            turned: libinput, and Tactile's live path, read the touchscreen turned.

            With --device NODE the description comes from a live evdev node instead of a \
            recording (no events): `tactile mock --device /dev/input/event5 DIR`. With \
            --describe the device description is printed as JSON (and nothing is written \
            unless DIR is given).
            """
    )

    @Argument(help: ArgumentHelp("The recording (any supported format), then the directory to write to.",
                                 valueName: "recording dir"),
              completion: .file())
    var paths: [String] = []

    @Option(help: ArgumentHelp("The node the testbed mocks.", valueName: "/dev/input/eventN"))
    var node = TestbedWriter.defaultNode

    @Option(help: ArgumentHelp("The base name of the three files.", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("Take the device from this live evdev node instead of a recording.", valueName: "path"),
            completion: Completions.eventNodes)
    var device: String?

    /// The mounting the testbed's udev entry carries (`LIBINPUT_CALIBRATION_MATRIX`), as a desktop's rule gives a turned panel.
    @OptionGroup var mounting: MountingOptions

    @Flag(help: "Print the device description as JSON.")
    var describe = false

    @Flag(help: "Overwrite the testbed's files if they exist.")
    var force = false

    func validate() throws {
        // The node and the name are checked before anything is read: a mistake costs nothing.
        do {
            _ = try TestbedWriter(device: DeviceDescription(name: "check"), node: node)
        } catch {
            throw ValidationError("--node: \(error.description).")
        }
        if let name {
            // The longest file is NAME.umockdev: its name must fit Linux's 255 bytes.
            let most = 255 - ".umockdev".utf8.count
            guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", name.utf8.count <= most else {
                throw ValidationError("--name must be 1 to \(most) bytes without '/' (the files are NAME.umockdev, NAME.ioctl, NAME.events), "
                    + "not \(TextFormat.visible(name)).")
            }
        }
        let needed = device == nil ? (describe ? 1...2 : 2...2) : (describe ? 0...1 : 1...1)
        guard needed.contains(paths.count) else {
            throw ValidationError(device == nil
                ? "expected a recording and a directory (tactile mock RECORDING DIR), found \(paths.count) argument\(paths.count == 1 ? "" : "s")"
                : "expected only a directory with --device, found \(paths.count) arguments")
        }
    }

    func run() throws {
        let description: DeviceDescription
        var axisValues = AxisValues()
        let events: [InputEvent]
        let baseName: String
        var directory: String?
        if let device {
            do throws(EvdevError) {
                // The device as the kernel announces it (protocol A stays protocol A), so the testbed mocks it.
                let opened = try EvdevDevice(path: device)
                description = opened.kernelDescription
                axisValues = opened.axisValues
            } catch {
                printError("tactile: error: \(error)")
                throw ExitCode.failure
            }
            events = []
            baseName = name ?? URL(fileURLWithPath: device).lastPathComponent
            directory = paths.first
        } else {
            let file = paths[0]
            do throws(RecordingError) {
                let loaded = try Recording.open(file, options: .init(protocolA: .keepAsRecorded))
                // A warning names its file and line itself: `file.json:1: warning: …`.
                loaded.warnings.forEach { printError($0.description) }
                description = loaded.recording.device
                axisValues = loaded.recording.axisValues
                events = loaded.recording.events
            } catch {
                printError("tactile: error: \(error)")
                throw ExitCode.failure
            }
            baseName = name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            directory = paths.count > 1 ? paths[1] : nil
        }
        if describe {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(JSONText.escapingInvisible(String(decoding: try encoder.encode(description), as: UTF8.self)))
        }
        guard let directory else { return }
        do throws(TestbedError) {
            var writer = try TestbedWriter(device: description, axisValues: axisValues, events: events, node: node)
            writer.calibration = mounting.givenTransform.flatMap { $0.isIdentity ? nil : $0 }
            let files = try writer.write(to: directory, name: baseName, overwrite: force)
            let output = describe ? printError : { print($0) }
            output("wrote \(TextFormat.visible(files.umockdev)), \(TextFormat.visible(files.ioctl)) and \(TextFormat.visible(files.events)) "
                + "(\(description.kind.rawValue) \"\(TextFormat.visible(description.name))\" at \(TextFormat.visible(node)), \(events.count) events)")
            output(files.shellCommand(running: ["tactile", "devices"]))
        } catch {
            printError("tactile: error: \(error.takenPath.map { OutputFile.exists($0).description } ?? error.description)")
            throw ExitCode.failure
        }
    }
}
