// Where each zone of a config lies on a device's screen, in points.
import Tactile

/// The screen a device's gestures are recognized on, and where its zones lie.
///
/// The service gives each touch device a window the size of its surface:
/// one millimetre of the surface is ``pointsPerMillimetre`` points, so zone
/// sizes and recognizer thresholds in millimetres mean millimetres under the
/// finger, and fractions mean fractions of the surface (which covers the
/// display on a touchscreen).
public struct ZoneLayout: Hashable, Sendable {
    /// Points per millimetre of the service's screens (about 100 dpi).
    public static let pointsPerMillimetre = 4.0

    /// The screen: the surface, at ``pointsPerMillimetre``.
    public let screen: Screen
    /// The surface's size in millimetres, as the person sees it.
    public let surfaceSize: Size
    /// The device (bindings with device conditions are built on it or not).
    public let device: DeviceDescription

    /// How the surface lies on the screen as the person sees it: the
    /// ``screen`` is the turned surface (its sides swapped by a quarter
    /// turn), so edges and corners are the screen's as seen.
    public let transform: SurfaceTransform

    /// The layout for `device`; a touchscreen without resolution is taken to
    /// cover `display` (1920 × 1080 at 96 dpi when unknown), as the panel was
    /// made. `transform` lays the surface on the screen (upright by default):
    /// with a quarter turn, a 256 × 160 mm panel is a 160 × 256 mm screen.
    ///
    /// ```swift
    /// let portrait = ZoneLayout(device: panel, transform: OutputTransform.rotated90.surfaceTransform)
    /// portrait.surfaceSize   // the panel's sides swapped
    /// ```
    public init(device: DeviceDescription, display: Screen = .standard, transform: SurfaceTransform = .identity) {
        self.device = device
        self.transform = transform
        let mapping = SurfaceMapping(device: device, screen: transform.screen(turning: display), transform: transform)
        let size = mapping.surfaceSize
        let width = max(1, min(size.width, Screen.maximumSide / Self.pointsPerMillimetre))
        let height = max(1, min(size.height, Screen.maximumSide / Self.pointsPerMillimetre))
        surfaceSize = Size(width: width, height: height)
        screen = Screen(
            bounds: Rect(x: 0, y: 0, width: width * Self.pointsPerMillimetre, height: height * Self.pointsPerMillimetre),
            pointsPerMillimetre: Self.pointsPerMillimetre
        )
    }

    /// The palm bands a touchpad keeps under `config`: libinput's
    /// (`PalmEdgeZones.automatic(for:surfaceSize:)`), except along an
    /// edge where a zone with a binding reaches into the band: a config that
    /// binds a swipe in from a touchpad's left edge wants the touches that
    /// start there, which the band would take for a palm.
    ///
    /// ```swift
    /// let layout = ZoneLayout(device: pad)
    /// let pipeline = InputPipeline(device: pad, window: map.window, palmEdges: layout.palmEdges(for: pad, config: config))
    /// ```
    public func palmEdges(for device: DeviceDescription, config: GestureConfig) -> PalmEdgeZones {
        var bands = PalmEdgeZones.automatic(for: device, surfaceSize: surfaceSize)
        guard !bands.isEmpty else { return bands }
        let bound = Set(config.bindings.compactMap(\.zone))
        let side = bands.side * Self.pointsPerMillimetre, top = bands.top * Self.pointsPerMillimetre
        for zone in config.zones where bound.contains(zone.name) {
            let frame = frame(of: zone.shape)
            if frame.minX < side || frame.maxX > screen.bounds.width - side { bands.side = 0 }
            if frame.minY < top { bands.top = 0 }
        }
        return bands
    }

    /// Points along a side of `sideMillimetres` for `measure`, within the side.
    private func points(_ measure: ZoneMeasure, along sideMillimetres: Double) -> Double {
        min(max(0, measure.millimetres(along: sideMillimetres)), sideMillimetres) * Self.pointsPerMillimetre
    }

    /// The zone's rectangle on ``screen``.
    public func frame(of shape: Zone.Shape) -> Rect {
        let width = screen.bounds.width, height = screen.bounds.height
        switch shape {
        case .edge(let edge, let depth):
            // The band where a touch lands at the edge: the one definition an app's screen-edge pan uses too.
            let edges = edge.screenEdges
            return edges.band(depth: points(depth, along: edges.isSide ? surfaceSize.width : surfaceSize.height), in: screen.bounds)
        case .corner(let corner, let size):
            let w = points(size, along: surfaceSize.width), h = points(size, along: surfaceSize.height)
            // A size in millimetres is a square; a fraction is of each side.
            let (sw, sh): (Double, Double)
            if case .millimetres = size { (sw, sh) = (min(w, h), min(w, h)) } else { (sw, sh) = (w, h) }
            switch corner {
            case .topLeft: return Rect(x: 0, y: 0, width: sw, height: sh)
            case .topRight: return Rect(x: width - sw, y: 0, width: sw, height: sh)
            case .bottomLeft: return Rect(x: 0, y: height - sh, width: sw, height: sh)
            case .bottomRight: return Rect(x: width - sw, y: height - sh, width: sw, height: sh)
            }
        case .rect(let x, let y, let w, let h):
            let left = points(x, along: surfaceSize.width), top = points(y, along: surfaceSize.height)
            return Rect(
                x: left, y: top,
                width: min(points(w, along: surfaceSize.width), width - left),
                height: min(points(h, along: surfaceSize.height), height - top)
            )
        }
    }
}
