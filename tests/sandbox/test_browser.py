"""Local play in a real browser: `python bot.py` with no token (the default local play, with
the stand-in in its process, on a free port, with a temporary database), and headless
Chromium (the Debian package at /usr/bin/chromium, driven by Playwright; no browser is
downloaded) clicking through the play page as the players would.

`bash scripts/test` installs both. Screenshots of each step go to the test's tmp_path."""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import sys
import time
from pathlib import Path

import aiohttp
import pytest
from playwright.async_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"

pytestmark = [pytest.mark.e2e, pytest.mark.browser]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalPlay:
    """`python bot.py` in the default mode: no DISCORD_TOKEN, no SANDBOX, no SANDBOX_URL (set
    empty, so a developer's .env cannot switch them on), database and world in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: asyncio.subprocess.Process | None = None
        self.runs = 0

    @property
    def world_file(self) -> Path:
        return self.folder / "sandbox-world.json"

    def log(self, run: int | None = None) -> str:
        run = self.runs if run is None else run
        return (self.folder / f"bot-{run}.log").read_text("utf-8", "replace")

    def stdout(self, run: int | None = None) -> str:
        run = self.runs if run is None else run
        return (self.folder / f"bot-{run}.out").read_text("utf-8", "replace")

    def problems(self) -> list[str]:
        """WARNING and ERROR lines of every run so far."""
        return [line for run in range(1, self.runs + 1) for line in self.log(run).splitlines()
                if re.search(r" (WARNING|ERROR|CRITICAL) ", line)]

    async def start(self) -> None:
        self.runs += 1
        env = {**os.environ, "DISCORD_TOKEN": "", "SANDBOX": "", "SANDBOX_URL": "",
               "SANDBOX_PORT": str(self.port), "DATABASE_PATH": str(self.folder / "tablemaster.db"),
               "GUILD_READY_TIMEOUT": "0.05", "LOG_LEVEL": "INFO", "PYTHONUNBUFFERED": "1"}
        with open(self.folder / f"bot-{self.runs}.out", "wb") as out, \
                open(self.folder / f"bot-{self.runs}.log", "wb") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, str(ROOT / "bot.py"), cwd=str(ROOT), env=env, stdout=out, stderr=err)
        deadline = time.monotonic() + 30
        async with aiohttp.ClientSession() as s:
            while True:
                if self.proc.returncode is not None:
                    raise AssertionError(f"bot.py exited with {self.proc.returncode}:\n{self.log()}")
                try:
                    async with s.get(self.url + "/") as r:
                        if "bot connected" in await r.text():
                            break
                except aiohttp.ClientError:
                    pass
                if time.monotonic() > deadline:
                    raise AssertionError(f"local play did not come up within 30 s:\n{self.log()}")
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)           # on_ready follows GUILD_CREATE after guild_ready_timeout

    async def stop(self) -> int:
        """Stop it as a person or a service manager would (SIGTERM; Ctrl+C takes the same path)."""
        proc, self.proc = self.proc, None
        if proc is None or proc.returncode is not None:
            return proc.returncode if proc else 0
        proc.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(proc.wait(), 20)
        except TimeoutError:
            proc.kill()
            await proc.wait()
            raise AssertionError(f"bot.py did not stop within 20 s:\n{self.log()}") from None

    # -- reading the stand-in's REST API (what the bot itself would read) -------------------
    async def api(self, path: str, method: str = "GET", **kw):
        async with aiohttp.ClientSession() as s:
            async with s.request(method, f"{self.url}/api/v10{path}", **kw) as r:
                assert r.status == 200, (path, r.status, await r.text())
                return await r.json()

    async def settled(self, quiet: float = 0.6, timeout: float = 15) -> None:
        """Wait until the world's change counter stays still for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        async with aiohttp.ClientSession() as s:
            while time.monotonic() < deadline:
                async with s.get(self.url + "/ui/version") as r:
                    v = await r.text()
                if v != last:
                    last, since = v, time.monotonic()
                elif time.monotonic() - since >= quiet:
                    return
                await asyncio.sleep(0.05)
        raise AssertionError("the local world kept changing")


@pytest.fixture
async def local_play(tmp_path):
    lp = LocalPlay(tmp_path)
    try:
        yield lp
    finally:
        await lp.stop()


