// The terminal view's state: fingers, recognizers and what each last did.
import Tactile

extension TerminalView {
    /// One finger on the surface, normalized to the screen: `x`, `y` in 0…1.
    struct Finger: Hashable, Sendable {
        /// The slot, drawn as its digit.
        var slot: Int
        /// Horizontal position, 0 (left) … 1 (right).
        var x: Double
        /// Vertical position, 0 (top) … 1 (bottom).
        var y: Double
    }

    /// A recognizer's line in the panel.
    struct RecognizerRow: Hashable, Sendable {
        /// Its name (`tap`, `longPress`, `pan`, …).
        var name: String
        /// Its last reported state.
        var state: GestureRecognizerState = .possible
        /// Whether its gesture goes on from the one before (a re-grip), shown as `continues`.
        var continues = false
        /// The values of its last action (scale, velocity, translation, …).
        var values: [ActionValue] = []
        /// How many times it recognized since the recording began (a
        /// continuous gesture counts once, when it begins).
        var recognized = 0
        /// Engine time of its last action.
        var lastTime: Double?
    }

    /// A gesture a recording is labelled with, for the status line.
    struct GestureMark: Hashable, Sendable {
        /// Its label (`pinch-out`).
        var name: String
        /// When it starts, in engine time; `nil` when the label has no span.
        var start: Double?
    }

    /// A line of the action log and the state it reports.
    struct LogLine: Hashable, Sendable {
        /// What comes before the state: `0.250000  pan@content` (or the whole line of a separator).
        var text: String
        /// The action's state, styled in the line; `nil` for a separator.
        var state: GestureRecognizerState?
        /// Whether the action goes on with the gesture before it (a re-grip), shown as `continues`.
        var continues = false
        /// After the state: `2 touches  (512.0, 300.0)` (empty for a separator).
        var place = ""
        /// The action's values, shown as the panel shows them (``PanelValues``) at the most detail that fits.
        var values: [ActionValue] = []

        /// A separator line.
        init(separator: String) {
            text = separator
            state = nil
        }

        /// The line of an action.
        init(_ record: ActionRecord, continues: Bool = false) {
            self.continues = continues
            text = FixedDecimal.format(record.time, places: 6) + "  " + TextFormat.visible(record.recognizer) + "@" + TextFormat.visible(record.view)
            state = record.state
            place = "\(record.touches) touch" + (record.touches == 1 ? "" : "es")
                + "  (" + FixedDecimal.format(record.location.x, places: 1) + ", " + FixedDecimal.format(record.location.y, places: 1) + ")"
            values = record.values
        }

        /// The part after the state, values included, as wide as fits
        /// `room` columns: the values with units, then plain, then compact;
        /// without the place when even that does not fit (the caller clips
        /// what still does not).
        func tail(fitting room: Int) -> String {
            let names = values.map { ActionValue(TextFormat.visible($0.name), $0.value) }
            var widest = ""
            for detail in PanelValues.Detail.allCases {
                let shown = PanelValues.text(names, detail: detail)
                let line = shown.isEmpty ? place : place + "  " + shown
                if line.count <= room { return line }
                widest = shown
            }
            return widest
        }
    }

    /// What the whole session recognized, for the summary left on exit.
    struct Tally: Hashable, Sendable {
        /// Recognitions by recognizer name.
        var recognized: [String: Int] = [:]
        /// The values of each recognizer's last action.
        var lastValues: [String: [ActionValue]] = [:]
        /// Actions received.
        var actions = 0
        /// Touches that began.
        var touches = 0
        /// Holds that ended within ``State/briefHold`` of beginning, left out of the log and the counts.
        var briefHolds = 0
        /// Gestures that went on after a re-grip (counted once, with the gesture they continue).
        var continued = 0
    }

    /// Everything drawn.
    struct State: Hashable, Sendable {
        /// A title line (the device or recording).
        var title: String = "tactile demo"
        /// What the recording shows, in order (its labels).
        var gestures: [GestureMark] = []
        /// A line kept in view for the whole session (no device found, replaying instead).
        var notice: String?
        /// Engine time of the last frame.
        var time: Double = 0
        /// The fingers down.
        var fingers: [Finger] = []
        /// The screen's height over its width, for the box's proportions.
        var aspect = 9.0 / 16.0
        /// The recognizers, in panel order.
        var recognizers: [RecognizerRow] = []
        /// The last actions, oldest first.
        var log: [LogLine] = []
        /// How many log lines are kept.
        var logLimit = 200
        /// Counts over the whole session (every recording).
        var tally = Tally()

        /// A state listing `names` as recognizers, all possible. The title is
        /// shown as it is (escaped already, as `LiveDemo.headerLine` is); names are escaped.
        init(title: String = "tactile demo", recognizerNames: [String] = []) {
            self.title = title
            recognizers = recognizerNames.map { RecognizerRow(name: TextFormat.visible($0)) }
        }

