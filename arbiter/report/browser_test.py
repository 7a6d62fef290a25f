#!/usr/bin/env python3
"""The report and the replay viewer in a real browser (headless Chromium).

Drives Debian's chromium over the DevTools protocol on a pipe
(--remote-debugging-pipe): no network, no package beyond the standard
library. Pages are used as a person would: keys pressed and elements
clicked through the browser's input events, then what shows is read back
and the screen is compared against a checked-in reference.

    browser_test.py ARBITER [--update] [--keep DIR] [--bot-python PYTHON]

--update rewrites the reference screenshots (docs/images/*.png), which the
README shows. Exit 77 (skipped) when no chromium is installed.
"""
import argparse
import base64
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURE = os.path.join(HERE, "testdata", "league.jsonl.zst")
IMAGES = os.path.join(ROOT, "docs", "images")
WIDTH, HEIGHT = 1280, 900
# A pixel differs when a channel moves by more than PIXEL_DELTA; a page
# matches its reference when under MAX_DIFFERENT of its pixels differ (font
# hinting and anti-aliasing move a few edges between machines).
PIXEL_DELTA = 48
MAX_DIFFERENT = 0.02
TIMEOUT_S = 60
# The report's summary drew and its game list loaded (games/K.js).
REPORT_READY = ("window.report !== undefined && "
                "document.body.dataset.list === 'ready'")


class Failure(Exception):
    pass


class Browser:
    """Chromium with the DevTools protocol on fds 3 (in) and 4 (out)."""

    def __init__(self, profile):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            # Through fresh copies, so that neither end lands on the
            # other's number; dup2 makes 3 and 4 inheritable, and every
            # other pipe end stays close-on-exec.
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [exe, "--headless", "--remote-debugging-pipe", "--no-sandbox",
             "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking",
             "--disable-sync", "--disable-component-update",
             "--hide-scrollbars", "--force-device-scale-factor=1",
             "--font-render-hinting=none", "--force-color-profile=srgb",
             f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=child_fds, close_fds=False,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": page["targetId"],
                                  "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1,
                   "mobile": False})

    def close(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)
        os.close(self.to_chrome)
        os.close(self.from_chrome)

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise Failure("the browser did not answer in time")
            import select
            ready, _, _ = select.select([self.from_chrome], [], [], 1)
            if ready:
                chunk = os.read(self.from_chrome, 1 << 20)
                if not chunk:
                    raise Failure("the browser exited")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method,
                   "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise Failure(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method):
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == method:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def errors(self):
        """Console errors and uncaught exceptions so far."""
        out = []
        for e in self.events:
            p = e.get("params", {})
            if e["method"] == "Runtime.exceptionThrown":
                out.append(p["exceptionDetails"].get("exception", {})
                           .get("description", p["exceptionDetails"]["text"]))
            elif (e["method"] == "Runtime.consoleAPICalled"
                  and p["type"] in ("error", "assert")):
                out.append(" ".join(str(a.get("value", a.get("description")))
                                    for a in p["args"]))
            elif (e["method"] == "Log.entryAdded"
                  and p["entry"]["level"] == "error"):
                out.append(p["entry"]["text"])
        return out

    def open(self, url):
        self.events = [e for e in self.events
                       if e["method"] != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")

    def eval(self, expression):
        # Pages render on load and on input; a settled frame comes after
        # two animation frames.
        result = self.call("Runtime.evaluate", {
            "expression": f"(async () => {{ await new Promise(r => "
                          f"requestAnimationFrame(() => requestAnimationFrame(r)));"
                          f" return ({expression}); }})()",
            "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise Failure(f"{expression}: "
                          f"{result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def wait_for(self, expression, what):
        deadline = time.monotonic() + TIMEOUT_S
        while not self.eval(expression):
            if time.monotonic() > deadline:
                raise Failure(f"timed out waiting for {what}")
            time.sleep(0.05)

    def key(self, key, code=None):
        codes = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {
                "type": kind, "key": key, "code": code or key,
                "windowsVirtualKeyCode": codes.get(key, 0)})

    def click(self, selector):
        """Scrolls `selector` into view and clicks its centre."""
        box = self.eval(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            f" if (!e) return null; e.scrollIntoView({{block: 'center'}});"
            f" const r = e.getBoundingClientRect();"
            f" return [r.left + r.width / 2, r.top + r.height / 2]; }})()")
        if box is None:
            raise Failure(f"nothing to click: {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {
                "type": kind, "x": box[0], "y": box[1], "button": "left",
                "clickCount": 1})

    def screenshot(self):
        self.eval("window.scrollTo(0, 0) || true")
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        return base64.b64decode(data)

    def difference(self, png_a, png_b):
        """The share of pixels that differ (1 when the sizes differ),
        decoded and compared by the browser itself."""
        a = base64.b64encode(png_a).decode()
        b = base64.b64encode(png_b).decode()
        return self.eval(f"""(async () => {{
          const load = async (b64) => {{
            const img = new Image();
            img.src = "data:image/png;base64," + b64;
            await img.decode();
            const c = document.createElement("canvas");
            c.width = img.width; c.height = img.height;
            const g = c.getContext("2d");
            g.drawImage(img, 0, 0);
            return g.getImageData(0, 0, img.width, img.height);
          }};
          const a = await load("{a}"), b = await load("{b}");
          if (a.width !== b.width || a.height !== b.height) return 1;
          let different = 0;
          for (let i = 0; i < a.data.length; i += 4) {{
            for (let k = 0; k < 3; k++) {{
              if (Math.abs(a.data[i + k] - b.data[i + k]) > {PIXEL_DELTA}) {{
                different++; break;
              }}
            }}
          }}
          return different / (a.width * a.height);
        }})()""")


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, timeout=300, text=True,
                          capture_output=True, **kw)


