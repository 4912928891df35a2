"""A tiny web page for local play: pick a user and a channel, read the messages they can see,
press buttons, choose in selects, run slash commands, fill in modals.

Served by the sandbox at ``/``. No JavaScript framework: plain forms, plus a small script that
reloads the page when something changed (unless you are typing).
"""
from __future__ import annotations

import html
import json
import re
import shlex
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from aiohttp import web

from .driver import InteractionResult
from .server import SandboxError

if TYPE_CHECKING:
    from . import Sandbox

E = html.escape


def add_routes(sb: "Sandbox", app: web.Application) -> None:
    ui = WebUI(sb)
    app.router.add_get("/", ui.page)
    app.router.add_get("/ui/version", ui.version)
    app.router.add_get("/favicon.svg", favicon)
    app.router.add_post("/ui/slash", ui.slash)
    app.router.add_post("/ui/click", ui.click)
    app.router.add_post("/ui/select", ui.select)
    app.router.add_post("/ui/modal", ui.modal)
    app.router.add_post("/ui/say", ui.say)
    app.router.add_post("/ui/dms", ui.toggle_dms)


def parse_command_line(line: str) -> tuple[str, dict]:
    """'demo new players:3 speed:fast "name:Big table"' -> ("demo new", {...})."""
    words = shlex.split(line.strip().lstrip("/"))
    path, options = [], {}
    for w in words:
        key, sep, value = w.partition(":")
        if not sep:
            key, sep, value = w.partition("=")
        if sep and key:
            options[key] = value
        elif options:
            raise SandboxError(f"option {w!r} has no value (write name:value)")
        else:
            path.append(w)
    return " ".join(path), options


