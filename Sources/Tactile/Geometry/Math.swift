// The C math functions the engine uses, through Glibc or Musl, as plain Swift functions.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few libm functions the engine needs, behind one name so that no other
/// file has to care which C library the platform provides.
enum Math {
    static func atan2(_ y: Double, _ x: Double) -> Double { libmAtan2(y, x) }
    static func log(_ x: Double) -> Double { libmLog(x) }
    static func exp(_ x: Double) -> Double { libmExp(x) }
}

// Outside `Math`, these names reach the C functions rather than Math's own.
private func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
private func libmLog(_ x: Double) -> Double { log(x) }
private func libmExp(_ x: Double) -> Double { exp(x) }
