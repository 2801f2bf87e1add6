#!/usr/bin/env python3
"""Checks every relative link of README.md, CHANGELOG.md and docs/*.md: the
file or directory it names exists, and its #anchor, if any, is a heading of
the Markdown file it points into (GitHub's anchors: the heading's text in
lower case, without punctuation, spaces as '-', '-1', '-2'… for repeats).
Links to other sites (http:, https:, mailto:) are not followed. Code blocks
and `code spans` are skipped.

    tools/check-doc-links.py [FILE.md ...]

Exit status 1, naming each broken link with its file and line, when any is."""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(text):
    """(line number, line) outside fenced code blocks, with code spans blanked."""
    inside = None
    for number, line in enumerate(text.split("\n"), 1):
        fence = FENCE.match(line)
        if fence:
            if inside is None:
                inside = fence.group(1)
            elif fence.group(1) == inside:
                inside = None
            continue
        if inside is None:
            yield number, re.sub(r"`+[^`]*`+", lambda m: " " * len(m.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text only
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


ANCHORS = {}


def anchors(path):
    if path not in ANCHORS:
        found, seen = set(), {}
        text = open(path, encoding="utf-8").read()
        inside = None
        for line in text.split("\n"):
            fence = FENCE.match(line)
            if fence:
                inside = fence.group(1) if inside is None else (None if fence.group(1) == inside else inside)
                continue
            heading = HEADING.match(line) if inside is None else None
            if heading:
                base = slug(heading.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        ANCHORS[path] = found
    return ANCHORS[path]


def check(path):
    problems = []
    text = open(path, encoding="utf-8").read()
    for number, line in prose_lines(text):
        for match in LINK.finditer(line):
            target = match.group(1)
            if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue
            file_part, _, anchor = target.partition("#")
            where = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            name = os.path.relpath(path, ROOT)
            if not os.path.exists(where):
                problems.append(f"{name}:{number}: {target}: no such file or directory")
            elif anchor and where.endswith(".md") and anchor not in anchors(where):
                problems.append(f"{name}:{number}: {target}: no heading #{anchor} in {os.path.relpath(where, ROOT)}")
            elif anchor and not where.endswith(".md"):
                problems.append(f"{name}:{number}: {target}: an anchor into a file that is not Markdown")
    return problems


def main():
    files = sys.argv[1:] or [os.path.join(ROOT, name) for name in ("README.md", "CHANGELOG.md")] + \
        sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    files = [os.path.abspath(f) for f in files if os.path.exists(f)]
    problems = [problem for path in files for problem in check(path)]
    for problem in problems:
        print(problem, file=sys.stderr)
    links = sum(1 for path in files for _, line in prose_lines(open(path, encoding="utf-8").read()) for _ in LINK.finditer(line))
    print(f"check-doc-links: {len(files)} files, {links} links, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
