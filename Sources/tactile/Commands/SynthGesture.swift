// One gesture argument of `tactile synth`: a kind with its own fingers and place (`long-press:fingers=2:at=50,30`).
import ArgumentParser
import Tactile
import TactileSynthesis

/// One gesture argument of `tactile synth`: `KIND[:fingers=N][:at=X,Y]`,
/// such as `long-press:fingers=2:at=50,30`. What a gesture does not give,
/// `--fingers` and `--at` give, or chance does.
struct SynthGesture: Hashable {
    /// The argument as typed, for messages.
    var text: String
    var kind: GestureKind
    var fingers: Int?
    var place: Point?

    /// The syntax, for help and errors.
    static let syntax = "KIND[:fingers=N][:at=X,Y]"
    /// An example of every part, for errors.
    static let example = "long-press:fingers=2:at=50,30"

    /// Parses `argument`; the error says which part is wrong and what was expected.
    init(parsing argument: String) throws {
        text = argument
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let kind = GestureKind(name: parts[0]) else {
            throw ValidationError("\(parts[0].isEmpty ? "no gesture kind" : "unknown gesture kind \"\(TextFormat.visible(parts[0]))\""): "
                + "expected one of \(GestureKind.allCases.map(\.labelName).joined(separator: ", ")), "
                + "optionally with its own fingers and place (\(Self.example))")
        }
        self.kind = kind
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
                throw ValidationError("expected KEY=VALUE after \"\(kind.labelName):\", not \"\(TextFormat.visible(part))\" (such as \(Self.example))")
            }
            let value = pair[1]
            switch pair[0].lowercased() {
            case "fingers":
                guard fingers == nil else { throw ValidationError("fingers is given twice") }
                guard let count = Int(value), count > 0 else {
                    throw ValidationError("fingers=\(TextFormat.visible(value)): expected a whole number of fingers from 1, such as fingers=2")
                }
                fingers = count
            case "at":
                guard place == nil else { throw ValidationError("at is given twice") }
                guard let point = Self.place(value) else {
                    throw ValidationError("at=\(TextFormat.visible(value)): expected X,Y in millimetres from the surface's top-left corner, such as at=50,30")
                }
                place = point
            default:
                throw ValidationError("unknown setting \"\(TextFormat.visible(pair[0]))\": a gesture takes fingers=N and at=X,Y (such as \(Self.example))")
            }
        }
        if let fingers, fingers < kind.minimumFingers {
            throw ValidationError("fingers=\(fingers): a \(kind.labelName) needs at least \(kind.minimumFingers) fingers")
        }
    }

    /// `X,Y` in millimetres, both finite and not negative; `nil` otherwise.
    static func place(_ text: String) -> Point? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Double(parts[0].trimmingCharacters(in: .whitespaces)), let y = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              x.isFinite, y.isFinite, x >= 0, y >= 0 else { return nil }
        return Point(x: x, y: y)
    }
}
