"""The Whisky Game board and private images, drawn only from ``ENGINE.view``.

``render_board(view, tr)``: the map (every field at the board's drawing coordinates, coloured
by region, land edges, dashed sea routes, airports, numbered distilleries with a legend that
names them and lists the bottles still there, pawns as seat badges), a header with round,
player to act and goal, the question being asked (text and options, never the answer — the
view does not hold it), and a panel per player: character, position, bottles by region,
visible points, face-down lost-distillery bottles as a count only, ingredients, number of
special cards and running effects.

The board geometry is static data that the view names by reference (``view["board"]["ref"]``,
e.g. "engines.whisky.data:BOARD"); names of regions, characters and cards come from the same
module when the view only carries ids.

``render_hand(view, tr)``: the seat's special cards, own lost-distillery values and true
total. ``private_text(view, tr)``: the same as short Discord markdown."""
from __future__ import annotations

import math

from render.common import (INK, MUTED, PAPER, canvas, clip, finish, fit, own_seat, rounded,
                           seat_badge, seat_style, text, text_width, wrap)
from render.shapes import compact, dashed_line, ink_for, resolve_ref, stroked

def _(message: str) -> str:
    """Marks a message id for the catalog extraction (core.i18n); translated later by tr."""
    return message


MAP_W, MAP_H = 1000, 1900        # drawing area of the board (board.json canvas, cropped)
PANEL_W = 700
GAP = 16
MARGIN = 14

REGION_ORDER = ["IRE", "LOW", "HIGH", "ISL", "ISLAY", "SPEY"]
REGION_COLOUR = {
    "IRE": (118, 190, 118),
    "LOW": (190, 160, 225),
    "HIGH": (214, 178, 130),
    "ISL": (120, 200, 205),
    "ISLAY": (236, 140, 140),
    "SPEY": (245, 205, 90),
    None: (170, 200, 235),
}
REGION_TINT = {k: tuple(round(c + (255 - c) * 0.62) for c in v)
               for k, v in REGION_COLOUR.items() if k}
REGION_FALLBACK = {"IRE": _("Ireland"), "LOW": _("Lowlands & Campbeltown"),
                   "HIGH": _("Highlands"), "ISL": _("Islands"), "ISLAY": _("Islay"),
                   "SPEY": _("Speyside")}
SEA = (205, 225, 240)
SEA_LINE = (40, 100, 180)
EDGE = (150, 140, 125)
PANEL = (238, 231, 214)
HILITE = (200, 40, 40)
DARK = (70, 60, 60)
PORT = (30, 60, 130)
PUB = (160, 90, 30)
START = (210, 40, 40)
WHITE = (255, 255, 255)
QBOX = (255, 252, 235)
QOLD = (244, 240, 230)
LEGEND_BG = (250, 247, 238)
EMPTY = (235, 235, 235)
CARD_BG = (255, 252, 240)
INGR_COLOUR = {"barley": (220, 180, 60), "water": (80, 150, 220), "yeast": (235, 225, 200)}
def _colours():
    from render.common import SEAT_STYLES
    return ([INK, MUTED, PAPER, SEA, SEA_LINE, EDGE, PANEL, HILITE, DARK, PORT, PUB, START, WHITE,
             QBOX, QOLD, LEGEND_BG, EMPTY, CARD_BG, (200, 200, 200), (250, 248, 242),
             (120, 60, 60)]
            + list(REGION_COLOUR.values()) + list(REGION_TINT.values())
            + list(INGR_COLOUR.values())
            + [c for _, c in SEAT_STYLES])


EFFECT_NAMES = {"prohibition": _("Prohibition"), "hangover": _("Hangover"),
                "carriage": _("Horse-drawn Carriage"), "truck": _("Truck"),
                "skip": _("misses turns")}
PHASE_NAMES = {"move": _("moving"), "question": _("answering a question"), "fly": _("flying"),
               "ready": _("rolling"), "start": _("starting"), "distillery": _("at a distillery"),
               "pub": _("at a pub"), "airport": _("at an airport"),
               "lost": _("at a lost distillery"), "smuggle": _("smuggling"),
               "savage": _("Nick Savage's jump"), "teleport": _("teleporting"),
               "victim": _("choosing an opponent"), "bottle": _("choosing a bottle")}
LEVEL_NAMES = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}
RESULT_NAMES = {"right": _("right"), "wrong": _("wrong")}
TRAVEL_NAMES = {"flight": _("flight"), "sea": _("sea crossing")}
INGR_NAMES = {"barley": _("barley"), "water": _("water"), "yeast": _("yeast")}


