"""A tiny web page for local play: pick a user and a channel, read the messages they can see,
press buttons, choose in selects, run slash commands, fill in modals.

Served by the sandbox at ``/``. No JavaScript framework: plain forms, plus a small script that
reloads the page when something changed (unless you are typing).
"""
from __future__ import annotations

import html
import shlex
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from aiohttp import web

from .server import SandboxError

if TYPE_CHECKING:
    from . import Sandbox

E = html.escape


def add_routes(sb: "Sandbox", app: web.Application) -> None:
    ui = WebUI(sb)
    app.router.add_get("/", ui.page)
    app.router.add_get("/ui/version", ui.version)
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
        if getattr(r, "modal", None):
            self.modals[r.interaction.user.id] = r
        if getattr(r, "type", None) is not None:
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
        values = {k[2:]: v for k, v in form.items() if k.startswith("f:")}
        await self._run(form, self.sb.submit_modal(u, opened, values))

    async def say(self, request):
        form = await request.post()
        await self._run(form, self.sb.say(form["as"], form.get("ch") or "dm", form.get("content", "")))

    async def toggle_dms(self, request):
        form = await request.post()
        u = self.sb.user(form["as"])
        u.dms_closed = not u.dms_closed
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
        out = [HEAD]
        out.append("<header><form method=get action='/'>You are <select name=as onchange='this.form.submit()'>")
        for u in users:
            sel = " selected" if u.id == user.id else ""
            out.append(f"<option value='{E(u.username)}'{sel}>{E(u.global_name or u.username)}</option>")
        out.append(f"</select><input type=hidden name=ch value='{E(chq)}'></form>")
        out.append(f"<form method=post action='/ui/dms' class=inline><input type=hidden name=as value='{E(user.username)}'>"
                   f"<input type=hidden name=ch value='{E(chq)}'><button>DMs {'closed' if user.dms_closed else 'open'}"
                   f" (toggle)</button></form>")
        conn = "connected" if any(s.connected for s in sb.live_sessions()) else "NOT connected"
        out.append(f"<span class=muted>bot {E(conn)} · {E(sb.base_url)}</span></header>")
        if q.get("err"):
            out.append(f"<p class=err>{E(q['err'])}</p>")
        if q.get("note"):
            out.append(f"<p class=note>{E(q['note'])}</p>")

        out.append("<nav>")
        for ch in sb.world.text_channels:
            out.append(self._chan_link(user, str(ch.id), "#" + (ch.name or ""), chq))
            for t in sb.threads(ch):
                if sb.can_see_channel(user.id, t):
                    out.append(self._chan_link(user, str(t.id), "&nbsp;&nbsp;└ " + E(t.name or ""), chq, raw=True))
        out.append(self._chan_link(user, "dm", "✉ DMs with the bot", chq))
        out.append("</nav><main>")

        opened = self.modals.get(user.id)
        if opened is not None:
            out.append(self._modal_form(user, chq, opened))

        if chq == "dm":
            msgs = sb.dms(user)
            title = "Direct messages"
        else:
            try:
                ch = sb.channel(chq)
            except LookupError:
                ch = sb.world.text_channels[0]
                chq = str(ch.id)
            msgs = sb.messages(ch, viewer=user)
            title = "#" + (ch.name or "")
        out.append(f"<h2>{E(title)}</h2>")
        for m in msgs[-60:]:
            out.append(self._message(user, chq, m))
        out.append(f"<form method=post action='/ui/slash' class=cmd><input type=hidden name=as value='{E(user.username)}'>"
                   f"<input type=hidden name=ch value='{E(chq)}'>/<input name=command size=60 "
                   f"placeholder='libertalia new players:4' autofocus> <button>Run</button></form>")
        cmds = sorted({n for (_, n) in sb.world.commands})
        if cmds:
            out.append("<p class=muted>commands: " + ", ".join("/" + E(c) for c in cmds)
                       + " — subcommands and options as <code>group sub name:value</code></p>")
        out.append(f"<form method=post action='/ui/say' class=cmd><input type=hidden name=as value='{E(user.username)}'>"
                   f"<input type=hidden name=ch value='{E(chq)}'><input name=content size=60 placeholder='say something'>"
                   f" <button>Send</button></form>")
        out.append(f"</main><script>let v='{sb.mark()}';{SCRIPT}</script></body></html>")
        return web.Response(text="".join(out), content_type="text/html")

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
            parts.append(f"<div class=content>{E(m.content)}</div>")
        shown: set[str] = set()
        for e in m.embeds:
            parts.append("<div class=embed>")
            if e.get("title"):
                parts.append(f"<b>{E(str(e['title']))}</b>")
            if e.get("description"):
                parts.append(f"<div class=content>{E(str(e['description']))}</div>")
            for f in e.get("fields") or []:
                parts.append(f"<div><b>{E(str(f.get('name', '')))}</b>: {E(str(f.get('value', '')))}</div>")
            for key in ("image", "thumbnail"):
                img = (e.get(key) or {})
                url = img.get("proxy_url") or img.get("url")
                if url and not str(url).startswith("attachment://"):
                    parts.append(f"<img src='{E(url)}'>")
                    shown.add(url)
            if (e.get("footer") or {}).get("text"):
                parts.append(f"<div class=muted>{E(e['footer']['text'])}</div>")
            parts.append("</div>")
        for a in m.attachments:
            if a.url in shown:
                continue
            if (a.content_type or "").startswith("image/"):
                parts.append(f"<img src='{E(a.url)}' title='{E(a.description or '')}'>")
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
                out.append(f"<div class=content>{E(str(c.get('content', '')))}</div>")
            elif t == 12:
                for item in c.get("items") or []:
                    url = (item.get("media") or {}).get("url", "")
                    if url.startswith("attachment://"):
                        name = url[len("attachment://"):]
                        url = next((a.url for a in m.attachments if a.filename == name), "")
                    if url:
                        out.append(f"<img src='{E(url)}'>")
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
        out.append("<button>Submit</button></form>")
        return "".join(out)


