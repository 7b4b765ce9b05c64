"""Drives the page in headless Chromium through chromedriver's WebDriver HTTP API
(the standard library only: no selenium to install), served from a local static
server on 127.0.0.1. Everything is bounded in time and stops by itself.

    python3 web/browser.py test --dist web/dist --replay target/release/examples/replay
    python3 web/browser.py screenshots --dist web/dist --out web/screenshots

`test` plays a whole game of each of the five games against the engine through clicks
and compares the position the page showed after every ply with the library's replay
of the same moves (the repo's `replay` example); then an illegal click, undo, a pasted
position, a game file saved and opened, and a match. Any console error fails it.
"""

import argparse
import base64
import functools
import http.server
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

DEADLINE = time.monotonic() + 900  # the whole run, whatever happens


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mgn": "text/plain",
    }

    def log_message(self, *args):
        pass

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
    port = free_port()
    handler = functools.partial(Quiet, directory=dist)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{port}/index.html"


class Browser:
    """A headless Chromium session through chromedriver."""

    def __init__(self):
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
                            "--window-size=1280,1100",
                        ],
                    },
                    "goog:loggingPrefs": {"browser": "ALL"},
                }
            }
        }
        self.session = self.call("POST", "/session", caps)["sessionId"]

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

    def wait(self, condition, what, seconds=120):
        end = min(time.monotonic() + seconds, DEADLINE)
        while time.monotonic() < end:
            if self.js(condition):
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}")

    def console_errors(self):
        logs = self.s("POST", "/se/log", {"type": "browser"})
        return [l["message"] for l in logs if l["level"] == "SEVERE"]

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


def rule_label(docs, game, rule):
    """The bold label of a rule as docs/ writes it (rulings.md's section of the game, or
    the game's own page): the rules pages must show it under the anchor #rule-<rule>."""
    import re

    if rule.startswith("K"):
        text, pattern = open(os.path.join(docs, f"{game}.md")).read(), rf"\*\*({rule}\. [^*]+)\*\*"
    else:
        name = {"urim": "Urim", "omweso": "Omweso", "rio-kadalis": "Rio Kadalis"}[game]
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
            b.wait("return document.readyState === 'complete' && !!document.body.dataset.game",
                   what="the rules page")
            return before[0]
        time.sleep(0.05)
    raise AssertionError(f"{link_css} opened no page")


def check_rules_page(b, docs, game, rules):
    """The open tab is the rules page of `game`, showing each of `rules` under its anchor
    with the label docs/ gives it; none of its links leads out of the site's files."""
    shown = b.js("return document.body.dataset.game")
    assert shown == game, (shown, game)
    for rule in rules:
        text = b.js(f"const e = document.getElementById('rule-{rule}'); return e && e.textContent")
        label = rule_label(docs, game, rule)
        assert text and f"rule {rule}" in text and label in " ".join(text.split()), (rule, label, text)
    bad = b.js(
        "return [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))"
        ".filter(h => /\\.md($|#)|\\.\\.\\/crates|\\.rs$/.test(h))"
    )
    assert not bad, f"links out of the site: {bad}"


def back_to_game(b, handle):
    b.s("DELETE", "/window")
    b.s("POST", "/window", {"handle": handle})


def rules_pages(b, docs):
    """The Rules link opens the current game's page; the rule the end of a game cites
    links to its anchor there. (Urim's page is left for `rules_offline`.)"""
    seen = []
    # The last game played (a whole game of Kalah) ended citing its rule: follow it.
    cited = b.js("const a = document.querySelector('#result a'); return a && a.getAttribute('href')")
    assert cited and cited.startswith("rules/kalah.html#rule-K"), cited
    home = open_rules(b, "#result a")
    rule = cited.split("#rule-")[1]
    try:
        check_rules_page(b, docs, "kalah", [rule])
        assert b.js("return location.hash") == f"#rule-{rule}"
    finally:
        back_to_game(b, home)
    seen.append(f"kalah #rule-{rule}")
    for variant, game, rules in [
        ("omweso", "omweso", ["1", "7", "9"]),
        ("rio-kadalis pits=5", "rio-kadalis", ["2", "6"]),
        ("oware seeds=4", "oware", []),
    ]:
        new_game(b, variant)
        home = open_rules(b, "#rules")
        try:
            check_rules_page(b, docs, game, rules)
        finally:
            back_to_game(b, home)
        seen.append(game)
    return ", ".join(seen)