# ----------------------------------------------------------------------------- data
def _board(view: dict) -> dict:
    board = (view.get("board") or {})
    data = resolve_ref(board.get("ref"), None)
    if isinstance(data, dict) and data.get("fields"):
        return data
    if board.get("fields"):            # the view may carry the board itself one day
        return board
    return {"fields": [], "edges": [], "sea_routes": [], "airports": []}


def _catalog(view: dict, name: str, default):
    """A static table of the game's data module (REGIONS, CHARACTERS, SPECIALS)."""
    ref = str((view.get("board") or {}).get("ref") or "")
    mod = ref.partition(":")[0]
    return resolve_ref(f"{mod}:{name}", default) if mod else default


def _region_name(view, tr, code) -> str:
    names = _catalog(view, "REGIONS", REGION_FALLBACK) or REGION_FALLBACK
    return tr(str(names.get(code, code)))


def _card_name(view, tr, cid) -> str:
    specials = _catalog(view, "SPECIALS", {}) or {}
    return tr(str((specials.get(cid) or {}).get("name", str(cid).replace("_", " "))))


def _card_text(view, tr, cid) -> str:
    specials = _catalog(view, "SPECIALS", {}) or {}
    t = (specials.get(cid) or {}).get("text")
    return tr(t) if t else ""


def _field_name(view: dict, fid) -> str:
    fields = {f.get("id"): f for f in _board(view).get("fields") or []}
    return str((fields.get(fid) or {}).get("name") or fid)


def _seat_index(view: dict, seat) -> int:
    seats = view.get("seats") or []
    return seats.index(seat) if seat in seats else 0


def _numbering(fields: list[dict]) -> dict[str, int]:
    """Distilleries and lost distilleries numbered by region, north to south."""
    ds = [f for f in fields if f.get("type") in ("distillery", "lost")]
    ds.sort(key=lambda f: (REGION_ORDER.index(f.get("region")) if f.get("region") in REGION_ORDER
                           else 99, f.get("y", 0), f.get("x", 0)))
    return {f["id"]: i + 1 for i, f in enumerate(ds)}


# ----------------------------------------------------------------------------- map
def _xy(f, ox, oy):
    return ox + f.get("x", 0), oy + f.get("y", 0)


