"""Drives the page in headless Chromium through chromedriver's WebDriver HTTP API
(Python's standard library only), served by web/serve.py's handler on 127.0.0.1.
Everything is bounded in time and stops by itself.

    python3 web/browser.py test --dist web/dist --replay target/release/examples/replay \\
        --shots target/web-screenshots
    python3 web/browser.py measure --dist web/dist

`test` plays a whole game of each of the five games with the keyboard alone and checks
every position the page showed against the library's replay of the same moves (the
repository's `replay` example); then the defects each case is named after, the page's
panels, the rules pages and the page offline. axe-core (web/node_modules, `npm ci`)
checks every state the cases reach: any violation fails. Any console error fails.
Screenshots at 1280×900 and 390×844 go to --shots.
"""

import argparse
import base64
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve as site  # noqa: E402 - the documented server's handler

DEADLINE = time.monotonic() + 1500  # the whole run, whatever happens
HERE = os.path.dirname(os.path.abspath(__file__))
KEY = {
    "Enter": "\ue007", "Tab": "\ue004", "Escape": "\ue00c", "Space": " ",
    "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
    "Home": "\ue011", "End": "\ue010", "Shift": "\ue008",
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Handler(site.Handler):
    def parse_request(self):
        # Once stopped, a connection the browser opened ahead (a preconnect, accepted
        # before the stop) is closed unanswered, as a stopped server's would be.
        return super().parse_request() and not getattr(self.server, "stopped", False)


def stop(server):
    """Stops the server for good (the offline cases)."""
    server.stopped = True
    server.shutdown()
    server.server_close()


def serve(dist):
    server = site.server(dist, 0, Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/index.html"


class Browser:
    """A headless Chromium session through chromedriver."""

    def __init__(self, width=1280, height=900):
        self.port = free_port()
        driver = os.environ.get("CHROMEDRIVER", "chromedriver")
        self.proc = subprocess.Popen(
            [driver, f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(100):
            try:
                if self.call("GET", "/status")["ready"]:
                    break
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                        "args": [
                            "--headless=new",
                            "--no-sandbox",
                            "--disable-gpu",
                            "--disable-dev-shm-usage",
                            f"--window-size={width},{height}",
                        ],
                    },
                    "goog:loggingPrefs": {"browser": "ALL"},
                }
            }
        }
        self.session = self.call("POST", "/session", caps)["sessionId"]
        self.axe_states = 0

    def call(self, method, path, body=None, timeout=120):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.read().decode()[:500]}") from None

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def go(self, url):
        self.s("POST", "/url", {"url": url})
        self.wait("return document.body.dataset.ready === 'true'", what="the page to start")

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        return self.s("POST", "/execute/async", {"script": script, "args": list(args)})

    def cdp(self, cmd, params=None):
        return self.s("POST", "/goog/cdp/execute", {"cmd": cmd, "params": params or {}})

    def find(self, css):
        found = self.s("POST", "/elements", {"using": "css selector", "value": css})
        return [next(iter(e.values())) for e in found]

    def click(self, css):
        els = self.find(css)
        if not els:
            raise AssertionError(f"nothing to click at {css}")
        self.s("POST", f"/element/{els[0]}/click", {})

    def type(self, css, text):
        (e,) = self.find(css)
        self.s("POST", f"/element/{e}/clear", {})
        self.s("POST", f"/element/{e}/value", {"text": text})

    def keys(self, *names):
        """Presses keys (names of KEY, or characters) on the focused element."""
        actions = []
        for n in names:
            k = KEY.get(n, n)
            actions += [{"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]
        self.s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})

    def focused(self):
        return self.js(
            "const e = document.activeElement; if (!e) return null;"
            "return {id: e.id, tag: e.tagName.toLowerCase(), cls: e.getAttribute('class') || '',"
            " player: e.dataset ? e.dataset.player : null, pit: e.dataset ? e.dataset.pit : null,"
            " move: e.dataset ? e.dataset.move : null}"
        )

    def size(self, width, height):
        self.s("POST", "/window/rect", {"width": width, "height": height})
        self.wait(f"return Math.abs(window.innerWidth - {width}) < 40", what="the window's size", seconds=10)
        time.sleep(0.3)  # the page redraws the board for the new width

    def wait(self, condition, what, seconds=120):
        end = min(time.monotonic() + seconds, DEADLINE)
        while time.monotonic() < end:
            if self.js(condition):
                return
            time.sleep(0.03)
        raise AssertionError(f"timed out waiting for {what}")

    def console_errors(self):
        logs = self.s("POST", "/se/log", {"type": "browser"})
        return [entry["message"] for entry in logs if entry["level"] == "SEVERE"]

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))

    def close(self):
        try:
            self.s("DELETE", "")
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# ---- axe-core --------------------------------------------------------------------

AXE = os.path.join(HERE, "node_modules", "axe-core", "axe.min.js")


def axe(b, where):
    """axe-core on the page as it is now: no violation (WCAG 2.2 A and AA, and axe's
    best practices)."""
    if not b.js("return !!window.axe"):
        with open(AXE) as f:
            b.js(f.read() + "; return true;")
    result = b.js_async(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'tag', values:"
        " ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})"
        ".then(r => done(r.violations.map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ': ' + n.failureSummary)}))))"
        ".catch(e => done([{id: 'axe-error', help: String(e), nodes: []}]));"
    )
    b.axe_states += 1
    assert not result, f"axe, {where}: {json.dumps(result, indent=1)}"


# ---- the page's parts ----------------------------------------------------------------


def board(b):
    return b.js(
        "const s = document.getElementById('board').dataset;"
        "return {notation: s.notation, status: s.status, to_move: s.toMove, moves: s.moves, ply: s.ply,"
        " thinking: document.body.dataset.thinking, sowing: document.body.dataset.sowing,"
        " message: document.getElementById('message').textContent,"
        " turn: document.getElementById('turn').textContent,"
        " result: document.getElementById('result').textContent};"
    )


PLY_TEXTS = ("return [...document.querySelectorAll('#movelist button.ply')].map(x => [...x.childNodes]"
             ".filter(n => !(n.classList && n.classList.contains('sr-only'))).map(n => n.textContent).join(''))")


def idle(b, seconds=300):
    b.wait(
        "return document.body.dataset.thinking === 'false' && document.body.dataset.sowing !== 'true'",
        what="the engine's move",
        seconds=seconds,
    )


def close_dialogs(b):
    b.js("for (const d of document.querySelectorAll('dialog[open]')) d.close('close');")


def new_game(b, variant, level="alphabeta:3", human="S", speed="0", match=False, wait=True):
    """Starts a game through the New game panel (by clicks)."""
    close_dialogs(b)
    b.click("#new-open")
    b.wait("return document.getElementById('new-game').open", what="the New game panel", seconds=10)
    b.js(
        "document.getElementById('variant-text').value = '';"
        "document.getElementById('match').checked = arguments[0];", match
    )
    b.click(f'#variant option[value="{variant}"]')
    b.click(f'#human option[value="{human}"]')
    b.click(f'#level option[value="{level}"]')
    b.click("#new")
    b.wait("return !document.getElementById('new-game').open", what="the panel to close", seconds=10)
    b.click(f'#speed option[value="{speed}"]')
    if wait:
        idle(b)


def speed(b, value):
    b.click(f'#speed option[value="{value}"]')


