// A plot parsed back as XML (FoundationXML): its elements by id and class, its texts and tooltips, and every point it places, to check against the viewBox.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed with `XMLDocument`, with what the tests ask of it:
/// elements by id and class, the texts and tooltips, and every point an
/// element places (to check it lies within the viewBox).
public struct SVGStructure {
    public let document: XMLDocument
    public let root: XMLElement
    /// The viewBox: `0 0 width height`.
    public let width: Double
    public let height: Double

    /// What is wrong with a document (not well-formed XML, no `svg` root, no viewBox from 0, 0).
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `text`; throws when it is not well-formed XML or not an SVG with a viewBox from 0, 0.
    public init(_ text: String) throws {
        document = try XMLDocument(xmlString: text, options: [])
        guard let root = document.rootElement(), root.name == "svg" else { throw Problem(description: "the root element is not svg") }
        self.root = root
        let box = (Self.attribute(root, "viewBox") ?? "").split(separator: " ").compactMap { Double($0) }
        guard box.count == 4, box[0] == 0, box[1] == 0, box[2] > 0, box[3] > 0 else {
            throw Problem(description: "expected a viewBox 0 0 W H, found \(Self.attribute(root, "viewBox") ?? "none")")
        }
        width = box[2]
        height = box[3]
    }

    /// The attribute `name` of `element`, if it has it. (`XMLElement.attribute(forName:)`
    /// of swift-corelibs-foundation finds no attribute of an element in a namespace, as SVG's are.)
    public static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name }?.stringValue
    }

    /// Every element below the root, in document order.
    public var elements: [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ element: XMLElement) {
            for child in element.children ?? [] {
                guard let child = child as? XMLElement else { continue }
                found.append(child)
                walk(child)
            }
        }
        walk(root)
        return found
    }

    /// The element with `id`.
    public func element(id: String) -> XMLElement? {
        elements.first { Self.attribute($0, "id") == id }
    }

    /// The elements whose class list holds every one of `classes`, below `parent` (or anywhere).
    public func elements(class classes: String, in parent: XMLElement? = nil) -> [XMLElement] {
        let wanted = Set(classes.split(separator: " ").map(String.init))
        let scope = parent.map { Self.descendants(of: $0) } ?? elements
        return scope.filter { element in
            let have = Set((Self.attribute(element, "class") ?? "").split(separator: " ").map(String.init))
            return wanted.isSubset(of: have)
        }
    }

    public static func descendants(of element: XMLElement) -> [XMLElement] {
        var found: [XMLElement] = []
        for child in element.children ?? [] {
            guard let child = child as? XMLElement else { continue }
            found.append(child)
            found += descendants(of: child)
        }
        return found
    }

    /// Every text shown (`<text>` elements), in order.
    public var texts: [String] {
        elements.filter { $0.name == "text" }.map { $0.stringValue ?? "" }
    }

    /// Every tooltip (`<title>` elements).
    public var titles: [String] {
        elements.filter { $0.name == "title" }.map { $0.stringValue ?? "" }
    }

    /// The number in attribute `name` of `element`.
    public static func number(_ element: XMLElement, _ name: String) -> Double? {
        Self.attribute(element, name).flatMap(Double.init)
    }

    /// Every point an element places (its x/y, corners, centre, path points), with a description for messages.
    public func points() -> [(x: Double, y: Double, what: String)] {
        var points: [(Double, Double, String)] = []
        for element in elements where Self.attribute(element, "transform") == nil && !isInsideDefs(element) {
            let name = element.name ?? "?"
            let n = { (key: String) in Self.number(element, key) }
            if let x = n("x"), let y = n("y") {
                points.append((x, y, name))
                if let w = n("width"), let h = n("height") { points.append((x + w, y + h, name + " far corner")) }
            }
            if let x1 = n("x1"), let y1 = n("y1"), let x2 = n("x2"), let y2 = n("y2") {
                points.append((x1, y1, name))
                points.append((x2, y2, name))
            }
            if let cx = n("cx"), let cy = n("cy") { points.append((cx, cy, name)) }
            if name == "path", let d = Self.attribute(element, "d") {
                for point in Self.pathPoints(d) { points.append((point.x, point.y, "path \(d.prefix(40))")) }
            }
        }
        return points
    }

    private func isInsideDefs(_ element: XMLElement) -> Bool {
        var node: XMLNode? = element
        while let current = node {
            if current.name == "defs" { return true }
            node = current.parent
        }
        return false
    }

    /// The points of a path drawn with the commands the plots use: M, L, m, l, h, v, z.
    public static func pathPoints(_ d: String) -> [(x: Double, y: Double)] {
        var tokens: [String] = []
        var current = ""
        for character in d {
            if character.isLetter {
                if !current.isEmpty { tokens.append(current) }
                tokens.append(String(character))
                current = ""
            } else if character == " " || character == "," {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else if character == "-", !current.isEmpty, !current.hasSuffix("e") {
                tokens.append(current)
                current = "-"
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var points: [(Double, Double)] = []
        var (x, y) = (0.0, 0.0)
        var command = "M"
        var index = 0
        func next() -> Double { defer { index += 1 }; return index < tokens.count ? Double(tokens[index]) ?? .nan : .nan }
        while index < tokens.count {
            if let first = tokens[index].first, first.isLetter {
                command = tokens[index]
                index += 1
                if command == "z" || command == "Z" { continue }
            }
            switch command {
            case "M", "L": x = next(); y = next()
            case "m", "l": x += next(); y += next()
            case "h": x += next()
            case "v": y += next()
            default: index += 1; continue
            }
            points.append((x, y))
        }
        return points
    }

    /// The points outside the viewBox (none, for a good plot).
    public func pointsOutside() -> [String] {
        points().filter { !($0.x >= 0 && $0.x <= width && $0.y >= 0 && $0.y <= height) }
            .map { "\($0.what) at (\($0.x), \($0.y)) outside 0…\(width) × 0…\(height)" }
    }
}
