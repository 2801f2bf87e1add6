// The service's side of putting each virtual pointer on the touchscreen's output.
import TactileService
import Tactile

extension GestureService {
    /// Starts putting `service`'s new pointer on the touchscreen's output:
    /// under sway, sway maps it, off the input loop (``PointerMapper``, which
    /// wakes the loop when it is done); elsewhere its clicks are placed over
    /// the layout the output follower keeps (started here if nothing follows
    /// the outputs yet), and placed anew when the desktop changes it.
    func mapPointer(of service: ServiceDevice, path: String) {
        let name = ServiceDevice.pointerName(for: service.description)
        if let mapper = PointerMapper.start(session: detected, pointerName: name, configured: config.devices.output,
                                             changesDesktop: options.passThrough, news: news) {
            pointerMappers[path] = mapper
            service.pointerMapping = { mapper.mapping }
            return
        }
        guard let managed = devices[path] else { return }
        startFollowingOutputs()
        managed.placesClicks = true
        service.pointerMapping = { [weak managed] in managed?.clickMapping ?? .identity }
        placeClicks(of: managed, path: path)
    }

    /// Logs what the mappers found, and forgets those that are done.
    func collectPointerMappings() {
        guard !pointerMappers.isEmpty else { return }
        for (path, mapper) in pointerMappers {
            let done = mapper.isDone
            for line in mapper.collectLines() { log(line.about(TextFormat.visible(path))) }
            if done { pointerMappers[path] = nil }
        }
    }
}