def _draw_map(d, view, tr, ox, oy, board, numbers, reserved=()) -> None:
    """``reserved``: boxes (legends) that labels and pawns must keep clear of."""
    fields = {f["id"]: f for f in board.get("fields") or [] if "id" in f}
    d.rectangle((ox, oy, ox + MAP_W, oy + MAP_H), fill=SEA)
    # land: a light halo of the region colour around every field, so regions read as areas
    for f in fields.values():
        if f.get("type") == "sea" or f.get("region") not in REGION_TINT:
            continue
        x, y = _xy(f, ox, oy)
        d.ellipse((x - 26, y - 26, x + 26, y + 26), fill=REGION_TINT[f["region"]])
    # land edges
    for e in board.get("edges") or []:
        if len(e) != 2 or e[0] not in fields or e[1] not in fields:
            continue
        d.line((*_xy(fields[e[0]], ox, oy), *_xy(fields[e[1]], ox, oy)), fill=EDGE, width=3)
    # sea routes: port - sea - port, dashed
    for r in board.get("sea_routes") or []:
        sea = fields.get(r.get("sea"))
        for port in r.get("ports") or []:
            if sea and port in fields:
                dashed_line(d, _xy(fields[port], ox, oy), _xy(sea, ox, oy), fill=SEA_LINE,
                            width=3, dash=8, gap=6)
    # fields
    for fid, f in fields.items():
        x, y = _xy(f, ox, oy)
        col = REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None])
        t = f.get("type")
        if t == "distillery" or t == "lost":
            continue
        if t == "path":
            d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=col, outline=INK, width=1)
        elif t == "ingredient":
            d.polygon([(x, y - 8), (x + 8, y), (x, y + 8), (x - 8, y)], fill=col, outline=INK)
        elif t == "special":
            d.rectangle((x - 6, y - 6, x + 6, y + 6), fill=col, outline=INK, width=2)
            d.line((x - 3, y, x + 3, y), fill=INK, width=2)
            d.line((x, y - 3, x, y + 3), fill=INK, width=2)
        elif t == "pub":
            d.rounded_rectangle((x - 8, y - 8, x + 8, y + 8), radius=3, fill=PUB,
                                outline=INK, width=2)
        elif t == "port":
            d.rectangle((x - 7, y - 7, x + 7, y + 7), fill=PORT, outline=INK, width=2)
        elif t == "airport":
            d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=PORT, outline=INK, width=2)
            text(d, (x, y + 1), "✈", size=16, fill=(255, 255, 255), anchor="mm")
        elif t == "start":
            d.ellipse((x - 11, y - 11, x + 11, y + 11), fill=START, outline=INK, width=2)
        elif t == "sea":
            d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=SEA_LINE, outline=INK, width=1)
        else:
            d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=col, outline=INK)
    stock = view.get("distillery_stock") or {}
    counts = view.get("distilleries") or {}
    for fid, f in fields.items():
        if f.get("type") not in ("distillery", "lost"):
            continue
        x, y = _xy(f, ox, oy)
        n = numbers.get(fid, 0)
        if f.get("type") == "lost":
            d.ellipse((x - 13, y - 13, x + 13, y + 13), fill=DARK, outline=INK, width=2)
            text(d, (x, y), str(n), size=14, fill=(255, 255, 255), bold=True, anchor="mm")
        else:
            empty = (fid in counts and not counts.get(fid)) or (fid in stock and not stock[fid])
            col = REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None])
            d.ellipse((x - 13, y - 13, x + 13, y + 13), fill=(235, 235, 235) if empty else col,
                      outline=INK, width=2)
            text(d, (x, y), str(n), size=14, fill=INK, bold=True, anchor="mm")
    q = view.get("question")
    if isinstance(q, dict) and q.get("distillery") in fields:     # where the question is asked
        x, y = _xy(fields[q["distillery"]], ox, oy)
        d.ellipse((x - 19, y - 19, x + 19, y + 19), outline=HILITE, width=5)
    # obstacles for labels and pawns: every field marker
    obstacles = [(*_xy(f, ox, oy), 14 if f.get("type") in ("distillery", "lost", "airport",
                                                          "start") else 8)
                 for f in fields.values()]
    # start fields and airports named (few, and players steer by them)
    for fid, f in fields.items():
        if f.get("type") not in ("start", "airport"):
            continue
        x, y = _xy(f, ox, oy)
        label = fit(tr(str(f.get("name", fid))), 170, 14, True)
        w = text_width(label, 14, True) + 6
        cands = [((x - 16 - w, y - 11, x - 16, y + 11), (x - 16, y), "rm"),
                 ((x + 16, y - 11, x + 16 + w, y + 11), (x + 16, y), "lm"),
                 ((x - w / 2, y + 16, x + w / 2, y + 38), (x, y + 16), "mt"),
                 ((x - w / 2, y - 38, x + w / 2, y - 16), (x, y - 16), "mb")]
        best = min(cands, key=lambda c: (not _inside(c[0], ox, oy, reserved),
                                         _hits(c[0], obstacles, (x, y))))
        stroked(d, best[1], label, size=14, bold=True, anchor=best[2])
        obstacles.append(((best[0][0] + best[0][2]) / 2, (best[0][1] + best[0][3]) / 2, w / 2))
    # pawns, beside their field where they hide the fewest other markers
    occupants = (view.get("board") or {}).get("occupants") or {}
    current = None if view.get("finished") else view.get("current")
    ring = [(round(r * math.cos(a)), round(r * math.sin(a)))
            for r in (40, 60, 80) for a in [-math.pi / 4 + k * math.pi / 4 for k in range(8)]]
    for fid, seats in occupants.items():
        if fid not in fields:
            continue
        x, y = _xy(fields[fid], ox, oy)
        for seat in seats or []:
            cands = [(x + dx, y + dy) for dx, dy in ring
                     if _inside((x + dx - 20, y + dy - 20, x + dx + 20, y + dy + 20), ox, oy,
                                reserved)]
            px, py = min(cands or [(x, y)],
                         key=lambda c: _hits((c[0] - 19, c[1] - 19, c[0] + 19, c[1] + 19),
                                             obstacles, (x, y)))
            obstacles.append((px, py, 19))
            idx = _seat_index(view, seat)
            dist = math.hypot(px - x, py - y) or 1
            d.line((x + (px - x) * 15 / dist, y + (py - y) * 15 / dist, px, py), fill=INK,
                   width=3)
            if seat == current:
                d.ellipse((px - 23, py - 23, px + 23, py + 23), outline=HILITE, width=4)
            d.ellipse((px - 19, py - 19, px + 19, py + 19), fill=(255, 255, 255))
            seat_badge(d, (px, py), idx, 16)


def _hits(box, obstacles, own) -> int:
    """How many markers (x, y, r) a box covers, ignoring the field it belongs to."""
    x0, y0, x1, y1 = box
    n = 0
    for ox_, oy_, r in obstacles:
        if (ox_, oy_) == own:
            continue
        if x0 - r < ox_ < x1 + r and y0 - r < oy_ < y1 + r:
            n += 1
    return n


def _inside(box, ox, oy, reserved=()) -> bool:
    """Within the map and clear of every reserved box."""
    if not (box[0] >= ox and box[1] >= oy and box[2] <= ox + MAP_W and box[3] <= oy + MAP_H):
        return False
    return not any(box[0] < r[2] and r[0] < box[2] and box[1] < r[3] and r[1] < box[3]
                   for r in reserved)


