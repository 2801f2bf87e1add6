// Device descriptions made up from the events of a trace that came without one (getevent, reMarkable).
import Tactile

/// Device descriptions made up from the events of a trace that came without
/// one (Android `getevent` traces, reMarkable records).
enum ObservedDevice {
    /// The observed maximum rounded up to the next `2ⁿ − 1` (`1019` → `1023`,
    /// `1552` → `2047`): converters count in powers of two, so a panel's true
    /// range is most likely the next such number at or above what was seen.
    /// At least 1, so that the axis spans something.
    static func roundedUpMaximum(_ observed: Int32) -> Int32 {
        guard observed > 0 else { return 1 }
        let bits = 32 - UInt32(observed).leadingZeroBitCount
        return bits >= 31 ? Int32.max : Int32((1 << bits) - 1)
    }

    /// The observed minimum, or 0 when nothing below 0 was seen.
    static func roundedDownMinimum(_ observed: Int32) -> Int32 {
        guard observed < 0 else { return 0 }
        let magnitude = roundedUpMaximum(observed == .min ? .max : -observed)
        return -magnitude - 1
    }

    /// A direct touchscreen that announces every code the events use.
    ///
    /// - `ABS_MT_SLOT` spans `0 ..< slotCount` when the events use multitouch,
    ///   `ABS_MT_TRACKING_ID` `0 ... 65535`;
    /// - an axis in `knownAxes` is taken as it is, widened to what was seen;
    /// - any other axis runs from 0 (or below, for negative values) to the
    ///   observed maximum rounded up (``roundedUpMaximum(_:)``), resolution 0;
    /// - keys are the keys seen plus `BTN_TOUCH`; other types as seen.
    static func touchscreen(
        name: String, identity: DeviceIdentity = DeviceIdentity(), events: [InputEvent], slotCount: Int,
        knownAxes: [AbsoluteAxis] = []
    ) -> DeviceDescription {
        var minima: [UInt16: Int32] = [:]
        var maxima: [UInt16: Int32] = [:]
        var keys: Set<UInt16> = [KeyCode.touch]
        var other: [EventType: Set<UInt16>] = [:]
        for event in events {
            switch event.type {
            case .syn:
                continue
            case .abs:
                minima[event.code] = min(minima[event.code] ?? event.value, event.value)
                maxima[event.code] = max(maxima[event.code] ?? event.value, event.value)
            case .key:
                keys.insert(event.code)
            default:
                other[event.type, default: []].insert(event.code)
            }
        }
        let multitouch = maxima.keys.contains { $0 >= AbsCode.mtSlot && $0 <= AbsCode.mtToolY }
        var axes: [UInt16: AbsoluteAxis] = [:]
        for axis in knownAxes { axes[axis.code] = axis }
        for (code, observedMaximum) in maxima {
            let observedMinimum = minima[code] ?? 0
            switch code {
            case AbsCode.mtSlot:
                continue
            case AbsCode.mtTrackingID:
                axes[code] = AbsoluteAxis(code: code, minimum: 0, maximum: 65535)
            default:
                if var known = axes[code] {
                    known.minimum = min(known.minimum, observedMinimum)
                    known.maximum = max(known.maximum, observedMaximum)
                    axes[code] = known
                } else {
                    axes[code] = AbsoluteAxis(
                        code: code, minimum: roundedDownMinimum(observedMinimum), maximum: roundedUpMaximum(observedMaximum))
                }
            }
        }
        if multitouch {
            axes[AbsCode.mtSlot] = AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: Int32(min(max(1, slotCount), DeviceLimits.maximumSlots) - 1))
            if axes[AbsCode.mtTrackingID] == nil {
                axes[AbsCode.mtTrackingID] = AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535)
            }
        }
        return DeviceDescription(
            name: name,
            identity: identity,
            properties: [InputProperty.direct],
            keys: Array(keys),
            axes: Array(axes.values),
            otherCodes: other.map { EventCodeSet(type: $0.key, codes: Array($0.value)) }
        )
    }
}
