"""A Keyflower player's own image and text: the screen and the winter tiles in hand."""
from __future__ import annotations

import math

from engines.keyflower import texts as X
from render.common import canvas, finish, fit, MUTED, own_seat, PAPER, text, text_width, wrap
from render.shapes import compact, hex_corners, resolve_ref, SQRT3
from render.keyflower.header import player_tag
from render.keyflower.icons import _skill, _wheat, _worker
from render.keyflower.layout import (_colours, _counts, _join, _name, _num, _remembering,
                                     _safe_counts, _skills_text, _tile_name, _workers_text, COLOURS,
                                     GOLD, HILITE, SKILLS, SMALL, WIDTH, WINTER_HELP)
from render.keyflower.tiles import _draw_hex_tile


# ----------------------------------------------------------------------------- private
def _winter_names(tr, ids, help=False) -> list[str]:
    out = []
    for t in ids or []:
        name = _tile_name(tr, t)
        data = (resolve_ref("engines.keyflower.data:TILES", {}) or {}).get(t) or {}
        kind = str(data.get("winter") or t)
        if help and kind in WINTER_HELP:
            name = tr("{tile} ({help})", tile=name, help=tr(WINTER_HELP[kind]))
        out.append(name)
    return out


HAND_W = WIDTH
HAND_HEX = 84
HAND_PER_ROW = 4


def render_hand(view: dict, tr):
    """The seat's screen and winter hand; None for a spectator view."""
    seat, p = own_seat(view or {})
    tr = _remembering(tr)
    if seat is None:
        return None
    height = _draw_hand(None, view, tr)
    img, d = canvas(HAND_W, height, PAPER)
    _draw_hand(d, view, tr)
    return finish(compact(img, _colours()), hand_alt(view, tr), "keyflower_private.png")


def _draw_hand(d, view: dict, tr) -> int:
    """Draws the private image (measures it when d is None); returns its height."""
    seat, p = own_seat(view)
    priv = view.get("private") or {}
    farmers = bool((view.get("options") or {}).get("farmers", True))
    m = 30
    inner = HAND_W - 2 * m
    if d is not None:
        player_tag(d, (m, 44), view, seat, inner, 30, True)
    y = 76
    for ln in wrap(tr("Behind your screen — only you can see this."), inner, 20, max_lines=2):
        if d is not None:
            text(d, (m, y), ln, size=20, fill=MUTED)
        y += 28
    y += 18
    y = _draw_screen(d, tr, priv, farmers, y)
    return _draw_winter_hand(d, tr, priv, farmers, y)


def _draw_screen(d, tr, priv: dict, farmers: bool, y) -> int:
    """The workers, skill tiles and wheat behind the screen, from y; returns the y below."""
    workers = _counts(priv.get("workers"))
    skills = _counts(priv.get("skills"))
    wheat = _num(priv.get("wheat"))
    W, m = HAND_W, 30
    inner = W - 2 * m
    sections = [(tr("Workers"), [("worker", c, tr(X.workers(c, workers.get(c, 0))))
                                 for c in COLOURS]),
                (tr("Skill tiles"), [("skill", k, tr(X.good(k, skills.get(k, 0))))
                                     for k in SKILLS])]
    if farmers or wheat:
        sections.append((tr("Wheat"), [("wheat", None, tr(X.good("wheat", wheat)))]))
    col = m + max([text_width(h, 24, True) for h, _ in sections] + [150]) + 28
    if col > W // 2:            # long headings: each above its items
        col = m
    for heading, items in sections:
        if d is not None:
            text(d, (m, y), fit(heading, inner, 24, True), size=24, bold=True)
        if col == m:
            y += 40
        x = col
        for kind, key, label in items:
            w = 44 + text_width(label, 20, True) + 30
            if x > col and x + w > W - m:
                x, y = col, y + 44
            if d is not None:
                cy = y + 14
                if kind == "worker":
                    _worker(d, x + 16, cy, 36, key)
                elif kind == "skill":
                    _skill(d, x + 16, cy, 16, key)
                else:
                    _wheat(d, x + 16, cy, 16)
                text(d, (x + 44, cy), fit(label, W - m - x - 44, 20, True), size=20, bold=True,
                     anchor="lm")
            x += w
        y += 60
    return y