def rules_offline(b, docs):
    """With the server stopped, the Rules link still opens the game's page, one the page
    never opened before (the service worker's copy of the whole site)."""
    assert b.js("return document.body.dataset.offline") == "ready"
    new_game(b, "urim pits=7 seeds=4")
    home = open_rules(b, "#rules")
    try:
        check_rules_page(b, docs, "urim", ["3", "4", "8"])
    finally:
        back_to_game(b, home)


def board(b):
    return b.js(
        "const s = document.getElementById('board').dataset;"
        "return {notation: s.notation, status: s.status, to_move: s.toMove, moves: s.moves,"
        " thinking: document.body.dataset.thinking, message: document.getElementById('message').textContent,"
        " result: document.getElementById('result').textContent};"
    )


def choose(b, option_css):
    b.click(option_css)


def new_game(b, variant, level="alphabeta:3", human="S"):
    choose(b, f'#level option[value="{level}"]')
    choose(b, f'#human option[value="{human}"]')
    b.js("document.getElementById('variant-text').value = ''")
    choose(b, f'#variant option[value="{variant}"]')
    b.click("#new")
    idle(b)


def idle(b):
    b.wait(
        "return document.body.dataset.thinking === 'false' && document.body.dataset.sowing !== 'true'",
        what="the engine's move",
        seconds=300,
    )


def play_whole_game(b, variant, rng, max_plies=2000, start=True):
    """Clicks South's legal pits (chosen at random) until the game ends."""
    if start:
        new_game(b, variant)
    for _ in range(max_plies):
        idle(b)
        st = board(b)
        if st["status"] != "ongoing":
            return st
        assert st["to_move"] == "S", st
        pits = b.js(
            "return [...document.querySelectorAll('#board .pit.legal[data-player=\"S\"]')]"
            ".map(g => g.dataset.pit)"
        )
        assert pits, f"no legal pit highlighted: {st}"
        pit = rng.choice(pits)
        b.click(f'#board .pit[data-player="S"][data-pit="{pit}"]')
        choices = b.js(
            "const c = document.getElementById('choices');"
            "return c.hidden ? [] : [...c.querySelectorAll('button')].map(x => x.dataset.move)"
        )
        if choices:
            b.click(f'#choices button[data-move="{rng.choice(choices)}"]')
    raise AssertionError(f"{variant}: no end after {max_plies} plies")


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
        move, notation, status = lines[k - 1]
        assert s["moves"].split()[k - 1] == move, (game, k, s["moves"], move)
        assert s["notation"] == notation, f"{game} ply {k}: page {s['notation']!r}, library {notation!r}"
    assert lines[-1][2].split()[0] in ("over", "annulled"), lines[-1]
    return len(moves), lines[-1][2]


