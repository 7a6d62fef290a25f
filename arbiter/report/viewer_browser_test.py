#!/usr/bin/env python3
"""The replay viewer in a real browser (headless Chromium), driven as
browser_test.py drives it: autoplay and its speeds, the keys that jump by
turn, hand and end, links to a step, the bots' lines beside the step that
printed them, a duplicate deal's seatings side by side, and what caused a
fault before the first step.

    viewer_browser_test.py ARBITER --bot-python PYTHON [--keep DIR]

The bots are the e2e test bots (tests/e2e/bots: chatty.py names its game
and request id at every decision; stumbles.py times out, then fails to
restart), run by PYTHON, which has the Python SDK. Exit 77 (skipped) when
no chromium is installed.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import ROOT, Browser, Failure, check, run  # noqa: E402

BOTS = os.path.join(ROOT, "tests", "e2e", "bots")
VIEWER = "window.viewer"
# Key, DOM code, Windows virtual key code.
KEYS = {" ": ("Space", 32), "[": ("BracketLeft", 219),
        "]": ("BracketRight", 221), "PageUp": ("PageUp", 33),
        "PageDown": ("PageDown", 34), "Home": ("Home", 36),
        "End": ("End", 35), "ArrowLeft": ("ArrowLeft", 37),
        "ArrowRight": ("ArrowRight", 39), "+": ("Equal", 187),
        "-": ("Minus", 189), "?": ("Slash", 191), "Escape": ("Escape", 27)}


def press(browser, key):
    code, vk = KEYS[key]
    for kind in ("keyDown", "keyUp"):
        browser.call("Input.dispatchKeyEvent", {
            "type": kind, "key": key, "code": code,
            "windowsVirtualKeyCode": vk})


def position(browser):
    return browser.eval(f"{VIEWER}.position")


def text_of(browser, selector):
    return browser.eval(f"(document.querySelector({json.dumps(selector)}) "
                        f"|| {{innerText: ''}}).innerText")


def shown(browser, selector):
    return browser.eval(f"(e => e !== null && e.getClientRects().length > 0)"
                        f"(document.querySelector({json.dumps(selector)}))")


def check_screen(browser, keep, name):
    """This screen's picture is kept and holds a page: some share of it is
    not the background, in several colours."""
    shot = browser.screenshot()
    with open(os.path.join(keep, f"{name}.png"), "wb") as f:
        f.write(shot)
    import base64
    b64 = base64.b64encode(shot).decode()
    inked, colours = browser.eval(f"""(async () => {{
      const img = new Image();
      img.src = "data:image/png;base64,{b64}";
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.width; c.height = img.height;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      let inked = 0; const colours = new Set();
      for (let i = 0; i < d.length; i += 4) {{
        if (d[i] < 240 || d[i + 1] < 240 || d[i + 2] < 240) inked++;
        colours.add((d[i] >> 4) << 8 | (d[i + 1] >> 4) << 4 | d[i + 2] >> 4);
      }}
      return [inked / (img.width * img.height), colours.size];
    }})()""")
    print(f"{name}: {100 * inked:.1f}% inked, {colours} colours")
    check(inked > 0.05 and colours > 20,
          f"{name}: the screen looks blank ({100 * inked:.1f}% inked, "
          f"{colours} colours): {os.path.join(keep, name + '.png')}")


def play_games(arbiter, work, python):
    """Three games of chatty.py against stumbles.py: the first ends in
    stumbles' timeout, the second in its failed restart, the third is
    played out. Returns the records file and its records."""
    out = os.path.join(work, "play")
    os.makedirs(os.path.join(out, "state"))
    records = os.path.join(out, "games.jsonl")
    bots = [f"ann={python} {os.path.join(BOTS, 'chatty.py')} ann",
            f"flo={python} {os.path.join(BOTS, 'stumbles.py')} flo "
            f"{os.path.join(out, 'state')}"]
    done = subprocess.run(
        [arbiter, "play", "--games", "3", "--seed", "5", "--sandbox", "none",
         "--move-ms", "1500", "--grace-ms", "200", "--out", records,
         "--log-dir", records + ".logs"] +
        [a for b in bots for a in ("--bot", b)],
        timeout=300, text=True, capture_output=True)
    check(os.path.exists(records), f"no records: {done.stderr}")
    with open(records) as f:
        games = [json.loads(line) for line in f]
    check(len(games) == 3, f"{len(games)} games: {done.stderr}")
    return records, games


def open_game(browser, arbiter, work, records, game, hash_=""):
    page = os.path.join(work, f"{game}.html")
    if not os.path.exists(page):
        run([arbiter, "replay", records, "--game", game, "--html", "-o", page])
    browser.open("about:blank")
    browser.open(f"file://{page}{hash_}")
    browser.wait_for(f"{VIEWER} !== undefined", f"the viewer of {game}")
    return page


def request_steps(record):
    """Request id -> the step it asked for."""
    return {int(s.get("request_id", 0)): i
            for i, s in enumerate(record["steps"])}


def test_lines_beside_their_step(browser, record):
    """Every line the bots printed at a decision names its request: it is
    tied to that request's step, and shown beside it."""
    by_request = request_steps(record)
    logs = browser.eval(f"{VIEWER}.data.logs")
    check(set(logs) == {"0", "1"}, f"logs of seats {sorted(logs)}")
    tied = 0
    for seat, log in logs.items():
        for line, step in zip(log["lines"], log["steps"]):
            m = re.search(r" request (\d+):", line)
            if not m:
                continue
            want = by_request.get(int(m.group(1)))
            check(want == step and record["steps"][step]["seat"] == int(seat),
                  f"seat {seat}: {line!r} is shown at step {step}, its "
                  f"request was step {want}")
            tied += 1
    asked = sum(1 for s in record["steps"] if not s.get("strike"))
    check(tied == asked, f"{tied} lines tied to steps, {asked} decisions")
    # The page: at a position, the step just played has its own line only.
    for p in (1, 2, 7):
        browser.eval(f"{VIEWER}.go({p}) || true")
        shown = text_of(browser, ".step-output")
        step = record["steps"][p - 1]
        ids = re.findall(r" request (\d+):", shown)
        check(ids == [str(step["request_id"])],
              f"at {p}: the step's output shows requests {ids}, step "
              f"{p - 1} was request {step['request_id']}: {shown!r}")
        current = browser.eval("[...document.querySelectorAll("
                               "'.bot-logs div.current')].map(d => "
                               "d.innerText).join('\\n')")
        check(f"request {step['request_id']}:" in current,
              f"at {p}: the game's log marks {current!r}")
    # A click on a line of the game's log goes to its step.
    browser.click(".bot-logs div[data-step='9']")
    check(position(browser) == 10, f"clicked step 9's line: at "
          f"{position(browser)}")


