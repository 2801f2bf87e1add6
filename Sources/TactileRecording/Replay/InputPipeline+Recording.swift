// A pipeline for a recording: its device, the axis values it began with and the mounting it was made with.
import Tactile

extension InputPipeline {
    /// A pipeline that replays `recording` as it was made: its device, the
    /// axis values its events began with (``Recording/axisValues``) and the
    /// mounting in force (``Recording/transform``), on `window` (usually one
    /// the size of ``Recording/screen``).
    ///
    /// ```swift
    /// let recording = try Recording(contentsOf: "Recordings/touchscreen-galaxys-two-finger-drag.json")
    /// let window = Window(screen: recording.screen)
    /// let pipeline = InputPipeline(for: recording, window: window)
    /// pipeline.process(recording.events)
    /// pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
    /// ```
    public convenience init(for recording: Recording, window: Window, palmEdges: PalmEdgeZones? = nil) {
        self.init(device: recording.device, window: window, axisValues: recording.axisValues, palmEdges: palmEdges,
                  transform: recording.transform)
    }
}
