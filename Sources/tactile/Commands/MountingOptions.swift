// `--rotate` and `--calibration`: how a touch surface is mounted on its screen.
import ArgumentParser
import Tactile

/// `--rotate {0,90,180,270}` and `--calibration "a b c d e f"`: how a touch
/// surface is mounted on its screen, libinput's calibration matrix (see
/// `SurfaceTransform`). Part of ``ScreenOptions`` (where, without either,
/// the mounting is a recording's own or a live touchscreen's udev
/// `LIBINPUT_CALIBRATION_MATRIX`), and of `tactile mock` (the matrix the
/// testbed's udev entry carries).
struct MountingOptions: ParsableArguments {
    @Option(name: .customLong("rotate"),
            help: ArgumentHelp("The surface as mounted: turned 0, 90, 180 or 270 degrees clockwise, as libinput's matrices turn it.",
                               valueName: "degrees"),
            transform: MountingOptions.parseRotation)
    var rotation: SurfaceTransform.Rotation?

    @Option(name: .customLong("calibration"),
            help: ArgumentHelp("The surface as mounted: libinput's calibration matrix, six numbers \"a b c d e f\" "
                               + "over normalized coordinates, as LIBINPUT_CALIBRATION_MATRIX takes them.",
                               valueName: "a b c d e f"),
            transform: MountingOptions.parseCalibration)
    var calibration: SurfaceTransform?

    func validate() throws {
        if rotation != nil, calibration != nil {
            throw ValidationError("--rotate and --calibration both say how the surface is mounted: give one (a rotation is a matrix too: --rotate 90 is --calibration \"0 -1 1 1 0 0\").")
        }
    }

    /// 0, 90, 180 or 270.
    static func parseRotation(_ argument: String) throws -> SurfaceTransform.Rotation {
        guard let degrees = Int(argument), let rotation = SurfaceTransform.Rotation(rawValue: degrees) else {
            throw ValidationError("expected 0, 90, 180 or 270 (degrees clockwise, as libinput's matrices turn)")
        }
        return rotation
    }

    /// Six numbers, checked as a udev matrix is.
    static func parseCalibration(_ argument: String) throws -> SurfaceTransform {
        do {
            return try SurfaceTransform(parsing: argument)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The mounting given, if any: `--calibration`'s matrix, or `--rotate`'s.
    var givenTransform: SurfaceTransform? { calibration ?? rotation.map(SurfaceTransform.rotated) }
}