def _draw_winter_hand(d, tr, priv: dict, farmers: bool, y) -> int:
    """The winter tiles in hand (the ones chosen to offer outlined in gold), from y; returns
    the image's height."""
    hand = [t for t in priv.get("winter_hand") or []]
    picked = set(priv.get("winter_pick") or [])
    W, hs, per_row, m = HAND_W, HAND_HEX, HAND_PER_ROW, 30
    inner = W - 2 * m
    heading = tr(X.winter_in_hand(len(hand)))
    hint = tr("gold outline: chosen to offer") if picked else ""
    hint_below = bool(hint) and text_width(heading, 24, True) + 30 + text_width(hint, SMALL) > inner
    if d is not None:
        text(d, (m, y), fit(heading, inner, 24, True), size=24, bold=True)
        if hint:
            if hint_below:
                text(d, (m, y + 36), fit(hint, inner, SMALL), size=SMALL, fill=MUTED)
            else:
                text(d, (W - m, y + 4), hint, size=SMALL, fill=MUTED, anchor="ra")
    y += 44 + (SMALL + 12 if hint_below else 0)
    if not hand:
        if d is not None:
            text(d, (m, y), tr("none"), size=20, fill=MUTED)
        return y + 50
    cw = inner // per_row
    cells = []
    for tid in hand:
        data = (resolve_ref("engines.keyflower.data:TILES", {}) or {}).get(tid) or {}
        kind = str(data.get("winter") or tid)
        lines = wrap(tr(WINTER_HELP[kind]), cw - 12, SMALL, max_lines=5) \
            if kind in WINTER_HELP else []
        cells.append((tid, data, lines))
    for r in range(math.ceil(len(cells) / per_row)):
        row = cells[r * per_row:(r + 1) * per_row]
        most = max(len(lines) + (1 if tid in picked else 0) for tid, _, lines in row)
        cell_h = int(SQRT3 * hs) + 22 + most * (SMALL + 6) + 14
        for c, (tid, data, lines) in enumerate(row):
            if d is None:
                continue
            cx = m + c * cw + cw / 2
            cy = y + SQRT3 * hs / 2 + 6
            tile = {"id": tid, "name": data.get("name") or tid, "season": "winter",
                    "edges": list(data.get("edges") or "RPPPPP"), "regions": [list(range(12))]}
            if tid in picked:
                d.polygon(hex_corners(cx, cy, hs + 6), fill=GOLD)
            _draw_hex_tile(d, tr, tile, cx, cy, hs, farmers, name_size=22)
            ty = cy + SQRT3 * hs / 2 + 22
            for ln in lines:
                text(d, (cx, ty), ln, size=SMALL, anchor="mm")
                ty += SMALL + 6
            if tid in picked:
                text(d, (cx, ty), fit(tr("chosen to offer"), cw - 12, SMALL, True), size=SMALL,
                     bold=True, fill=HILITE, anchor="mm")
        y += cell_h
    return y + 10


def _screen_items(tr, priv) -> str:
    items = (X.worker_list(_safe_counts(priv.get("workers"), COLOURS))
             + X.goods(_safe_counts(priv.get("skills"), SKILLS)))
    if _num(priv.get("wheat")):
        items.append(X.good("wheat", _num(priv.get("wheat"))))
    return _join(tr, items) or tr("nothing")


def hand_alt(view, tr) -> str:
    seat, _p = own_seat(view)
    priv = view.get("private") or {}
    hand = _winter_names(tr, priv.get("winter_hand"))
    return tr("{name}, behind your screen: {items}. Winter tiles in hand: {tiles}.",
              name=_name(view, seat), items=_screen_items(tr, priv),
              tiles=", ".join(hand) or tr("none"))


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view or {})
    if seat is None:
        return tr("You are not playing at this table.")
    priv = view.get("private") or {}
    lines = [tr("**Behind your screen**: {workers}",
                workers=_workers_text(tr, priv.get("workers"))),
             tr("**Skill tiles**: {skills}", skills=_skills_text(tr, priv.get("skills"))
                or tr("none"))]
    farmers = bool((view.get("options") or {}).get("farmers", True))
    if farmers or _num(priv.get("wheat")):
        lines.append(tr("**Wheat**: {amount}", amount=_num(priv.get("wheat"))))
    hand = _winter_names(tr, priv.get("winter_hand"), help=True)
    lines.append(tr("**Winter tiles in hand**: {tiles}", tiles=", ".join(hand) or tr("none")))
    pick = _winter_names(tr, priv.get("winter_pick"))
    if pick:
        lines.append(tr("**Chosen to offer**: {tiles}", tiles=", ".join(pick)))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