def test_links_and_keys(browser, arbiter, work, records, record):
    """#game/ID/step/N opens at N, the address follows the steps, a step
    past the end is clamped with a note; the keys jump by turn and hand."""
    game = record["game_id"]
    open_game(browser, arbiter, work, records, game, f"#game/{game}/step/5")
    check(position(browser) == 5, f"opened at {position(browser)}, not 5")
    check(not shown(browser, ".open-note"), "a note for a good step")
    press(browser, "ArrowRight")
    check(position(browser) == 6, "Right")
    check(browser.eval("location.hash") == f"#game/{game}/step/6",
          f"hash {browser.eval('location.hash')}")
    link = browser.eval("document.querySelector('.step-link')"
                        ".getAttribute('href')")
    check(link == f"#game/{game}/step/6", f"the step's link is {link}")
    test_lines_beside_their_step(browser, record)

    # Turns (Zetema has no tricks): where the seat to act changes.
    steps = record["steps"]
    last = len(steps)

    def to_act(q):
        return steps[q]["seat"] if q < last else -1

    turns = [q for q in range(1, last + 1) if to_act(q) != to_act(q - 1)]
    press(browser, "Home")
    seen = [0]
    for _ in range(6):
        press(browser, "]")
        seen.append(position(browser))
    check(seen[1:] == turns[:6], f"] went {seen}, turns begin at {turns[:6]}")
    press(browser, "[")
    check(position(browser) == turns[4], f"[ went to {position(browser)}")
    # Hands: where the game's hand counter moves on.
    data = browser.eval(f"{VIEWER}.data")
    hand = data["counter_keys"].index(["hand", -1])
    counters = data["counters"]
    hands = [q for q in range(1, last)
             if counters[q][hand] != counters[q - 1][hand]]
    check(len(hands) >= 1, f"{game}: one hand only ({record['result']})")
    press(browser, "Home")
    press(browser, "PageDown")
    check(position(browser) == hands[0],
          f"PgDn went to {position(browser)}, the second hand begins at "
          f"{hands[0]}")
    press(browser, "PageDown")
    want = hands[1] if len(hands) > 1 else last
    check(position(browser) == want, f"PgDn again: {position(browser)}, "
          f"not {want}")
    press(browser, "PageUp")
    check(position(browser) == hands[0], f"PgUp: {position(browser)}")
    # The buttons do as the keys.
    browser.click("button.next-hand")
    check(position(browser) == want, f"next hand: {position(browser)}")
    browser.click("button.prev-trick")
    check(position(browser) == max(t for t in turns if t < want),
          f"previous turn: {position(browser)}")
    press(browser, "End")
    check(position(browser) == last, "End")
    check(browser.eval("location.hash") == f"#game/{game}/step/{last}",
          "hash at the end")
    press(browser, "Home")
    check(position(browser) == 0, "Home")

    # Past the end: at the end, and said.
    open_game(browser, arbiter, work, records, game, f"#game/{game}/step/99999")
    check(position(browser) == last, f"step 99999 opened at "
          f"{position(browser)}")
    note = text_of(browser, ".open-note")
    check("99999" in note and "end" in note, f"note: {note!r}")
    press(browser, "ArrowLeft")
    check(not shown(browser, ".open-note"), "the note outlived a step")


