// The loader's check of bindings against the emergency gesture: none may recognize the way out.
import Tactile

extension ConfigReader {
    /// Refuses a long-press or hold binding of at least the emergency
    /// gesture's fingers: it would recognize the way out itself and act on
    /// it (a click, a command) while the user tries to stop the service. A
    /// hold without `fingers` (allowed when it does not claim) acts on any
    /// number of fingers, the emergency's too: a warning.
    mutating func checkEmergency(_ emergency: EmergencyGesture, fingersAt emergencyLocation: SourceLocation?, against bindings: [Binding]) {
        guard emergency.fingers > 0 else { return }
        let seconds = ConfigReader.format((emergency.duration * 100).rounded() / 100)
        let wayOut = "the emergency gesture is \(emergency.fingers) fingers held still for \(seconds) s"
            + (emergencyLocation.map { " ([emergency] fingers at line \($0.line))" } ?? " (the default [emergency])")
        for binding in bindings where binding.recognizer.kind == .longPress || binding.recognizer.kind == .hold {
            let kind = binding.recognizer.kind.rawValue
            guard let fingers = binding.recognizer.parameters.first(where: { $0.name == "fingers" }) else {
                if binding.recognizer.kind == .hold {
                    warning("a hold without fingers also acts when \(emergency.fingers) fingers rest for the way out: \(wayOut); "
                            + "give fingers = N, fewer than \(emergency.fingers)", at: binding.location)
                }
                continue   // a long press takes one finger by default
            }
            let count = fingers.value.integer
            guard count >= emergency.fingers else { continue }
            error("a \(kind) of \(count) fingers would act on the way out: \(wayOut); "
                  + "give fewer than \(emergency.fingers) fingers, or change [emergency]", at: fingers.location)
        }
    }
}