def paste(b, position):
    open_analysis(b)
    b.type("#paste", position)
    b.click("#set")


def open_analysis(b):
    if b.js("return document.getElementById('analysis').hidden"):
        b.click("#analysis-open")


def legal_pits(b, side="S"):
    return b.js(
        f"return [...document.querySelectorAll('#board .pit.legal[data-player=\"{side}\"]')]"
        ".map(g => g.dataset.pit)"
    )


def viewport(b, width, height, mobile=False):
    """The page's viewport at exactly `width`×`height` CSS pixels (a phone's: `mobile`)."""
    b.cdp("Emulation.setDeviceMetricsOverride",
          {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    # (A phone's page wider than the screen would widen the layout: the phone case
    # checks that nothing does.)
    b.wait(f"return window.outerWidth === {width} || window.innerWidth >= {width}", what="the viewport's size", seconds=10)
    time.sleep(0.3)  # the page redraws the board for the new width


def desktop(b):
    viewport(b, 1280, 900)


def shot(b, shots, name, show=None):
    """Screenshots of the page as it is, at a desktop's size (1280×900) and a phone's
    (390×844); `show`, a selector, is scrolled into view first (on a phone the panels
    sit below the board)."""
    if not shots:
        return
    try:
        for width, height, tag in [(1280, 900, "desktop"), (390, 844, "phone")]:
            viewport(b, width, height, mobile=tag == "phone")
            if show:
                b.js("document.querySelector(arguments[0]).scrollIntoView({block: arguments[1]})",
                     show, "start" if tag == "phone" else "nearest")
                time.sleep(0.2)
            b.screenshot(os.path.join(shots, f"{name}-{tag}.png"))
            if tag == "phone":
                wide = b.js("return document.documentElement.scrollWidth")
                assert wide <= width, f"{name}: the page is {wide} px wide on a phone"
    finally:
        desktop(b)
        if show:
            b.js("window.scrollTo(0, 0)")


def replay(replay_bin, game, moves):
    out = subprocess.run(
        [replay_bin, game, *moves], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    return [line.split("\t") for line in out.splitlines()]


def check_against_replay(b, replay_bin, game):
    shown = b.js("return window.__shown")
    moves = shown[-1]["moves"].split()
    lines = replay(replay_bin, game, moves)
    assert len(lines) == len(moves), (len(lines), len(moves))
    plies = {s["ply"] for s in shown}
    assert plies == set(range(len(moves) + 1)), f"{game}: plies not all shown: {sorted(plies)}"
    for s in shown:
        k = s["ply"]
        if k == 0:
            continue
        move, notation, _status = lines[k - 1]
        assert s["moves"].split()[k - 1] == move, (game, k, s["moves"], move)
        assert s["notation"] == notation, f"{game} ply {k}: page {s['notation']!r}, library {notation!r}"
    assert lines[-1][2].split()[0] in ("over", "annulled"), lines[-1]
    return len(moves), lines[-1][2]


# ---- the keyboard alone ---------------------------------------------------------------


def tab_to(b, test, what, limit=40, back=False):
    """Presses Tab (Shift+Tab) until `test(focused)` holds."""
    for _ in range(limit):
        f = b.focused()
        if f and test(f):
            return f
        if back:
            b.s("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": KEY["Shift"]}, {"type": "keyDown", "value": KEY["Tab"]},
                {"type": "keyUp", "value": KEY["Tab"]}, {"type": "keyUp", "value": KEY["Shift"]}]}]})
        else:
            b.keys("Tab")
    raise AssertionError(f"Tab never reached {what}: {b.focused()}")


def choose_by_keys(b, select_id, value):
    """A focused <select> set to `value` with the arrow keys."""
    f = b.focused()
    assert f["id"] == select_id, f
    b.keys("Home")
    for _ in range(60):
        if b.js(f"return document.getElementById('{select_id}').value") == value:
            return
        b.keys("ArrowDown")
    raise AssertionError(f"{select_id}: no option {value}")


def new_game_by_keys(b, variant, level="greedy", human="S"):
    close_dialogs(b)
    b.keys("n")  # the page's key for New game
    b.wait("return document.getElementById('new-game').open", what="the New game panel", seconds=10)
    choose_by_keys(b, "variant", variant)
    tab_to(b, lambda f: f["id"] == "human", "You play")
    choose_by_keys(b, "human", human)
    tab_to(b, lambda f: f["id"] == "level", "the level")
    choose_by_keys(b, "level", level)
    tab_to(b, lambda f: f["id"] == "new", "Start")
    b.keys("Enter")
    b.wait("return !document.getElementById('new-game').open", what="the panel to close", seconds=10)
    idle(b)


def pit_places(b):
    """Each pit's place on the board as drawn: (player, pit) -> (x, y)."""
    rows = b.js(
        "return [...document.querySelectorAll('#board g.pit')].map(g => {"
        " const m = /translate\\(([-\\d.]+),([-\\d.]+)\\)/.exec(g.getAttribute('transform'));"
        " return [g.dataset.player, g.dataset.pit, Number(m[1]), Number(m[2])]; })"
    )
    return {(p, i): (x, y) for p, i, x, y in rows}


def keys_to(b, target):
    """The arrow keys from the focused pit to `target` (player, pit), as the page moves
    focus: up and down along a column, left and right along a row."""
    f = b.focused()
    assert f and f["player"] is not None, f"no pit focused: {f}"
    places = pit_places(b)
    xs = sorted({x for x, _ in places.values()})
    ys = sorted({y for _, y in places.values()})
    x0, y0 = places[(f["player"], f["pit"])]
    x1, y1 = places[target]
    dr = ys.index(y1) - ys.index(y0)
    dc = xs.index(x1) - xs.index(x0)
    return ["ArrowDown" if dr > 0 else "ArrowUp"] * abs(dr) + ["ArrowRight" if dc > 0 else "ArrowLeft"] * abs(dc)


def play_by_keys(b, variant, rng, max_plies=3000):
    """A whole game against the engine with the keyboard alone: Tab to the board, the
    arrow keys to a legal pit (chosen at random), Enter; Omweso's choices by the arrow
    keys and Enter too."""
    new_game_by_keys(b, variant)
    tab_to(b, lambda f: f["player"] is not None, "the board")
    # Moves shown at once: the sowing's speed, after the board in the Tab order.
    tab_to(b, lambda f: f["id"] == "speed", "the sowing's speed")
    b.keys("Home")
    tab_to(b, lambda f: f["player"] is not None, "the board", back=True)
    for _ in range(max_plies):
        idle(b)
        st = board(b)
        if st["status"] != "ongoing":
            b.wait("return document.getElementById('ending').open", what="the ending's dialog", seconds=20)
            f = b.focused()
            assert f["id"] in ("again", "next"), f"the dialog's button is not focused: {f}"
            b.keys("Escape")
            return st
        assert st["to_move"] == "S", st
        pits = legal_pits(b)
        assert pits, f"no legal pit marked: {st}"
        target = ("S", rng.choice(pits))
        f = b.focused()
        if not f or f["player"] is None:
            raise AssertionError(f"the board lost the focus: {f}")
        b.keys(*keys_to(b, target), "Enter")
        f = b.focused()
        if f and f["move"]:
            # The moves of one pit, offered on the board: the arrow keys pick one.
            n = rng.randrange(b.js("return document.querySelectorAll('#board g.choice').length"))
            b.keys(*(["ArrowRight"] * n), "Enter")
            tab_to(b, lambda f: f["player"] is not None, "the board", back=True) if not b.focused()["player"] else None
    raise AssertionError(f"{variant}: no end after {max_plies} plies")


