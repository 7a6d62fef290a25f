#!/usr/bin/env python3
"""The repository stands on its own.

Fails when a tracked file refers to documents outside the repository (the
contract documents the project was started from, the source texts of the
rules, work-item numbers), or when a relative link in a Markdown file does
not resolve (a missing file, or a missing heading for a `#anchor`).

    python3 tests/repo/check_repo.py [ROOT]     # default: this checkout

Standard library only. Files come from `git ls-files` when ROOT is a git
checkout, from a walk of the tree otherwise (build and virtualenv folders
left out).
"""

import os
import re
import subprocess
import sys
import unicodedata

# Each pattern names what it guards against. The words are split so that
# this file does not match itself.
_DOCS = "|".join(["RULES", "DES" + "IGN", "PITFALLS", "GAMES", "SANDBOX",
                  "SLURM", "STYLE"])
OUTSIDE = [
    (re.compile(r"\.\./" + "shared\\b"), "a path outside the repository"),
    (re.compile(r"\b(?:" + _DOCS + r")\.md\b"),
     "a document that is not in the repository"),
    (re.compile(r"\b" + "DES" + r"IGN\b"),
     "a document that is not in the repository"),
    (re.compile(r"\bseed" + r"s/"), "the source texts of the rules"),
    (re.compile(r"\bseeds? 0\d\d\b", re.I), "the source texts of the rules"),
    (re.compile(r"\bseed" + r" texts?\b", re.I),
     "the source texts of the rules"),
    (re.compile(r"\b\d{3}_[0-9a-f]{16}\b"), "a source text's file name"),
    (re.compile(r"\b(?:issue|ticket|work\s+item|pull request|PR)s?"
                r"\s*(?:#|no\.?\s*|number\s*)?\d+", re.I),
     "a work-item number"),
    (re.compile(r"\b(?:in|see|fixes|fixed|closes|closed|resolves|resolved|"
                r"per|from)\s+#\d+", re.I), "a work-item number"),
    (re.compile(r"\b[\w.-]+/[\w.-]+#\d+\b"), "an issue of another repository"),
    (re.compile(r"\bGH-\d+\b"), "a work-item number"),
    (re.compile(r"\bwork\s+items?\b", re.I), "a work-item reference"),
]

SKIP_DIRS = {".git", ".venv", "node_modules", "__pycache__", "out"}
TEXT_LIMIT = 2_000_000  # bytes read per file; larger files are data


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached",
                              "--others", "--exclude-standard"],
                             capture_output=True, check=True, timeout=60)
        names = [n for n in out.stdout.decode().split("\0") if n]
        if names:
            return names
    except (OSError, subprocess.SubprocessError):
        pass
    names = []
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs
                   if d not in SKIP_DIRS and not d.startswith("build")]
        for f in files:
            names.append(os.path.relpath(os.path.join(dirpath, f), root))
    return sorted(names)


def read_text(path):
    try:
        with open(path, "rb") as f:
            data = f.read(TEXT_LIMIT)
    except OSError:
        return None
    if b"\0" in data:
        return None
    return data.decode("utf-8", errors="replace")


def outside_references(name, text):
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        for pattern, what in OUTSIDE:
            m = pattern.search(line)
            if m:
                problems.append("%s:%d: %s (%r)" % (name, number, what,
                                                    m.group(0)))
    # A file name is a reference too (a copied source text, say).
    for pattern, what in OUTSIDE:
        m = pattern.search(name)
        if m:
            problems.append("%s: file name: %s (%r)" % (name, what,
                                                        m.group(0)))
    return problems


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    out = []
    for ch in text:
        if ch in " -":
            out.append("-")
        elif ch == "_" or unicodedata.category(ch)[0] in "LN":
            out.append(ch)
    return "".join(out)


def anchors(text):
    seen = {}
    result = set()
    for line in strip_code_blocks(text).splitlines():
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug(m.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else "%s-%d" % (base, count))
    for m in re.finditer(r'<a\s+(?:name|id)="([^"]+)"', text):
        result.add(m.group(1))
    return result


def strip_code_blocks(text):
    lines, fenced = [], False
    for line in text.splitlines():
        if re.match(r"^\s*(```|~~~)", line):
            fenced = not fenced
            lines.append("")
            continue
        lines.append("" if fenced else line)
    return "\n".join(lines)


LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.M)


def broken_links(root, name, text, anchor_cache):
    problems = []
    body = strip_code_blocks(text)
    body = re.sub(r"`[^`\n]*`", "", body)  # inline code is not a link
    targets = [(m.group(1), body.count("\n", 0, m.start()) + 1)
               for m in LINK.finditer(body)]
    targets += [(m.group(1), body.count("\n", 0, m.start()) + 1)
                for m in REFERENCE.finditer(body)]
    here = os.path.dirname(os.path.join(root, name))
    for target, line in targets:
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # http:, https:, mailto:
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(here, path)) if path else \
            os.path.join(root, name)
        if path and not os.path.exists(full):
            problems.append("%s:%d: link to a missing file: %s" %
                            (name, line, target))
            continue
        if anchor and full.endswith(".md") and os.path.isfile(full):
            if full not in anchor_cache:
                anchor_cache[full] = anchors(read_text(full) or "")
            if anchor not in anchor_cache[full]:
                problems.append("%s:%d: link to a missing heading: %s" %
                                (name, line, target))
    return problems


def check(root):
    problems = []
    anchor_cache = {}
    for name in tracked_files(root):
        path = os.path.join(root, name)
        if os.path.islink(path):
            if not os.path.exists(path):
                problems.append("%s: dangling symbolic link" % name)
            continue  # its target is checked as itself
        text = read_text(path)
        if text is None:
            continue
        problems += outside_references(name, text)
        if name.endswith(".md"):
            problems += broken_links(root, name, text, anchor_cache)
    return problems


def self_test():
    """The checks catch what they are meant to catch."""
    bad = [
        "see " + "RULES" + ".md", "../" + "shared/x", "(" + "DES" + "IGN)",
        "seed" + " 003 says", "seed" + "s/004_" + "6f440b17fdec8115.txt",
        "fixed in " + "#12", "is" + "sue 4", "tomlplusplus/tomlplusplus" + "#190",
        "Is" + "sue #10",
    ]
    for sample in bad:
        assert outside_references("x", sample), "not caught: %r" % sample
    # Slurm array tasks and list items are fine.
    good = ["seed = 42", "cards #28-31 of the deck", "seed 0 when none",
            "the issued token", "round 3, table 12", "array task 4",
            "item 2 of the list"]
    for sample in good:
        assert not outside_references("x", sample), "false alarm: %r" % sample
    assert slug("`arbiter play`") == "arbiter-play"
    assert slug("Players, seats and teams") == "players-seats-and-teams"
    assert slug("Hand size and meld length") == "hand-size-and-meld-length"


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    self_test()
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print("%d problems: the repository must stand on its own (refer to "
              "docs/, e.g. docs/rules/zetema.md) and every relative link in "
              "a Markdown file must resolve" % len(problems))
        return 1
    print("ok: no reference outside the repository, every Markdown link "
          "resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
