// `tactile record`: a touch device's events saved as a recording, journalled while it runs.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileEvdev
import TactileRecording

/// `tactile record`: saves what a touch device sends as a recording (JSON
/// v1), streaming it to a journal meanwhile so that a crash loses at most
/// the last second (`tactile recover` turns a leftover journal into a recording).
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a touchpad or touchscreen to a recording file.",
        discussion: """
            Reads the first touch device in /dev/input (or the one named with --device) until \
            interrupted (Ctrl-C, SIGTERM, or SIGHUP when its terminal closes), the device goes away, --idle-exit or --max-seconds, then saves \
            the events (rebased to 0) as a JSON recording: at --output, or in the recordings \
            directory ($XDG_DATA_HOME/tactile/recordings) under --name, uniquely numbered. \
            Meanwhile the events go to a journal next to the destination (NAME.json.journal, \
            synced every second), removed once the recording is saved; after a crash, \
            `tactile recover JOURNAL` makes a recording of it. A status line on standard error \
            shows the duration, frames and touches down. A device that goes away (unplugged) ends \
            the recording like Ctrl-C: everything received is saved, exit status 0.

            The recording keeps the screen it was made for: the display the kernel reports \
            (the connected DRM connector's EDID size and preferred mode, a built-in panel first), \
            with --screen and --dpi replacing its size in points and its density; without a \
            display, 1920x1080 at 96 dpi, said on standard error. A touchscreen without \
            resolution is sized as that screen.
            """
    )

    @Option(help: ArgumentHelp("Record this evdev node instead of the first touch device.", valueName: "path"),
            completion: Completions.eventNodes)
    var device: String?

    @Option(help: ArgumentHelp("The recording's name in the recordings directory (default: recording).", valueName: "text"))
    var name: String?

    @Option(help: ArgumentHelp("Save the recording at this path instead (replacing a file there only with --force).", valueName: "file"),
            completion: .file(extensions: ["json"]))
    var output: String?

    @Flag(help: "Overwrite the --output file if it exists.")
    var force = false

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var maxSeconds: Double?

    @Option(help: ArgumentHelp("Stop when no event came for this many seconds.", valueName: "seconds"))
    var idleExit: Double?

    @OptionGroup var screen: ScreenOptions

    func validate() throws {
        for (flag, value) in [("--max-seconds", maxSeconds), ("--idle-exit", idleExit)] {
            if let value, !(value.isFinite && value > 0) {
                throw ValidationError("\(flag) must be a positive number of seconds.")
            }
        }
    }

    @MainActor
    func run() async throws {
        let (path, evdev) = try openDevice()
        let store = RecordingStore()
        let baseName = RecordingStore.sanitizedName(name ?? "recording")
        let journalPath = try chooseJournalPath(in: store, baseName: baseName)
        let (screen, transform, note) = self.screen.liveScreen(for: evdev)
        if let note { printError("tactile record: \(note)") }
        LiveDemo.sayMounting(of: evdev, transform: transform, given: self.screen.givenTransform != nil, command: "record")
        let created = ISO8601DateFormatter().string(from: Date())
        let journal: RecordingJournal.Writer
        do throws(RecordingError) {
            journal = try RecordingJournal.Writer(
                path: journalPath,
                header: .init(created: created, device: evdev.description, screen: screen, axisValues: evdev.axisValues, transform: transform))
        } catch {
            printError("tactile: error: \(error)")
            throw ExitCode.failure
        }
        printError("tactile record: \(LiveDemo.headerLine(evdev).dropFirst(2)); journal \(TextFormat.visible(journalPath))")

        let stop = StopSignal()
        // Ctrl-C, a kill and a closed terminal (SIGHUP) all save and end; a
        // standard error gone with the terminal must not kill the process (SIGPIPE) before it saves.
        let interrupt = stop.stopOnSignals([SIGINT, SIGTERM, SIGHUP])
        defer { interrupt.cancel() }
        signal(SIGPIPE, SIG_IGN)

        var recorder = Recorder(journal: journal, isTerminal: isatty(STDERR_FILENO) == 1)
        recorder.slot = evdev.axisValues.slot
        let reason: SessionEndReason
        do {
            reason = try recorder.run(device: evdev, stop: stop, maxSeconds: maxSeconds, idleExit: idleExit)
        } catch {
            printError("tactile: error: \(TextFormat.visible(String(describing: error), escapingBackslash: false)) (the journal \(TextFormat.visible(journalPath)) keeps what was recorded)")
            throw ExitCode.failure
        }
        recorder.endStatus()
        let recording = Recording(created: created, device: evdev.description, screen: screen, transform: transform,
                                  axisValues: evdev.axisValues, events: recorder.events)
        let saved: String
        do throws(RecordingError) {
            try journal.close()
            if let output {
                try RecordingWriter.write(recording, to: output, overwrite: force)
                saved = output
            } else {
                saved = try store.save(recording, as: baseName)
            }
        } catch {
            printError("tactile: error: cannot save the recording: \(OutputFile.message(for: error)) (the journal \(TextFormat.visible(journalPath)) keeps it)")
            throw ExitCode.failure
        }
        journal.remove()
        printError("tactile record: \(LiveDemo.endMessage(reason, path: path)); \(recorder.events.count) events, \(recorder.frames) frames saved to \(TextFormat.visible(saved))")
    }

    /// The device to record, opened, and its path: `--device`, or the first
    /// touch device; before that, a check that `--output` may be written
    /// (refused before recording, not after, when what was recorded would be
    /// left in a journal).
    @MainActor
    private func openDevice() throws -> (path: String, device: EvdevDevice) {
        if let output {
            do throws(RecordingError) {
                try OutputFile.checkFree(output, force: force)
            } catch {
                printError("tactile: error: \(error) (or choose another --output)")
                throw ExitCode.failure
            }
        }
        guard let path = device ?? DeviceDiscovery.firstTouchDevice()?.path else {
            printError("tactile record: no touch device found (none in /dev/input that can be opened); use --device PATH to name one.")
            throw ExitCode.failure
        }
        routeLibevdevMessages(to: "record")
        do throws(EvdevError) {
            return (path, try EvdevDevice(path: path, options: .init(requireTouch: true)))
        } catch {
            printError("tactile: error: \(error)")
            throw ExitCode.failure
        }
    }

    /// Where the journal goes: beside `--output`, or in the recordings
    /// directory (created if need be) under a free name for `baseName`.
    private func chooseJournalPath(in store: RecordingStore, baseName: String) throws -> String {
        if let output { return Self.journalPath(forOutput: output) }
        do {
            try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            printError("tactile: error: cannot create \(TextFormat.visible(store.directory)): \(TextFormat.visible(error.localizedDescription))")
            throw ExitCode.failure
        }
        return Self.freeJournalPath(store.availablePath(for: baseName))
    }

    /// `OUTPUT.journal` beside `output`; when that name would pass Linux's
    /// 255 bytes (an output name of 248 bytes or more), the output's name is
    /// cut (on a character boundary) so that the journal's fits.
    static func journalPath(forOutput output: String) -> String {
        let suffix = "." + RecordingJournal.fileExtension
        let slash = output.lastIndex(of: "/")
        let directory = slash.map { String(output[...$0]) } ?? ""
        let name = slash.map { String(output[output.index(after: $0)...]) } ?? output
        guard name.utf8.count + suffix.utf8.count > 255 else { return output + suffix }
        var cut = ""
        for character in name {
            guard cut.utf8.count + character.utf8.count + suffix.utf8.count <= 255 else { break }
            cut.append(character)
        }
        return directory + cut + suffix
    }

    /// `path.journal`, or `path 2.journal`… when a journal is left there.
    static func freeJournalPath(_ path: String) -> String {
        let candidate = path + "." + RecordingJournal.fileExtension
        guard FileManager.default.fileExists(atPath: candidate) else { return candidate }
        var number = 2
        while FileManager.default.fileExists(atPath: "\(path) \(number).\(RecordingJournal.fileExtension)") { number += 1 }
        return "\(path) \(number).\(RecordingJournal.fileExtension)"
    }
}

