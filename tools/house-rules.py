#!/usr/bin/env python3
"""The house rules that a line count can check: no Swift source file over 400
lines and no function (func, init, deinit, subscript, accessor block or
closure-free body of one) over 80 lines, counted from its declaration to its
closing brace. Reads every tracked .swift file (git ls-files) outside .build.

    tools/house-rules.py [--list N]   the N longest functions as well (default 0)

Exit status 1, naming each file and function over its limit, when any is."""
import re
import subprocess
import sys

FILE_LIMIT = 400
FUNCTION_LIMIT = 80
DECLARATION = re.compile(
    r"^\s*(?:@[\w().:, ]+\s+)*(?:(?:public|package|internal|private|fileprivate|open|static|class|final|override|"
    r"mutating|nonmutating|nonisolated|convenience|required|dynamic|isolated|consuming|borrowing|indirect|"
    r"@MainActor|@inlinable|@usableFromInline|@discardableResult|@objc)\s+)*"
    r"(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b")


def strip_strings(line, state):
    """The line without string literals and comments; state carries a block comment or multi-line string."""
    out, i = [], 0
    while i < len(line):
        if state["block"]:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out)
            state["block"], i = False, end + 2
        elif state["multi"]:
            end = line.find('"""', i)
            if end < 0:
                return "".join(out)
            state["multi"], i = False, end + 3
        elif line.startswith("//", i):
            break
        elif line.startswith("/*", i):
            state["block"], i = True, i + 2
        elif line.startswith('"""', i):
            state["multi"], i = True, i + 3
        elif line[i] == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def functions(path):
    """(name, first line, line count) of every function of the file."""
    state = {"block": False, "multi": False}
    depth, open_functions, found = 0, [], []
    pending = None
    for number, raw in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
        code = strip_strings(raw.rstrip("\n"), state)
        match = DECLARATION.match(code)
        if match and pending is None:
            pending = (match.group(1).replace("func ", ""), number)
        for char in code:
            if char == "{":
                depth += 1
                if pending is not None:
                    open_functions.append((pending[0], pending[1], depth))
                    pending = None
            elif char == "}":
                if open_functions and open_functions[-1][2] == depth:
                    name, start, _ = open_functions.pop()
                    found.append((name, start, number - start + 1))
                depth -= 1
        # A protocol requirement has no body: forget it at the end of its declaration.
        if pending is not None and "{" not in code and not code.rstrip().endswith((",", "(", "->")) \
                and re.search(r"\)\s*(async\s*)?(throws(\([^)]*\))?\s*)?(->\s*[^{]+)?$", code.rstrip()) \
                and not re.search(r"\bwhere\b", code):
            pending = None
    return found


def main():
    listing = int(sys.argv[sys.argv.index("--list") + 1]) if "--list" in sys.argv else 0
    files = [path for path in subprocess.run(["git", "ls-files", "*.swift"], capture_output=True, text=True,
                                             check=True).stdout.split("\n") if path and "/.build/" not in path]
    problems, everything = [], []
    for path in files:
        count = sum(1 for _ in open(path, encoding="utf-8", errors="replace"))
        if count > FILE_LIMIT:
            problems.append(f"{path}: {count} lines (at most {FILE_LIMIT})")
        for name, start, length in functions(path):
            everything.append((length, f"{path}:{start} {name}"))
            if length > FUNCTION_LIMIT:
                problems.append(f"{path}:{start}: {name} is {length} lines long (at most {FUNCTION_LIMIT})")
    for length, where in sorted(everything, reverse=True)[:listing]:
        print(f"{length:4d}  {where}")
    sys.stdout.flush()
    for problem in problems:
        print(f"house-rules: {problem}", file=sys.stderr)
    print(f"house-rules: {len(files)} Swift files, {len(everything)} functions; "
          f"longest file {max((sum(1 for _ in open(p, encoding='utf-8', errors='replace')), p) for p in files)[0]} lines, "
          f"longest function {max(everything)[0] if everything else 0} lines; {len(problems)} over the limits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