def _draw_legend_types(d, tr, x, y) -> int:
    """The field shapes, drawn in the empty west of Scotland."""
    text(d, (x, y), tr("Fields"), size=18, bold=True)
    y += 28
    items = [("distillery", tr("distillery (number)")), ("lost", tr("lost distillery")),
             ("ingredient", tr("ingredients")), ("special", tr("special card")),
             ("pub", tr("pub")), ("port", tr("port")), ("sea", tr("sea route")),
             ("airport", tr("airport")), ("start", tr("start")), ("path", tr("path"))]
    for t, label in items:
        cx, cy = x + 14, y + 10
        col = (200, 200, 200)
        if t == "distillery":
            d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=col, outline=INK, width=2)
            text(d, (cx, cy), "7", size=14, bold=True, anchor="mm")
        elif t == "lost":
            d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=DARK, outline=INK, width=2)
            text(d, (cx, cy), "9", size=14, bold=True, fill=(255, 255, 255), anchor="mm")
        elif t == "ingredient":
            d.polygon([(cx, cy - 8), (cx + 8, cy), (cx, cy + 8), (cx - 8, cy)], fill=col,
                      outline=INK)
        elif t == "special":
            d.rectangle((cx - 6, cy - 6, cx + 6, cy + 6), fill=col, outline=INK, width=2)
            d.line((cx - 3, cy, cx + 3, cy), fill=INK, width=2)
            d.line((cx, cy - 3, cx, cy + 3), fill=INK, width=2)
        elif t == "pub":
            d.rounded_rectangle((cx - 8, cy - 8, cx + 8, cy + 8), radius=3, fill=PUB,
                                outline=INK, width=2)
        elif t == "port":
            d.rectangle((cx - 7, cy - 7, cx + 7, cy + 7), fill=PORT, outline=INK, width=2)
        elif t == "sea":
            dashed_line(d, (cx - 14, cy), (cx + 14, cy), fill=SEA_LINE, width=3, dash=6, gap=4)
        elif t == "airport":
            d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=PORT, outline=INK, width=2)
            text(d, (cx, cy + 1), "✈", size=16, fill=(255, 255, 255), anchor="mm")
        elif t == "start":
            d.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=START, outline=INK, width=2)
        else:
            d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=col, outline=INK)
        text(d, (x + 36, y + 1), fit(label, 210, 15), size=15)
        y += 28
    return y


def _draw_legend_regions(d, view, tr, x, y, width) -> int:
    text(d, (x, y), tr("Regions"), size=18, bold=True)
    y += 28
    for code in REGION_ORDER:
        d.rectangle((x, y + 1, x + 22, y + 21), fill=REGION_COLOUR[code], outline=INK)
        text(d, (x + 30, y + 2), fit(_region_name(view, tr, code), width - 30, 15), size=15)
        y += 26
    return y