class WebUI:
    def __init__(self, sb: "Sandbox") -> None:
        self.sb = sb
        self.modals: dict[int, object] = {}      # user id -> InteractionResult with a modal

    # -- helpers ---------------------------------------------------------------------
    def _back(self, form, err: str | None = None, note: str | None = None) -> web.Response:
        q = {"as": form.get("as", ""), "ch": form.get("ch", "")}
        if err:
            q["err"] = err
        if note:
            q["note"] = note
        raise web.HTTPSeeOther("/?" + urlencode(q))

    async def _run(self, form, coro) -> None:
        try:
            r = await coro
        except (SandboxError, LookupError, ValueError) as e:
            self._back(form, err=str(e))
        except Exception as e:  # noqa: BLE001
            self._back(form, err=f"{type(e).__name__}: {e}")
        note = None
        if isinstance(r, InteractionResult):
            if r.raw_type in (5, 6):
                # a bot that acknowledges first answers a moment later: the page shows its answer
                await r.wait_answered(5.0)
            if r.modal:
                self.modals[r.interaction.user.id] = r
            if r.type is not None and r.latency is not None:
                note = f"bot answered with callback type {r.type} in {r.latency * 1000:.1f} ms"
        self._back(form, note=note)

    # -- actions ---------------------------------------------------------------------
    async def version(self, request):
        return web.Response(text=str(self.sb.mark()))

    async def slash(self, request):
        form = await request.post()
        try:
            path, options = parse_command_line(form.get("command", ""))
        except (SandboxError, ValueError) as e:
            self._back(form, err=str(e))
        ch = form.get("ch") or None
        await self._run(form, self.sb.slash(form["as"], path, ch if ch != "dm" else "dm", options=options))

    async def click(self, request):
        form = await request.post()
        await self._run(form, self.sb.click(form["as"], int(form["msg"]), form["cid"]))

    async def select(self, request):
        form = await request.post()
        values = form.getall("values", [])
        await self._run(form, self.sb.select(form["as"], int(form["msg"]), form["cid"], list(values)))

    async def modal(self, request):
        form = await request.post()
        u = self.sb.user(form["as"])
        opened = self.modals.pop(u.id, None)
        if opened is None:
            self._back(form, err="no open modal")
        if form.get("cancel"):
            self._back(form)
        values = {k[2:]: v for k, v in form.items() if k.startswith("f:")}
        await self._run(form, self.sb.submit_modal(u, opened, values))

    async def say(self, request):
        form = await request.post()
        await self._run(form, self.sb.say(form["as"], form.get("ch") or "dm", form.get("content", "")))

    async def toggle_dms(self, request):
        form = await request.post()
        u = self.sb.user(form["as"])
        self.sb.close_dms(u, not u.dms_closed)
        self._back(form, note=f"DMs of {u.username} are now {'closed' if u.dms_closed else 'open'}")

    # -- page -------------------------------------------------------------------------
    async def page(self, request):
        sb = self.sb
        q = request.query
        users = sb.users
        try:
            user = sb.user(q.get("as") or users[0].username)
        except LookupError:
            user = users[0]
        chq = q.get("ch") or str(sb.world.text_channels[0].id)
        if chq == "dm":
            msgs = sb.dms(user)
            title = "Direct messages with the bot"
        else:
            try:
                ch = sb.channel(chq)
            except LookupError:
                ch = sb.world.text_channels[0]
                chq = str(ch.id)
            if not sb.can_see_channel(user.id, ch):
                ch = sb.world.text_channels[0]
                chq = str(ch.id)
            msgs = sb.messages(ch, viewer=user)
            title = "#" + (ch.name or "")

        out = [HEAD]
        out.append("<header><form method=get action='/'>You are <select name=as onchange='this.form.submit()'>")
        for u in users:
            sel = " selected" if u.id == user.id else ""
            out.append(f"<option value='{E(u.username)}'{sel}>{E(u.global_name or u.username)}</option>")
        out.append(f"</select><input type=hidden name=ch value='{E(chq)}'></form>")
        out.append(f"<form method=post action='/ui/dms' class=inline><input type=hidden name=as value='{E(user.username)}'>"
                   f"<input type=hidden name=ch value='{E(chq)}'><button class=s2>DMs {'closed' if user.dms_closed else 'open'}"
                   f" (toggle)</button></form>")
        conn = "connected" if any(s.connected for s in sb.live_sessions()) else "NOT connected"
        out.append(f"<span class=muted>bot {E(conn)} · {E(sb.base_url)}</span></header>")

        out.append("<nav>")
        for c in sb.world.text_channels:
            out.append(self._chan_link(user, str(c.id), "#" + (c.name or ""), chq))
            for t in sb.threads(c):
                if sb.can_see_channel(user.id, t):
                    out.append(self._chan_link(user, str(t.id), "&nbsp;&nbsp;└ " + E(t.name or ""), chq, raw=True))
        out.append(self._chan_link(user, "dm", "✉ DMs with the bot", chq))
        out.append("</nav>")

        out.append(f"<main><h2>{E(title)}</h2><div id=log>")
        if not msgs:
            out.append("<p class=muted>No messages here yet.</p>")
        if len(msgs) > 60:
            out.append(f"<p class=muted>{len(msgs) - 60} older messages not shown.</p>")
        for m in msgs[-60:]:
            out.append(self._message(user, chq, m))
        out.append("</div><div class=composer>")
        paths = command_paths(sb.world.commands)
        example = next((p for p, _ in paths if p.endswith(" new")), paths[0][0] if paths else "")
        out.append(f"<form method=post action='/ui/slash' class=cmd><input type=hidden name=as value='{E(user.username)}'>"
                   f"<input type=hidden name=ch value='{E(chq)}'><span class=slash>/</span><input name=command list=cmds "
                   f"autocomplete=off placeholder='{E(example)}' autofocus> <button>Run</button></form>")
        out.append("<datalist id=cmds>" + "".join(f"<option value='{E(p)}'>" for p, _ in paths) + "</datalist>")
        out.append(f"<form method=post action='/ui/say' class=cmd><input type=hidden name=as value='{E(user.username)}'>"
                   f"<input type=hidden name=ch value='{E(chq)}'><input name=content placeholder='say something'>"
                   f" <button class=s2>Send</button></form>")
        if paths:
            out.append("<details class=help><summary>commands</summary><ul>")
            for p, opts in paths:
                out.append(f"<li><code>/{E(p)}</code>{' ' + E(opts) if opts else ''}</li>")
            out.append("</ul><p class=muted>Options as <code>name:value</code>, for example "
                       "<code>/libertalia new timer:120</code>.</p></details>")
        out.append("</div></main>")

        opened = self.modals.get(user.id)
        if opened is not None:
            out.append("<div class=overlay>" + self._modal_form(user, chq, opened) + "</div>")
        if q.get("err"):
            out.append(f"<div id=toast class='toast err' role=alert>{E(q['err'])}</div>")
        elif q.get("note"):
            out.append(f"<div id=toast class='toast note' role=status>{E(q['note'])}</div>")
        out.append(f"<script>const V='{sb.mark()}',VIEW={json.dumps(user.username + '|' + chq)};{SCRIPT}</script>"
                   "</body></html>")
        return web.Response(text="".join(out), content_type="text/html")

    def fmt(self, text: str) -> str:
        """Discord's markdown, made safe: everything is escaped first, then mentions become
        names and **bold**, *italic*, __underline__, ~~strike~~, `code`, "> " quotes and "-# "
        small lines become tags. No text from a message can open a tag of its own."""
        w = self.sb.world
        keep: list[str] = []

        def hold(fragment: str) -> str:          # a finished piece, kept out of later rules
            keep.append(fragment)
            return f"\x00{len(keep) - 1}\x00"

        def user(mt: re.Match) -> str:
            u = w.users.get(int(mt.group(1)))
            return hold(f"<span class=mention>@{E(u.global_name or u.username) if u else 'unknown-user'}</span>")

        def channel(mt: re.Match) -> str:
            c = w.channels.get(int(mt.group(1)))
            return hold(f"<span class=mention>#{E(c.name or 'DM') if c else 'unknown-channel'}</span>")

        def role(mt: re.Match) -> str:
            r = w.roles.get(int(mt.group(1)))
            return hold(f"<span class=mention>@{E(r.name) if r else 'unknown-role'}</span>")

        t = E(text.replace("\x00", ""))
        t = re.sub(r"`([^`\n]+)`", lambda mt: hold(f"<code>{mt.group(1)}</code>"), t)
        t = re.sub(r"&lt;@!?(\d+)&gt;", user, t)
        t = re.sub(r"&lt;#(\d+)&gt;", channel, t)
        t = re.sub(r"&lt;@&amp;(\d+)&gt;", role, t)
        t = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", t, flags=re.S)
        t = re.sub(r"__(.+?)__", r"<u>\1</u>", t, flags=re.S)
        t = re.sub(r"(?<![\w*])\*(?![\s*])([^*\n]+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", t)
        t = re.sub(r"~~(.+?)~~", r"<s>\1</s>", t, flags=re.S)
        lines = []
        for line in t.split("\n"):
            if line.startswith("&gt; "):
                line = f"<span class=quote>{line[5:]}</span>"
            elif line.startswith("-# "):
                line = f"<span class=small>{line[3:]}</span>"
            elif re.match(r"#{1,3} ", line):
                level = line.index(" ")
                line = f"<span class=h{level}>{line[level + 1:]}</span>"
            lines.append(line)
        t = "\n".join(lines)
        return re.sub("\x00(\\d+)\x00", lambda mt: keep[int(mt.group(1))], t)

    def _chan_link(self, user, cid: str, label: str, current: str, raw: bool = False) -> str:
        cls = " class=cur" if cid == current else ""
        text = label if raw else E(label)
        return f"<a{cls} href='/?{urlencode({'as': user.username, 'ch': cid})}'>{text}</a>"

    def _hidden(self, user, chq: str, m) -> str:
        return (f"<input type=hidden name=as value='{E(user.username)}'><input type=hidden name=ch value='{E(chq)}'>"
                f"<input type=hidden name=msg value='{m.id}'>")

    def _message(self, user, chq: str, m) -> str:
        badge = ""
        if m.ephemeral:
            badge = "<span class=badge>only you can see this</span>"
        if m.loading:
            badge += "<span class=badge>thinking…</span>"
        parts = [f"<div class=msg><div class=meta><b>{E(m.author.global_name or m.author.username)}</b> "
                 f"<span class=muted>{m.id}{' (edited)' if m.edited else ''}</span> {badge}</div>"]
        if m.content:
            parts.append(f"<div class=content>{self.fmt(m.content)}</div>")
        shown: set[str] = set()
        for e in m.embeds:
            parts.append("<div class=embed>")
            if e.get("title"):
                parts.append(f"<b>{E(str(e['title']))}</b>")
            if e.get("description"):
                parts.append(f"<div class=content>{self.fmt(str(e['description']))}</div>")
            for f in e.get("fields") or []:
                parts.append(f"<div class=field><b>{self.fmt(str(f.get('name', '')))}</b>"
                             f"<div class=content>{self.fmt(str(f.get('value', '')))}</div></div>")
            for key in ("image", "thumbnail"):
                img = (e.get(key) or {})
                url = img.get("proxy_url") or img.get("url")
                if url and not str(url).startswith("attachment://"):
                    parts.append(f"<img src='{E(url)}' alt='{E(alt_of(m, url))}'>")
                    shown.add(url)
            if (e.get("footer") or {}).get("text"):
                parts.append(f"<div class=muted>{E(e['footer']['text'])}</div>")
            parts.append("</div>")
        for a in m.attachments:
            if a.url in shown:
                continue
            if (a.content_type or "").startswith("image/"):
                parts.append(f"<img src='{E(a.url)}' alt='{E(a.description or a.filename)}' "
                             f"title='{E(a.description or '')}'>")
            else:
                parts.append(f"<a href='{E(a.url)}'>{E(a.filename)}</a>")
        parts.append(self._components(user, chq, m, m.components))
        parts.append("</div>")
        return "".join(parts)

    def _components(self, user, chq: str, m, comps) -> str:
        out = []
        for c in comps or []:
            t = c.get("type")
            if t == 1:
                out.append("<div class=row>" + self._components(user, chq, m, c.get("components")) + "</div>")
            elif t == 2:
                dis = " disabled" if c.get("disabled") else ""
                label = E(str(c.get("label") or (c.get("emoji") or {}).get("name") or "?"))
                if c.get("url"):
                    out.append(f"<a class=btn href='{E(c['url'])}'>{label}</a>")
                elif c.get("custom_id"):
                    out.append(f"<form method=post action='/ui/click' class=inline>{self._hidden(user, chq, m)}"
                               f"<input type=hidden name=cid value='{E(c['custom_id'])}'>"
                               f"<button class='s{c.get('style', 1)}'{dis}>{label}</button></form>")
            elif t in (3, 5, 6, 7, 8):
                dis = " disabled" if c.get("disabled") else ""
                multi = " multiple" if c.get("max_values", 1) > 1 else ""
                opts = []
                if t == 3:
                    for o in c.get("options") or []:
                        desc = f" — {o['description']}" if o.get("description") else ""
                        opts.append(f"<option value='{E(o['value'])}'>{E(o['label'] + desc)}</option>")
                elif t in (5, 7):
                    opts = [f"<option value='{u.id}'>{E(u.global_name or u.username)}</option>" for u in self.sb.users]
                elif t == 8:
                    opts = [f"<option value='{ch.id}'>#{E(ch.name or '')}</option>" for ch in self.sb.world.text_channels]
                else:
                    opts = [f"<option value='{r.id}'>{E(r.name)}</option>" for r in self.sb.world.roles.values()]
                out.append(f"<form method=post action='/ui/select' class=sel>{self._hidden(user, chq, m)}"
                           f"<input type=hidden name=cid value='{E(c['custom_id'])}'>"
                           f"<select name=values{multi}{dis}><option disabled selected>{E(c.get('placeholder') or 'choose')}"
                           f"</option>{''.join(opts)}</select> <button{dis}>OK</button></form>")
            elif t == 10:
                out.append(f"<div class=content>{self.fmt(str(c.get('content', '')))}</div>")
            elif t == 12:
                for item in c.get("items") or []:
                    url = (item.get("media") or {}).get("url", "")
                    if url.startswith("attachment://"):
                        name = url[len("attachment://"):]
                        url = next((a.url for a in m.attachments if a.filename == name), "")
                    if url:
                        out.append(f"<img src='{E(url)}' alt='{E(alt_of(m, url))}'>")
            elif t == 14:
                out.append("<hr>")
            else:
                inner = list(c.get("components") or [])
                if isinstance(c.get("accessory"), dict):
                    inner.append(c["accessory"])
                out.append("<div class=box>" + self._components(user, chq, m, inner) + "</div>")
        return "".join(out)

    def _modal_form(self, user, chq: str, opened) -> str:
        modal = opened.modal
        out = [f"<form method=post action='/ui/modal' class=modal><h3>{E(modal.get('title', ''))}</h3>"
               f"<input type=hidden name=as value='{E(user.username)}'><input type=hidden name=ch value='{E(chq)}'>"]

        def visit(c, label=None):
            t = c.get("type")
            if t == 1:
                for k in c.get("components") or []:
                    visit(k)
            elif t == 18:
                visit(c["component"], c.get("label"))
            elif t == 4:
                name = E(c["custom_id"])
                lab = E(label or c.get("label") or c["custom_id"])
                val = E(c.get("value") or "")
                ph = E(c.get("placeholder") or "")
                if c.get("style") == 2:
                    field = f"<textarea name='f:{name}' placeholder='{ph}'>{val}</textarea>"
                else:
                    field = f"<input name='f:{name}' value='{val}' placeholder='{ph}'>"
                out.append(f"<label>{lab}<br>{field}</label><br>")
            elif t == 10:
                out.append(f"<p>{E(str(c.get('content', '')))}</p>")
        for c in modal.get("components") or []:
            visit(c)
        out.append("<button>Submit</button> <button name=cancel value=1 class=s2 formnovalidate>Cancel</button></form>")
        return "".join(out)


