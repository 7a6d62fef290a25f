#!/usr/bin/env python3
"""Keeps the `arbiter` command's files thin and `ratings` apart from them.

Fails when
  - a function (or lambda, counted with its enclosing function) in a file of
    arbiter/cli/ is longer than MAX_LINES lines, from the line of its opening
    brace to the line of its closing one: a command parses, calls the
    library and prints; the work lives below it;
  - a file of ratings/ includes a header of arbiter/cli/: what the two
    commands share lives in a library both use.

A plain scan of braces, comments and literals removed, not a C++ parser:
a brace opens a function body when what comes before it is a parameter
list (a `)` whose `(` does not follow if/for/while/switch/catch), a lambda's
`]`, or a trailing `const`, `noexcept`, `override`, `mutable` or `-> T`.

  thin_commands.py REPO_ROOT
"""
import pathlib
import re
import sys

MAX_LINES = 60
CONTROL = {"if", "for", "while", "switch", "catch", "constexpr"}


def strip(text):
    """The text with comments, strings and characters blanked out (newlines
    kept, so that line numbers stay)."""
    pattern = re.compile(
        r'//[^\n]*|/\*.*?\*/|R"(?P<d>[^(\s]*)\(.*?\)(?P=d)"'
        r"|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'",
        re.S)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def opens_function(code, brace):
    """Whether the `{` at `brace` opens a function's or a lambda's body."""
    before = code[:brace].rstrip()
    # Trailing qualifiers and a trailing return type.
    while True:
        m = re.search(r"(?:\b(?:const|noexcept|override|final|mutable)|"
                      r"->\s*[\w:<>,\s*&]+?)$", before)
        if not m:
            break
        before = before[:m.start()].rstrip()
    if before.endswith("]"):
        return True  # a lambda without parameters
    if not before.endswith(")"):
        return False
    depth = 0
    for i in range(len(before) - 1, -1, -1):
        if before[i] == ")":
            depth += 1
        elif before[i] == "(":
            depth -= 1
            if depth == 0:
                word = re.search(r"([\w\]]+)\s*$", before[:i])
                return not (word and word.group(1) in CONTROL)
    return False


def long_functions(text, max_lines=MAX_LINES):
    """(first line, lines) of every outermost function body over
    `max_lines` lines."""
    code = strip(text)
    found = []
    stack = []  # for each open brace: is it an outermost function body
    start = 0
    in_function = False
    for i, c in enumerate(code):
        if c == "{":
            is_body = not in_function and opens_function(code, i)
            if is_body:
                in_function = True
                start = code.count("\n", 0, i) + 1
            stack.append(is_body)
        elif c == "}" and stack:
            if stack.pop():
                in_function = False
                end = code.count("\n", 0, i) + 1
                if end - start + 1 > max_lines:
                    found.append((start, end - start + 1))
    return found


def self_test():
    """The scan tells a long function from a long control block."""
    body = "  x();\n" * (MAX_LINES - 2)
    fits = "int F(int a) {\n" + body + "}\n"
    too_long = "int G() const {\n" + body + "  y();\n}\n"
    lambda_ = "auto k = [](int a) -> int {\n" + body + "  y();\n};\n"
    blocks = ("namespace n {\nstruct S {\n" + "int a;\n" * 70 +
              "};\n}\nvoid H() {\n  if (a) {\n  }\n  auto s = \"{\";\n}\n")
    assert long_functions(fits) == [], long_functions(fits)
    assert long_functions(too_long) == [(1, MAX_LINES + 1)]
    assert long_functions(lambda_) == [(1, MAX_LINES + 1)]
    assert long_functions(blocks) == [], long_functions(blocks)


def main(root):
    self_test()
    failures = []
    for path in sorted((root / "arbiter/cli").glob("*")):
        if path.suffix not in (".h", ".cc"):
            continue
        for line, lines in long_functions(path.read_text()):
            failures.append(
                f"{path.relative_to(root)}:{line}: a function of {lines} "
                f"lines (at most {MAX_LINES}): move its work into the "
                "library the command calls")
    include = re.compile(r'^\s*#\s*include\s*[<"]arbiter/cli/', re.M)
    for path in sorted((root / "ratings").rglob("*")):
        if path.suffix in (".h", ".cc") and include.search(path.read_text()):
            failures.append(f"{path.relative_to(root)}: includes a header of "
                            "arbiter/cli/ (share it through a library)")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
