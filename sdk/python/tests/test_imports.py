"""The SDK's modules import one another without a circle (every import
counts, also one inside a function, which would only hide the circle), and
the names bot authors import keep working wherever they were defined
before."""

import ast
import os
import pathlib
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(__file__).resolve().parent.parent / "src" / "zetema_bot"
PACKAGE = "zetema_bot"


def module_name(path: pathlib.Path) -> str:
    if path.name == "__init__.py":
        return PACKAGE
    return PACKAGE + "." + path.stem


def imports_of(tree: ast.AST, known: set) -> set:
    """The SDK modules a module's code imports, at any depth: `import a.b`,
    `from a import b` (b a module, else a itself) and `from a.b import c`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            base = node.module or ""
            names = [base + "." + alias.name
                     if base + "." + alias.name in known else base
                     for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in known)
    return found


def import_graph(source: pathlib.Path) -> dict:
    paths = sorted(source.glob("*.py"))
    known = {module_name(p) for p in paths}
    return {module_name(p): imports_of(ast.parse(p.read_text(), str(p)), known)
            for p in paths}


def find_cycle(graph: dict):
    """One import circle as a list of modules (first == last), or None."""
    state = {}  # module -> "open" while on the path, "done" after

    def visit(module, path):
        state[module] = "open"
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                return path[path.index(target):] + [module, target]
            if target not in state:
                cycle = visit(target, path + [module])
                if cycle:
                    return cycle
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state:
            cycle = visit(module, [])
            if cycle:
                return cycle
    return None


def test_no_import_circle_in_the_sdk():
    graph = import_graph(SOURCE)
    assert "zetema_bot.game" in graph and "zetema_bot.zetema" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_check_finds_a_circle_and_an_import_inside_a_function(tmp_path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "a.py").write_text("from zetema_bot.b import f\n")
    (tmp_path / "b.py").write_text(
        "def f():\n    from zetema_bot import a\n    return a\n")
    cycle = find_cycle(import_graph(tmp_path))
    assert cycle is not None
    assert set(cycle) == {"zetema_bot.a", "zetema_bot.b"}
    (tmp_path / "b.py").write_text("def f():\n    return 1\n")
    assert find_cycle(import_graph(tmp_path)) is None


def test_the_game_neutral_module_names_no_game_type():
    tree = ast.parse((SOURCE / "game.py").read_text())
    defined = {node.name for node in tree.body
               if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    assert defined == {"GameInfo"}


# Each module alone in a fresh interpreter (no other SDK module imported
# first to hide an order it needs), then the names bots import from it.
PUBLIC_NAMES = [
    ("zetema_bot.game", ["GameInfo", "Observation", "legal_actions_of"]),
    ("zetema_bot.zetema", ["Observation", "legal_actions_of", "NAME"]),
    ("zetema_bot.games", ["ALL_GAMES", "TextObservation", "module_for"]),
    ("zetema_bot.pontoon", ["Observation", "Action"]),
    ("zetema_bot.scotch_whist", ["Observation", "Action"]),
    ("zetema_bot.actions", ["Action", "parse_action"]),
    ("zetema_bot.cards", ["Card", "parse_cards"]),
    ("zetema_bot.client", ["run", "play"]),
    ("zetema_bot", ["GameInfo", "Observation", "TextObservation", "run",
                    "pontoon", "scotch_whist", "games"]),
]


@pytest.mark.parametrize("module,names", PUBLIC_NAMES,
                         ids=[m for m, _ in PUBLIC_NAMES])
def test_each_module_imports_alone_with_its_public_names(module, names):
    code = "import importlib, sys\nm = importlib.import_module(%r)\n" \
           "missing = [n for n in %r if not hasattr(m, n)]\n" \
           "sys.exit('missing: %%s' %% missing if missing else 0)\n" % (
               module, names)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", code], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_zetema_observation_is_one_class_under_both_names():
    import zetema_bot
    from zetema_bot import game, zetema
    assert game.Observation is zetema.Observation is zetema_bot.Observation
    assert game.legal_actions_of is zetema.legal_actions_of