class Screens:
    def __init__(self, browser, update, keep):
        self.browser, self.update, self.keep = browser, update, keep

    def compare(self, name):
        shot = self.browser.screenshot()
        with open(os.path.join(self.keep, f"{name}.png"), "wb") as f:
            f.write(shot)
        reference = os.path.join(IMAGES, f"{name}.png")
        if self.update:
            os.makedirs(IMAGES, exist_ok=True)
            with open(reference, "wb") as f:
                f.write(shot)
            print(f"updated {reference}")
            return
        check(os.path.exists(reference),
              f"no reference {reference}: run with --update")
        with open(reference, "rb") as f:
            share = self.browser.difference(f.read(), shot)
        print(f"{name}: {100 * share:.2f}% of pixels differ from the reference")
        check(share <= MAX_DIFFERENT,
              f"{name}: {100 * share:.2f}% of pixels differ from {reference} "
              f"(over {100 * MAX_DIFFERENT:.0f}%); this run's is "
              f"{os.path.join(self.keep, name + '.png')}")


def loaded(browser):
    """The files beside the page (games/K.js, replays/K.js) it loaded."""
    return browser.eval("[...reportLoads.keys()]")


def listed(browser, what="d => d.dataset.game"):
    return browser.eval("[...document.querySelectorAll('table.games tbody "
                        f"tr')].map(r => ({what})(r))")