HEAD = """<!doctype html><html><head><meta charset=utf-8><title>Discord sandbox</title><style>
body{font:15px system-ui,sans-serif;margin:0;background:#313338;color:#dbdee1;display:grid;
grid-template-columns:220px 1fr;grid-template-rows:auto 1fr}
header{grid-column:1/3;padding:8px 12px;background:#1e1f22;display:flex;gap:12px;align-items:center}
nav{padding:8px;background:#2b2d31;display:flex;flex-direction:column;gap:4px}
nav a{color:#949ba4;text-decoration:none;padding:3px 6px;border-radius:4px}nav a.cur{background:#404249;color:#fff}
main{padding:8px 16px;overflow:auto}.msg{padding:6px 0;border-bottom:1px solid #3f4147}
.content{white-space:pre-wrap}.embed{border-left:4px solid #5865f2;background:#2b2d31;padding:6px 10px;margin:4px 0;max-width:640px}
img{max-width:640px;display:block;margin:4px 0;border-radius:4px}.row{display:flex;gap:6px;margin:4px 0;flex-wrap:wrap}
button{background:#5865f2;color:#fff;border:0;border-radius:3px;padding:5px 12px;cursor:pointer}
button.s2{background:#4e5058}button.s3{background:#248046}button.s4{background:#da373c}button:disabled{opacity:.45}
.inline{display:inline}.sel{margin:4px 0}.badge{font-size:12px;color:#949ba4;margin-left:6px}.muted{color:#949ba4;font-size:12px}
.err{background:#da373c;color:#fff;padding:6px}.note{color:#57f287}.box{border:1px solid #3f4147;padding:6px;margin:4px 0}
.cmd{margin-top:12px}input,select,textarea{background:#1e1f22;color:#dbdee1;border:1px solid #3f4147;padding:4px}
.modal{background:#2b2d31;padding:12px;border:2px solid #5865f2;max-width:480px}a.btn{color:#00a8fc}
</style></head><body>"""

SCRIPT = """setInterval(async()=>{const a=document.activeElement;
if(a&&(a.tagName==='INPUT'||a.tagName==='TEXTAREA'||a.tagName==='SELECT')&&a.value)return;
try{const r=await fetch('/ui/version');const t=await r.text();if(t!==v)location.reload();}catch(e){}},1000);"""