# ---- rules pages -------------------------------------------------------------------


def rule_label(docs, game, rule):
    """The bold label of a rule as docs/ writes it (rulings.md's section of the game, or
    the game's own page): the rules pages must show it under the anchor #rule-<rule>."""
    if rule.startswith("K"):
        text, pattern = open(os.path.join(docs, f"{game}.md")).read(), rf"\*\*({rule}\. [^*]+)\*\*"
    else:
        name = {"urim": "Urim", "omweso": "Omweso", "rio-kadalis": "Rio Kadalis", "oware": None}[game]
        if name is None:
            text, pattern = open(os.path.join(docs, f"{game}.md")).read(), rf"\n{rule}\. \*\*([^*]+)\*\*"
        else:
            text = open(os.path.join(docs, "rulings.md")).read().split(f"\n## {name}", 1)[1].split("\n## ", 1)[0]
            pattern = rf"\n{rule}\. \*\*([^*]+)\*\*"
    return re.search(pattern, text).group(1)


def open_rules(b, link_css):
    """Clicks a link to a rules page (it opens a tab) and switches to that tab."""
    before = b.s("GET", "/window/handles")
    b.click(link_css)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        new = [h for h in b.s("GET", "/window/handles") if h not in before]
        if new:
            b.s("POST", "/window", {"handle": new[0]})
            b.wait("return document.readyState === 'complete' && !!document.body.dataset.game"
                   " && document.body.dataset.diagrams === 'ready'", what="the rules page and its diagrams")
            return before[0]
        time.sleep(0.05)
    raise AssertionError(f"{link_css} opened no page")


API_WORDS = re.compile(r"::|\bperft\b|allocation|Setup::|Ending::|\bserde\b|FromStr|--from|\bcrate\b|\.rs\b", re.I)


def check_rules_page(b, docs, game, rules):
    """The open tab is the rules page of `game`: How to play first, with diagrams drawn by
    the page's board from real positions; each of `rules` under its anchor with the label
    docs/ gives it; no API names; no link out of the site's files."""
    shown = b.js("return document.body.dataset.game")
    assert shown == game, (shown, game)
    first = b.js("return document.querySelector('main h2').textContent")
    assert first == "How to play", first
    figures = b.js(
        "return [...document.querySelectorAll('figure.diagram')].map(f =>"
        " [f.querySelectorAll('svg g.pit').length, f.querySelector('figcaption').textContent])"
    )
    assert len(figures) >= 3 and all(n > 0 for n, _ in figures), figures
    for rule in rules:
        text = b.js(f"const e = document.getElementById('rule-{rule}'); return e && e.textContent")
        label = rule_label(docs, game, rule)
        assert text and f"rule {rule}" in text and label in " ".join(text.split()), (rule, label, text)
    words = b.js("return document.body.innerText")
    bad = API_WORDS.findall(words)
    assert not bad, f"{game}: API names on a player's page: {bad}"
    links = b.js(
        "return [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))"
        ".filter(h => /\\.md($|#)|\\.\\.\\/crates|\\.rs$/.test(h))"
    )
    assert not links, f"links out of the site: {links}"
    axe(b, f"the rules page of {game}")
    return len(figures)


def back_to_game(b, handle):
    b.s("DELETE", "/window")
    b.s("POST", "/window", {"handle": handle})


# ---- positions ---------------------------------------------------------------------

# South's f (2 seeds) makes North's a and b 3 each: both captured (Urim rule 4).
URIM_CAPTURE = "3,3,3,3,3,2/2,2,3,3,3,3 3-0 S"
OMWESO_SPLIT = "0,0,0,0,0,0,0,0/3,4,4,4,4,4,4,5/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0"
# A paused turn (rule 5): South decides how pit a's seeds go on (web/tests/table.rs found it).
OMWESO_PAUSED = "0,3,1,2,1,2,0,1/0,0,0,0,1,0,0,2/2,0,8,1,6,1,6,0/1,2,11,4,2,1,1,3 S snc 1-2 a+2:r"
# South's best move at depth 3 is the reverse j- (a win in 3 plies), found by a search of
# random games with the library's engine.
OMWESO_REVERSE = "0,0,0,1,1,1,3,1/0,5,5,5,1,0,2,7/0,0,0,0,1,2,2,0/0,5,5,0,2,1,7,7 S sn 0-0"
# Kalah: South's f (1 seed) ends the game (K5): South 25, North 20 + 3 = 23.
KALAH_LAST = "0,0,0,0,0,1/0,0,0,0,1,2 24-20 S"
# Urim: North has no seeds to move (rule 5); South takes the 4 left, 30 to 6.
URIM_STARVED = "1,0,0,0,0,3/0,0,0,0,0,0 26-6 N"
# Oware: South's f captures North's a (2): 25 of 48 in South's store ends the game
# (rule 6); North adds its 5, 25 to 23.
OWARE_LAST = "0,0,0,0,0,1/1,0,0,0,0,5 23-18 S"
# Rio Kadalis: North has no stone to move (rule 4): South 20 + 1, North 27.
KADALIS_OVER = "0,0,0,0,0,1/0,0,0,0,0,0 20-27 N"

# Perfect play, as the native `solve` example proves it another way (Kalah: its proof
# search over databases of fewer seeds than the position has, `solve kalah --from P
# --memory --max-seeds 5 --moves`, a move's value the best of its turns; Urim and Oware:
# `solve urim --from P --memory --max-seeds 10`, its search with history): the position,
# South's final margins [lowest, highest], and each move's for the player to move.
PERFECT = [
    ("kalah pits=6 seeds=4", "0,1,0,2,0,1/1,0,0,3,0,0 20-20 S", "6,6",
     {"b": "6,6", "d": "-2,-2", "f": "6,6"}),
    ("kalah pits=6 seeds=4", "2,0,3,0,1,0/0,2,1,0,2,1 18-18 N", "-4,-4",
     {"b": "4,4", "c": "4,4", "e": "4,4", "f": "4,4"}),
    ("kalah pits=6 seeds=4", "1,0,0,0,2,1/0,3,1,1,0,0 20-19 S", "-2,-2",
     {"a": "-2,-2", "e": "-4,-4", "f": "-2,-2"}),
    ("urim pits=6 seeds=3", "0,2,0,1,0,1/1,0,2,0,1,0 13-15 S", "6,6", {}),
    ("urim pits=7 seeds=3", "0,1,0,2,0,1,1/1,0,0,3,0,0,0 14-19 S", "4,4", {}),
    ("oware seeds=4", "0,1,0,2,0,1/1,0,0,3,0,0 20-20 S", "8,8", {"f": "8,8"}),
    ("oware seeds=4", "0,0,2,1,0,0/1,0,1,0,2,0 19-22 N", "0,0", {}),
]
# Urim: the databases' bounds do not meet, and solve's search with history cannot narrow
# them (`solve urim --from P --memory --max-seeds 10`: "not proven: the value for South
# is between 2 and 6"): the page says the same two bounds, as bounds.
URIM_BOUNDED = ("0,1,2,1,0,1/0,1,0,0,0,0 15-15 S", (2, 6))
# The sha256 of the files `solve` writes, in seed order (`solve kalah --max-seeds 12
# --db DIR --nodes 1` (the start's proof cut at once), `solve urim --max-seeds 10 --db
# DIR`, `solve urim --pits 7 --max-seeds 9 --db DIR`, `solve oware --max-seeds 10 --db
# DIR`; `cat DIR/<name>-*.db | sha256sum`): the page keeps the same bytes.
SOLVE_FILES = {
    "kalah-pits_6_capture_opposite-seeds_ending_any-side-empty": (12, "219b7ba65b8da85d96ead295e70ee549a69ae7db525865296b89c558d84bc4d7"),
    "urim-pits_6_cap_17": (10, "fb9dc392686ce6cfb198375b5acc83054b3971b5912eb3545600b0b4be5bc8d1"),
    "urim-pits_7_cap_17": (9, "06de12613b898277feb3f8aaf2276e49ffc071e25d5a1c80409d62dbd41cf31e"),
    "oware-pits_6_ending_no-move_repetition_majority_played-on": (10, "2127436ba528ef80752803c1996b2df168bc2211cde68ad491b8016552454b6b"),
}