def command_paths(commands: dict) -> list[tuple[str, str]]:
    """("libertalia new", "timer: 0|60|... · pings: ...") for every command the bot registered,
    down to its subcommands: what the command box suggests."""
    out: list[tuple[str, str]] = []

    def walk(path: str, options: list[dict]) -> None:
        subs = [o for o in options if o.get("type") in (1, 2)]
        if subs:
            for o in subs:
                walk(f"{path} {o['name']}", o.get("options") or [])
            return
        described = []
        for o in options:
            choices = [str(c.get("value")) for c in o.get("choices") or []]
            kind = {5: "true|false", 6: "user", 7: "channel", 8: "role", 11: "file"}.get(o.get("type"), "")
            described.append(f"{o['name']}{'' if o.get('required') else '?'}: " + ("|".join(choices) or kind or "…"))
        out.append((path, " · ".join(described)))

    seen = set()
    for (_, name), cmd in sorted(commands.items(), key=lambda kv: kv[0][1]):
        if name in seen or cmd.get("type", 1) != 1:
            continue
        seen.add(name)
        walk(name, cmd.get("options") or [])
    return out


def alt_of(m, url: str) -> str:
    for a in m.attachments:
        if a.url == url or url.endswith("/" + a.filename):
            return a.description or a.filename
    return "image"


