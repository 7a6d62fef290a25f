"""Each bot sees only its own files, every runtime starts in the sandbox,
and `arbiter tournament --dry-run` starts every bot.

Real tournaments with the sandbox on (full as root, else reduced) in a
config folder that holds, beside the config, the folders of two bots, an
earlier run's records and report, and a data folder granted by a relative
`read_only` path."""

import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import tempfile
import textwrap

import pytest

import harness

MODE = "full" if os.geteuid() == 0 else "reduced"

# A bot that plays the first legal action, after saying on stderr what of
# the host it can read: "SEEN path" or "HIDDEN path".
SNOOP = """\
import os, sys
import zetema_bot

def look(path):
    try:
        with open(path) as f:
            print("SEEN %s %s" % (path, f.read().strip()), file=sys.stderr)
    except OSError as e:
        print("HIDDEN %s (%s)" % (path, e.strerror), file=sys.stderr)

print("CWD " + os.getcwd(), file=sys.stderr)
for path in PATHS:
    look(path)
try:
    print("LIST " + " ".join(sorted(os.listdir(CONFIG_DIR))), file=sys.stderr)
except OSError as e:
    print("LIST failed (%s)" % e.strerror, file=sys.stderr)
sys.stderr.flush()
zetema_bot.run(lambda observation, legal: legal[0], name="snoop")
"""

PLAYER = """\
import zetema_bot
zetema_bot.run(lambda observation, legal: legal[0], name="player")
"""