/// The read loop of `tactile record`: events rebased to 0 go to the journal
/// and to memory, with a status line on standard error.
struct Recorder {
    /// Where the events are streamed.
    let journal: RecordingJournal.Writer
    /// Whether standard error is a terminal (a status line redrawn in place) or not (a plain line now and then).
    let isTerminal: Bool
    /// The events so far, the first at 0.
    private(set) var events: [InputEvent] = []
    /// The `SYN_REPORT`s so far.
    private(set) var frames = 0
    private var origin: Int64?
    /// The slot events apply to: the device's current one until `ABS_MT_SLOT` names another.
    var slot = 0
    private var activeSlots: Set<Int> = []
    private var touchDown = false
    private var lastStatus: Double = -.infinity
    private var statusShown = false

    init(journal: RecordingJournal.Writer, isTerminal: Bool) {
        self.journal = journal
        self.isTerminal = isTerminal
    }

    /// Touches down now: active slots, or 1 while `BTN_TOUCH` is held on a single-touch device.
    var touches: Int { activeSlots.isEmpty ? (touchDown ? 1 : 0) : activeSlots.count }

    /// Reads until stopped, idle, the time limit or the device going away.
    mutating func run(device: EvdevDevice, stop: StopSignal, maxSeconds: Double?, idleExit: Double?) throws -> SessionEndReason {
        let started = MonotonicClock.seconds()
        var lastEvent = started
        return try PollLoop.run(stop: stop, onStop: .stopped, failure: { EvdevError(errno: $0, path: device.path, operation: "poll") }) {
            ready throws in
            if let revents = ready.first, device.readiness(revents) == .hangup {
                while case .event(let event) = try device.nextEvent() { try record(event) }
                return .end(.deviceGone)
            }
            // At most a batch a turn, so a flood still sees the limits and the status.
            var drained = false
            for _ in 0..<Self.batch where !drained {
                switch try device.nextEvent() {
                case .event(let event):
                    lastEvent = MonotonicClock.seconds()
                    try record(event)
                case .endOfStream:
                    return .end(.deviceGone)
                case .wouldBlock:
                    drained = true
                }
            }
            let now = MonotonicClock.seconds()
            if let maxSeconds, now - started >= maxSeconds { return .end(.maxDuration) }
            if let idleExit, now - lastEvent >= idleExit { return .end(.idle) }
            try journal.tick()
            status(now: now - started)
            // Sleep until input, or the first of: a limit, the status line, the journal's sync, the node check.
            let deadlines = [maxSeconds.map { started + $0 }, idleExit.map { lastEvent + $0 }, started + nextStatus,
                             journal.nextSyncDue, device.nextNodeCheck, drained ? nil : now]
            return .wait(on: [device.fileDescriptor], until: deadlines.compactMap { $0 }.min())
        }
    }

