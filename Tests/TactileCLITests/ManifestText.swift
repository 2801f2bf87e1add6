// Package.swift read as text: its targets with their in-package dependencies, and its products.

/// The targets and products of a manifest written as this package's is: one
/// `.target(`, `.executableTarget(`, `.systemLibrary(` or `.testTarget(` call
/// per target with a literal `name:`, dependencies as string literals (a
/// target of this package) or `.product(…)` (another package's), products as
/// `.library(name:targets:)` and `.executable(name:targets:)`.
///
/// ```swift
/// let targets = ManifestText.targets(in: manifest)   // [Target(name: "Tactile", kind: "target", dependencies: []), …]
/// ```
enum ManifestText {
    /// Every target call of the manifest.
    static func targets(in manifest: String) -> [DocsDrift.Target] {
        calls(in: manifest, named: ["target", "executableTarget", "systemLibrary", "testTarget"]).compactMap { kind, body in
            guard let name = stringArgument("name", in: body) else { return nil }
            let dependencies = bracketed(after: "dependencies:", in: body).map(topLevelStrings) ?? []
            return DocsDrift.Target(name: name, kind: kind, dependencies: Set(dependencies))
        }
    }

    /// Every product call of the manifest.
    static func products(in manifest: String) -> [DocsDrift.Product] {
        calls(in: manifest, named: ["library", "executable"]).compactMap { kind, body in
            guard let name = stringArgument("name", in: body) else { return nil }
            return DocsDrift.Product(name: name, kind: kind, targets: bracketed(after: "targets:", in: body).map(topLevelStrings) ?? [])
        }
    }

    /// `(name, arguments)` of every call `.name(…)` of one of `names`, its arguments up to the matching parenthesis.
    private static func calls(in text: String, named names: Set<String>) -> [(String, Substring)] {
        var found: [(String, Substring)] = []
        var index = text.startIndex
        while let dot = text[index...].firstIndex(of: ".") {
            let nameEnd = text[text.index(after: dot)...].firstIndex { !($0.isLetter || $0.isNumber) } ?? text.endIndex
            let name = String(text[text.index(after: dot)..<nameEnd])
            index = nameEnd
            guard names.contains(name), nameEnd < text.endIndex, text[nameEnd] == "(", let close = matching(from: nameEnd, in: text) else { continue }
            found.append((name, text[text.index(after: nameEnd)..<close]))
            index = close
        }
        return found
    }

    /// The index of the bracket that closes the one at `open` (`(` or `[`), string literals skipped.
    private static func matching(from open: String.Index, in text: some StringProtocol) -> String.Index? {
        var depth = 0, inString = false
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth -= 1 }
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The text between the brackets that follow `label` in `body`.
    private static func bracketed(after label: String, in body: Substring) -> Substring? {
        guard let found = body.range(of: label), let open = body[found.upperBound...].firstIndex(of: "["),
              let close = matching(from: open, in: body) else { return nil }
        return body[body.index(after: open)..<close]
    }

    /// The string literal of `label: "…"`.
    private static func stringArgument(_ label: String, in body: Substring) -> String? {
        guard let found = body.range(of: label + ": \"") else { return nil }
        return body[found.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    /// The string literals of a list that are its own elements, not inside a call such as `.product(…)`.
    private static func topLevelStrings(_ list: Substring) -> [String] {
        var strings: [String] = [], depth = 0, current: String?
        for character in list {
            if let text = current {
                if character == "\"" {
                    if depth == 0 { strings.append(text) }
                    current = nil
                } else {
                    current = text + String(character)
                }
            } else if character == "\"" {
                current = ""
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
            }
        }
        return strings
    }
}