def perfect_state(b):
    return b.js(
        "const p = document.getElementById('perfect');"
        "return {state: p.dataset.state, south: p.dataset.south, source: p.dataset.source,"
        " build_ms: Number(p.dataset.buildMs), read_ms: Number(p.dataset.readMs),"
        " words: document.getElementById('perfect-value').textContent,"
        " status: document.getElementById('perfect-status').textContent,"
        " moves: Object.fromEntries([...document.querySelectorAll('#perfect-moves tbody tr')]"
        "  .map(r => [r.dataset.move, r.dataset.value]))};"
    )


def perfect_answer(b, seconds=60):
    b.wait("return !['working', ''].includes(document.getElementById('perfect').dataset.state)",
           what="perfect play", seconds=seconds)
    return perfect_state(b)


def stored_sha256(b, name, seeds):
    """The sha256 of the database files the page keeps in IndexedDB, in seed order."""
    return b.js_async(
        "const [name, seeds, done] = arguments;"
        "const open = indexedDB.open('mancala-databases');"
        "open.onerror = () => done('no storage');"
        "open.onsuccess = async () => {"
        " const store = open.result.transaction('files').objectStore('files');"
        " const parts = await Promise.all([...Array(seeds + 1).keys()].map((s) => new Promise((ok) => {"
        "  const r = store.get(`${name}-${String(s).padStart(2, '0')}.db`);"
        "  r.onsuccess = () => ok(r.result); r.onerror = () => ok(null); })));"
        " open.result.close();"
        " if (parts.some((p) => !p)) { done('missing: ' + parts.map((p) => !!p)); return; }"
        " const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));"
        " let at = 0; for (const p of parts) { all.set(p, at); at += p.length; }"
        " const h = new Uint8Array(await crypto.subtle.digest('SHA-256', all));"
        " done([...h].map((x) => x.toString(16).padStart(2, '0')).join(''));"
        "};",
        name, seeds,
    )


# ---- the test -----------------------------------------------------------------------