def test_autoplay(browser, keep):
    """Play advances at its speed, pause stops it, play stops at the end."""
    last = browser.eval(f"{VIEWER}.positions") - 1
    press(browser, "Home")
    for _ in range(3):
        press(browser, "+")
    check(browser.eval(f"{VIEWER}.speed") == 8, "+ x3 is not 8x")
    check(browser.eval("document.querySelector('select.speed').value") == "8",
          "the speed shown")
    browser.click("button.play")
    time.sleep(1.0)
    moved = position(browser)
    check(moved >= 3, f"8x for a second: at {moved}")
    check(browser.eval(f"{VIEWER}.playing"), "not playing")
    press(browser, " ")
    stopped = position(browser)
    check(not browser.eval(f"{VIEWER}.playing"), "Space did not pause")
    time.sleep(0.6)
    check(position(browser) == stopped, f"paused at {stopped}, now at "
          f"{position(browser)}")
    press(browser, "-")
    check(browser.eval(f"{VIEWER}.speed") == 4, "- is not 4x")
    press(browser, "End")
    for _ in range(3):
        press(browser, "ArrowLeft")
    press(browser, " ")
    browser.wait_for(f"!{VIEWER}.playing", "autoplay to stop at the end")
    check(position(browser) == last, f"stopped at {position(browser)}")
    # The address caught up (told at most 4 times a second while playing).
    browser.wait_for(f"location.hash.endsWith('/step/{last}')",
                     f"the address at step {last}")
    check("play" in text_of(browser, "button.play"), "the button says pause")
    # The help lists the keys.
    press(browser, "?")
    check(shown(browser, ".help-overlay"), "? shows no help")
    help_text = text_of(browser, ".help-overlay")
    for key in ("Space", "PgDn", "Home", "["):
        check(key in help_text, f"{key} not in the help: {help_text!r}")
    check_screen(browser, keep, "viewer-help")
    press(browser, "Escape")
    check(not shown(browser, ".help-overlay"), "Esc left the help")


