// How the touchscreen is mounted, from udev alone: the screen an app lays itself out on before its session starts.
import Tactile

extension DeviceDiscovery {
    /// How the first touchscreen udev knows (`ID_INPUT_TOUCHSCREEN`, in node
    /// order) is mounted: its `LIBINPUT_CALIBRATION_MATRIX`, read as libinput
    /// reads it (``UdevProperties/calibration``); the identity when there is
    /// none, or its value is no matrix. No device is opened: an app asks
    /// before its session starts, to lay itself out on the screen as the
    /// person sees it. (`sysfsRoot` and `database` name another sysfs and
    /// udev database, for tests.)
    ///
    /// ```swift
    /// let mounting = DeviceDiscovery.touchscreenMounting()
    /// let window = Window(screen: mounting.screen(turning: DisplayDiscovery.detect().screen))
    /// let session = FollowingSession(following: .touchscreen, window: window)   // turned by the same matrix
    /// ```
    public static func touchscreenMounting(directory: String = defaultDirectory, sysfsRoot: String = "/sys",
                                           database: String = UdevProperties.defaultDatabase) -> SurfaceTransform {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        for name in (try? eventNodeNames(in: directory)) ?? [] {
            let properties = UdevProperties(node: base + "/" + name, sysfsRoot: sysfsRoot, database: database)
            guard properties["ID_INPUT_TOUCHSCREEN"] == "1" else { continue }
            if case .success(let transform)? = properties.calibration { return transform }
            return .identity
        }
        return .identity
    }
}