def test_report(browser, screens, arbiter, work):
    """The fixture's report folder, opened from disk: standings as in the
    records, the game list sorted and filtered by clicks, a click on a game
    loads its replay file (and no other), keys step, seat views hide hands,
    first fault; a missing replay file is named."""
    folder = os.path.join(work, "report")
    out = run([arbiter, "report", FIXTURE, "-o", folder])
    check("6 games" in out.stdout, out.stdout)
    check("1 timeouts and 0 other faults counted apart" in out.stdout,
          out.stdout)
    browser.open("file://" + os.path.join(folder, "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    check(not browser.errors(), f"console errors: {browser.errors()}")
    check(loaded(browser) == ["games/0.js"],
          f"files loaded with the page: {loaded(browser)}")

    # The standings, as the command line computes them from the records.
    rows = browser.eval("""[...document.querySelectorAll(
        "table.standings tbody tr")].map(r => [r.dataset.bot,
        Number(r.querySelector(".games").textContent),
        Number(r.querySelector(".points").textContent)])""")
    games = {}
    points = {}
    listing = run([arbiter, "replay", FIXTURE, "--json"]).stdout.splitlines()
    for line in listing:
        g = json.loads(line)
        for s in g["seats"]:
            games[s["bot"]] = games.get(s["bot"], 0) + 1
            others = [o for o in g["seats"] if o is not s]
            points[s["bot"]] = points.get(s["bot"], 0) + sum(
                1.0 if s["place"] < o["place"] else
                0.5 if s["place"] == o["place"] else 0.0
                for o in others) / len(others)
    check(len(rows) == 3, f"standings rows: {rows}")
    for bot, n, p in rows:
        check(games[bot] == n and abs(points[bot] - p) < 1e-9,
              f"{bot}: page says {n} games {p} points, records "
              f"{games[bot]} games {points[bot]} points")
    check([r[2] for r in rows] == sorted((r[2] for r in rows), reverse=True),
          f"standings out of order: {rows}")
    check(len(listed(browser)) == len(listing), "games listed")
    check(browser.eval("document.querySelector('#history svg path') !== null"),
          "no rating history drawn")
    # The timeout is counted apart from carol's answer times.
    timing = browser.eval("""[...document.querySelectorAll(
        "table.timing tbody tr")].map(r => [r.dataset.bot,
        r.querySelector(".timeouts").textContent])""")
    check(["carol", "1"] in timing, f"timeouts: {timing}")
    screens.compare("report")

    # A click on a column's header sorts by it, a second reverses.
    steps = {json.loads(l)["game_id"]: json.loads(l)["steps"] for l in listing}
    by_steps = sorted(steps, key=lambda g: (steps[g], g))
    browser.click("th[data-sort='steps']")
    shown = listed(browser, "r => Number(r.querySelector('.steps')"
                            ".textContent)")
    check(shown == sorted(shown), f"sorted by steps: {shown}")
    browser.click("th[data-sort='steps']")
    shown = listed(browser, "r => Number(r.querySelector('.steps')"
                            ".textContent)")
    check(shown == sorted(shown, reverse=True), f"reversed: {shown}")
    check(set(listed(browser)) == set(by_steps), "every game still listed")
    browser.click("th[data-sort='n']")
    check(listed(browser) == [json.loads(l)["game_id"] for l in listing],
          "in the records' order again")
    # Filters: bot and result, faults, length.
    choose = ("(s, v) => { const e = document.querySelector(s); e.value = v;"
              " e.dispatchEvent(new Event('change')); return true; }")
    browser.eval(f"({choose})('select.bot-filter', 'alice')")
    browser.eval(f"({choose})('select.result-filter', 'won')")
    won = [json.loads(l)["game_id"] for l in listing
           if any(s["bot"] == "alice" and s["place"] == 1
                  for s in json.loads(l)["seats"])]
    check(sorted(listed(browser)) == sorted(won),
          f"alice's wins: {listed(browser)} against {won}")
    browser.eval(f"({choose})('select.bot-filter', '')")
    browser.eval(f"({choose})('select.result-filter', '')")
    browser.eval(f"({choose})('select.fault-filter', 'timeout')")
    check(len(listed(browser)) == 1, "games with a timeout")
    browser.eval(f"({choose})('select.fault-filter', '')")
    shortest = min(steps.values())
    browser.click("input.max-steps")
    browser.call("Input.insertText", {"text": str(shortest)})
    check(listed(browser) == [g for g in steps if steps[g] <= shortest],
          "games up to the shortest's length")
    browser.eval("(() => { const e = document.querySelector('input.max-steps');"
                 " e.value = ''; e.dispatchEvent(new Event('input'));"
                 " return true; })()")
    check(len(listed(browser)) == len(listing), "every game again")

    # The search narrows the list; a fault's game is found by "timeout".
    browser.click("input.search")
    browser.call("Input.insertText", {"text": "timeout"})
    check(len(listed(browser)) == 1, "search for timeout")
    faulty = listed(browser)[0]
    check(loaded(browser) == ["games/0.js"],
          "a replay file was loaded before a game was opened")

    # Clicking the game opens its replay.
    browser.click(f"tr[data-game='{faulty}'] a.replay-link")
    browser.wait_for("window.report.viewer !== null", "the replay")
    check(browser.eval("location.hash") == f"#game/{faulty}", "hash")
    check(loaded(browser) == ["games/0.js", "replays/0.js"],
          f"files loaded: {loaded(browser)}")
    viewer = "window.report.viewer"
    check(browser.eval(f"{viewer}.position") == 0, "starts as dealt")
    steps = browser.eval(f"{viewer}.positions") - 1
    check(steps > 100, f"only {steps} steps")

    # Keys step forward and back; Home and End jump.
    for _ in range(3):
        browser.key("ArrowRight")
    check(browser.eval(f"{viewer}.position") == 3, "Right x3")
    browser.key("ArrowLeft")
    check(browser.eval(f"{viewer}.position") == 2, "Left")
    label = browser.eval("document.querySelector('.position').textContent")
    check(label.startswith("2 / "), f"label: {label}")
    browser.key("End")
    check(browser.eval(f"{viewer}.position") == steps, "End")
    browser.key("Home")
    check(browser.eval(f"{viewer}.position") == 0, "Home")

    # Everyone sees both hands face up; seat 0's view hides seat 1's hand
    # and shows its own.
    hidden = """(s) => [...document.querySelectorAll(
        `.seat[data-seat='${s}'] .zone .card`)].filter(
        c => c.classList.contains('back')).length"""
    shown = """(s) => document.querySelectorAll(
        `.seat[data-seat='${s}'] .zone .card[data-card]`).length"""
    check(browser.eval(f"({hidden})(1)") == 0 and
          browser.eval(f"({shown})(1)") > 0, "everyone sees seat 1's hand")
    browser.click("button[data-viewer='0']")
    check(browser.eval(f"({shown})(0)") > 0, "seat 0 sees its own hand")
    check(browser.eval(f"({shown})(1)") == 0 and
          browser.eval(f"({hidden})(1)") > 0, "seat 0 sees seat 1's hand")
    check(browser.eval("document.querySelector('[data-zone=stock] .card"
                       "[data-card]') === null"), "seat 0 sees the stock")

    # The first fault: its position, its banner, the bot's log lines.
    browser.click("button.first-fault")
    fault = browser.eval(f"{viewer}.data.faults[0]")
    check(browser.eval(f"{viewer}.position") == fault["step"] + 1,
          "first fault position")
    banner = browser.eval("document.querySelector('.fault-banner').innerText")
    check("timeout" in banner, f"banner: {banner}")
    check("search did not finish" in browser.eval(
        "document.querySelector('.bot-logs').innerText"), "bot log lines")
    check(not browser.errors(), f"console errors: {browser.errors()}")
    screens.compare("viewer")

    # Back to the report.
    browser.click(".viewer .top a")
    browser.wait_for("document.querySelector('.page').style.display === ''",
                     "the report again")

    # A link to a step opens the game (a new page: a change of the hash
    # alone fires no load).
    browser.open("about:blank")
    browser.open(f"file://{folder}/index.html#game/{faulty}/step/5")
    browser.wait_for("window.report !== undefined && "
                     "window.report.viewer !== null", "the replay")
    check(browser.eval("window.report.viewer.data.id") == faulty,
          "the step's link opened another game")
    check(not browser.errors(), f"console errors: {browser.errors()}")

    # A replay file that went missing: the game says which, the report
    # still shows.
    os.remove(os.path.join(folder, "replays", "0.js"))
    browser.open("about:blank")
    browser.open(f"file://{folder}/index.html#game/{faulty}")
    browser.wait_for("document.querySelector('.replay .error') !== null",
                     "the missing file's error")
    error = browser.eval("document.querySelector('.replay .error')"
                         ".textContent")
    check(f"Cannot open the replay of game {faulty}" in error and
          "replays/0.js is missing" in error, f"error: {error}")
    browser.events = []  # the failed load is logged as a console error
    browser.open("about:blank")
    browser.open("file://" + os.path.join(folder, "index.html"))
    browser.wait_for(REPORT_READY, "the report without its replays")


def test_replay_page(browser, arbiter, work):
    """`replay --html` of a fresh tournament of the test game High Card:
    every tournament writes a report, and any game has a viewer."""
    config = os.path.join(work, "high_card.toml")
    with open(config, "w") as f:
        f.write('name = "cards"\ngame = "high_card"\nseed = 1\n'
                'deals_per_pairing = 1\n')
        for bot in ("x", "y"):
            f.write(f'[[bots]]\nname = "{bot}"\ncommand = "builtin:random"\n')
    out = os.path.join(work, "hc")
    run([arbiter, "tournament", config, "--out", out])
    check(os.path.exists(os.path.join(out, "report", "index.html")),
          "the tournament wrote no report/index.html")
    browser.open("file://" + os.path.join(out, "report", "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    listing = run([arbiter, "replay", os.path.join(out, "games.jsonl.zst"),
                   "--json"]).stdout.splitlines()
    check(browser.eval("document.querySelectorAll('table.games tbody tr')"
                       ".length") == len(listing), "every game listed")
    game = json.loads(listing[0])["game_id"]
    page = os.path.join(work, "game.html")
    run([arbiter, "replay", os.path.join(out, "games.jsonl.zst"), "--game", game,
         "--html", "-o", page])
    browser.open("file://" + page)
    browser.wait_for("window.viewer !== undefined", "the viewer")
    check(browser.eval("document.querySelectorAll('.seat').length") == 2,
          "two seats")
    check(browser.eval("document.querySelectorAll('.zone').length") > 0,
          "zones drawn")
    browser.key("End")
    check(browser.eval("window.viewer.position") ==
          browser.eval("window.viewer.positions") - 1, "End")
    check(not browser.errors(), f"console errors: {browser.errors()}")


def builtin_tournament(arbiter, work, name, lines, bots):
    """A tournament of builtin random bots; returns its directory and its
    games as `arbiter replay --json` lists them."""
    config = os.path.join(work, f"{name}.toml")
    with open(config, "w") as f:
        f.write(f'name = "{name}"\nseed = 3\ndeals_per_pairing = 1\n')
        f.write("".join(line + "\n" for line in lines))
        for bot in bots:
            f.write(f'[[bots]]\nname = "{bot}"\ncommand = "builtin:random"\n')
    out = os.path.join(work, name)
    run([arbiter, "tournament", config, "--out", out])
    listing = run([arbiter, "replay", os.path.join(out, "games.jsonl.zst"),
                   "--json"]).stdout.splitlines()
    return out, [json.loads(line) for line in listing]


def test_swiss(browser, arbiter, work):
    """A Swiss of five builtin bots: the report opens on its Swiss table
    (standings with tie-breaks, a bye a round, every round folded), and a
    swiss.json with hostile names beside records shows them as text."""
    out, games = builtin_tournament(arbiter, work, "swiss",
                                ['format = "swiss"', "rounds = 3"],
                                ("a", "b", "c", "d", "e"))
    browser.open("file://" + os.path.join(out, "report", "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    rows = browser.eval("""[...document.querySelectorAll(
        "#swiss table.swiss tbody tr")].map(r => r.dataset.bot)""")
    check(sorted(rows) == ["a", "b", "c", "d", "e"], f"Swiss rows: {rows}")
    head = browser.eval("document.querySelector('#swiss thead').innerText")
    for name in ("Buchholz", "cut-1", "S-B", "DE", "tie broken by"):
        check(name in head, f"{name} not in the Swiss table's head: {head!r}")
    check(browser.eval("document.querySelectorAll('#swiss details').length")
          == 3, "three rounds")
    browser.click("#swiss details summary")
    check(browser.eval("document.querySelector('#swiss details').open"),
          "a round opens")
    check(browser.eval("document.querySelectorAll('#swiss details tr.bye')"
                       ".length") == 3, "a bye a round")
    check(browser.eval("document.querySelector('nav.sections').innerText")
          .startswith("Swiss standings"), "the Swiss table comes first")
    check(not browser.errors(), f"console errors: {browser.errors()}")
    # Hostile names in a swiss.json beside records: text, nothing runs.
    with open(os.path.join(out, "swiss.json")) as f:
        table = json.load(f)
    for row in table["standings"]:
        row["bot"] = HOSTILE_NAMES[0] + row["bot"]
    table["notes"] = [HOSTILE_NAMES[1]]
    hostile = os.path.join(work, "swiss-hostile")
    os.makedirs(hostile)
    shutil.copy(os.path.join(out, "games.jsonl.zst"), hostile)
    with open(os.path.join(hostile, "swiss.json"), "w") as f:
        json.dump(table, f)
    page = os.path.join(work, "swiss-hostile-report")
    run([arbiter, "report", hostile, "-o", page])
    browser.open("file://" + os.path.join(page, "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    text = browser.eval("document.querySelector('#swiss').innerText")
    check(HOSTILE_NAMES[0] + "a" in text and HOSTILE_NAMES[1] in text,
          f"hostile names not shown as text: {text[:500]!r}")
    check_untouched(browser, 2)
    print("swiss: the table first, three rounds, hostile names as text")


def open_first_replay(browser, out):
    browser.open("file://" + os.path.join(out, "report", "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    game = browser.eval("document.querySelector('table.games tbody tr')"
                        ".dataset.game")
    browser.click(f"tr[data-game='{game}'] a.replay-link")
    browser.wait_for("window.report.viewer !== null", "the replay")
    return game


# What the viewer draws in one seat's panel: its zones' cards (the text of
# each face-up card, "##" for a face-down one or each card of a face-down
# stack), its counters and its tags.
SEAT_PANEL = """(s) => {
  const panel = document.querySelector(`.seat[data-seat='${s}']`);
  const zones = {};
  for (const z of panel.querySelectorAll('.zone')) {
    const stack = z.querySelector('.stack .count');
    zones[z.dataset.zone] = stack ? Array(parseInt(stack.innerText)).fill('##')
      : [...z.querySelectorAll('.card')].map(
          c => c.classList.contains('back') ? '##' : c.dataset.card);
  }
  return {zones, counters: panel.querySelector('.counters').innerText,
          tags: [...panel.querySelectorAll('.head .tag')].map(t => t.innerText)};
}"""

# The viewer's data for the position shown: each seat's zones as
# [name, [[card, mask]...]], the counters by "name owner", the scores.
POSITION = """(() => {
  const v = window.report.viewer, d = v.data, p = v.position;
  const zones = d.views[p].map(i => d.zones[i]).map(([name, owner, text, seen]) => {
    const cards = text ? text.split(' ') : [];
    return [name, owner, cards.map((c, i) => [c, (Array.isArray(seen) ? seen[i] : seen) >>> 0])];
  });
  const counters = {};
  (d.counter_keys || []).forEach(([name, owner], i) => {
    counters[`${name} ${owner}`] = d.counters[p][i]; });
  return {p, zones, counters, scores: d.scores[p],
          next: p < d.steps.length ? d.steps[p].seat : -1};
})()"""


def check_seat_views(browser, seats, what):
    """Everyone sees every card of every seat; seat s sees its own and, of
    the others', only what its mask allows (the rest face down)."""
    pos = browser.eval(POSITION)
    for viewer in ["all"] + list(range(seats)):
        browser.click(f"button[data-viewer='{viewer}']")
        for s in range(seats):
            panel = browser.eval(f"({SEAT_PANEL})({s})")
            for name, owner, cards in pos["zones"]:
                if owner != s:
                    continue
                want = [c if viewer == "all" or (m >> viewer) & 1 else "##"
                        for c, m in cards]
                got = panel["zones"].get(name)
                check(got == want, f"{what} at {pos['p']}, view {viewer}: "
                      f"seat {s}'s {name} shows {got}, should {want}")
    browser.click("button[data-viewer='all']")


def test_pontoon(browser, arbiter, work):
    """A Pontoon tournament: chips as the unit, the banker named, hands
    with their face-down cards hidden from the other seats."""
    out, games = builtin_tournament(arbiter, work, "pontoon",
                                    ['game = "pontoon"', "seats = 3"],
                                    ("ann", "ben", "cat"))
    browser.open("file://" + os.path.join(out, "report", "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    check(browser.eval("document.querySelector('th.game-points').innerText")
          == "chips", "the standings do not count chips")
    chips = {}
    for g in games:
        for s in g["seats"]:
            chips[s["bot"]] = chips.get(s["bot"], 0) + s["score"]
    rows = browser.eval("""[...document.querySelectorAll(
        "table.standings tbody tr")].map(r => [r.dataset.bot,
        Number(r.children[6].textContent)])""")
    check(dict(rows) == chips, f"standings chips {rows}, records {chips}")

    game = open_first_replay(browser, out)
    check(browser.eval("document.querySelectorAll('.tag.team').length") == 0,
          "Pontoon seats shown in teams")
    # The face-down pack, as a seat sees it: its count beside the card, not
    # over it.
    browser.click("button[data-viewer='0']")
    gap = browser.eval("""(() => {
      const s = document.querySelector("[data-zone=pack] .stack");
      return s.querySelector('.count').getBoundingClientRect().left -
             s.querySelector('.card').getBoundingClientRect().right; })()""")
    check(gap >= 0, f"the pack's count overlaps its card by {-gap}px")
    browser.click("button[data-viewer='all']")
    seen_hidden, most = False, 0
    for _ in range(5):
        pos = browser.eval(POSITION)
        most = max([most] + [len(c) for _, o, c in pos["zones"] if o >= 0])
        banker = pos["counters"]["banker -1"]
        for s in range(3):
            panel = browser.eval(f"({SEAT_PANEL})({s})")
            check(("banker" in panel["tags"]) == (s == banker),
                  f"{game} at {pos['p']}: seat {s} tags {panel['tags']}, "
                  f"banker {banker}")
            check(f"chips {pos['scores'][s]}" in " ".join(
                panel["counters"].split()),
                f"{game} at {pos['p']}: seat {s} shows {panel['counters']}, "
                f"scores {pos['scores']}")
            seen_hidden |= any(m != 0xffffffff for name, owner, cards
                               in pos["zones"] if owner == s
                               for _, m in cards)
        check_seat_views(browser, 3, game)
        browser.key("ArrowRight")
    check(seen_hidden, f"{game}: no face-down card in the first steps")
    check(most > 1, f"{game}: no hand of two cards in the first steps")

    # Another seat's choices are not shown in a seat's view (they would
    # tell what it holds); its own are.
    pos = browser.eval(POSITION)
    other = (pos["next"] + 1) % 3
    browser.click(f"button[data-viewer='{other}']")
    check(browser.eval("document.querySelector('.legal')") is None,
          "another seat's legal actions shown")
    browser.click(f"button[data-viewer='{pos['next']}']")
    check(browser.eval("document.querySelectorAll('.legal span').length") > 0,
          "the seat's own legal actions hidden")

    browser.key("End")
    pos = browser.eval(POSITION)
    final = [s["score"] for s in next(g for g in games
                                      if g["game_id"] == game)["seats"]]
    check(pos["scores"] == final and any(final),
          f"{game}: end scores {pos['scores']}, record {final}")
    check(browser.eval("document.querySelector('.viewer svg').textContent")
          .count("chips") >= 1, "the score chart does not count chips")
    check(not browser.errors(), f"console errors: {browser.errors()}")


def test_scotch_whist(browser, arbiter, work):
    """A Scotch Whist tournament with partnerships at 4 seats: the teams,
    the dealer, the trump suit, the hands hidden from the other seats."""
    out, games = builtin_tournament(
        arbiter, work, "whist",
        ['game = "scotch_whist"', 'ruleset = "partnerships"', "seats = 4",
         'partnership_fill = "individual"'], ("ann", "ben", "cat", "dan"))
    game = open_first_replay(browser, out)
    record = next(g for g in games if g["game_id"] == game)
    names = {}
    for s in sorted(record["seats"], key=lambda s: s["seat"]):
        names.setdefault(s["team"], []).append(s["bot"])
    for t, bots in names.items():
        line = browser.eval(f"document.querySelector('.team-line"
                            f"[data-team=\"{t}\"]').innerText")
        check(line.startswith(f"team {t}: {bots[0]} (seat") and
              f"& {bots[1]} (seat" in line and
              f" {record['team_scores'][t]} (#" in line,
              f"{game}: team {t} is shown as {line!r}: {names}")
    for s in record["seats"]:
        panel = browser.eval(f"({SEAT_PANEL})({s['seat']})")
        check(f"team {s['team']}" in panel["tags"],
              f"seat {s['seat']} tags {panel['tags']}, team {s['team']}")
    check(sorted({s["team"] for s in record["seats"]}) == [0, 1],
          f"teams {record['seats']}")
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    for step in range(4):
        pos = browser.eval(POSITION)
        dealer = pos["counters"]["dealer -1"]
        for s in range(4):
            panel = browser.eval(f"({SEAT_PANEL})({s})")
            check(("dealer" in panel["tags"]) == (s == dealer),
                  f"{game} at {pos['p']}: seat {s} tags {panel['tags']}")
        turned = [c for name, owner, cards in pos["zones"]
                  if name == "trump" for c, _ in cards]
        trick = browser.eval("[...document.querySelectorAll("
                             "'.table-zones .zone .zname')].map(z => "
                             "z.innerText.toLowerCase()).join(' ')")
        if step == 0:
            check(len(turned) == 1, f"no turned card: {pos['zones']}")
            suit = suits[turned[0][-1]]
        check(f"trumps {suit}" in trick,
              f"{game} at {pos['p']}: the table says {trick!r}, trumps "
              f"{suit}")
        check_seat_views(browser, 4, game)
        browser.key("ArrowRight")
    browser.key("End")
    scores = browser.eval("document.querySelector('.step-info .scores')"
                          ".innerText")
    teams = record["team_scores"]
    check(f"teams {teams[0]} / {teams[1]}" in scores,
          f"{game}: the end shows {scores!r}, team scores {teams}")
    # The games list names the teams.
    browser.click(".viewer .top a")
    browser.wait_for("document.querySelector('.page').style.display === ''",
                     "the report again")
    row = browser.eval(f"document.querySelector('tr[data-game=\"{game}\"] "
                       f"td.players').innerText")
    for t, bots in names.items():
        check(f"team {t}: {bots[0]} & {bots[1]} {teams[t]} (#" in row,
              f"{game}: the games list says {row!r}, teams {names}")
    check(not browser.errors(), f"console errors: {browser.errors()}")


def test_bot_logs(browser, arbiter, work, python):
    """A tournament of bots that print a line naming their game at every
    decision (tests/e2e/bots/chatty.py, run by `python`, which has the
    Python SDK): clicking a game shows its bots' lines, not another's."""
    bot = os.path.join(ROOT, "tests", "e2e", "bots", "chatty.py")
    config = os.path.join(work, "chat.toml")
    with open(config, "w") as f:
        f.write('name = "chat"\nseed = 2\ndeals_per_pairing = 2\n'
                '[sandbox]\nmode = "none"\n')
        for name in ("ann", "ben"):
            f.write(f'[[bots]]\nname = "{name}"\n'
                    f'command = {json.dumps(f"{python} {bot} {name}")}\n')
    out = os.path.join(work, "chat")
    run([arbiter, "tournament", config, "--out", out])
    browser.open("file://" + os.path.join(out, "report", "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    ids = browser.eval("[...document.querySelectorAll('table.games tbody "
                       "tr')].map(r => r.dataset.game)")
    check(len(ids) == 2, f"games: {ids}")
    told_ids = {}  # the id the bots were told -> the record's
    for game in ids:
        browser.click(f"tr[data-game='{game}'] a.replay-link")
        browser.wait_for(f"window.report.viewer !== null && "
                         f"window.report.viewer.data.id === {json.dumps(game)}",
                         f"the replay of {game}")
        text = browser.eval("(document.querySelector('.bot-logs') || "
                            "{innerText: ''}).innerText")
        # Bots are told an opaque id per game (not the record's): every
        # line shown names one id, the same for both bots, and another
        # game's id is never among them.
        told = {name: set(re.findall(rf"^{name}: game (\S+) seat", text,
                                     re.M)) for name in ("ann", "ben")}
        check(len(told["ann"]) == 1 and told["ann"] == told["ben"],
              f"{game}: the bots' lines name {told} in {text!r}")
        (bot_id,) = told["ann"]
        check(bot_id not in told_ids, f"{game} shows lines of another game: "
              f"{bot_id} was shown for {told_ids.get(bot_id)}: {text!r}")
        told_ids[bot_id] = game
        check(f"[bot] [arbiter] game forged-{bot_id} seat 0" in text,
              f"{game}: the forged marker is not shown escaped: {text!r}")
        browser.click(".viewer .top a")
        browser.wait_for("document.querySelector('.page').style.display "
                         "=== ''", "the report again")
    check(not browser.errors(), f"console errors: {browser.errors()}")


# Texts a bot or a hand-edited record may hold, each meant to break out of
# the page's data: open a comment before a script (the data element would
# then never close), close the data element and run a script, an image
# whose error runs one, and the line separators that end a script's line.
HOSTILE_NAMES = ("<!--<script>", "</script><script>window.pwned=1</script>")
HOSTILE_VERSION = "<img src=x onerror=\"window.pwned=2\">\u2028\u2029"
HOSTILE_LOG = ["<!--<script>", "</script><script>window.pwned=3</script>",
               "<img src=x onerror=window.pwned=4>"]


def hostile_records(arbiter, work):
    """A tournament's records with hostile bot names and versions, and a log
    of hostile lines for each seat of each game: (records, games)."""
    out, games = builtin_tournament(arbiter, work, "hostile", [], ("a", "b"))
    rename = dict(zip(("a", "b"), HOSTILE_NAMES))
    path = os.path.join(work, "hostile.jsonl")
    logs = path + ".logs"
    os.makedirs(logs)
    lines = run(["zstd", "-dcq", os.path.join(out, "games.jsonl.zst")]).stdout
    with open(path, "w") as o:
        for line in lines.splitlines():
            record = json.loads(line)
            for seat in record["seats"]:
                seat["bot_name"] = rename[seat["bot_name"]]
                seat["bot_version"] = HOSTILE_VERSION
                seat["hello_bot_name"] = HOSTILE_NAMES[1]
                with open(os.path.join(logs, f"seat{seat['seat']}.log"),
                          "a") as log:
                    log.write(f"[arbiter] game {record['game_id']} seat "
                              f"{seat['seat']}\n" + "\n".join(HOSTILE_LOG) +
                              "\n")
            o.write(json.dumps(record) + "\n")
    return path, games


def check_untouched(browser, scripts):
    """No script of a bot's ran, no element of its was made."""
    check(browser.eval("window.pwned === undefined"),
          f"a bot's script ran: {browser.eval('String(window.pwned)')}")
    check(browser.eval("document.querySelectorAll('img').length") == 0,
          "a bot's image was made")
    check(browser.eval("document.querySelectorAll('script').length")
          == scripts, "a bot's script element was made")
    check(not browser.errors(), f"console errors: {browser.errors()}")


def test_hostile_texts(browser, arbiter, work):
    """Bot names, versions and log lines that try to break out of the
    page's data: both pages render whole (standings, replay, log lines)
    with every text shown as text, and run nothing of the bots'."""
    records, games = hostile_records(arbiter, work)
    folder = os.path.join(work, "hostile-report")
    run([arbiter, "report", records, "-o", folder])
    browser.open("file://" + os.path.join(folder, "index.html"))
    browser.wait_for(REPORT_READY, "the report")
    # The data and the page's script (the files loaded beside the page
    # leave no element behind).
    check_untouched(browser, 2)
    bots = browser.eval("""[...document.querySelectorAll(
        "table.standings tbody tr")].map(r => r.dataset.bot)""")
    check(sorted(bots) == sorted(HOSTILE_NAMES), f"standings: {bots}")
    text = browser.eval("document.querySelector('table.standings')"
                        ".innerText")
    for name in HOSTILE_NAMES:
        check(name in text, f"{name!r} not shown in the standings: {text!r}")
    check(browser.eval("document.querySelectorAll('table.games tbody tr')"
                       ".length") == len(games), "games listed")
    game = browser.eval("document.querySelector('table.games tbody tr')"
                        ".dataset.game")
    browser.click(f"tr[data-game='{game}'] a.replay-link")
    browser.wait_for("window.report.viewer !== null", "the replay")
    shown = browser.eval("document.querySelector('.viewer').innerText")
    check(HOSTILE_NAMES[0] in shown and HOSTILE_NAMES[1] in shown,
          f"the viewer does not name the bots: {shown[:500]!r}")
    logs = browser.eval("(document.querySelector('.bot-logs') || "
                        "{innerText: ''}).innerText")
    for line in HOSTILE_LOG:
        check(line in logs, f"{line!r} not among the log lines: {logs!r}")
    check_untouched(browser, 2)

    replay = os.path.join(work, "hostile-game.html")
    run([arbiter, "replay", records, "--game", game, "--html", "-o", replay])
    browser.open("file://" + replay)
    browser.wait_for("window.viewer !== undefined", "the viewer")
    check(browser.eval("document.querySelectorAll('.seat').length") == 2,
          "two seats")
    shown = browser.eval("document.body.innerText")
    check(HOSTILE_NAMES[1] in shown and "onerror" in shown,
          f"the viewer does not show the texts: {shown[:500]!r}")
    browser.key("End")
    check(browser.eval("window.viewer.position") ==
          browser.eval("window.viewer.positions") - 1, "End")
    check_untouched(browser, 2)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("arbiter")
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--keep", help="write this run's screenshots here")
    parser.add_argument("--bot-python",
                        help="a Python with the SDK (zetema_bot), to run "
                             "bots that log (else that part is skipped)")
    args = parser.parse_args()
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        print("SKIP: no chromium (scripts/setup installs it)")
        return 77
    arbiter = os.path.abspath(args.arbiter)
    work = tempfile.mkdtemp(prefix="report_browser_")
    keep = args.keep or work  # this run's screenshots, kept on failure
    os.makedirs(keep, exist_ok=True)
    browser = Browser(os.path.join(work, "profile"))
    try:
        screens = Screens(browser, args.update, keep)
        test_report(browser, screens, arbiter, work)
        test_replay_page(browser, arbiter, work)
        test_pontoon(browser, arbiter, work)
        test_scotch_whist(browser, arbiter, work)
        test_hostile_texts(browser, arbiter, work)
        test_swiss(browser, arbiter, work)
        if args.bot_python:
            test_bot_logs(browser, arbiter, work, args.bot_python)
        else:
            print("bot logs: skipped (no --bot-python)")
    except (Failure, subprocess.CalledProcessError) as e:
        detail = getattr(e, "stderr", "") or ""
        print(f"FAIL: {e} {detail}", file=sys.stderr)
        return 1
    finally:
        browser.close()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