@pytest.fixture
def league():
    """A config folder bots' users can cross (pytest's are 0700)."""
    path = pathlib.Path(tempfile.mkdtemp(prefix="bot_files."))
    os.chmod(path, 0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def write(path, text, mode=0o644):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    os.chmod(path, mode)


def config(name, bots, extra=""):
    text = textwrap.dedent("""\
        name = "%s"
        seed = 1
        seats = 2
        deals_per_pairing = 1
        [time_control]
        move_ms = 5000
        [sandbox]
        mode = "%s"
        """) % (name, MODE) + extra
    for bot in bots:
        text += "\n[[bots]]\n" + bot
    return text


def arbiter(*args, cwd):
    return subprocess.run([str(harness.arbiter_path()), *map(str, args)],
                          capture_output=True, text=True, timeout=240,
                          cwd=cwd)


def python():
    return shlex.quote(sys.executable)


def test_bot_sees_its_folder_and_grants_only(league):
    other_secret = league / "other" / "weights.bin"
    write(other_secret, "other's weights")
    write(league / "other" / "bot.py", PLAYER)
    write(league / "games.jsonl", "an earlier run's records\n")
    write(league / "report.html", "an earlier run's report\n")
    write(league / "data" / "shared.txt", "granted data")
    write(league / "snoop" / "notes.txt", "its own notes")
    paths = [other_secret, league / "other" / "bot.py",
             league / "league.toml", league / "games.jsonl",
             league / "report.html", league / "data" / "shared.txt",
             league / "snoop" / "notes.txt", "notes.txt"]
    write(league / "snoop" / "bot.py",
          "PATHS = %r\nCONFIG_DIR = %r\n" % ([str(p) for p in paths],
                                             str(league)) + SNOOP)
    write(league / "league.toml", config("files", [
        'name = "snoop"\ncommand = "%s snoop/bot.py"\n'
        '[bots.sandbox]\nread_only = ["data"]\n' % python(),
        'name = "other"\ncommand = "%s other/bot.py"\n' % python()]))
    # The config named relative to the arbiter's folder: its relative paths
    # are still the config folder's.
    done = arbiter("tournament", "%s/league.toml" % league.name, "--out",
                   league.name + "/out", cwd=league.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    log = (league / "out" / "logs" / "snoop.1.log").read_text()
    assert "CWD %s/snoop\n" % league in log, log
    for hidden in paths[:5]:
        assert "HIDDEN %s " % hidden in log, log
    assert "SEEN %s granted data" % (league / "data" / "shared.txt") in log
    assert "SEEN %s its own notes" % (league / "snoop" / "notes.txt") in log
    assert "SEEN notes.txt its own notes" in log, log
    # The config's folder shows only what the bot was given in it.
    assert "LIST data snoop\n" in log, log


def test_bot_beside_the_config_sees_only_its_program(league):
    """A bot whose program is in the config's folder runs there, and sees
    its program but nothing else of the folder."""
    write(league / "secret.txt", "not for bots")
    write(league / "mybot",
          "#!/bin/sh\necho \"CWD $(pwd)\" >&2\n"
          "cat %s/secret.txt >&2 || echo HIDDEN >&2\n"
          "ls %s >&2\n" % (league, league), 0o755)
    write(league / "league.toml", config("beside", [
        'name = "a"\ncommand = "./mybot"\n',
        'name = "b"\ncommand = "./mybot"\n']))
    done = arbiter("tournament", league / "league.toml", "--dry-run",
                   cwd=league)
    assert done.returncode == 3, done.stdout + done.stderr
    assert "| CWD %s" % league in done.stdout, done.stdout
    assert "| HIDDEN" in done.stdout, done.stdout
    assert "not for bots" not in done.stdout
    assert "| mybot" in done.stdout and "league.toml" not in done.stdout


def test_dry_run_catches_a_node_bot_missing_its_modules(league):
    if not shutil.which("node"):
        pytest.skip("node is not installed: the node bot is not tried")
    # The module is in the config's folder, outside the bot's package.
    write(league / "node_modules" / "@grpc" / "grpc-js" / "index.js",
          "module.exports = {};\n")
    write(league / "node_modules" / "@grpc" / "grpc-js" / "package.json",
          '{"name": "@grpc/grpc-js", "main": "index.js"}\n')
    write(league / "ts" / "package.json", '{"name": "ts-bot"}\n')
    write(league / "ts" / "dist" / "bot.js",
          "require('@grpc/grpc-js');\nconsole.log('connected');\n")
    write(league / "player" / "bot.py", PLAYER)
    write(league / "league.toml", config("node", [
        'name = "ts"\ncommand = "node ts/dist/bot.js"\n',
        'name = "player"\ncommand = "%s player/bot.py"\n' % python()]))
    done = arbiter("tournament", league / "league.toml", "--dry-run",
                   cwd=league)
    assert done.returncode == 3, done.stdout + done.stderr
    bots = done.stdout.split("Bots, each started once")[1].splitlines()
    (ts,) = [line for line in bots if line.startswith("  ts ")]
    assert "FAILED" in ts and "in %s/ts:" % league in ts, done.stdout
    (player,) = [line for line in bots if line.startswith("  player ")]
    assert " ok " in player, done.stdout
    assert ("the sandbox hid %s" % (league / "node_modules" / "@grpc" /
                                    "grpc-js")) in done.stdout, done.stdout
    assert "Cannot find module '@grpc/grpc-js'" in done.stdout
    # Good bots only: the dry run passes.
    write(league / "league.toml", config("good", [
        'name = "a"\ncommand = "%s player/bot.py"\n' % python(),
        'name = "b"\ncommand = "%s player/bot.py"\n' % python()]))
    done = arbiter("tournament", league / "league.toml", "--dry-run",
                   cwd=league)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(" ok ") == 2, done.stdout


def java_bot(league):
    """jbot/hello.jar, or None without a JDK."""
    if not (shutil.which("java") and shutil.which("javac")
            and shutil.which("jar")):
        return None
    src = league / "jsrc"
    write(src / "Hello.java", textwrap.dedent("""\
        public class Hello {
          public static void main(String[] a) {
            System.out.println("hello from java in "
                + System.getProperty("user.dir"));
          }
        }
        """))
    subprocess.run(["javac", "-d", src, src / "Hello.java"], check=True,
                   timeout=120)
    (league / "jbot").mkdir()
    subprocess.run(["jar", "--create", "--file", league / "jbot" / "hello.jar",
                    "--main-class", "Hello", "-C", src, "Hello.class"],
                   check=True, timeout=120)
    os.chmod(league / "jbot" / "hello.jar", 0o644)
    return 'command = "java -jar jbot/hello.jar"\n'


def compiled_bot(league, tool, source_name, source, build):
    """A native hello program built with `tool`, or None without it."""
    if not shutil.which(tool):
        return None
    folder = league / (tool + "bot")
    write(folder / source_name, source)
    subprocess.run(build(folder), check=True, timeout=240, cwd=folder,
                   capture_output=True)
    return 'command = "%s/hello"\n' % folder.name


def test_every_runtime_starts_in_the_sandbox(league):
    hello = 'print("hello from %s in " + __import__("os").getcwd())\n'
    bots = {}
    write(league / "pybot" / "hello.py", hello % "python")
    bots["python"] = 'command = "python3 pybot/hello.py"\n'
    if os.path.exists("/usr/bin/python3"):
        write(league / "syspy" / "hello.py", hello % "system-python")
        bots["system-python"] = 'command = "/usr/bin/python3 syspy/hello.py"\n'
    write(league / "envpy" / "hello.py",
          "#!/usr/bin/env python3\n" + hello % "env-python", 0o755)
    bots["env-python"] = 'command = "envpy/hello.py"\n'
    write(league / "venvpy" / "hello.py", hello % "venv-python")
    bots["venv-python"] = 'command = "%s venvpy/hello.py"\n' % python()
    if shutil.which("node"):
        write(league / "nodebot" / "hello.js",
              "console.log('hello from node in ' + process.cwd());\n")
        bots["node"] = 'command = "node nodebot/hello.js"\n'
    bots["java"] = java_bot(league)
    bots["go"] = compiled_bot(
        league, "go", "hello.go",
        'package main\nimport ("fmt"; "os")\nfunc main() { d, _ := '
        'os.Getwd(); fmt.Println("hello from go in " + d) }\n',
        lambda d: ["go", "build", "-o", "hello", "hello.go"])
    bots["rust"] = compiled_bot(
        league, "rustc", "hello.rs",
        'fn main() { println!("hello from rust in {}", '
        'std::env::current_dir().unwrap().display()); }\n',
        lambda d: ["rustc", "-o", "hello", "hello.rs"])
    for name, command in list(bots.items()):
        if command is None:
            print("skipped: no %s toolchain on this machine" % name)
            del bots[name]
    write(league / "league.toml", config(
        "runtimes", ['name = "%s"\n%s' % item for item in bots.items()]))
    done = arbiter("tournament", league / "league.toml", "--dry-run",
                   cwd=league)
    # Hello programs start, print and end without a Hello: not clean.
    assert done.returncode == 3, done.stdout + done.stderr
    folders = {"python": "pybot", "system-python": "syspy",
               "env-python": "envpy",
               "venv-python": "venvpy", "node": "nodebot", "java": "jbot",
               "go": "gobot", "rust": "rustcbot"}
    for name in bots:
        line = "| hello from %s in %s/%s" % (name, league, folders[name])
        assert line in done.stdout, name + ":\n" + done.stdout


def test_dry_run_names_bots_that_share_a_folder(league):
    """Two scripts in one folder see each other: the dry run says so. Two
    copies of one program (other arguments) do not count."""
    write(league / "bots" / "alice.py", PLAYER)
    write(league / "bots" / "bob.py", PLAYER)
    write(league / "league.toml", config("pair", [
        'name = "alice"\ncommand = "%s bots/alice.py"\n' % python(),
        'name = "bob"\ncommand = "%s bots/bob.py"\n' % python(),
        'name = "bob-2"\ncommand = "%s bots/bob.py --seed 2"\n' % python()]))
    done = arbiter("tournament", league / "league.toml", "--dry-run",
                   cwd=league)
    assert done.returncode == 0, done.stdout + done.stderr
    assert ("bots 'alice' and 'bob' share the folder %s/bots" % league
            in done.stdout), done.stdout
    assert "'bob' and 'bob-2'" not in done.stdout, done.stdout