def test_fault_cause(browser, arbiter, work, records, games, keep):
    """The game after stumbles' timeout: its restart failed; the fault
    before the first step says so, with the game that caused the restart
    and what the bot printed as it failed (as text)."""
    first, second = games[0], games[1]
    flo = next(s["seat"] for s in second["seats"] if s["bot_name"] == "flo")
    faults = second["result"].get("faults", [])
    check(any(f["seat"] == flo and f["reason"] == "FAULT_REASON_STARTUP"
              for f in faults), f"no startup fault: {faults}")
    check(any(f["reason"] == "FAULT_REASON_TIMEOUT"
              for f in first["result"].get("faults", [])),
          f"the first game has no timeout: {first['result']}")
    open_game(browser, arbiter, work, records, second["game_id"])
    check(position(browser) == 0, "not at the start")
    banner = text_of(browser, ".fault-banner")
    check("before the first step" in banner and "step -1" not in banner,
          f"banner: {banner!r}")
    cause = text_of(browser, ".fault-cause")
    for want in ("restarted", first["game_id"], "TIMEOUT",
                 "RuntimeError: <model> file missing",
                 "loading the model of flo"):
        check(want in cause, f"{want!r} not in the cause: {cause!r}")
    check(browser.eval("document.querySelectorAll('model').length") == 0,
          "a bot's text became an element")
    tag = browser.eval(f"document.querySelector('.seat[data-seat=\"{flo}\"] "
                       f".tag.restarted') !== null")
    check(tag, "the restarted seat is not tagged")
    output = text_of(browser, ".step-output")
    check("RuntimeError" in output, f"startup output not at step 0: "
          f"{output!r}")
    check(not browser.errors(), f"console errors: {browser.errors()}")
    check_screen(browser, keep, "viewer-fault-cause")


def test_limit_after_the_end(browser, arbiter, work, record):
    """A sandbox limit seen once the game was over is recorded at step -1
    too: it shows at the end, not as a fault before the first step."""
    record = json.loads(json.dumps(record))
    record["game_id"] += "-limit"
    record["result"]["faults"] = [{
        "seat": 1, "reason": "FAULT_REASON_MEMORY_LIMIT", "step": -1,
        "detail": "the bot's sandbox reached its memory limit"}]
    records = os.path.join(work, "limit.jsonl")
    with open(records, "w") as f:
        f.write(json.dumps(record) + "\n")
    open_game(browser, arbiter, work, records, record["game_id"])
    check(not shown(browser, ".fault-banner"), "a limit shown at the start")
    press(browser, "End")
    banner = text_of(browser, ".fault-banner")
    check("memory limit after the last step" in banner, f"banner {banner!r}")
    check(not shown(browser, ".fault-cause"), "a cause for a limit")


