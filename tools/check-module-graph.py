#!/usr/bin/env python3
"""The module graph as Package.swift declares it is the graph the sources
import: each target's declared dependencies (`swift package dump-package`)
against the modules its Swift files import (`import X`, `@testable import X`,
`@_exported import X`, `@_spi(S) import X`, `import struct X.Y`, also under
`#if`). Only this package's own targets and the modules of the products it
uses from its package dependencies count; Glibc, Foundation, Testing, XCTest,
Dispatch and the like are the toolchain's and are not declared.

One exception: a dependency on one of the package's executable targets
needs no import. A test target declares `tactile` or `tactile-evdev-probe` so
that the binary is built before it runs it (TestSupport.product(_:)).

    tools/check-module-graph.py

Exit status 1, one line a problem, when they differ:
    TARGET: DEPENDENCY declared, never imported
    TARGET: MODULE imported in FILE, not declared"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT") or "swift"
IMPORT = re.compile(
    r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][\w]*)")


def dump_package(directory):
    """The manifest of the package in `directory` as JSON (read only: the build's lock is not taken)."""
    try:
        output = subprocess.run([SWIFT, "package", "--ignore-lock", "dump-package"], cwd=directory,
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        sys.exit(f"check-module-graph: `swift package dump-package` failed in {directory} "
                 f"(put Swift on PATH or set SWIFT; resolve the dependencies once with `swift package resolve`): {detail.strip()}")
    return json.loads(output)


def product_modules(package, product):
    """The modules a product of a dependency package gives (its own name when its checkout is not there)."""
    checkout = os.path.join(ROOT, ".build", "checkouts", package)
    if not os.path.isdir(checkout):
        return {product}
    for declared in dump_package(checkout).get("products", []):
        if declared["name"] == product:
            return set(declared["targets"]) | {product}
    return {product}


def dependencies(target):
    """(module names, product of a dependency package or None) of each declared dependency."""
    for entry in target["dependencies"]:
        kind, value = next(iter(entry.items()))
        if kind == "product":
            yield value[0], value[1]
        else:
            yield value[0], None


def swift_files(target):
    """Every Swift file of a target, excluded paths left out."""
    folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    excluded = [os.path.join(ROOT, folder, path) for path in target.get("exclude", [])]
    for directory, _, names in os.walk(os.path.join(ROOT, folder)):
        if any(directory == path or directory.startswith(path + os.sep) for path in excluded):
            continue
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def imports(path):
    """The modules a Swift file imports, outside comments and multi-line strings."""
    found, in_string, in_comment = set(), False, False
    with open(path, encoding="utf-8") as source:
        for line in source:
            if in_comment:
                in_comment = "*/" not in line
                continue
            if line.count('"""') % 2 == 1:
                in_string = not in_string
                continue
            if in_string:
                continue
            if line.lstrip().startswith("/*") and "*/" not in line:
                in_comment = True
                continue
            match = IMPORT.match(line)
            if match:
                found.add(match.group(1))
    return found


def main():
    package = dump_package(ROOT)
    targets = {target["name"]: target for target in package["targets"]}
    known = {name.replace("-", "_"): name for name in targets}
    products = {(name, source) for target in package["targets"] for name, source in dependencies(target) if source}
    modules_of = {name: product_modules(source, name) for name, source in products}
    for name, modules in modules_of.items():
        known.update({module: name for module in modules})
    problems = []
    for target in package["targets"]:
        if target["type"] in ("system", "plugin", "binary"):
            continue
        declared = {}
        for name, from_package in dependencies(target):
            for module in modules_of[name] if from_package else {name.replace("-", "_")}:
                declared[module] = name
        used = {}
        for path in swift_files(target):
            for module in imports(path):
                used.setdefault(module, os.path.relpath(path, ROOT))
        for module, name in sorted(declared.items()):
            executable = name in targets and targets[name]["type"] == "executable"
            if module not in used and not executable and all(other not in used for other, owner in declared.items() if owner == name):
                problems.append(f"{target['name']}: {name} declared, never imported")
        for module, path in sorted(used.items()):
            if module in known and module not in declared and module != target["name"].replace("-", "_"):
                problems.append(f"{target['name']}: {known[module]} imported in {path}, not declared")
    for problem in sorted(set(problems)):
        print(problem)
    if problems:
        print(f"check-module-graph: {len(set(problems))} problems: Package.swift's dependencies are not what the sources import",
              file=sys.stderr)
        return 1
    print(f"check-module-graph: {len(targets)} targets, their dependencies the modules they import")
    return 0


if __name__ == "__main__":
    sys.exit(main())
