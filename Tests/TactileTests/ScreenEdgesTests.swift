// ScreenEdges: UIRectEdge's values, the bands along a screen's edges, which edges a point is at, and how far.
import Tactile
import Testing

@Suite("ScreenEdges: the bands where a touch lands at an edge")
struct ScreenEdgesTests {
    /// An 800 × 480 screen whose origin is not (0, 0).
    let bounds = Rect(x: 100, y: 50, width: 800, height: 480)

    @Test("UIKit's raw values, and names")
    func values() {
        #expect(ScreenEdges.top.rawValue == 1 && ScreenEdges.left.rawValue == 2 && ScreenEdges.bottom.rawValue == 4 && ScreenEdges.right.rawValue == 8)
        #expect(ScreenEdges.all.rawValue == 15)
        #expect(ScreenEdges.left.description == "left" && ScreenEdges([.right, .top]).description == "top or right")
        #expect(ScreenEdges().description == "no edge")
    }

    @Test("each edge's band is the strip of the bounds within its depth; a depth past the bounds is all of them")
    func bands() {
        #expect(ScreenEdges.left.band(depth: 20, in: bounds) == Rect(x: 100, y: 50, width: 20, height: 480))
        #expect(ScreenEdges.right.band(depth: 20, in: bounds) == Rect(x: 880, y: 50, width: 20, height: 480))
        #expect(ScreenEdges.top.band(depth: 20, in: bounds) == Rect(x: 100, y: 50, width: 800, height: 20))
        #expect(ScreenEdges.bottom.band(depth: 20, in: bounds) == Rect(x: 100, y: 510, width: 800, height: 20))
        #expect(ScreenEdges.top.band(depth: 1000, in: bounds) == bounds)
        #expect(ScreenEdges([.left, .right]).band(depth: 20, in: bounds) == bounds)
        #expect(ScreenEdges().band(depth: 20, in: bounds).size == .zero)
    }

    @Test("a point is at the edges whose bands hold it, as a view of that frame takes it: the near side in, the far side out")
    func edgesAtAPoint() {
        let depth = Size(width: 20, height: 10)
        #expect(ScreenEdges.all.edges(at: Point(x: 100, y: 300), depth: depth, in: bounds) == .left)
        #expect(ScreenEdges.all.edges(at: Point(x: 119.9, y: 300), depth: depth, in: bounds) == .left)
        #expect(ScreenEdges.all.edges(at: Point(x: 120, y: 300), depth: depth, in: bounds) == [])
        #expect(ScreenEdges.all.edges(at: Point(x: 880, y: 300), depth: depth, in: bounds) == .right)
        #expect(ScreenEdges.all.edges(at: Point(x: 900, y: 300), depth: depth, in: bounds) == [], "outside the screen")
        #expect(ScreenEdges.all.edges(at: Point(x: 105, y: 525), depth: depth, in: bounds) == [.left, .bottom])
        #expect(ScreenEdges.all.edges(at: Point(x: 300, y: 65), depth: depth, in: bounds) == [], "the top band is 10 deep")
        #expect(ScreenEdges.right.edges(at: Point(x: 105, y: 300), depth: depth, in: bounds) == [], "only the edges asked about")
    }

    @Test("how far a point lies from the nearest edge asked about, each axis scaled")
    func distance() {
        let point = Point(x: 130, y: 500)
        #expect(ScreenEdges.left.distance(of: point, in: bounds) == 30)
        #expect(ScreenEdges([.right, .bottom]).distance(of: point, in: bounds) == 30)
        #expect(ScreenEdges.right.distance(of: point, in: bounds, scale: Size(width: 0.5, height: 2)) == 385)
        #expect(ScreenEdges().distance(of: point, in: bounds) == nil)
        #expect(ScreenEdges.left.inward == Vector(dx: 1, dy: 0) && ScreenEdges.bottom.inward == Vector(dx: 0, dy: -1))
    }
}
