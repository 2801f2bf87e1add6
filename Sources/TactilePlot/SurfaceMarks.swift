// Where actions happened on the surface, at most one mark of a kind per square millimetre.
import Tactile

/// An action where it happened on the surface.
struct SurfaceMark: Hashable, Sendable {
    /// In millimetres of the surface.
    var point: Point
    var kind: TimelineMark.Kind
    var note: String
    var count = 1
}

/// The actions' marks on the surface, at most one of a kind per square
/// millimetre: repeats there are counted, not kept.
struct SurfaceMarks: Sendable {
    private(set) var marks: [SurfaceMark] = []
    private var byCell: [Cell: Int] = [:]

    private struct Cell: Hashable {
        var x: Int
        var y: Int
        var kind: TimelineMark.Kind
    }

    mutating func add(_ mark: SurfaceMark) {
        guard mark.point.x.isFinite, mark.point.y.isFinite else { return }
        let cell = Cell(x: Int(mark.point.x.clamped(-1e6, 1e6).rounded(.down)),
                        y: Int(mark.point.y.clamped(-1e6, 1e6).rounded(.down)), kind: mark.kind)
        if let at = byCell[cell] {
            marks[at].count += 1
        } else {
            byCell[cell] = marks.count
            marks.append(mark)
        }
    }
}