    /// Events read in one turn of the loop at the most.
    static let batch = 256

    private mutating func record(_ raw: InputEvent) throws {
        let origin = self.origin ?? raw.timeInMicroseconds
        self.origin = origin
        let micro = max(0, raw.timeInMicroseconds - origin)
        let event = InputEvent(seconds: micro / 1_000_000, microseconds: Int32(micro % 1_000_000), type: raw.type, code: raw.code, value: raw.value)
        events.append(event)
        if event.isReport { frames += 1 }
        if event.type == .abs, event.code == AbsCode.mtSlot { slot = Int(event.value) }
        if event.type == .abs, event.code == AbsCode.mtTrackingID {
            if event.value >= 0 { activeSlots.insert(slot) } else { activeSlots.remove(slot) }
        }
        if event.type == .key, event.code == KeyCode.touch { touchDown = event.value != 0 }
        try journal.append(event)
    }

    /// Seconds between status lines: 0.25 on a terminal (redrawn in place), 5 otherwise.
    private var statusInterval: Double { isTerminal ? 0.25 : 5 }

    /// When the next status line is due, in seconds since the start.
    private var nextStatus: Double { lastStatus + statusInterval }

    /// The status every ``statusInterval`` seconds.
    private mutating func status(now: Double) {
        guard now >= nextStatus else { return }
        lastStatus = now
        let line = String(format: "recording %.1f s, %d frames, %d touch%@", now, frames, touches, touches == 1 ? "" : "es")
        if isTerminal {
            try? FileHandle.standardError.write(contentsOf: Data(("\r\u{1B}[K" + line).utf8))  // a terminal gone (SIGHUP) must not stop the save
            statusShown = true
        } else {
            printError("tactile record: " + line)
        }
    }

    /// Ends the status line on a terminal.
    func endStatus() {
        if isTerminal && statusShown { try? FileHandle.standardError.write(contentsOf: Data("\n".utf8)) }
    }
}
