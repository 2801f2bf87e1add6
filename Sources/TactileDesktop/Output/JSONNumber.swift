// A number read from JSONSerialization's output, as the compositors' layouts give them.
import TactileService
import Foundation

/// A number of a parsed JSON value (sway's, Hyprland's, kscreen-doctor's and
/// wlr-randr's layouts), `otherwise` when it is missing or not a number.
enum JSONNumber {
    static func double(_ value: Any?, otherwise: Double = 0) -> Double {
        (value as? NSNumber)?.doubleValue ?? otherwise
    }
}
