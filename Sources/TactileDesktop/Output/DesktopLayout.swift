// A desktop's outputs as it reports them: where each lies, how it is turned, which is likely the touchscreen's, what a pointer spans.
import TactileService
import Tactile

/// The outputs of the running desktop, read its own way (sway's IPC,
/// Hyprland's socket, mutter's `DisplayConfig`, `kscreen-doctor`,
/// `wlr-randr`, RandR): the one reading both the clicks' places and the
/// touchscreens' turns come from.
///
/// ```swift
/// let layout = try MutterPointerMapping(environment: environment).read()
/// layout.output(configured: nil)?.transform                  // .rotated90 when GNOME turned it
/// PointerMappingOutcome.placing(over: layout, configured: nil)   // where clicks land
/// ```
struct DesktopLayout: Equatable, Sendable {
    /// Which desktop said it, and in whose words.
    var source: LayoutSource
    /// The active outputs, in the desktop's order, in logical coordinates.
    var outputs: [OutputRect]
    /// The output the desktop marks as likely the touchscreen's (its
    /// built-in panel, its primary monitor), and which it is.
    var likely: LikelyOutput?
    /// What an absolute pointer spans (nil: the outputs' bounding box).
    var range: OutputRect?

    /// The layout `source` read: `outputs`, the one it marks as `likely`,
    /// what its pointer spans (`range`, nil: the outputs' bounding box).
    init(source: LayoutSource, outputs: [OutputRect], likely: LikelyOutput? = nil, range: OutputRect? = nil) {
        self.source = source
        self.outputs = outputs
        self.likely = likely
        self.range = range
    }

    /// An output the desktop marks as likely the touchscreen's.
    struct LikelyOutput: Equatable, Sendable {
        var name: String
        /// "the built-in display", "the primary monitor".
        var reason: String
    }

    /// "GNOME's layout of 2 monitors", as the log says it.
    var summary: String { source.summary(of: outputs.count) }

    /// The choice of the touchscreen's output among ``outputs`` (``OutputChoice``).
    func choice(configured: String?) -> OutputChoice {
        OutputChoice(outputs: outputs, configured: configured, compositor: source.compositor,
                     preferred: likely.map { ($0.name, $0.reason) })
    }

    /// The output a touchscreen is taken to be on: the one `configured`
    /// names, else the only one, else the one the desktop marks as likely,
    /// else its first (what ``OutputChoice`` chooses).
    func output(configured: String?) -> OutputRect? {
        let name = choice(configured: configured).target ?? outputs.first?.name
        return outputs.first { $0.name == name }
    }
}

/// Which desktop a layout was read from: its name in the log and its own
/// words for a turn (sway counts clockwise, KScreen names sides).
enum LayoutSource: Equatable, Sendable {
    case sway, hyprland, gnome, kde, wlroots(json: Bool), x11

    /// The desktop as the log names it.
    var compositor: String {
        switch self {
        case .sway: "sway"
        case .hyprland: "Hyprland"
        case .gnome: "GNOME"
        case .kde: "KDE Plasma"
        case .wlroots: "the compositor"
        case .x11: "X11"
        }
    }

    /// "GNOME's layout of 2 monitors", "the X11 screen's 2 monitors".
    func summary(of count: Int) -> String {
        switch self {
        case .sway: "sway's layout of \(count) outputs"
        case .hyprland: "Hyprland's layout of \(count) monitors"
        case .gnome: "GNOME's layout of \(count) monitors"
        case .kde: "KDE Plasma's layout of \(count) outputs"
        case .wlroots(let json): "the compositor's layout of \(count) outputs (wlr-randr\(json ? " --json" : "'s text"))"
        case .x11: "the X11 screen's \(count) monitors"
        }
    }

    /// `transform` in the desktop's own words: `transform 90` for sway's
    /// protocol 270, `rotation left` for KScreen's 90, `rotate left` for RandR's.
    func words(for transform: OutputTransform) -> String {
        switch self {
        case .sway: "transform \(transform.quarterTurnsReversed.name)"
        case .hyprland, .gnome: "transform \(transform.rawValue)"
        case .kde: "rotation \(KScreenPointerMapping.rotationName(of: transform))"
        case .wlroots: "transform \(transform.name)"
        case .x11: X11PointerMapping.rotationWords(of: transform)
        }
    }
}

extension PointerMappingOutcome {
    /// Clicks placed by the maths (``OutputMapping``) on the output chosen
    /// in `layout` for `configured`, within what the desktop's pointer spans;
    /// the log adds `clicks placed on NAME over <layout>` to what the choice says.
    static func placing(over layout: DesktopLayout, configured: String?) -> PointerMappingOutcome {
        .placing(on: layout.outputs, configured: configured, compositor: layout.source.compositor,
                 preferred: layout.likely.map { ($0.name, $0.reason) }, range: layout.range, layout: layout.summary)
    }
}