FAVICON = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='7' "
           "fill='#5865f2'/><circle cx='10' cy='10' r='3' fill='#fff'/><circle cx='22' cy='22' r='3' fill='#fff'/>"
           "<circle cx='16' cy='16' r='3' fill='#fff'/></svg>")


async def favicon(request):
    return web.Response(text=FAVICON, content_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


HEAD = """<!doctype html><html><head><meta charset=utf-8><title>Discord sandbox</title>
<meta name=viewport content="width=device-width, initial-scale=1"><link rel=icon href="/favicon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}
html,body{height:100%;margin:0}
body{font:15px system-ui,sans-serif;background:#313338;color:#dbdee1;display:grid;overflow:hidden;
grid-template-columns:220px minmax(0,1fr);grid-template-rows:auto minmax(0,1fr);grid-template-areas:"top top" "nav main"}
header{grid-area:top;padding:8px 12px;background:#1e1f22;display:flex;gap:12px;align-items:center;flex-wrap:wrap}
nav{grid-area:nav;padding:8px;background:#2b2d31;display:flex;flex-direction:column;gap:4px;overflow:auto}
nav a{color:#949ba4;text-decoration:none;padding:3px 6px;border-radius:4px;overflow-wrap:anywhere}
nav a.cur{background:#404249;color:#fff}
main{grid-area:main;display:flex;flex-direction:column;min-width:0;min-height:0}
main h2{margin:0;padding:8px 16px;border-bottom:1px solid #1f2023;font-size:16px}
#log{flex:1 1 auto;overflow:auto;padding:0 16px;min-height:0}
.composer{flex:none;padding:8px 16px;border-top:1px solid #1f2023;background:#313338}
.msg{padding:6px 0;border-bottom:1px solid #3f4147}
.content{white-space:pre-wrap;overflow-wrap:anywhere}
.embed{border-left:4px solid #5865f2;background:#2b2d31;padding:6px 10px;margin:4px 0;max-width:640px}
.field{margin:4px 0}
img{max-width:min(640px,100%);height:auto;display:block;margin:4px 0;border-radius:4px}
.row{display:flex;gap:6px;margin:4px 0;flex-wrap:wrap}
button{background:#5865f2;color:#fff;border:0;border-radius:3px;padding:5px 12px;cursor:pointer;font:inherit}
button.s2{background:#4e5058}button.s3{background:#248046}button.s4{background:#da373c}button:disabled{opacity:.45;cursor:default}
.inline{display:inline}.sel{margin:4px 0}.badge{font-size:12px;color:#949ba4;margin-left:6px}.muted{color:#949ba4;font-size:12px}
.box{border:1px solid #3f4147;padding:6px;margin:4px 0}
.mention{background:rgba(88,101,242,.3);color:#c9cdfb;border-radius:3px;padding:0 2px}
code{background:#1e1f22;border-radius:3px;padding:0 3px;font-size:13px}
.quote{display:inline-block;border-left:4px solid #4e5058;padding-left:8px}
.small{font-size:12px;color:#949ba4}.h1{font-size:22px;font-weight:700}.h2{font-size:19px;font-weight:700}.h3{font-size:16px;font-weight:700}
.cmd{display:flex;gap:6px;align-items:center;margin:4px 0}.cmd input[name]{flex:1;min-width:0}.slash{color:#949ba4}
input,select,textarea{background:#1e1f22;color:#dbdee1;border:1px solid #3f4147;padding:4px;font:inherit}
.help{font-size:13px;color:#949ba4;max-height:30vh;overflow:auto}.help ul{margin:4px 0;padding-left:18px}
.overlay{position:fixed;inset:0;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;z-index:10}
.modal{background:#2b2d31;padding:12px;border:2px solid #5865f2;border-radius:6px;width:min(480px,92vw)}
.modal input,.modal textarea{width:100%}
a.btn{color:#00a8fc}
.toast{position:fixed;top:56px;right:16px;max-width:min(480px,80vw);padding:8px 12px;border-radius:4px;z-index:20;
box-shadow:0 4px 12px rgba(0,0,0,.4);transition:opacity .4s;white-space:pre-wrap}
.toast.err{background:#da373c;color:#fff}.toast.note{background:#1e1f22;color:#57f287;border:1px solid #248046}
.toast.gone{opacity:0;pointer-events:none}
</style></head><body>"""

# Reload when the world changed (unless you are typing), keep the scroll position of the
# message log across reloads (at the bottom, like Discord, unless you scrolled up), and
# let the banner fade out and leave the address bar, so a reload does not show it again.
SCRIPT = """const log=document.getElementById('log');
const KEY='sbx-scroll:'+VIEW;
try{const s=JSON.parse(sessionStorage.getItem(KEY)||'null');
log.scrollTop=(s&&!s.bottom)?s.top:log.scrollHeight;}catch(e){log.scrollTop=log.scrollHeight;}
function keep(){try{sessionStorage.setItem(KEY,JSON.stringify({top:log.scrollTop,
bottom:log.scrollTop+log.clientHeight>=log.scrollHeight-8}));}catch(e){}}
addEventListener('pagehide',keep);addEventListener('beforeunload',keep);
document.addEventListener('submit',keep,true);
for(const img of log.querySelectorAll('img')){if(!img.complete)img.addEventListener('load',()=>{
const s=JSON.parse(sessionStorage.getItem(KEY)||'null');if(!s||s.bottom)log.scrollTop=log.scrollHeight;},{once:true});}
const u=new URL(location.href);
if(u.searchParams.has('err')||u.searchParams.has('note')){u.searchParams.delete('err');u.searchParams.delete('note');
history.replaceState(null,'',u.pathname+u.search);}
const toast=document.getElementById('toast');
if(toast){setTimeout(()=>toast.classList.add('gone'),toast.classList.contains('err')?9000:4000);
toast.addEventListener('click',()=>toast.classList.add('gone'));}
setInterval(async()=>{const a=document.activeElement;
if(a&&(a.tagName==='INPUT'||a.tagName==='TEXTAREA'||a.tagName==='SELECT')&&a.value)return;
if(document.querySelector('.overlay'))return;
try{const r=await fetch('/ui/version');const t=await r.text();if(t!==V){keep();location.reload();}}catch(e){}},1000);"""