@pytest.fixture
async def browser():
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.fail("Playwright is not installed: run `bash scripts/test` (it installs the test extra)")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/test` (it installs the Debian package chromium)")
    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield b
        finally:
            await b.close()


# -- acting in the page, as a person would ----------------------------------------------------
# The page reloads itself about a second after the world changed. Before each action the
# helpers wait until the bot has finished answering and the page shows the newest state, so
# that a click never meets a reload (a person would simply click again).

async def steady(page) -> None:
    lp: LocalPlay = page.local_play
    await lp.settled(quiet=0.3)
    async with aiohttp.ClientSession() as s:
        async with s.get(lp.url + "/ui/version") as r:
            now = await r.text()
    for _ in range(20):
        try:
            shown = await page.evaluate("V")
            break
        except PlaywrightError as e:       # the page reloaded itself (it polls /ui/version)
            if "context was destroyed" not in str(e):
                raise
            await page.wait_for_load_state()
    if shown != now:
        await page.reload()


async def be(page, user: str) -> None:
    """Pick who you are in the header."""
    await steady(page)
    async with page.expect_navigation():
        await page.select_option("header select[name=as]", user)
    assert await page.input_value("header select[name=as]") == user


async def press(page, label: str, *, last: bool = True) -> None:
    """Press a button of a message (the newest one that has it)."""
    await steady(page)
    buttons = page.locator("#log .msg form button", has_text=re.compile(rf"^{re.escape(label)}$"))
    await buttons.first.wait_for()
    button = buttons.last if last else buttons.first
    async with page.expect_navigation():
        await button.click()
    await expect_no_error(page)


async def add_ai(page, level: str = "easy") -> None:
    """Add an AI player through the lobby's "Add an AI player…" menu."""
    await steady(page)
    form = page.locator("#log form.sel:has(input[name=cid][value^='lvl:'])").last
    await form.locator("select").select_option(level)
    async with page.expect_navigation():
        await form.locator("button").click()
    await expect_no_error(page)


async def expect_no_error(page) -> None:
    assert await page.locator("header select[name=as]").count() == 1, await page.content()
    toast = page.locator("#toast.err")
    if await toast.count():
        raise AssertionError(f"the page shows an error: {await toast.inner_text()}")


async def open_channel(page, text: str) -> None:
    await steady(page)
    link = page.locator("nav a", has_text=text).first
    async with page.expect_navigation():
        await link.click()
    assert await page.locator("nav a.cur", has_text=text).count() == 1


async def layout(page) -> dict:
    """Where the page's regions are: a banner must never move them."""
    return await page.evaluate("""() => Object.fromEntries(['header', 'nav', 'main', '#log', '.composer']
        .map(sel => { const r = document.querySelector(sel).getBoundingClientRect();
                      return [sel, [r.x, r.y, r.width, r.height].map(Math.round)]; }))""")


async def log_text(page) -> str:
    return await page.inner_text("#log")


async def choose_on_panel(page) -> str:
    """Make the first offered choice on the newest decision panel (a select with OK, or the
    buttons of a panel). Returns what was chosen."""
    await steady(page)
    selects = page.locator("#log form.sel:has(input[name=cid][value^='sel:']) select:not([disabled])")
    if await selects.count():
        form = page.locator("#log form.sel:has(input[name=cid][value^='sel:'])").last
        options = form.locator("select option:not([disabled])")
        value, label = await options.first.get_attribute("value"), await options.first.inner_text()
        await form.locator("select").select_option(value)
        async with page.expect_navigation():
            await form.locator("button").click()
        await expect_no_error(page)
        return label
    button = page.locator("#log form:has(input[name=cid][value^='act:']) button:not([disabled])").first
    label = await button.inner_text()
    async with page.expect_navigation():
        await button.click()
    await expect_no_error(page)
    return label


async def board_image_loaded(page) -> dict:
    """The board image of the thread has loaded in the browser (naturalWidth > 0)."""
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#log img')].some(i => i.complete && i.naturalWidth > 0)",
        timeout=10000)
    return await page.evaluate("""() => { const i = [...document.querySelectorAll('#log img')]
        .find(i => i.complete && i.naturalWidth > 0); return {w: i.naturalWidth, alt: i.alt, src: i.src}; }""")


async def new_page(browser, lp: LocalPlay):
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(10000)
    page.local_play = lp
    return page


# -- the tests ---------------------------------------------------------------------------------

async def test_a_newcomer_plays_libertalia_in_the_browser(local_play, browser, tmp_path):
    t0 = time.monotonic()
    lp = local_play
    await lp.start()
    out = lp.stdout()
    assert f"open {lp.url}/ in a browser" in out
    assert sum("DISCORD_TOKEN" in line for line in out.splitlines()) == 1, out

    page = await new_page(browser, lp)
    shot = 0

    async def screenshot(name: str) -> None:
        nonlocal shot
        shot += 1
        await page.screenshot(path=str(tmp_path / f"{shot:02d}-{name}.png"))

    await page.goto(lp.url + "/")
    assert await page.input_value("header select[name=as]") == "anna"
    # the command box suggests the bot's real commands, down to their subcommands
    suggested = await page.eval_on_selector_all("#cmds option", "os => os.map(o => o.value)")
    assert {"libertalia new", "glenmore new", "table join", "table status", "whisky questions"} <= set(suggested)
    assert all(":" not in s for s in suggested), suggested
    assert await page.get_attribute("input[name=command]", "placeholder") in suggested
    before = await layout(page)
    await screenshot("start")

    # Anna opens a table with the command box
    await page.fill("input[name=command]", "libertalia new")
    async with page.expect_navigation():
        await page.press("input[name=command]", "Enter")
    await expect_no_error(page)
    await page.locator("#log button", has_text="Join").first.wait_for()
    # the banner about the bot's answer floats above the page: nothing moved
    toast = page.locator("#toast")
    assert await toast.is_visible()
    assert await toast.evaluate("t => getComputedStyle(t).position") == "fixed"
    assert await layout(page) == before
    # and it has left the address bar, so a reload does not show it again
    assert "note=" not in page.url and "as=anna" in page.url
    await screenshot("lobby")

    # an unknown command is refused in a banner, and the layout still does not move
    await page.fill("input[name=command]", "libertalia nope")
    async with page.expect_navigation():
        await page.press("input[name=command]", "Enter")
    assert await page.locator("#toast.err").is_visible()
    assert await layout(page) == before
    await screenshot("error-banner")

    # Bruno joins; Anna adds an AI and starts
    await be(page, "bruno")
    await press(page, "Join")
    await be(page, "anna")
    await add_ai(page)
    lobby = await log_text(page)
    assert "Bruno" in lobby and "AI 1" in lobby
    await press(page, "Start")

    # the game moves into a thread; its board image loads
    await lp.settled()
    await open_channel(page, "Libertalia")
    board = await board_image_loaded(page)
    assert board["w"] >= 1000 and board["alt"] and "/attachments/" in board["src"]
    thread = await log_text(page)
    # the bot's "your turn" line mentions the players: shown as their names
    assert "<@" not in thread and "&lt;" not in thread
    assert "@Anna" in thread and "@Bruno" in thread, thread
    assert await page.locator("#log .content .mention").count() >= 2
    await screenshot("board")

    # a player's message with markup: names and bold shown, a tag shown as text, never run
    users, _ = await ids(lp)
    await page.fill("input[name=content]",
                    f"Good luck <@{users['bruno']}>, **have fun** <img src=x onerror=alert(1)> <b>no</b>")
    async with page.expect_navigation():
        await page.press("input[name=content]", "Enter")
    await expect_no_error(page)
    said = page.locator("#log .msg", has_text="Good luck").last
    assert "Good luck @Bruno, have fun <img src=x onerror=alert(1)> <b>no</b>" in await said.inner_text()
    assert await said.locator(".content b").inner_text() == "have fun"
    assert await page.locator("#log img[src=x]").count() == 0
    await screenshot("markup")

    # Anna makes her choice on her panel (by DM); private texts in bold show as bold
    await open_channel(page, "DMs with the bot")
    panel_before = await log_text(page)
    assert "**" not in panel_before and await page.locator("#log .content b").count() >= 1
    chosen = await choose_on_panel(page)
    assert chosen
    await lp.settled()
    await page.reload()
    panel_after = await log_text(page)
    assert panel_after != panel_before                     # the panel took the choice
    assert "✓ " + chosen.split(" — ")[0] in panel_after, (chosen, panel_after)
    await screenshot("after-choice")

    # reload: the same state, and no banner from before
    await lp.settled()
    await page.reload()
    state = await log_text(page)
    await page.reload()
    assert await log_text(page) == state
    assert await page.locator("#toast").count() == 0
    await open_channel(page, "Libertalia")
    await board_image_loaded(page)
    thread_state = await log_text(page)
    await page.reload()
    await board_image_loaded(page)
    assert await log_text(page) == thread_state
    assert "Anna has chosen" in thread_state and "Waiting for: B Bruno" in thread_state, thread_state
    await screenshot("reloaded")

    # nothing in the page came from message text as markup, and the logs stayed quiet
    assert await page.locator("#log script").count() == 0
    assert not lp.problems(), lp.problems()
    print(f"browser test: {time.monotonic() - t0:.1f} s")


async def test_stopping_and_starting_local_play_continues_the_game(local_play, browser, tmp_path):
    lp = local_play
    await lp.start()
    page = await new_page(browser, lp)
    await page.goto(lp.url + "/?as=anna")
    await page.fill("input[name=command]", "libertalia new")
    async with page.expect_navigation():
        await page.press("input[name=command]", "Enter")
    await be(page, "bruno")
    await press(page, "Join")
    await be(page, "anna")
    await add_ai(page)
    await press(page, "Start")
    await open_channel(page, "DMs with the bot")
    await choose_on_panel(page)                             # Anna has chosen; Bruno has not
    await lp.settled()

    # what everyone can see before the stop
    members, guild = await ids(lp)
    threads = (await lp.api(f"/guilds/{guild}/threads/active"))["threads"]
    assert len(threads) == 1
    thread_id = threads[0]["id"]
    thread_before = await lp.api(f"/channels/{thread_id}/messages")
    dm = await lp.api("/users/@me/channels", "POST", json={"recipient_id": members["bruno"]})
    bruno_dms = await lp.api(f"/channels/{dm['id']}/messages")
    assert any(_panel(m) for m in bruno_dms), "Bruno has a decision panel"
    await be(page, "bruno")
    await open_channel(page, "DMs with the bot")
    bruno_page = await log_text(page)
    await page.screenshot(path=str(tmp_path / "01-before-restart.png"))

    assert await lp.stop() == 0
    world = json.loads(lp.world_file.read_text("utf-8"))
    assert world["format"] == "tablemaster-sandbox-world"
    assert any(str(m["id"]) == thread_before[0]["id"] for m in world["messages"])
    await lp.start()
    log = lp.log()
    assert "sandbox world loaded" in log and "rebuilt 1 open tables" in log, log

    # the same messages, threads and DMs as before the stop
    assert (await lp.api(f"/guilds/{guild}/threads/active"))["threads"][0]["id"] == thread_id
    thread_after = await lp.api(f"/channels/{thread_id}/messages")
    assert [(m["id"], m["content"], m["embeds"], [a["filename"] for a in m["attachments"]])
            for m in thread_after] == [(m["id"], m["content"], m["embeds"], [a["filename"] for a in m["attachments"]])
                                       for m in thread_before]
    assert [m["id"] for m in await lp.api(f"/channels/{dm['id']}/messages")] == [m["id"] for m in bruno_dms]
    # the page that stayed open shows the same (it reloads itself), images included
    await page.reload()
    assert await log_text(page) == bruno_page
    await page.screenshot(path=str(tmp_path / "02-after-restart.png"))

    # Bruno uses the panel he got before the restart: the game goes on
    mark = max(int(m["id"]) for m in thread_after)
    await choose_on_panel(page)
    await lp.settled()
    thread_now = await lp.api(f"/channels/{thread_id}/messages")
    edited = {m["id"]: m["edited_timestamp"] for m in thread_now}
    assert (any(int(m["id"]) > mark for m in thread_now)
            or any(edited[m["id"]] != m["edited_timestamp"] for m in thread_after)), "the game did not move on"
    await open_channel(page, "Libertalia")
    await board_image_loaded(page)
    await page.screenshot(path=str(tmp_path / "03-game-goes-on.png"))
    assert not lp.problems(), lp.problems()


async def ids(lp: LocalPlay) -> tuple[dict[str, str], str]:
    """({username: user id}, guild id) of the local world, read from the stand-in's API."""
    async with aiohttp.ClientSession() as s:
        async with s.get(lp.url + "/") as r:
            channel = re.search(r"ch=(\d+)", await r.text()).group(1)
    guild = (await lp.api(f"/channels/{channel}"))["guild_id"]
    members = await lp.api(f"/guilds/{guild}/members")
    return {m["user"]["username"]: m["user"]["id"] for m in members}, guild


def _panel(m: dict) -> bool:
    return any(c.get("custom_id", "").startswith(("sel:", "act:")) and not c.get("disabled")
               for row in m.get("components") or [] for c in row.get("components") or [])
