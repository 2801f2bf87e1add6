// The libm functions the synthesizer needs (sin, cos, atan2, log), behind one name, and angle wrapping.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The libm functions the synthesizer needs, behind one name.
enum Trig {
    static func sin(_ x: Double) -> Double { libmSin(x) }
    static func cos(_ x: Double) -> Double { libmCos(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
    static func log(_ x: Double) -> Double { libmLog(x) }

    /// `angle` wrapped into (-π, π].
    static func wrap(_ angle: Double) -> Double {
        var result = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if result > Double.pi { result -= 2 * Double.pi }
        if result <= -Double.pi { result += 2 * Double.pi }
        return result
    }
}

private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func libmLog(_ x: Double) -> Double { log(x) }