        /// Starts a new recording, `heading` naming it after `tactile demo` in
        /// the title (the log's separator line names its `path`): what the
        /// last one left (fingers, states, values, counts, time) is cleared;
        /// the session's tally stays. The heading, the path and the gestures'
        /// names come from the recording and are escaped (`TextFormat.visible`)
        /// before anything measures them.
        mutating func beginRecording(heading: String, path: String, gestures: [GestureMark]) {
            title = "tactile demo  " + TextFormat.visible(heading)
            self.gestures = gestures.map { GestureMark(name: TextFormat.visible($0.name), start: $0.start) }
            time = 0
            fingers = []
            recognizers = recognizers.map { RecognizerRow(name: $0.name) }
            appendLog(LogLine(separator: "── " + TextFormat.visible(path)))
        }

        /// The recognizer whose brief recognitions the log and the counts leave out: the hold.
        static let holdName = "hold"
        /// How long a hold must last to be logged and counted. The hold
        /// begins 40 ms into any rest, as libinput's quick hold does (to stop
        /// kinetic scrolling), so every tap and the start of every stroke
        /// begins one and ends it a moment later; shown, those were most of
        /// the log. The panel still shows its state as it changes.
        static let briefHold = 0.2
        /// Hold actions that began, not logged or counted until they last ``briefHold``.
        var pendingHolds: [ActionRecord] = []
        /// Which beginnings go on with the gesture before (re-grips).
        var continuity = GestureContinuity()

        /// Notes a step of recognition (only re-grips matter here).
        mutating func update(trace event: GestureTraceEvent) {
            continuity.note(event)
        }

        /// Takes the touches of `frame` on `screen` as the fingers down.
        mutating func update(frame: TouchFrame, screen: Screen) {
            time = frame.time
            continuity.note(frame)
            releaseLastingHolds()
            let bounds = screen.bounds
            if bounds.width > 0, bounds.height > 0 { aspect = bounds.height / bounds.width }
            tally.touches += frame.touches.lazy.filter { $0.phase == .began }.count
            fingers = frame.activeTouches.map { touch in
                Finger(slot: touch.slot,
                       x: bounds.width > 0 ? (touch.location.x - bounds.minX) / bounds.width : 0,
                       y: bounds.height > 0 ? (touch.location.y - bounds.minY) / bounds.height : 0)
            }
        }

        /// Records an action: its recognizer's row, the counts and the log
        /// (the recognizer's name escaped, as the rows' names are).
        mutating func update(action record: ActionRecord) {
            time = max(time, record.time)
            releaseLastingHolds()
            let name = TextFormat.visible(record.recognizer)
            let index = recognizers.firstIndex { $0.name == name } ?? {
                recognizers.append(RecognizerRow(name: name))
                return recognizers.count - 1
            }()
            let wasActive = recognizers[index].state == .began || recognizers[index].state == .changed
            let pending = record.recognizer == Self.holdName ? pendingHolds.firstIndex { $0.view == record.view } : nil
            let isNewHold = record.recognizer == Self.holdName && record.state == .began
            if isNewHold {
                // Logged and counted once it lasts (releaseLastingHolds).
                pendingHolds.append(record)
            } else if let pending {
                // Ended (or changed) before it lasted: a tap's rest or a stroke's start.
                if record.state.isFinal {
                    pendingHolds.remove(at: pending)
                    tally.briefHolds += 1
                }
                recognizers[index].state = record.state
                recognizers[index].values = record.values
                recognizers[index].lastTime = record.time
                tally.actions += 1
                return
            }
            let continues = !isNewHold && continuity.continues(record)
            if continues {
                tally.continued += 1
            } else if !isNewHold, record.state == .began || (record.state == .ended && !wasActive) {
                recognizers[index].recognized += 1
                tally.recognized[name, default: 0] += 1
            }
            recognizers[index].state = record.state
            if record.state != .changed { recognizers[index].continues = continues }
            // A finger count the touches already show (the header counts the
            // fingers down) leaves room for the values that move.
            recognizers[index].values = record.values.filter { $0.name != "fingers" || $0.value != Double(record.touches) }
            recognizers[index].lastTime = record.time
            tally.lastValues[name] = record.values
            tally.actions += 1
            if !pendingHolds.contains(record) { appendLog(LogLine(record, continues: continues)) }
        }

        /// Logs and counts the holds that began ``briefHold`` or more ago, with the time they began.
        private mutating func releaseLastingHolds() {
            while let first = pendingHolds.first, time - first.time >= Self.briefHold - 1e-9 {
                pendingHolds.removeFirst()
                let name = TextFormat.visible(first.recognizer)
                if let index = recognizers.firstIndex(where: { $0.name == name }) { recognizers[index].recognized += 1 }
                tally.recognized[name, default: 0] += 1
                appendLog(LogLine(first))
            }
        }

        /// The gesture under way by the labels: the last one started by now.
        var currentGesture: Int? {
            gestures.lastIndex { ($0.start ?? .infinity) <= time + 1e-9 }
        }

        private mutating func appendLog(_ line: LogLine) {
            log.append(line)
            if log.count > logLimit { log.removeFirst(log.count - logLimit) }
        }
    }
}
