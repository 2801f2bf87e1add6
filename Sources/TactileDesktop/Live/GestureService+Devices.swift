// The gesture service's devices: looked at, taken when no finger is down, read, and let go.
import TactileService
import Tactile
import TactileEvdev
#if canImport(Glibc)
import Glibc
#endif

extension GestureService {
    // MARK: Devices

    /// Looks at every node not seen yet, and lets go of devices whose node went away.
    func scan() {
        let names = (try? DeviceDiscovery.eventNodeNames(in: options.inputDirectory)) ?? []
        // The input directory's nodes, and the nodes named on the command line that exist (anywhere).
        let present = Set(names.map { options.inputDirectory + "/" + $0 })
            .union(options.devicePaths.filter { access($0, F_OK) == 0 })
        for path in devices.keys.sorted() where !present.contains(path) {
            log(.note("\(TextFormat.visible(path)): gone"))
            drop(path, passOver: false)
        }
        for path in options.devicePaths where !present.contains(path) && !waitingFor.contains(path) {
            waitingFor.insert(path)
            log(.note("\(TextFormat.visible(path)): not there; taken when it appears"))
        }
        waitingFor.formIntersection(options.devicePaths.filter { !present.contains($0) })
        for path in passedOver.keys where !present.contains(path) { passedOver[path] = nil }
        rediscovery.keep(only: present)
        // Nodes named on the command line are waited for while they are not there.
        let candidates = options.devicePaths.isEmpty ? present.sorted() : options.devicePaths.filter(present.contains)
        let now = MonotonicClock.seconds()
        for path in candidates where devices[path] == nil && passedOver[path] == nil && !rediscovery.backoff.isWaiting(path, at: now) {
            consider(path)
        }
    }

    /// Leaves the node `path` alone until it changes, saying why when
    /// `reason` is given (a note, or a problem with its severity).
    func passOver(_ path: String, _ reason: ServiceLogLine?) {
        passedOver[path] = reason?.text ?? ""
        if let reason { log(reason.about(TextFormat.visible(path))) }
    }

    func consider(_ path: String) {
        if sink.createdNodes.contains(path) { return passOver(path, nil) }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            switch error {
            case .notFound, .permissionDenied, .deviceGone, .busy:
                // Not ready yet (udev still making the node or setting its permissions): looked at
                // again on the next scan, and said once when the node was named.
                if rediscovery.notReady(path, at: MonotonicClock.seconds()), !options.devicePaths.isEmpty {
                    log(.problem("\(TextFormat.visible(path)): \(error.description)"))
                }
                return
            default:
                return passOver(path, options.devicePaths.isEmpty ? nil : .problem(error.description))
            }
        }
        rediscovery.ready(path)
        if UInputSink.isServiceDevice(phys: device.physicalLocation) { return passOver(path, nil) }
        let description = device.description
        if options.devicePaths.isEmpty {
            guard selected(description) else { return passOver(path, nil) }
        } else if description.kind == .other {
            return passOver(path, .note("\(TextFormat.visible(description.name)) is not a touch device"))
        }
        let managed = ManagedDevice(device: device)
        managed.calibration = device.udevCalibration
        devices[path] = managed
        rediscovery.backoff.taken(path, at: MonotonicClock.seconds())
        // A device that keeps failing is said once per step of its backoff, not each time it is taken.
        if rediscovery.backoff.failures(of: path) < 2 {
            log(.note("\(TextFormat.visible(path)): \(TextFormat.visible(description.name)) (\(description.kind.rawValue))"))
            if let problem = device.udevCalibrationProblem { log(.problem(problem)) }
        }
        activateIfIdle(path)
    }

    func selected(_ description: DeviceDescription) -> Bool {
        config.devices.takes(kind: description.kind, name: description.name)
    }

    /// Takes a watched device once no finger is down on it.
    func activateIfIdle(_ path: String) {
        guard let managed = devices[path], managed.service == nil, managed.device.contactsDown == 0 else { return }
        let description = managed.device.description
        let grab = options.passThrough && config.devices.grab
        let outputs: DeviceOutputs
        do {
            outputs = try ServiceDevice.makeOutputs(for: description, config: config, sink: sink, keyboard: keyboard, passThrough: grab)
        } catch {
            log(.problem("\(TextFormat.visible(path)): \(error.description)"))
            return drop(path, passOver: true)
        }
        if grab {
            do {
                try managed.device.grab()
            } catch {
                log(.problem("\(TextFormat.visible(path)): cannot grab: \(error.description)"))
                destroy(outputs)
                return drop(path, passOver: true)
            }
        }
        var axisValues = managed.device.axisValues
        axisValues[AbsCode.mtSlot] = Int32(managed.device.currentSlot)
        let service = ServiceDevice(description: description, config: config, sink: sink, outputs: outputs,
                                    commands: commands, axisValues: axisValues, transform: turn(of: managed).transform)
        service.measuresLatency = options.measuresLatency
        if let focus { service.focusedApp = { focus.current } }
        service.onReport = { [weak self] report in
            guard let self else { return }
            if let onReport = self.onReport { onReport(path, report) } else { self.log(ServiceLogLine(severity: Self.severity(of: report), text: "\(TextFormat.visible(path)): \(report)")) }
        }
        service.onEmergency = { [weak self] in self?.emergency = true }
        managed.service = service
        if rediscovery.backoff.failures(of: path) < 2 {
            log(.note("\(TextFormat.visible(path)): taken" + (grab ? " (grabbed; touches pass through its copy)" : " (watched, not grabbed)")))
        } else {
            managed.saidTurn = turn(of: managed).text   // said the first time it was taken
        }
        if outputs.pointer != nil { mapPointer(of: service, path: path) }
        follow(managed, path: path)
        if rediscovery.backoff.failures(of: path) < 2 {
            let reported = EmergencyWatch.fingersReported(by: description)
            if config.emergency.fingers > reported {
                log(.problem("\(TextFormat.visible(path)): reports at most \(reported) finger\(reported == 1 ? "" : "s") at once: the emergency gesture "
                    + "(\(config.emergency.fingers) fingers) cannot be made on it; the way out there is SIGTERM (systemctl --user stop tactile)"))
            }
        }
    }

    /// A device's report as a line of the log: a failure is a problem, anything else a note.
    static func severity(of report: ServiceReport) -> ServiceLogLine.Severity {
        if case .failed = report { return .problem }
        return .note
    }
}
