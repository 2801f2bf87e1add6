// A following session's turn: reading the device, noticing it go, waiting for it, taking it back.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension FollowingSession {
    /// One turn of the loop: the device's hang-up or the directory's
    /// changes, a look for the device when it is away and a look is due,
    /// then the events waiting and the timers due; the wait lasts until the
    /// device (or, while it is away, the directory) has news, a timer, a
    /// limit, the device's node check or the next rescan, with no tick.
    func turn(_ ready: PollLoop.Ready, _ state: inout RunState) -> PollLoop.Next<SessionEndReason> {
        turns += 1
        if let revents = ready.first {
            if state.waitedOnDevice, let device, device.readiness(revents) == .hangup {
                hangUp(device, &state)
            } else if !state.waitedOnDevice, revents != 0 {
                noteDirectoryChanges(&state)
            }
        }
        if device == nil, state.scanNow || rediscovery.isDue(at: MonotonicClock.seconds()) {
            look(&state)
        }
        let step: SessionRun.Step
        do {
            step = try state.run.step(device, pipeline: pipeline, options: options, stop: stopSignal, onEvent: onEvent)
        } catch {
            disconnect(error, &state)
            return .wait(on: [], until: MonotonicClock.seconds())
        }
        switch step {
        case .end(.deviceGone):
            disconnect(nil, &state)
            return .wait(on: [], until: MonotonicClock.seconds())
        case .end(let reason):
            return .end(reason)
        case .wait(let timeout):
            let now = MonotonicClock.seconds()
            var deadline = timeout.map { now + $0 } ?? .infinity
            state.waitedOnDevice = device != nil
            if let device {
                deadline = min(deadline, device.nextNodeCheck ?? .infinity)
                return .wait(on: [device.fileDescriptor], until: deadline.isFinite ? deadline : nil)
            }
            deadline = min(deadline, rediscovery.nextScan(at: now))
            return .wait(on: [state.watch?.inotify.fileDescriptor ?? -1], until: deadline)
        }
    }

    /// The device hung up or its node went: what it still buffered is
    /// read, then it is let go.
    private func hangUp(_ device: EvdevDevice, _ state: inout RunState) {
        do {
            try state.run.drain(device, into: pipeline, onEvent: onEvent)
            disconnect(nil, &state)
        } catch {
            disconnect(error, &state)
        }
    }

    /// Reads the directory's changes; a node that came, went or changed
    /// hands calls for a look.
    private func noteDirectoryChanges(_ state: inout RunState) {
        guard var watch = state.watch else { return }
        for change in watch.inotify.read() where watch.calls(for: change) { state.scanNow = true }
        state.watch = watch
    }

    /// Looks for the device and takes it when it is there.
    private func look(_ state: inout RunState) {
        let first = !state.looked
        state.scanNow = false
        state.looked = true
        // A directory that appeared since is watched now; without inotify, rescans alone find the device.
        state.watch?.ensure()
        if state.watch == nil { tellOnce(about: directory, .problem(.cannotWatch(directory: directory))) }
        let now = MonotonicClock.seconds()
        if let found = find(at: now) {
            connect(found, &state)
        } else if first {
            tell(.waiting(match))
        }
        rediscovery.scanned(at: MonotonicClock.seconds())
    }

    /// Reads `device` from now on, through the same pipeline.
    private func connect(_ device: EvdevDevice, _ state: inout RunState) {
        pipeline.replaceDevice(device.description, axisValues: device.axisValues, transform: transform ?? device.udevCalibration ?? .identity)
        self.device = device
        lastPath = device.path
        lastDevice = DeviceMatch.device(device)
        rediscovery.backoff.taken(device.path, at: MonotonicClock.seconds())
        connections += 1
        state.run.startConnection()
        tell(connections == 1 ? .connected(path: device.path, device: device.description)
                              : .reconnected(path: device.path, device: device.description))
    }

    /// Lets the device go (it went away, or `error` broke its reads): its
    /// gestures in progress are cancelled, then the app is told, and the
    /// directory is looked at again at once. A device that failed, or hung
    /// up while its node stays, is taken again only after its backoff.
    private func disconnect(_ error: EvdevError?, _ state: inout RunState) {
        guard let device else { return }
        let path = device.path
        if error != nil || access(path, F_OK) == 0 {
            _ = rediscovery.backoff.failed(path, at: MonotonicClock.seconds())
        }
        state.run.breakOff(pipeline)
        self.device = nil
        state.scanNow = true
        tell(.disconnected(path: path, error: error))
    }
}