def _draw_legend_distilleries(d, view, tr, x, y, width, height, fields, numbers) -> None:
    """Numbered distilleries by region, with the bottle values still there."""
    stock = view.get("distillery_stock") or {}
    counts = view.get("distilleries") or {}
    rounded(d, (x, y, x + width, y + height), fill=(250, 247, 238), radius=12, width=2)
    text(d, (x + 12, y + 8), tr("Distilleries (bottles left)"), size=18, bold=True)
    entries: list[tuple[str, object]] = []
    by_region: dict = {}
    for fid, n in sorted(numbers.items(), key=lambda kv: kv[1]):
        by_region.setdefault(fields[fid].get("region"), []).append(fid)
    for code in REGION_ORDER + [r for r in by_region if r not in REGION_ORDER]:
        if code not in by_region:
            continue
        entries.append(("head", code))
        entries.extend(("item", fid) for fid in by_region[code])
    line_h = 20
    top = y + 38
    per_col = max(1, (height - 48) // line_h)
    ncols = max(1, -(-len(entries) // per_col))
    per_col = -(-len(entries) // ncols)
    cw = (width - 16) // ncols
    for k, (kind, val) in enumerate(entries):
        c, r = divmod(k, per_col)
        ex, ey = x + 10 + c * cw, top + r * line_h
        if kind == "head":
            d.rectangle((ex, ey + 2, ex + 16, ey + 17), fill=REGION_COLOUR.get(val), outline=INK)
            text(d, (ex + 22, ey + 1), fit(_region_name(view, tr, val), cw - 26, 15, True),
                 size=15, bold=True)
            continue
        f = fields[val]
        n = numbers[val]
        lost = f.get("type") == "lost"
        text(d, (ex + 20, ey + 1), str(n), size=14, bold=True, anchor="ra")
        if lost:
            tail = tr("lost")
        elif val in stock:
            vals = stock[val]
            tail = " ".join(str(v) for v in vals) if vals and any(vals) else (
                "×" + str(len(vals)) if vals else "—")
        elif val in counts:
            tail = "×" + str(counts[val]) if counts[val] else "—"
        else:
            tail = ""
        tw = text_width(tail, 14, True) if tail else 0
        text(d, (ex + 26, ey + 1), fit(tr(str(f.get("name", val))), cw - 36 - tw, 14), size=14,
             fill=MUTED if (tail == "—") else INK)
        if tail:
            text(d, (ex + cw - 8, ey + 1), tail, size=14, bold=True, anchor="ra",
                 fill=(120, 60, 60) if lost else INK)


# ----------------------------------------------------------------------------- panels
def _status_lines(view, tr) -> list[str]:
    if view.get("finished") or view.get("phase") == "over":
        out = [tr("Game over")]
        winners = (view.get("outcome") or {}).get("winners") or []
        if winners:
            out.append(tr("Winner: {players}", players=", ".join(map(str, winners))))
        return out
    pend = view.get("pending") or {}
    who = ", ".join(map(str, view.get("to_act") or [])) or str(view.get("current") or "-")
    kind = pend.get("kind") or ""
    line = tr("Round {n}", n=view.get("round", 1))
    if view.get("final_round"):
        line += " · " + tr("final round")
    out = [line]
    if kind:
        out.append(tr("{player} to play ({what})", player=who,
                      what=tr(PHASE_NAMES.get(kind, str(kind)))))
    else:
        out.append(tr("{player} to play", player=who))
    return out


def _goal_line(view, tr) -> str:
    g = view.get("goal") or {}
    return tr("Goal: {p} points with bottles from {r} regions", p=g.get("points", "?"),
              r=g.get("regions", "?"))


def _question_lines(view, tr, width) -> list[tuple[str, int, bool, tuple]]:
    """Lines of the question box: (text, size, bold, colour)."""
    q = view.get("question")
    out: list[tuple[str, int, bool, tuple]] = []
    if isinstance(q, dict):
        head = tr("Question for {player} at {place} — {level}, {value} points",
                  player=q.get("seat", "?"), place=tr(str(q.get("distillery_name") or
                                                           q.get("distillery") or "?")),
                  level=tr(LEVEL_NAMES.get(q.get("level"), str(q.get("level", "")))),
                  value=q.get("value", "?"))
        for line in wrap(head, width, 20, True, max_lines=2):
            out.append((line, 20, True, INK))
        for line in wrap(str(q.get("question") or ""), width, 18, max_lines=8):
            out.append((line, 18, False, INK))
        for o in q.get("options") or []:
            letter = o.get("letter") or "?"
            label = f"{letter}. {o.get('text', '')}"
            colour = INK
            if o.get("removed"):
                label += "  " + tr("(removed)")
                colour = MUTED
            elif o.get("wrong"):
                label += "  " + tr("(wrong)")
                colour = HILITE
            for k, line in enumerate(wrap(label, width - 20, 17, True, max_lines=3)):
                out.append((("    " if k else "") + line, 17, k == 0, colour))
        extra = []
        if q.get("smuggler"):
            extra.append(tr("smuggler declared"))
        if view.get("question_timeout_s") or q.get("timeout_s"):
            extra.append(tr("{n} s to answer", n=q.get("timeout_s") or
                            view.get("question_timeout_s")))
        if extra:
            out.append((" · ".join(extra), 15, False, MUTED))
        return out
    last = view.get("last_question")
    if isinstance(last, dict) and last.get("question"):
        head = tr("Last question ({player}, {result})", player=last.get("seat", "?"),
                  result=tr(RESULT_NAMES.get(last.get("result"), str(last.get("result", "")))))
        out.append((fit(head, width, 16, True), 16, True, MUTED))
        for line in wrap(str(last.get("question")), width, 15)[:3]:
            out.append((line, 15, False, MUTED))
        if last.get("answer") is not None:
            out.append((fit(tr("Answer: {answer}", answer=str(last.get("answer"))), width, 15,
                            True), 15, True, MUTED))
    return out


def _bottle_label(b: dict) -> str:
    v, p = b.get("value", 0), b.get("points", b.get("value", 0))
    return str(p) if p == v or not v else f"{p} (×{p // v})"


def _player_panel_height(view, p) -> int:
    return 236


def _draw_player(d, view, tr, seat, p, box) -> None:
    x0, y0, x1, y1 = box
    idx = _seat_index(view, seat)
    colour = seat_style(idx)[1]
    acting = seat in (view.get("to_act") or []) or seat == view.get("current")
    rounded(d, box, fill=PANEL, radius=12, width=4 if acting else 2,
            outline=colour if acting else INK)
    seat_badge(d, (x0 + 26, y0 + 26), idx, 18)
    pts = p.get("points_visible", 0)
    pts_label = tr("{n} points", n=pts)
    pw = text_width(pts_label, 24, True)
    name = f"{seat} — {tr(str(p.get('character_name') or p.get('character') or ''))}"
    text(d, (x0 + 54, y0 + 12), fit(name, x1 - x0 - 80 - pw, 21, True), size=21, bold=True)
    text(d, (x1 - 14, y0 + 10), pts_label, size=24, bold=True, anchor="ra")
    # line 2: where, effects
    bits = []
    if p.get("position_name") or p.get("position"):
        bits.append(tr("at {place}", place=tr(str(p.get("position_name") or p.get("position")))))
    else:
        bits.append(tr("not on the board yet"))
    for e in p.get("effects") or []:
        if e == "skip":
            bits.append(tr("misses {n} turns", n=p.get("skip_turns", 1)))
        else:
            bits.append(tr(EFFECT_NAMES.get(e, str(e))))
    travel = p.get("travel")
    if isinstance(travel, dict) and travel.get("kind"):
        bits.append(tr("travelling ({kind})", kind=tr(TRAVEL_NAMES.get(travel.get("kind"),
                                                                 str(travel.get("kind"))))))
    if p.get("last_roll"):
        bits.append(tr("last roll {n}", n=p.get("last_roll")))
    text(d, (x0 + 14, y0 + 48), fit(" · ".join(bits), x1 - x0 - 28, 16), size=16)
    # bottles by region: 2 rows of 3 boxes
    bottles = p.get("bottles") or {}
    regions = p.get("regions") or []
    bw = (x1 - x0 - 28 - 2 * 8) // 3
    for k, code in enumerate(REGION_ORDER):
        r, c = divmod(k, 3)
        bx, by = x0 + 14 + c * (bw + 8), y0 + 76 + r * 56
        have = bottles.get(code) or []
        fill = REGION_COLOUR[code] if (have or code in regions) else (250, 248, 242)
        d.rounded_rectangle((bx, by, bx + bw, by + 50), radius=8, fill=fill, outline=INK,
                            width=2 if have else 1)
        text(d, (bx + 8, by + 4), fit(_region_name(view, tr, code), bw - 16, 14), size=14,
             fill=ink_for(fill))
        vals = "  ".join(_bottle_label(b) for b in have if isinstance(b, dict)) or "—"
        text(d, (bx + 8, by + 25), fit(vals, bw - 16, 17, True), size=17, bold=True,
             fill=ink_for(fill))
    # lost bottles, bonus cards
    y = y0 + 190
    lost_bits = []
    hidden = p.get("lost_hidden", 0) or 0
    if hidden:
        lost_bits.append(tr("{n} face-down", n=hidden))
    rev = p.get("lost_revealed") or []
    if rev:
        lost_bits.append(tr("shown {values}", values=" ".join(map(str, rev))))
    lost_txt = tr("Lost distillery bottles: {what}",
                  what=", ".join(lost_bits) if lost_bits else tr("none"))
    bonus = p.get("bonus_cards") or []
    line = lost_txt
    if bonus:
        line += " · " + tr("bonus bottles: {n}", n=len(bonus))
    text(d, (x0 + 14, y), fit(line, x1 - x0 - 28, 15), size=15)
    # ingredients and specials
    y += 22
    x = x0 + 14
    ingr = p.get("ingredients") or {}
    for k in list(INGR_COLOUR) + [k for k in ingr if k not in INGR_COLOUR]:
        if k not in ingr:
            continue
        d.rectangle((x, y + 2, x + 14, y + 16), fill=INGR_COLOUR.get(k, (200, 200, 200)),
                    outline=INK)
        lab = f"{tr(INGR_NAMES.get(k, k))} {ingr[k]}"
        text(d, (x + 20, y), lab, size=15)
        x += 30 + text_width(lab, 15)
    text(d, (x1 - 14, y), tr("special cards: {n}", n=p.get("special_cards", 0)), size=15,
         bold=True, anchor="ra")


# ----------------------------------------------------------------------------- board
def render_board(view: dict, tr):
    board = _board(view)
    fields = {f["id"]: f for f in board.get("fields") or [] if "id" in f}
    numbers = _numbering(list(fields.values()))
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or seats) if s in players] or \
        [s for s in seats if s in players]
    px0 = MARGIN + MAP_W + GAP
    width = px0 + PANEL_W + MARGIN
    qlines = _question_lines(view, tr, PANEL_W - 32)
    q_h = (sum(l[1] + 7 for l in qlines) + 34) if qlines else 0
    panels_h = sum(_player_panel_height(view, players[s]) + 12 for s in order)
    height = max(MAP_H + 2 * MARGIN, MARGIN + q_h + panels_h + MARGIN + 10)
    img, d = canvas(width, height, PAPER)

    ox, oy = MARGIN, MARGIN
    legend_box = (ox + 470, oy + 1160, ox + MAP_W - 10, oy + MAP_H - 10)
    _draw_map(d, view, tr, ox, oy, board, numbers, reserved=[legend_box])
    # header in the empty north-west of the map
    text(d, (ox + 16, oy + 14), tr("The Whisky Game"), size=34, bold=True)
    y = oy + 60
    for line in _status_lines(view, tr):
        text(d, (ox + 16, y), fit(line, 560, 22, True), size=22, bold=True)
        y += 30
    for line in wrap(_goal_line(view, tr), 560, 17)[:2]:
        text(d, (ox + 16, y), line, size=17)
        y += 22
    decks = view.get("decks") or {}
    if decks:
        text(d, (ox + 16, y), fit(tr("Special deck {s} · lost distillery deck {l}",
                                     s=decks.get("special", "?"), l=decks.get("lost", "?")),
                                  560, 16), size=16, fill=MUTED)
        y += 22
    bag = view.get("bag") or {}
    if bag:
        items = ", ".join(f"{tr(INGR_NAMES.get(k, k))} {v}" for k, v in bag.items())
        text(d, (ox + 16, y), fit(tr("Bag: {items}", items=items), 560, 16), size=16, fill=MUTED)
        y += 22
    # legends in the empty west and south-east of the map
    yy = _draw_legend_regions(d, view, tr, ox + 16, max(y + 14, oy + 300), 250)
    _draw_legend_types(d, tr, ox + 16, yy + 12)
    lx0, ly0, lx1, ly1 = legend_box
    _draw_legend_distilleries(d, view, tr, lx0, ly0, lx1 - lx0, ly1 - ly0, fields, numbers)

    # right panel: question, then players in turn order
    y = MARGIN
    if qlines:
        open_q = isinstance(view.get("question"), dict)
        rounded(d, (px0, y, px0 + PANEL_W, y + q_h - 10),
                fill=(255, 252, 235) if open_q else (244, 240, 230), radius=12,
                width=3 if open_q else 1)
        ly = y + 14
        for s, size, bold, colour in qlines:
            text(d, (px0 + 16, ly), s, size=size, bold=bold, fill=colour)
            ly += size + 7
        y += q_h
    for seat in order:
        h = _player_panel_height(view, players[seat])
        _draw_player(d, view, tr, seat, players[seat], (px0, y, px0 + PANEL_W, y + h))
        y += h + 12
    return finish(compact(img, _colours()), board_alt(view, tr), "whisky.png")


def board_alt(view: dict, tr) -> str:
    """The position in words: status, the open question (shortened), then every seat; the
    whole stays within Discord's 1024 characters so that every seat is named."""
    parts = [tr("The Whisky Game") + ": " + ". ".join(_status_lines(view, tr)) + ". "
             + _goal_line(view, tr) + "."]
    q = view.get("question")
    if isinstance(q, dict):
        opts = "; ".join(f"{o.get('letter', '?')}. {clip(o.get('text', ''), 100)}"
                         for o in q.get("options") or [] if not o.get("removed"))
        qt = tr("Question for {player}: {question} Options: {options}.",
                player=clip(q.get("seat", "?"), 100), options=opts,
                question=clip(q.get("question") or "", 300))
        parts.append(clip(qt, 400))
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or []) if s in players]
    order += [s for s in view.get("seats") or [] if s not in order]
    many = len(order) > 4
    for seat in order:
        p = players.get(seat)
        if not isinstance(p, dict):
            parts.append(f"{seat}.")
            continue
        regions = p.get("regions") or []
        if many:
            regs = tr("{n} regions", n=len(regions))
        else:
            regs = tr("regions: {list}", list=", ".join(_region_name(view, tr, r)
                                                        for r in regions) or tr("none"))
        bits = [tr("{n} points", n=p.get("points_visible", 0)), regs]
        if p.get("position_name"):
            bits.insert(0, tr("at {place}", place=tr(str(p["position_name"]))))
        if p.get("lost_hidden"):
            bits.append(tr("{n} face-down lost bottles", n=p["lost_hidden"]))
        bits.append(tr("{n} special cards", n=p.get("special_cards", 0)))
        parts.append(f"{seat} ({tr(str(p.get('character_name') or ''))}): " + ", ".join(bits)
                     + ".")
    return " ".join(parts)