def test(args):
    server, url = serve(args.dist)
    b = Browser()
    passed = failed = 0
    rng = random.Random(7)
    shots = args.shots
    if shots:
        os.makedirs(shots, exist_ok=True)

    def case(name, f):
        nonlocal passed, failed
        if args.only and not any(o in name for o in args.only):
            return
        t = time.monotonic()
        try:
            detail = f()
            passed += 1
            print(f"ok   {name} ({time.monotonic() - t:.1f} s){': ' + str(detail) if detail else ''}", flush=True)
        except Exception as e:  # noqa: BLE001 - report every case
            failed += 1
            print(f"FAIL {name}: {e}", flush=True)
            close_dialogs(b)
        errors = b.console_errors()
        if errors:
            failed += 1
            print(f"FAIL {name}: console errors: {errors}", flush=True)

    try:
        desktop(b)
        b.go(url)
        first = b.js("return window.__timings.first_board_ms")
        print(f"first board drawn {first:.0f} ms after the navigation began", flush=True)

        def start():
            axe(b, "the start")
            shot(b, shots, "start")
            labels = b.js("return [...document.querySelectorAll('#variant option')].map(o => o.textContent)")
            assert "Kalah — 6 pits, 4 seeds" in labels and "Urim — 7 pits, 3 seeds" in labels, labels
            assert not any("=" in label for label in labels), labels
            levels = b.js("return [...document.querySelectorAll('#level option')].map(o => o.textContent)")
            assert levels[0] == "Beginner" and "Master" in levels, levels
            # The spec behind a level is said in the analysis panel only.
            assert "alphabeta" not in b.js("return document.getElementById('play').innerText")
            return f"{len(labels)} variants, levels {', '.join(levels)}"

        case("the start: the New game panel names variants and levels for players", start)

        for variant, game in [
            ("urim pits=6 seeds=3", "urim"),
            ("omweso", "omweso"),
            ("rio-kadalis pits=6", "rio-kadalis"),
            ("oware seeds=4", "oware"),
            ("kalah pits=6 seeds=4", "kalah"),
        ]:
            def whole(variant=variant, game=game):
                play_by_keys(b, variant, rng)
                plies, end = check_against_replay(b, args.replay, game)
                st = board(b)
                assert st["result"] and "the game goes on" not in st["result"], st
                return f"{plies} plies, {end}; the page: {st['result']}"

            case(f"a whole game of {game} with the keyboard alone", whole)

        # ---- the defects ----

        def menu_follows():
            # 1a: a Kalah game file opened while Urim is shown.
            new_game(b, "kalah pits=6 seeds=4", human="both")
            b.click('#board .pit[data-player="S"][data-pit="2"]')
            b.click('#board .pit[data-player="S"][data-pit="5"]')
            idle(b)
            open_analysis(b)
            b.click("#save")
            text = b.js("return window.__lastFile")
            new_game(b, "urim pits=6 seeds=3")
            with tempfile.NamedTemporaryFile("w", suffix=".mgn", delete=False) as f:
                f.write(text)
            try:
                (inp,) = b.find("#open")
                b.s("POST", f"/element/{inp}/value", {"text": f.name})
                b.wait("return document.getElementById('board').dataset.moves.startsWith('c f')",
                       what="the opened file", seconds=20)
            finally:
                os.unlink(f.name)
            menu = b.js("return document.getElementById('variant').value")
            assert menu == "kalah pits=6 seeds=4", menu
            # 1b: a Kalah position pasted is read as Kalah (8 pits, 5 seeds: its own sizes).
            paste(b, "5,5,5,5,5,5,5,5/5,5,5,5,5,5,5,5 0-0 S")
            st = board(b)
            assert st["notation"] == "5,5,5,5,5,5,5,5/5,5,5,5,5,5,5,5 0-0 S", st
            assert b.js("return document.getElementById('players').textContent").count("store") == 2
            menu = b.js("const s = document.getElementById('variant'); return [s.value, s.selectedOptions[0].textContent]")
            assert menu == ["kalah pits=8 seeds=5", "Kalah — 8 pits, 5 seeds"], menu
            # 1c: New game starts the game shown.
            b.click("#new-open")
            b.click("#new")
            idle(b)
            st = board(b)
            assert st["notation"] == "5,5,5,5,5,5,5,5/5,5,5,5,5,5,5,5 0-0 S" and st["moves"] == "", st
            # A variant typed in the panel is the game shown, and the menu says so.
            close_dialogs(b)
            b.click("#new-open")
            b.click("#custom summary")
            b.type("#variant-text", "kalah pits=3 seeds=2")
            b.click("#new")
            idle(b)
            menu = b.js("const s = document.getElementById('variant'); return [s.value, s.selectedOptions[0].textContent]")
            assert menu == ["kalah pits=3 seeds=2", "Kalah — 3 pits, 2 seeds"], menu
            axe(b, "a typed variant")
            return menu[1]

        case("defect 1: the Game menu follows the game shown (a file, a paste, a typed variant)", menu_follows)

        def hint_clears():
            new_game(b, "oware seeds=4", human="S")
            b.click("#hint")
            idle(b)
            assert b.js("return document.getElementById('message').textContent").startswith("Hint: play"), board(b)
            assert b.find("#board .pit.hint"), "the hinted pit is not marked"
            axe(b, "a hint")
            b.click('#board .pit.legal[data-player="S"]')
            idle(b)
            assert b.js("return document.getElementById('message').textContent") == "", board(b)
            assert not b.find("#board .pit.hint")
            # The engine's line belongs to its position: gone after Undo.
            open_analysis(b)
            b.click("#evaluate")
            b.wait("return document.getElementById('engine-info').textContent.includes('nodes')", what="the evaluation")
            b.click("#undo")
            idle(b)
            assert b.js("return document.getElementById('engine-info').textContent") == "", "stale engine line"
            # And at the end of a game, no hint is left.
            paste(b, OWARE_LAST)
            b.click("#hint")
            idle(b)
            b.click('#board .pit[data-player="S"][data-pit="5"]')
            idle(b)
            close_dialogs(b)
            assert b.js("return document.getElementById('message').textContent") == "", board(b)

        case("defect 2: the hint clears after the move and at the end; the engine's line after Undo", hint_clears)

        def omweso_hint():
            new_game(b, "omweso", human="both")
            paste(b, OMWESO_REVERSE)
            b.click("#hint")
            idle(b)
            msg = b.js("return document.getElementById('message').textContent")
            assert "j-" in msg, msg
            assert b.find('#board .pit.hint[data-pit="9"] .hint-arrow'), "the hint's direction is not drawn"
            b.click('#board .pit[data-player="S"][data-pit="9"]')
            assert b.js("return document.getElementById('message').textContent") == msg, "the hint was cleared"
            hinted = b.js("return [...document.querySelectorAll('#board g.choice.hint')].map(g => g.dataset.move)")
            assert hinted == ["j-"], hinted
            assert b.find('#choices button.hint[data-move="j-"]')
            axe(b, "Omweso's choices with a hint")
            shot(b, shots, "omweso-decision")
            b.click('#board g.choice[data-move="j-"]')
            idle(b)
            st = board(b)
            lines = replay(args.replay, "omweso", ["--from", OMWESO_REVERSE, "j-"])
            assert st["notation"] == lines[0][1], (st, lines)
            return msg

        case("defect 3: an Omweso hint keeps its direction when its pit is clicked", omweso_hint)

        def final_sweep():
            for variant, position, last, totals in [
                ("kalah pits=6 seeds=4", KALAH_LAST, "5", [25, 23]),
                ("oware seeds=4", OWARE_LAST, "5", [25, 23]),
            ]:
                new_game(b, variant, human="both", speed="40")
                paste(b, position)
                b.click(f'#board .pit[data-player="S"][data-pit="{last}"]')
                b.wait("return document.getElementById('ending').open", what="the ending's dialog", seconds=30)
                stores = b.js("return [...document.querySelectorAll('#board g.store')].map(g => [g.dataset.player, Number(g.dataset.count)])")
                pits = b.js("return [...document.querySelectorAll('#board g.pit')].map(g => Number(g.dataset.count))")
                said = b.js("return document.getElementById('ending-totals').textContent")
                m = re.search(r"South (\d+) seeds, North (\d+) seeds", said)
                assert m, said
                shown = {p: n for p, n in stores}
                assert [shown["S"], shown["N"]] == [int(m.group(1)), int(m.group(2))], (stores, said)
                if totals:
                    assert [shown["S"], shown["N"]] == totals, stores
                assert sum(pits) == 0, pits
                axe(b, f"the ending's dialog of {variant}")
            shot(b, shots, "ending")
            close_dialogs(b)
            speed(b, "0")
            return said

        case("defect 4: at the end the board shows the final sweep, as the totals say", final_sweep)

        def last_move():
            new_game(b, "urim pits=6 seeds=3", human="both")
            paste(b, URIM_CAPTURE)
            b.click('#board .pit[data-player="S"][data-pit="5"]')
            idle(b)
            assert b.find('#board .pit.last-from[data-player="S"][data-pit="5"] .mark'), "the last move is not marked"
            assert b.find('#board .pit.last-end[data-player="N"][data-pit="1"]'), "nor where it ended"
            items = b.js("return [...document.querySelectorAll('#movelist li')].map(li => [li.value, li.innerText])")
            assert len(items) == 1 and items[0][0] == 1 and "f\n×6" in items[0][1], items
            label = b.js("return document.querySelector('#movelist button.ply').textContent")
            assert label == "move 1, South: f ×6, captured 6", label
            b.click('#board .pit.legal[data-player="N"]')
            idle(b)
            items = b.js("return [...document.querySelectorAll('#movelist li')].map(li => li.value)")
            assert items == [1], items
            axe(b, "the move list")
            return label

        case("defect 5: the last move is marked; the move list is numbered, with sides and captures", last_move)

        def extra_turn():
            new_game(b, "kalah pits=6 seeds=4", human="S")
            b.click('#board .pit[data-player="S"][data-pit="2"]')  # c: 4 seeds, the last in the store
            idle(b)
            turn = b.js("return document.getElementById('turn').textContent")
            assert turn == "Extra turn: play again", turn
            said = b.js("return document.getElementById('announce').textContent")
            assert "Extra turn" in said, said
            plies = b.js(PLY_TEXTS)
            assert plies == ["c +"], plies
            return turn

        case("defect 6: a Kalah extra turn is said", extra_turn)

        def omweso_rows():
            new_game(b, "omweso", human="S")
            labels = b.js("return [...document.querySelectorAll('#board text.row-label')].map(t => t.textContent)")
            assert labels == ["North", "outer", "North", "inner", "South", "inner", "South", "outer"], labels
            inside = b.js(
                "return [...document.querySelectorAll('#board g.pit')].every(g => {"
                " const l = document.querySelector(`#board g.pit-text[data-player=\"${g.dataset.player}\"]"
                "[data-pit=\"${g.dataset.pit}\"] text.letter`).getBoundingClientRect();"
                " const c = g.querySelector('rect.hit').getBoundingClientRect();"
                " return l.left >= c.left && l.right <= c.right && l.top >= c.top && l.bottom <= c.bottom; })"
            )
            assert inside, "a pit's letter outside its cell"
            arrows = b.js("return document.querySelectorAll('#board .arrows path').length")
            assert arrows == 4 * 7, arrows
            label = b.js("return document.querySelector('#board g.pit[data-player=\"S\"][data-pit=\"9\"]').getAttribute('aria-label')")
            assert label.startswith("your outer pit j, 4 seeds"), label
            axe(b, "Omweso's board")
            return label

        case("defect 7: Omweso's rows are labelled, letters in their pits, the direction drawn", omweso_rows)

        def stale_header():
            new_game(b, "oware seeds=4", human="S", speed="1000")
            b.click('#board .pit[data-player="S"][data-pit="2"]')
            b.wait("return document.body.dataset.sowing === 'true'", what="the sowing", seconds=10)
            plies = b.js(PLY_TEXTS)
            turn = b.js("return document.getElementById('turn').textContent")
            assert plies == ["c"], plies
            assert turn != "Your move", turn
            # 10: a click while the move is sown is answered.
            b.click('#board .pit[data-player="S"][data-pit="0"]')
            msg = b.js("return document.getElementById('message').textContent")
            assert "still being sown" in msg, msg
            axe(b, "a move being sown")
            shot(b, shots, "in-progress")
            b.click("#skip")
            idle(b)
            speed(b, "0")
            return f"{turn}; {msg}"

        case("defect 8 (and 10): the header and moves follow at once; a click mid-sowing is answered", stale_header)

        def skip_at_once():
            out = []
            for how in ["button", "Escape"]:
                new_game(b, "urim pits=6 seeds=3", human="both", speed="1000")
                paste(b, URIM_CAPTURE)
                b.click('#board .pit[data-player="S"][data-pit="5"]')
                b.wait("return document.body.dataset.sowing === 'true'", what="the sowing", seconds=10)
                time.sleep(0.3)
                if how == "button":
                    # At once: over by the next task after the click's (no step of the
                    # animation, 2 s at "very slow", can come between).
                    ms = b.js_async(
                        "const done = arguments[0];"
                        "document.getElementById('skip').click();"
                        "setTimeout(() => done(document.body.dataset.sowing), 0);"
                    )
                else:
                    b.keys("Escape")
                    # Over by the first script after the key's events (a step is 1 s).
                    left = b.js("return document.body.dataset.sowing")
                    assert left == "false", f"still sowing after Escape: {left}"
                    ms = None
                assert board(b)["sowing"] == "false"
                counts = b.js("return document.querySelector('#board .pit[data-player=\"N\"][data-pit=\"0\"]').dataset.count")
                assert counts == "0", counts
                if ms is not None:
                    assert ms == "false", f"still sowing after the click's task: {ms}"
                    out.append("the button: at once")
                else:
                    out.append("Escape: at once")
            speed(b, "0")
            return ", ".join(out)

        case("defect 9: Skip and Escape end the sowing at once", skip_at_once)

        def engine_turn_click():
            new_game(b, "omweso", human="N", level="alphabeta:2000000n", wait=False)
            b.wait("return document.body.dataset.thinking === 'true'", what="the engine's search", seconds=10)
            b.click('#board .pit[data-player="N"][data-pit="8"]')
            msg = b.js("return document.getElementById('message').textContent")
            assert "is thinking" in msg and board(b)["thinking"] == "true", msg
            idle(b)
            return msg

        case("defect 10: a click during the engine's turn is answered", engine_turn_click)

        def words():
            out = []
            for variant, position, last, want in [
                ("kalah pits=6 seeds=4", KALAH_LAST, "5", "South wins 25 to 23"),
                ("urim pits=6 seeds=3", URIM_STARVED, None, "South wins 2 points, 30 to 6"),
                ("oware seeds=4", OWARE_LAST, "5", "(rule 6)"),
                ("rio-kadalis pits=6", KADALIS_OVER, None, "(rule 4)"),
            ]:
                new_game(b, variant, human="both")
                paste(b, position)
                if last:
                    b.click(f'#board .pit[data-player="S"][data-pit="{last}"]')
                    idle(b)
                close_dialogs(b)
                r = board(b)["result"]
                assert want in r, (want, r)
                assert "wins 1 point" not in r and "stone" not in r and "(rule" in r, r
                href = b.js("const a = document.querySelector('#result a'); return a && a.getAttribute('href')")
                assert href and "#rule-" in href, href
                out.append(r)
            assert "North has no seeds left to play, so South takes the 4 seeds left on the board." in out[1], out[1]
            return " | ".join(out)

        case("defect 11: results in plain words, each with its rule", words)

        def server_compressed():
            assert server.server_address[0] == "127.0.0.1", server.server_address
            sizes = b.js(
                "const e = performance.getEntriesByType('resource').find(r => r.name.endsWith('.wasm'));"
                "return e ? [e.encodedBodySize, e.decodedBodySize] : null"
            )
            if sizes and sizes[0]:
                assert sizes[0] < 600_000 and sizes[0] * 3 < sizes[1], sizes
            # Asked directly: the wasm is sent gzipped, with its type.
            req = urllib.request.Request(url.replace("index.html", "mancala_web_bg.wasm"),
                                         headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(req, timeout=30) as r:
                body = r.read()
                assert r.headers["Content-Encoding"] == "gzip", dict(r.headers)
                assert r.headers["Content-Type"] == "application/wasm", dict(r.headers)
            assert len(body) < 600_000, len(body)
            readme = open(os.path.join(HERE, "README.md")).read()
            assert "python3 web/serve.py" in readme, "web/README.md does not document web/serve.py"
            assert "minutes" in readme.split("build.sh", 1)[1][:600], "web/README.md does not say how long the first build takes"
            return f"the wasm: {len(body)} bytes gzipped" + (f" ({sizes[1]} raw)" if sizes else "")

        case("defect 12: the server sends the wasm gzipped, on 127.0.0.1 alone", server_compressed)

        # ---- what the page is ----

        def on_a_phone(variant):
            """The board of a new game of `variant` at 390×844: its smallest pit (px), its
            counts' size (px), its layout, the page's width, Omweso's row names."""
            viewport(b, 390, 844, mobile=True)
            try:
                new_game(b, variant)
                return b.js(
                    "const svg = document.getElementById('board'); const k = svg.getScreenCTM().a;"
                    "const hits = [...svg.querySelectorAll('g.pit rect.hit')].map(r => r.getBoundingClientRect());"
                    "const count = parseFloat(getComputedStyle(svg.querySelector('text.count')).fontSize) * k;"
                    "return [Math.min(...hits.map(h => Math.min(h.width, h.height))), count, svg.dataset.layout,"
                    " document.documentElement.scrollWidth,"
                    " [...svg.querySelectorAll('text.row-label')].map(t => t.textContent)]"
                )
            finally:
                desktop(b)

        def phone_board():
            out = []
            for variant in ["urim pits=7 seeds=3", "omweso", "kalah pits=6 seeds=4"]:
                pit, count, layout, width, rows = on_a_phone(variant)
                assert pit >= 44 and count >= 14, (variant, pit, count)
                assert width <= 390, f"{variant}: the page scrolls sideways ({width} px)"
                if variant == "omweso":
                    assert len(rows) == 2, rows
                out.append(f"{variant.split()[0]} {pit:.0f} px pits, {count:.1f} px counts, {layout}")
            return "at 390 px: " + "; ".join(out)

        case("the board scales to a phone: 44 px pits, 14 px counts", phone_board)

        def review():
            new_game(b, "kalah pits=6 seeds=4", human="both")
            for pit in ["2", "5", "0"]:
                b.click(f'#board .pit.legal[data-pit="{pit}"]')
                idle(b)
            moves = board(b)["moves"].split()
            b.click('#movelist button.ply[data-ply="1"]')
            lines = replay(args.replay, "kalah", moves)
            shown = b.js("return document.getElementById('notation').value")
            assert shown == lines[0][1], (shown, lines[0])
            assert not b.find("#board .pit.legal"), "a reviewed position is playable"
            assert b.js("return !document.getElementById('review').hidden")
            b.click("#review-next")
            assert b.js("return document.getElementById('notation').value") == lines[1][1]
            axe(b, "review mode")
            b.click("#review-back")
            assert b.js("return document.getElementById('review').hidden")
            assert b.js("return document.getElementById('notation').value") == lines[-1][1]
            return f"{len(moves)} plies reviewed"

        case("each move of the list shows its position (review mode)", review)

        def reverse_on_board():
            new_game(b, "omweso", human="both")
            paste(b, OMWESO_PAUSED)
            turn = b.js("return document.getElementById('turn').textContent")
            assert "decide how pit a's 2 seeds go on" in turn, turn
            b.click('#board .pit[data-player="S"][data-pit="0"]')
            offered = b.js("return [...document.querySelectorAll('#board g.choice')].map(g => [g.dataset.move, g.getAttribute('aria-label')])")
            assert [m for m, _ in offered] == ["a", "a-"], offered
            b.click('#board g.choice[data-move="a-"]')
            idle(b)
            lines = replay(args.replay, "omweso", ["--from", OMWESO_PAUSED, "a-"])
            assert board(b)["notation"] == lines[0][1]
            # The split, offered on the board too.
            paste(b, OMWESO_SPLIT)
            b.click('#board .pit[data-player="S"][data-pit="8"]')
            offered = b.js("return [...document.querySelectorAll('#board g.choice')].map(g => g.dataset.move)")
            assert offered == ["i", "i*"], offered
            b.click('#board g.choice[data-move="i*"]')
            idle(b)
            lines = replay(args.replay, "omweso", ["--from", OMWESO_SPLIT, "i*"])
            assert board(b)["notation"] == lines[0][1]
            return turn

        case("Omweso's reverse and split chosen on the board", reverse_on_board)

        def typed():
            new_game(b, "oware seeds=4", human="both")
            b.type("#typed-move", "z")
            b.click("#typed button")
            msg = b.js("return document.getElementById('message').textContent")
            assert "z" in msg and board(b)["moves"] == "", msg
            b.type("#typed-move", "d")
            b.click("#typed button")
            idle(b)
            assert board(b)["moves"] == "d", board(b)
            return msg

        case("a move typed in the box", typed)

        def analysis():
            new_game(b, "kalah pits=6 seeds=4", human="both")
            open_analysis(b)
            spec = b.js("return document.getElementById('engine-spec').textContent")
            assert "alphabeta" in spec, spec
            b.click("#evaluate")
            b.wait("return !document.getElementById('move-values').hidden", what="the moves' values")
            rows = b.js("return [...document.querySelectorAll('#move-values tbody tr')].map(r => r.textContent)")
            assert len(rows) == 6, rows
            axe(b, "the analysis panel")
            shot(b, shots, "analysis", show="#analysis")
            return f"{spec}; {rows[0]}"

        case("the Analysis panel: the engine's value of the position and of each move", analysis)

        def perfect_play():
            # A fresh page with no databases kept: the first use builds them.
            b.go(url)
            b.js_async("const done = arguments[0]; const r = indexedDB.deleteDatabase('mancala-databases');"
                       "r.onsuccess = r.onerror = r.onblocked = () => done(true);")
            new_game(b, "kalah pits=6 seeds=4", human="both")
            open_analysis(b)
            assert perfect_state(b)["state"] == "seeds", perfect_state(b)  # 48 seeds: nothing built
            assert b.js("return window.__timings.perfect.length") == 0
            # The board plays while the worker builds: a move made at once is shown, and
            # the page answers, before the build ends.
            variant, position, _, _ = PERFECT[0]
            paste(b, position)
            b.click('#board .pit[data-player="S"][data-pit="1"]')
            moved = b.js("return [document.getElementById('board').dataset.ply, performance.now()]")
            assert moved[0] == "1", moved
            b.wait("return window.__timings.perfect.some((e) => e.kind === 'value')", what="the build")
            done = b.js("return window.__timings.perfect.filter((e) => e.kind === 'progress').map((e) => e.t)")
            assert len(done) == 13 and moved[1] < done[-1], f"move at {moved[1]:.0f} ms, the build's steps at {done}"
            first = perfect_answer(b)
            assert first["source"] == "built", first
            built = {"kalah": first["build_ms"]}
            seen = []
            for variant, position, south, moves in PERFECT:
                if variant != b.js("return document.getElementById('variant').value"):
                    new_game(b, variant, human="both")
                paste(b, position)
                p = perfect_answer(b)
                assert p["state"] == "exact" and p["south"] == south, (position, p)
                assert {m: v for m, v in p["moves"].items() if v} == moves or not moves, (position, p["moves"])
                for m, v in moves.items():
                    assert p["moves"][m] == v, (position, m, p["moves"])
                if p["source"] == "built":
                    built[variant.split()[0] + (" 2x7" if "pits=7" in variant else "")] = p["build_ms"]
                seen.append(f"{position}: {p['words']}")
                if variant.startswith("kalah") and position == PERFECT[0][1]:
                    axe(b, "perfect play in the analysis panel")
                    shot(b, shots, "perfect", show="#perfect")
            # Urim's bounds, said as bounds: the two solve gives.
            new_game(b, "urim pits=6 seeds=3", human="both")
            paste(b, URIM_BOUNDED[0])
            p = perfect_answer(b)
            lo, hi = map(int, p["south"].split(","))
            assert p["state"] == "bounds" and (lo, hi) == URIM_BOUNDED[1], p
            assert "not exact, because of the repetition rule (rule 6)" in p["words"], p
            # After a move that captures nothing, the value depends on the positions since.
            paste(b, PERFECT[3][1])
            b.click('#board .pit[data-player="S"][data-pit="1"]')
            p = perfect_answer(b)
            assert p["state"] == "history" and "rule 6" in p["words"], p
            axe(b, "perfect play: Urim's bounds and history")
            # The browser keeps solve's files, byte for byte.
            for name, (seeds, sha) in SOLVE_FILES.items():
                got = stored_sha256(b, name, seeds)
                assert got == sha, f"{name}: {got}"
            # A second visit reads them back from the browser's storage.
            b.go(url)
            new_game(b, "kalah pits=6 seeds=4", human="both")
            open_analysis(b)
            paste(b, PERFECT[0][1])
            again = perfect_answer(b)
            assert again["source"] == "stored" and again["south"] == PERFECT[0][2], again
            assert "kept in this browser (read in" in again["status"], again
            return (f"built in the browser (ms): {built}; read back {again['read_ms']} ms; "
                    f"{len(seen) + 2} positions; files equal to solve's")

        case("perfect play: endgame databases built in the worker, kept in the browser, the values solve proves", perfect_play)

        def ending_dialog():
            new_game(b, "kalah pits=6 seeds=4", human="both")
            paste(b, KALAH_LAST)
            b.click('#board .pit[data-player="S"][data-pit="5"]')
            b.wait("return document.getElementById('ending').open", what="the ending's dialog", seconds=30)
            title = b.js("return document.getElementById('ending-title').textContent")
            link = b.js("return document.querySelector('#ending-how a').getAttribute('href')")
            assert title == "South wins 25 to 23" and link == "rules/kalah.html#rule-K5", (title, link)
            assert b.focused()["id"] == "again"
            b.click("#again")
            idle(b)
            st = board(b)
            assert st["moves"] == "" and st["status"] == "ongoing", st
            return title

        case("the ending's dialog: the winner, the reason, the rule, Play again", ending_dialog)

        def match():
            new_game(b, "urim pits=6 seeds=3", human="S", match=True)
            score = lambda: b.js("return document.getElementById('score').textContent")  # noqa: E731
            assert score().startswith("Match (to 10 points), game 1: South 0 – North 0"), score()
            rng2 = random.Random(5)
            for _ in range(2000):
                idle(b)
                if board(b)["status"] != "ongoing":
                    break
                b.click(f'#board .pit[data-player="S"][data-pit="{rng2.choice(legal_pits(b))}"]')
            b.wait("return document.getElementById('ending').open", what="the ending's dialog", seconds=20)
            after = score()
            assert "game 1" in after, after
            b.click("#next")
            idle(b)
            second = score()
            assert second == after.replace("game 1", "game 2"), (after, second)
            assert board(b)["status"] == "ongoing", board(b)
            return f"{after} → {second}"

        case("a match scores a whole game and goes on to the next", match)

        def installable():
            errors = b.cdp("Page.getInstallabilityErrors")
            assert errors.get("installabilityErrors") == [], errors
            manifest = b.cdp("Page.getAppManifest")
            assert not manifest.get("errors"), manifest
            return "no installability errors"

        case("installable: a web manifest, icons, a service worker", installable)

        def rules_pages():
            seen = []
            # The last game played ended citing its rule: follow it.
            new_game(b, "kalah pits=6 seeds=4", human="both")
            paste(b, KALAH_LAST)
            b.click('#board .pit[data-player="S"][data-pit="5"]')
            idle(b)
            close_dialogs(b)
            home = open_rules(b, "#result a")
            try:
                check_rules_page(b, args.docs, "kalah", ["K5"])
                assert b.js("return location.hash") == "#rule-K5"
            finally:
                back_to_game(b, home)
            seen.append("kalah #rule-K5")
            for variant, game, rules in [
                ("omweso", "omweso", ["1", "7", "9"]),
                ("rio-kadalis pits=5", "rio-kadalis", ["2", "6"]),
                ("oware seeds=4", "oware", ["5", "6"]),
            ]:
                new_game(b, variant)
                home = open_rules(b, "#rules")
                try:
                    n = check_rules_page(b, args.docs, game, rules)
                    if game == "omweso":
                        shot(b, shots, "rules")
                finally:
                    back_to_game(b, home)
                seen.append(f"{game} ({n} diagrams)")
            return ", ".join(seen)

        case("the rules pages: How to play with diagrams, the rulings, no API names", rules_pages)

        def offline():
            assert b.js("return document.body.dataset.offline") == "ready"
            stop(server)
            new_game(b, "rio-kadalis pits=5")
            b.click('#board .pit.legal[data-player="S"]')
            idle(b)
            st = board(b)
            assert len(st["moves"].split()) >= 2 and not st["message"], st
            # A rules page never opened before.
            new_game(b, "urim pits=7 seeds=4")
            home = open_rules(b, "#rules")
            try:
                check_rules_page(b, args.docs, "urim", ["3", "4", "8"])
            finally:
                back_to_game(b, home)

        case("offline: the page, its engine and a rules page never opened, the server stopped", offline)
    finally:
        b.close()
        try:
            server.shutdown()
        except OSError:
            pass
    print(f"axe-core: {b.axe_states} page states checked")
    if shots:
        print(f"screenshots: {shots}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


# ---- measure ------------------------------------------------------------------------


def worker_cpu_ns(root):
    """The CPU time (ns, /proc/<pid>/task/<tid>/schedstat) of the Web Worker threads of
    the browser started under `root` (chromedriver's pid): on a loaded machine the
    search's CPU time says its speed where the wall clock does not. None off Linux."""
    try:
        parents = {}
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    with open(f"/proc/{pid}/stat") as f:
                        parents[int(pid)] = int(f.read().rsplit(")", 1)[1].split()[1])
                except OSError:
                    pass
        mine, grew = {root}, True
        while grew:
            more = {p for p, pp in parents.items() if pp in mine} - mine
            grew = bool(more)
            mine |= more
        total = 0
        for pid in mine:
            for tid in os.listdir(f"/proc/{pid}/task"):
                try:
                    with open(f"/proc/{pid}/task/{tid}/comm") as f:
                        if not f.read().startswith("DedicatedWorker"):
                            continue
                    with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                        total += int(f.read().split()[0])
                except OSError:
                    pass
        return total
    except OSError:
        return None


def measure(args):
    """The page's budgets: the first board drawn, and the engine's nodes/s in its worker
    (from each game's start two searches of --spec by one engine, the hint button; the
    second timed, in wall time and in the worker thread's CPU time)."""
    server, url = serve(args.dist)
    b = Browser()
    try:
        b.go(url)
        t = b.js("return window.__timings")
        print(f"first board drawn {t['first_board_ms']:.0f} ms after the navigation began (the script ran at {t['script_ms']:.0f} ms)")
        nav = b.js("const t = performance.getEntriesByType('navigation')[0]; return t.loadEventEnd")
        print(f"page loaded (load event) {nav:.0f} ms after navigation")
        for variant in ["urim", "omweso", "rio-kadalis", "oware", "kalah"]:
            full = b.js(f"return [...document.querySelectorAll('#variant option')].map(o => o.value).find(v => v.startsWith('{variant}'))")
            b.js(f"const o = document.createElement('option'); o.value = o.textContent = {json.dumps(args.spec)};"
                 "document.getElementById('level').appendChild(o)")
            new_game(b, full, level=args.spec, human="both")
            b.click("#hint")  # the first search also starts the worker's engine
            idle(b)
            cpu = worker_cpu_ns(b.proc.pid)
            b.click("#hint")
            idle(b)
            cpu = worker_cpu_ns(b.proc.pid) - cpu if cpu is not None else None
            r = b.js("const s = window.__timings.searches; return s[s.length - 1]")
            line = f"{variant}\t{args.spec}\t{r['nodes']} nodes\t{r['wall_ms']:.0f} ms\t{r['nodes'] / r['wall_ms']:.0f}k nodes/s"
            if cpu:
                line += f"\tCPU {cpu / 1e6:.0f} ms\t{r['nodes'] / (cpu / 1e6):.0f}k nodes/s"
            print(line)
        errors = b.console_errors()
        if errors:
            print("console errors:", errors)
            return 1
    finally:
        b.close()
        server.shutdown()
    return 0


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["test", "measure"])
    p.add_argument("--dist", default=os.path.join(HERE, "dist"))
    p.add_argument("--replay", default="target/release/examples/replay")
    p.add_argument("--shots", default=None, help="a folder for the screenshots (made if missing)")
    p.add_argument("--only", action="append", help="run only the cases whose name holds this text")
    p.add_argument("--docs", default=os.path.join(HERE, "..", "docs"),
                   help="the docs the rules pages are made from (the test reads the rule labels there)")
    p.add_argument("--spec", default="alphabeta:400000n", help="the engine that measure times")
    args = p.parse_args()
    args.dist = os.path.abspath(args.dist)
    sys.exit({"test": test, "measure": measure}[args.mode](args))


if __name__ == "__main__":
    main()