def test_seatings(browser, arbiter, work, keep):
    """A duplicate deal's two seatings side by side: the same cards at the
    start, the bots swapped, stepping together."""
    config = os.path.join(work, "dup.toml")
    with open(config, "w") as f:
        f.write('name = "dup"\ngame = "scotch_whist"\nseed = 4\n'
                'deals_per_pairing = 1\nduplicate = true\n'
                'compress_records = false\n')
        for bot in ("x", "y"):
            f.write(f'[[bots]]\nname = "{bot}"\ncommand = "builtin:random"\n')
    out = os.path.join(work, "dup")
    run([arbiter, "tournament", config, "--out", out])
    with open(os.path.join(out, "games.jsonl")) as f:
        games = [json.loads(line) for line in f]
    groups = [g["duplicate_group"] for g in games]
    check(len(games) == 2 and groups[0] == groups[1] != "",
          f"seatings: {len(games)} games, groups {groups}")
    records = os.path.join(out, "games.jsonl")
    open_game(browser, arbiter, work, records, games[0]["game_id"])
    check(browser.eval(f"{VIEWER}.options.duplicates") ==
          [games[1]["game_id"]], "the other seating is not offered")
    # Tricks: where a seat's tricks counter rises, or the hand moves on.
    data = browser.eval(f"{VIEWER}.data")
    keys, counters = data["counter_keys"], data["counters"]
    tricks = [i for i, k in enumerate(keys) if k[0] == "tricks" and k[1] >= 0]
    hand = keys.index(["hand", -1])

    def taken(q):
        return sum(counters[q][i] or 0 for i in tricks)

    ends = [q for q in range(1, len(counters))
            if taken(q) > taken(q - 1) or counters[q][hand] !=
            counters[q - 1][hand]][:8]
    check(len(tricks) == 2 and len(ends) == 8, f"tricks {tricks}: {ends}")
    seen = []
    for _ in ends:
        press(browser, "]")
        seen.append(position(browser))
    check(seen == ends, f"] went {seen}, tricks end at {ends}")
    check("trick" in text_of(browser, "button.next-trick"), "not tricks")
    press(browser, "Home")
    browser.click("button.seatings-toggle")
    browser.wait_for("document.querySelectorAll('.seating').length === 2",
                     "two seatings")

    def columns():
        return browser.eval("""[...document.querySelectorAll('.seating')]
          .map(c => ({id: c.dataset.game,
            step: c.querySelector('.step-line').innerText,
            seats: [...c.querySelectorAll('.seat')].map(s => ({
              bot: s.querySelector('.head').innerText,
              cards: [...s.querySelectorAll('.card[data-card]')]
                .map(k => k.dataset.card).sort().join(' ')}))}))""")

    cols = columns()
    check([c["id"] for c in cols] == [g["game_id"] for g in games],
          f"columns {[c['id'] for c in cols]}")
    check(cols[0]["seats"][0]["cards"] == cols[1]["seats"][0]["cards"] != "",
          f"as dealt, seat 0 holds {cols[0]['seats'][0]['cards']!r} and "
          f"{cols[1]['seats'][0]['cards']!r}")
    check(cols[0]["seats"][0]["bot"] != cols[1]["seats"][0]["bot"],
          f"the same bot in seat 0 of both seatings: {cols}")
    for _ in range(3):
        press(browser, "ArrowRight")
    cols = columns()
    check(all(c["step"].startswith("step 2:") for c in cols),
          f"after 3 steps: {[c['step'] for c in cols]}")
    check(not browser.errors(), f"console errors: {browser.errors()}")
    check_screen(browser, keep, "viewer-seatings")


class Session:
    """A browser and a folder to work in; closed, and the folder removed
    unless it is kept, on the way out."""

    def __init__(self, keep):
        self.work = tempfile.mkdtemp(prefix="viewer_browser_")
        self.keep = keep or self.work
        os.makedirs(self.keep, exist_ok=True)
        self.browser = Browser(os.path.join(self.work, "profile"))
        self.removed = not keep

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.browser.close()
        if self.removed:
            shutil.rmtree(self.work, ignore_errors=True)


def run_all(arbiter, python, s):
    browser, work, keep = s.browser, s.work, s.keep
    records, games = play_games(arbiter, work, python)
    test_links_and_keys(browser, arbiter, work, records, games[2])
    test_autoplay(browser, keep)
    check(not browser.errors(), f"console errors: {browser.errors()}")
    check_screen(browser, keep, "viewer-playing")
    test_fault_cause(browser, arbiter, work, records, games, keep)
    test_limit_after_the_end(browser, arbiter, work, games[2])
    test_seatings(browser, arbiter, work, keep)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arbiter")
    parser.add_argument("--keep", help="write this run's screenshots here")
    parser.add_argument("--bot-python", required=True,
                        help="a Python with the SDK (zetema_bot)")
    args = parser.parse_args()
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("SKIP: no chromium (scripts/setup installs it)")
        return 77
    if not os.path.exists(args.bot_python):
        print(f"SKIP: no {args.bot_python} (scripts/setup makes it)")
        return 77
    with Session(args.keep) as session:
        try:
            run_all(os.path.abspath(args.arbiter), args.bot_python, session)
        except (Failure, subprocess.CalledProcessError) as e:
            print(f"FAIL: {e} {getattr(e, 'stderr', '') or ''}",
                  file=sys.stderr)
            return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