def test(args):
    server, url = serve(args.dist)
    b = Browser()
    passed = failed = 0
    rng = random.Random(7)

    def case(name, f):
        nonlocal passed, failed
        t = time.monotonic()
        try:
            detail = f()
            passed += 1
            print(f"ok   {name} ({time.monotonic() - t:.1f} s){': ' + str(detail) if detail else ''}")
        except Exception as e:  # noqa: BLE001 - report every case
            failed += 1
            print(f"FAIL {name}: {e}")
        errors = b.console_errors()
        if errors:
            failed += 1
            print(f"FAIL {name}: console errors: {errors}")

    try:
        b.go(url)
        first = b.js("return window.__timings.first_board_ms")
        print(f"first board drawn {first:.0f} ms after the navigation began")
        # Moves shown at once in the cases that play whole games (the sowing case below
        # sets its own speed).
        choose(b, '#speed option[value="0"]')
        for variant, game in [
            ("urim pits=6 seeds=3", "urim"),
            ("omweso", "omweso"),
            ("rio-kadalis pits=6", "rio-kadalis"),
            ("oware seeds=4", "oware"),
            ("kalah pits=6 seeds=4", "kalah"),
        ]:
            def whole(variant=variant, game=game):
                play_whole_game(b, variant, rng)
                plies, end = check_against_replay(b, args.replay, game)
                result = board(b)["result"]
                assert result and result != "the game goes on", result
                return f"{plies} plies, {end}; the page: {result}"

            case(f"a whole game of {game} against the engine", whole)

        case("the Rules link opens the game's rules page, rule numbers shown", lambda: rules_pages(b, args.docs))

        def illegal():
            new_game(b, "urim pits=6 seeds=3")
            before = board(b)
            b.click('#board .pit[data-player="N"][data-pit="0"]')
            st = board(b)
            assert "North's" in st["message"], st
            assert st["notation"] == before["notation"]
            # An empty pit of South's: the library's words for it.
            b.click('#board .pit[data-player="S"][data-pit="0"]')
            idle(b)
            b.click('#board .pit[data-player="S"][data-count="0"]')
            st = board(b)
            assert "illegal move a" in st["message"], st
            return st["message"]

        case("an illegal click is explained in the library's words", illegal)

        def undo():
            new_game(b, "oware seeds=4")
            start = board(b)["notation"]
            b.click('#board .pit[data-player="S"][data-pit="2"]')
            idle(b)
            assert len(board(b)["moves"].split()) == 2
            b.click("#undo")
            idle(b)
            st = board(b)
            assert st["moves"] == "" and st["notation"] == start, st

        case("undo takes back the player's move and the engine's", undo)

        def paste():
            new_game(b, "oware seeds=4")
            pos = "0,0,0,1,2,0/1,0,0,0,0,3 20-21 S"
            b.type("#paste", pos)
            b.click("#set")
            st = board(b)
            assert st["notation"] == pos, st
            b.type("#paste", "1,2,3 nonsense")
            b.click("#set")
            st2 = board(b)
            assert st2["message"] and st2["notation"] == pos, st2
            return st2["message"]

        case("a pasted position is set up, a bad one refused", paste)

        def files():
            new_game(b, "kalah pits=6 seeds=4")
            for pit in (2, 4):
                idle(b)
                legal = b.find(f'#board .pit.legal[data-player="S"][data-pit="{pit}"]')
                b.click(f'#board .pit.legal[data-player="S"]' if not legal else
                        f'#board .pit[data-player="S"][data-pit="{pit}"]')
            idle(b)
            saved = board(b)
            b.click("#save")
            text = b.js("return window.__lastFile")
            assert '[Game "kalah"]' in text, text
            new_game(b, "urim pits=6 seeds=3")
            with tempfile.NamedTemporaryFile("w", suffix=".mgn", delete=False) as f:
                f.write(text)
            try:
                (inp,) = b.find("#open")
                b.s("POST", f"/element/{inp}/value", {"text": f.name})
                b.wait(
                    f"return document.getElementById('board').dataset.notation === {json.dumps(saved['notation'])}",
                    what="the opened file",
                )
            finally:
                os.unlink(f.name)
            st = board(b)
            assert st["moves"] == saved["moves"], (st, saved)

        case("a game file saved and opened again", files)

        def mcts():
            new_game(b, "kalah pits=6 seeds=4", level="mcts:2000")
            b.click('#board .pit.legal[data-player="S"]')
            idle(b)
            st = board(b)
            assert len(st["moves"].split()) >= 2 and not st["message"], st
            return b.js("return document.getElementById('engine-info').textContent")

        case("the Monte Carlo engine plays in the worker", mcts)

        def split():
            new_game(b, "omweso", human="both")
            b.type("#paste", OMWESO_SPLIT)
            b.click("#set")
            b.click('#board .pit[data-player="S"][data-pit="8"]')
            offered = b.js("return [...document.querySelectorAll('#choices button')].map(x => x.dataset.move)")
            assert offered == ["i", "i*"], offered
            b.click('#choices button[data-move="i*"]')
            st = board(b)
            lines = replay(args.replay, "omweso", ["--from", OMWESO_SPLIT, "i*"])
            assert st["notation"] == lines[0][1], (st, lines)
            return st["notation"]

        case("Omweso's opening split chosen on the board", split)

        def decision():
            new_game(b, "omweso", human="both")
            b.type("#paste", OMWESO_PAUSED)
            b.click("#set")
            turn = b.js("return document.getElementById('turn').textContent")
            assert "mid-turn decision at pit a" in turn and "2 in hand" in turn, turn
            b.click('#board .pit[data-player="S"][data-pit="0"]')
            offered = b.js("return [...document.querySelectorAll('#choices button')].map(x => x.dataset.move)")
            assert offered == ["a", "a-"], offered
            b.click('#choices button[data-move="a-"]')
            st = board(b)
            lines = replay(args.replay, "omweso", ["--from", OMWESO_PAUSED, "a-"])
            assert st["notation"] == lines[0][1], (st, lines)
            return turn

        case("an Omweso mid-turn decision made on the board", decision)

        def sowing():
            new_game(b, "urim pits=6 seeds=3", human="both")
            choose(b, '#speed option[value="1000"]')  # a second a seed
            b.type("#paste", URIM_CAPTURE)
            b.click("#set")
            count = "return document.querySelector('#board .{}[data-player=\"{}\"]{}').dataset.count"
            north_a = lambda: b.js(count.format("pit", "N", '[data-pit="0"]'))
            assert north_a() == "2", north_a()
            b.click('#board .pit[data-player="S"][data-pit="5"]')  # South's f: 2 seeds
            # Mid-move: North's a got the first seed (3, before 2, after 0: captured).
            b.wait(
                "return document.body.dataset.sowing === 'true' && "
                "document.querySelector('#board .pit[data-player=\"N\"][data-pit=\"0\"]').dataset.count === '3'",
                what="North's a holding 3 mid-move",
                seconds=20,
            )
            lines = replay(args.replay, "urim", ["--from", URIM_CAPTURE, "f"])
            st = board(b)
            assert st["notation"] == lines[0][1], (st, lines)  # the library's, at once
            assert b.js("return document.getElementById('skip').disabled") is False
            mid_store = b.js(count.format("store", "S", ""))
            assert mid_store == "3", mid_store  # nothing captured yet
            b.click("#skip")
            b.wait("return document.body.dataset.sowing === 'false'", what="the skip", seconds=10)
            assert north_a() == "0", north_a()
            assert b.js(count.format("store", "S", "")) == "9"
            assert board(b)["notation"] == lines[0][1]
            # Against the engine, at a fast speed: its move is shown step by step too.
            new_game(b, "oware seeds=4", human="S")
            choose(b, '#speed option[value="40"]')
            shown = b.js("return window.__animated")
            b.click('#board .pit[data-player="S"][data-pit="2"]')
            b.wait(
                "return document.getElementById('board').dataset.ply === '2'",
                what="the engine's move",
                seconds=120,
            )
            idle(b)
            animated = b.js("return window.__animated") - shown
            choose(b, '#speed option[value="0"]')
            assert animated == 2, animated
            return f"North's a: 2, then 3 mid-move, then 0; {animated} moves animated against the engine"

        case("a move's sowing shown seed by seed, with a skip", sowing)

        def match():
            choose(b, '#level option[value="alphabeta:3"]')
            choose(b, '#human option[value="S"]')
            b.click("#match")
            choose(b, '#variant option[value="urim pits=6 seeds=3"]')
            b.click("#new")
            idle(b)
            score = lambda: b.js("return document.getElementById('score').textContent")
            assert score().startswith("Match (to 10 points), game 1: South 0 – North 0"), score()
            play_whole_game(b, "", rng, start=False)
            after = score()
            assert "game 1" in after, after
            b.click("#next")
            idle(b)
            second = score()
            b.click("#match")
            assert second == after.replace("game 1", "game 2"), (after, second)
            assert board(b)["status"] == "ongoing", board(b)
            return f"{after} → {second}"

        case("a match scores a whole game and goes on to the next", match)

        def offline():
            stop(server)
            new_game(b, "rio-kadalis pits=5")
            b.click('#board .pit.legal[data-player="S"]')
            idle(b)
            st = board(b)
            assert len(st["moves"].split()) >= 2 and not st["message"], st

        case("the page and its engine go on with the server stopped", offline)
        case("the rules pages open with the server stopped", lambda: rules_offline(b, args.docs))
    finally:
        b.close()
        server.shutdown()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def screenshots(args):
    server, url = serve(args.dist)
    b = Browser()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(3)
    try:
        b.go(url)
        for variant, plies in [
            ("urim pits=6 seeds=3", 6),
            ("omweso", 5),
            ("rio-kadalis pits=6", 6),
            ("oware seeds=4", 6),
            ("kalah pits=6 seeds=4", 6),
            ("rio-kadalis pits=5 clockwise", 0),
        ]:
            new_game(b, variant, level="alphabeta:3", human="S")
            for _ in range(plies // 2):
                idle(b)
                if board(b)["status"] != "ongoing":
                    break
                pits = b.js(
                    "return [...document.querySelectorAll('#board .pit.legal[data-player=\"S\"]')].map(g => g.dataset.pit)"
                )
                b.click(f'#board .pit[data-player="S"][data-pit="{rng.choice(pits)}"]')
                if b.js("return !document.getElementById('choices').hidden"):
                    b.click("#choices button")
            idle(b)
            name = variant.split()[0] + ("-5cw" if "clockwise" in variant else "")
            b.screenshot(os.path.join(args.out, f"{name}.png"))
            print("wrote", name)
        # A Rio Kadalis round with closed holes, from a pasted position.
        new_game(b, "rio-kadalis pits=6")
        b.type("#paste", "x,x,4,4,4,4/x,4,4,4,4,4 0-0 S")
        b.click("#set")
        b.screenshot(os.path.join(args.out, "rio-kadalis-closed.png"))
        # Omweso's split offered on the board, then a finished game in words.
        new_game(b, "omweso", human="both")
        b.type("#paste", OMWESO_SPLIT)
        b.click("#set")
        b.click('#board .pit[data-player="S"][data-pit="8"]')
        b.screenshot(os.path.join(args.out, "omweso-choices.png"))
        b.type("#paste", OMWESO_PAUSED)
        b.click("#set")
        b.click('#board .pit[data-player="S"][data-pit="0"]')
        b.screenshot(os.path.join(args.out, "omweso-decision.png"))
        play_whole_game(b, "oware seeds=4", rng)
        b.screenshot(os.path.join(args.out, "oware-over.png"))
        rules_screenshots(b, url, args.out)
        errors = b.console_errors()
        if errors:
            print("console errors:", errors)
            return 1
    finally:
        b.close()
        server.shutdown()
    return 0


def rules_screenshots(b, url, out):
    """Rules pages at a desktop's width and a phone's (390 px), at a rule's anchor."""
    base = url.rsplit("/", 1)[0]
    for width, height, tag in [(1280, 1100, "desktop"), (390, 844, "phone")]:
        b.s("POST", "/window/rect", {"width": width, "height": height})
        for page in ["omweso.html#rule-7", "kalah.html", "urim.html#rule-4"]:
            b.s("POST", "/url", {"url": f"{base}/rules/{page}"})
            b.wait("return document.readyState === 'complete'", what="the rules page")
            name = f"rules-{page.split('.')[0]}-{tag}.png"
            b.screenshot(os.path.join(out, name))
            print("wrote", name)
    b.s("POST", "/window/rect", {"width": 1280, "height": 1100})


# South's f (2 seeds) makes North's a and b 3 each: both captured (Urim rule 4).
URIM_CAPTURE = "3,3,3,3,3,2/2,2,3,3,3,3 3-0 S"
OMWESO_SPLIT = "0,0,0,0,0,0,0,0/3,4,4,4,4,4,4,5/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 S - 0-0"
# A paused turn (rule 5): South decides how pit a's seeds go on (web/tests/table.rs found it).
OMWESO_PAUSED = "0,3,1,2,1,2,0,1/0,0,0,0,1,0,0,2/2,0,8,1,6,1,6,0/1,2,11,4,2,1,1,3 S snc 1-2 a+2:r"


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
    p.add_argument("mode", choices=["test", "screenshots", "measure"])
    p.add_argument("--dist", default=os.path.join(os.path.dirname(__file__), "dist"))
    p.add_argument("--replay", default="target/release/examples/replay")
    p.add_argument("--out", default="screenshots")
    p.add_argument("--docs", default=os.path.join(os.path.dirname(__file__), "..", "docs"),
                   help="the docs the rules pages are made from (the test reads the rule labels there)")
    p.add_argument("--spec", default="alphabeta:400000n", help="the engine that measure times")
    args = p.parse_args()
    args.dist = os.path.abspath(args.dist)
    sys.exit({"test": test, "screenshots": screenshots, "measure": measure}[args.mode](args))


if __name__ == "__main__":
    main()
