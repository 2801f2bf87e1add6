// The conversions between an evemu recording and a Recording, both ways.
import Tactile

extension Recording {
    /// The recording of an evemu file: its device, the axis values its header
    /// gives and its events, timestamps kept as recorded; a protocol-A
    /// device's events become protocol B (``convertingProtocolA()``). An
    /// ``EvemuRecording`` holds nothing else, so there are no labels and no
    /// golden log, and the screen is `screen` (`Screen/standard` by default);
    /// to keep those of a file ``RecordingExporter`` wrote (its `# Tactile-…`
    /// comment lines), open it with ``Recording/init(contentsOf:options:)``
    /// or ``RecordingImporter``.
    public init(evemu: EvemuRecording, screen: Screen = .standard, created: String = "") {
        self = Recording(created: created, device: evemu.device, screen: screen, axisValues: evemu.axisValues, events: evemu.events)
            .convertingProtocolA()
    }
}

extension EvemuRecording {
    /// The device, axis values and events of `recording`, for ``EvemuWriter``
    /// (and so for `evemu-play`, umockdev or libinput's test suite). The
    /// screen, labels and golden log are left out: ``RecordingExporter``
    /// writes them as comment lines.
    public init(_ recording: Recording) {
        self.init(device: recording.device, axisValues: recording.axisValues, events: recording.events)
    }
}
