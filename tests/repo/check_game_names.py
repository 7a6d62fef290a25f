#!/usr/bin/env python3
"""No game is named as a default outside the registry.

Fails when a C++ file of the arbiter or of `ratings` outside the games'
folders (arbiter/games/, where each game and the registry live, and the
registry's files wherever they are) holds a game's name as a string literal
("zetema"): the game meant where none is named comes from the registry
(game::DefaultGame()). Tests, benchmarks, QA code and the test bot may name
games.

    python3 tests/repo/check_game_names.py [ROOT]   # default: this checkout

Standard library only.
"""

import pathlib
import re
import sys

ALLOWED = re.compile(r"(^arbiter/games/|/registry(_test)?\.(cc|h)$|_test\.cc$|"
                     r"_bench\.cc$|/bench/|/qa/|/test_bot\.cc$)")


def game_names(root: pathlib.Path) -> list:
    return sorted(p.name for p in (root / "arbiter" / "games").iterdir()
                  if (p / "CMakeLists.txt").exists())


def findings(root: pathlib.Path) -> list:
    names = game_names(root)
    literal = re.compile(r'"(' + "|".join(map(re.escape, names)) + r')"')
    found = []
    for folder in ("arbiter", "ratings"):
        for path in sorted((root / folder).rglob("*")):
            relative = path.relative_to(root).as_posix()
            if path.suffix not in (".cc", ".h") or ALLOWED.search(relative):
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                code = line.split("//", 1)[0]
                if literal.search(code):
                    found.append("%s:%d: %s" % (relative, number, line.strip()))
    return found


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parents[2])
    if len(game_names(root)) < 2:
        print("check_game_names: no games found under %s/arbiter/games" % root)
        return 1
    found = findings(root)
    for line in found:
        print("a game named outside the registry (use game::DefaultGame()): " +
              line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