# ----------------------------------------------------------------------------- private
def render_hand(view: dict, tr):
    """The seat's special cards, own lost-distillery values and true total; None for a
    spectator or when the seat holds nothing private."""
    seat, p = own_seat(view)
    if p is None:
        return None
    hand = list(view.get("hand") or [])
    lost = list(view.get("lost_values") or [])
    ticket = view.get("return_ticket_flights") or 0
    if not hand and not lost and not ticket:
        return None
    rows = []
    for cid in hand:
        rows.append((_card_name(view, tr, cid), _card_text(view, tr, cid)))
    if ticket:
        rows.append((tr("Return ticket"), tr("flights left: {n}", n=ticket)))
    card_h = 0
    wrapped = []
    for name, desc in rows:
        lines = wrap(desc, 860, 17)[:3] if desc else []
        wrapped.append((name, lines))
        card_h += 40 + 22 * len(lines)
    height = 190 + card_h + 30
    img, d = canvas(1000, height, PAPER)
    idx = _seat_index(view, seat)
    seat_badge(d, (44, 44), idx, 22)
    text(d, (80, 26), fit(tr("{player}: your private view", player=seat), 880, 28, True),
         size=28, bold=True)
    total = view.get("points_total", p.get("points_visible", 0))
    text(d, (80, 70), tr("{n} points including your face-down bottles", n=total), size=22,
         bold=True)
    lost_line = tr("Your lost distillery bottles: {values}",
                   values=" ".join(map(str, lost)) if lost else tr("none"))
    text(d, (80, 104), fit(lost_line, 880, 19), size=19)
    goal = tr("Goal reached!") if view.get("goal_reached") else _goal_line(view, tr)
    text(d, (80, 134), fit(goal, 880, 17), size=17, fill=MUTED)
    y = 176
    for name, lines in wrapped:
        box_h = 32 + 22 * len(lines)
        rounded(d, (40, y, 960, y + box_h), fill=(255, 252, 240), radius=10, width=2)
        text(d, (56, y + 6), fit(name, 880, 19, True), size=19, bold=True)
        for k, line in enumerate(lines):
            text(d, (56, y + 32 + 22 * k), line, size=17)
        y += box_h + 8
    alt = tr("{player}: {n} points; special cards: {cards}; lost bottles: {values}",
             player=seat, n=total,
             cards=", ".join(name for name, _ in rows) or tr("none"),
             values=" ".join(map(str, lost)) or tr("none"))
    return finish(compact(img, _colours()), alt, "whisky_private.png")


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view)
    if p is None:
        return tr("You are not playing at this table.")
    lines = []          # the caller puts the game, table and seat in front
    char = tr(str(p.get("character_name") or p.get("character") or ""))
    ability = tr(str(p.get("ability"))) if p.get("ability") else ""
    lines.append(tr("Character: **{name}** — {ability}", name=char, ability=ability))
    if p.get("position_name"):
        lines.append(tr("You are at {place}.", place=tr(str(p["position_name"]))))
    total = view.get("points_total", p.get("points_visible", 0))
    lost = list(view.get("lost_values") or [])
    lines.append(tr("Points: **{n}** (others see {v})", n=total, v=p.get("points_visible", 0)))
    if lost:
        lines.append(tr("Your lost distillery bottles: {values}",
                        values=", ".join(map(str, lost))))
    regs = ", ".join(_region_name(view, tr, r) for r in p.get("regions") or []) or tr("none")
    lines.append(tr("Regions: {list}", list=regs))
    lines.append(tr("Goal reached!") if view.get("goal_reached") else _goal_line(view, tr))
    ingr = p.get("ingredients") or {}
    lines.append(tr("Ingredients: {items}",
                    items=", ".join(f"{tr(INGR_NAMES.get(k, k))} {v}" for k, v in ingr.items())
                    or tr("none")))
    hand = list(view.get("hand") or [])
    lines.append(tr("Special cards: {cards}",
                    cards=", ".join(_card_name(view, tr, c) for c in hand) or tr("none")))
    if view.get("return_ticket_flights"):
        lines.append(tr("Return ticket: flights left: {n}", n=view["return_ticket_flights"]))
    if seat in (view.get("to_act") or []):
        kind = (view.get("pending") or {}).get("kind") or ""
        lines.append("➡ " + tr("Your turn ({what}).", what=tr(PHASE_NAMES.get(kind, str(kind)))))
        moves = view.get("move_options") or []
        if moves:
            names = []
            for o in moves[:10]:
                to = o.get("to") if isinstance(o, dict) else None
                names.append(tr(_field_name(view, to)))
            more = f" (+{len(moves) - 10})" if len(moves) > 10 else ""
            lines.append(tr("You can move to: {places}", places=", ".join(names) + more))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
