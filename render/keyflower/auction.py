"""The auction and the offer: tiles on auction and turn-order tiles as cards, bids, the boats."""
from __future__ import annotations

import math

from engines.base import T
from engines.keyflower import texts as X
from render.common import clauses, fit, INK, mark, MUTED, rounded, text, text_width, wrap
from render.shapes import hex_corners, SQRT3, text_of
from render.keyflower.header import player_tag
from render.keyflower.icons import _skill_row, _star, _worker, _worker_row
from render.keyflower.layout import (_, _counts, _join, _name, _num, CARD, COLOURS, LOCK_NAMES,
                                     SKILLS, Style, TYPE_COLOUR, WINTER_HELP, WORKER)
from render.keyflower.tiles import _draw_hex_tile, _draw_tile_contents


# ----------------------------------------------------------------------------- auction
def _bid_lines(site: dict) -> list[tuple[str, str, int, bool]]:
    bids = site.get("bids") or {}
    leader = site.get("leader")
    out = []
    for seat, b in bids.items():
        if not isinstance(b, dict) or not _num(b.get("n")):
            continue
        out.append((str(seat), str(b.get("colour") or ""), _num(b.get("n")), seat == leader))
    out.sort(key=lambda x: (-x[2], not x[3]))
    return out


def _bids_text(view, tr, t: dict) -> str:
    """The bids on a tile in words for the alt text ("Ann: 2 red workers, leads"), or ""."""
    out = []
    for s_, c, n, lead in _bid_lines(t.get("site") or {}):
        what = tr(X.workers(c, n)) if c in COLOURS else tr(X.good("worker", n))
        out.append(tr("{name}: {workers}, leads", name=_name(view, s_), workers=what) if lead
                   else tr("{name}: {workers}", name=_name(view, s_), workers=what))
    return clauses(tr, out)


def _goods(tr, d: dict, plus=False, obj=False) -> str:
    items = [tr(X.good(k, _num(n), obj)) for k, n in (d or {}).items() if _num(n)]
    return ", ".join("+" + i for i in items) if plus else ", ".join(items)


_ON_TILE = {("wood", "stone", "iron", "gold"): "all", ("iron", "gold"): "iron",
            ("stone", "gold"): "stone", ("wood", "gold"): "wood"}


def _scored_on_tile(tr, acc, n) -> str:
    kind = _ON_TILE.get(tuple(acc))
    if kind == "all":
        return tr(T("{n} VP per resource on it", plural="{n} VP per resource on it", n=n))
    if kind == "iron":
        return tr(T("{n} VP per iron or gold on it", plural="{n} VP per iron or gold on it", n=n))
    if kind == "stone":
        return tr(T("{n} VP per stone or gold on it", plural="{n} VP per stone or gold on it",
                    n=n))
    if kind == "wood":
        return tr(T("{n} VP per wood or gold on it", plural="{n} VP per wood or gold on it", n=n))
    return tr(X.vp(n))


def _effect_text(tr, tile: dict) -> str:
    """What the tile's visible side does, in a few words (cards)."""
    kind = str(tile.get("id") or "")
    if tile.get("season") == "winter" and kind in WINTER_HELP:
        return tr(WINTER_HELP[kind])
    if tile.get("face_help"):
        return text_of(tr, tile.get("face_help"))
    if tile.get("season") == "turn_order":
        bits = [_goods(tr, tile.get("bonus"), plus=True)] if isinstance(tile.get("bonus"), dict) else []
        if tile.get("start"):
            bits.append(tr("start player"))
        return clauses(tr, bits)
    side = tile.get("back") if tile.get("up") else tile.get("front")
    if not isinstance(side, dict):
        return ""
    bits = []
    gain = _goods(tr, side.get("gain"), plus=True) if isinstance(side.get("gain"), dict) else ""
    if isinstance(side.get("choose"), list):
        opts = [_goods(tr, o, plus=True) for o in side["choose"] if isinstance(o, dict)]
        gain = " / ".join(x for x in [gain] + opts if x)
    if isinstance(side.get("pay"), dict) and side["pay"]:
        bits.append(tr("pay {goods}: {gain}", goods=_goods(tr, side["pay"], obj=True), gain=gain or "—"))
    elif gain:
        bits.append(gain)
    tp = side.get("transport")
    if isinstance(tp, (list, tuple)) and len(tp) == 2:
        bits.append(_join(tr, [X.transport_points(_num(tp[0])), X.upgrades(_num(tp[1]))]))
    if side.get("swap"):
        n = _num(side["swap"])
        bits.append(tr(T("swap a skill tile for {n} new one",
                         plural="swap a skill tile for {n} new ones", n=n)))
    sot = side.get("score_on_tile")
    if isinstance(sot, dict):
        bits.append(_scored_on_tile(tr, sot.get("accepts") or [], _num(sot.get("vp"))))
    if side.get("shelter_vp"):
        n = _num(side["shelter_vp"])
        bits.append(tr(T("{n} VP per sheep on it", plural="{n} VP per sheep on it", n=n)))
    if _num(side.get("vp")):
        bits.append(tr(X.vp(_num(side["vp"]))))
    return clauses(tr, bits)


def _used_lines(tr, site: dict, w: int, st: Style) -> int:
    """Rows of a card's "used:" line: 0 (nobody used the tile), 1, or 2 when the label and
    the workers do not fit side by side."""
    on = _counts(site.get("on"))
    if not any(on.values()):
        return 0
    label_w = text_width(tr("used:"), st.row) + 6
    return 1 if label_w + _worker_row_width(on, st.row + 6, st.row) <= w - 12 else 2


def _worker_row_width(counts: dict, h: int, size: int) -> int:
    return int(sum(h * 0.8 + 2 + text_width(f"×{_num(n)}", size, True) + 4 + 6
                   for c, n in counts.items() if c in COLOURS and _num(n)))


def _lock_lines(tr, lock, w: int, st: Style) -> list[str]:
    """The colour lock's name on a card w px wide (on two lines on a narrow one)."""
    if not lock:
        return []
    return wrap(tr(LOCK_NAMES.get(lock) or _("colour lock")), w - st.row - 16, st.row, True,
                max_lines=2)


def _card_height(tile: dict, s: float, st: Style) -> int:
    site = tile.get("site") or {}
    h = int(SQRT3 * s) + 14 + (st.effect + 6) * len(tile.get("_effect") or [])
    if site.get("colour"):
        h += st.row_h + (st.row + 6) * (len(tile.get("_lock") or [""]) - 1)
    h += st.row_h * len(_bid_lines(site))
    h += st.row_h * _num(tile.get("_used"))
    if tile.get("owner"):
        h += st.row_h
    return h + 8


def _draw_card(d, view, tr, tile: dict, x0, y0, w, s, farmers, st: Style, big=None,
               card=None) -> None:
    """An auction (or turn-order) tile: the hex, its lock, its bids and its users (every
    text inside ``card``, the card's box)."""
    site = tile.get("site") or {}
    cx, cy = x0 + w / 2, y0 + SQRT3 * s / 2 + 4
    lock = site.get("colour")
    if lock:
        d.polygon(hex_corners(cx, cy, s + 6), fill=WORKER.get(lock, MUTED))
    nb = _draw_hex_tile(d, tr, tile, cx, cy, s, farmers, big=big, name_size=st.name)
    _draw_tile_contents(d, tr, {k: v for k, v in tile.items() if k != "site"}, cx, cy, s, nb)
    y = y0 + SQRT3 * s + 12
    for ln in tile.get("_effect") or []:
        text(d, (x0 + w / 2, y + st.effect / 2 + 1), ln, size=st.effect, anchor="mm",
             within=card)
        y += st.effect + 6
    y += 2
    mid = st.row_h / 2 - 2
    if lock:
        sq = st.row - 2
        d.rectangle((x0 + 6, y + mid - sq / 2, x0 + 6 + sq, y + mid + sq / 2),
                    fill=WORKER.get(lock, MUTED), outline=INK)
        mark(d, (x0 + 6, y + mid - sq / 2, x0 + 6 + sq, y + mid + sq / 2))
        for k, ln in enumerate(tile.get("_lock") or _lock_lines(tr, lock, w, st)):
            text(d, (x0 + sq + 12, y + mid + k * (st.row + 6)), ln, size=st.row, bold=True,
                 anchor="lm", within=card)
        y += st.row_h + (st.row + 6) * (len(tile.get("_lock") or [""]) - 1)
    fig = st.row + 6
    for seat, colour, n, lead in _bid_lines(site):
        cy2 = y + mid
        count = f"×{n}"
        cw = text_width(count, st.row, True)
        right = x0 + w - 6 - cw
        text(d, (right, cy2), count, size=st.row, bold=True, anchor="lm", within=card)
        right -= fig * 0.8 + 2
        _worker(d, right + fig * 0.4, cy2, fig, colour)
        if lead:
            right -= st.row + 2
            _star(d, right + st.row / 2, cy2, st.row / 2)
        player_tag(d, (x0 + 4, cy2), view, seat, int(right - x0 - 8), st.row)
        y += st.row_h
    on = _counts(site.get("on"))
    if any(on.values()):
        label = tr("used:")
        text(d, (x0 + 6, y + mid), fit(label, w - 12, st.row), size=st.row, anchor="lm",
             fill=MUTED, within=card)
        if _num(tile.get("_used")) > 1:
            y += st.row_h
            wx = x0 + 6
        else:
            wx = x0 + 12 + text_width(label, st.row)
        _worker_row(d, wx, y + mid, {c: on.get(c, 0) for c in COLOURS}, st.row + 6, st.row,
                    within=card)
        y += st.row_h
    owner = tile.get("owner")
    if owner:
        label = tr("won by")
        box = text(d, (x0 + 6, y + mid), fit(label, w // 2, st.row), size=st.row,
                   anchor="lm", fill=MUTED, within=card)
        player_tag(d, (box[2] + 6, y + mid), view, owner, int(x0 + w - box[2] - 12), st.row)


def _card_layout(tiles, width, st: Style):
    n = max(1, len(tiles))
    per_row = max(1, min(n, width // st.card_min))
    rows = math.ceil(n / per_row)
    per_row = math.ceil(n / rows)
    w = min(st.card_max, width // per_row)
    s = min(st.hex_max, (w - 22) / 2)
    return per_row, rows, w, s


def _with_effect(tr, tiles, w, st: Style):
    """The tiles with their effect text wrapped to the card (at most 4 lines, 6 for a boat),
    their lock's name and the rows their users take."""
    out = []
    for t in tiles:
        most = 6 if t.get("face_help") else 4
        lines = wrap(_effect_text(tr, t), w - 12, st.effect, max_lines=most)
        out.append({**t, "_effect": lines, "_used": _used_lines(tr, t.get("site") or {}, w, st),
                    "_lock": _lock_lines(tr, (t.get("site") or {}).get("colour"), w, st)})
    return out


TO_CARD = 180           # a turn-order card's width


def _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st: Style, title: str,
                hint: str = "", big=False, measure=False) -> int:
    """A titled grid of cards; returns its height."""
    if big:         # turn-order tiles: small cards with their number
        w = TO_CARD
        per_row = max(1, min(len(tiles), width // w))
        rows = math.ceil(len(tiles) / per_row)
        s = min(46, (w - 16) / 2)
    else:
        per_row, rows, w, s = _card_layout(tiles, width, st)
    tiles = _with_effect(tr, tiles, w - 6, st)
    heights = []
    for r in range(rows):
        line = tiles[r * per_row:(r + 1) * per_row]
        heights.append(max([_card_height(t, s, st) for t in line] + [int(SQRT3 * s) + 20]))
    hint_w = text_width(hint, st.info) if hint else 0
    title_w = text_width(title, st.section, True)
    hint_below = bool(hint) and title_w + 20 + hint_w > width
    top = st.section + 14 + (st.info + 8 if hint_below else 0)
    total = top + sum(heights) + 8 * rows if tiles else top + st.facts + 20
    if measure:
        return total
    text(d, (x0, y0), fit(title, width, st.section, True), size=st.section, bold=True)
    if hint:
        if hint_below:
            text(d, (x0, y0 + st.section + 8), fit(hint, width, st.info), size=st.info,
                 fill=MUTED)
        else:
            text(d, (x0 + width, y0 + 4), hint, size=st.info, fill=MUTED, anchor="ra")
    if not tiles:
        text(d, (x0, y0 + top + 4), tr("No tiles on auction."), size=st.facts, fill=MUTED)
    y = y0 + top
    for r in range(rows):
        line = tiles[r * per_row:(r + 1) * per_row]
        for k, t in enumerate(line):
            cx0 = x0 + k * w
            box = (cx0 + 3, y, cx0 + w - 3, y + heights[r])
            rounded(d, box, fill=CARD, radius=10, width=1)
            num = t.get("num")
            _draw_card(d, view, tr, t, cx0 + 3, y + 2, w - 6, s, farmers, st,
                       big=str(num) if big and num is not None else None, card=box)
        y += heights[r] + 8
    return total


def _auction(view) -> list[dict]:
    return [t for t in view.get("auction") or [] if isinstance(t, dict)]


def _turn_order(view) -> list[dict]:
    tiles = [t for t in view.get("turn_order") or [] if isinstance(t, dict)]
    return [dict(t, start=(i == len(tiles) - 1)) for i, t in enumerate(tiles)]


def _draw_auction(d, view, tr, x0, y0, width, farmers, st: Style, measure=False) -> int:
    tiles = _auction(view)
    if not tiles and view.get("phase") != "play":
        return 0            # between seasons, and at the end: no auction to show
    title = tr(T("On auction: {n} tile", plural="On auction: {n} tiles", n=len(tiles)))
    return _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st, title,
                       tr("★ leads the bidding"), measure=measure)


# ----------------------------------------------------------------------------- boats & order
def _boats_layout(view, width, st: Style):
    boats = [b for b in view.get("boats") or [] if isinstance(b, dict)]
    per_row = max(1, min(len(boats) or 1, width // st.boat_w))
    rows = math.ceil(len(boats) / per_row) if boats else 1
    return boats, per_row, rows, width // per_row


def _boat_rows(tr, b: dict, w: int, st: Style) -> list[tuple[str, object, int]]:
    """What a boat card shows under its name, row by row: (kind, what, height); workers of
    more colours than a row holds go on two rows."""
    inner = w - 32
    line = st.boat_row + 6
    if b.get("owner"):
        return [("owner", b["owner"], st.boat_row + 16)]
    out = []
    workers = _counts(b.get("workers"))
    skills = _counts(b.get("skills"))
    if any(workers.values()):
        row: dict = {}
        for c in COLOURS:
            if not workers.get(c):
                continue
            if row and _worker_row_width({**row, c: workers[c]}, st.boat_row + 8,
                                         st.boat_row) > inner:
                out.append(("workers", row, st.boat_row + 16))
                row = {}
            row[c] = workers[c]
        out.append(("workers", row, st.boat_row + 16))
    if any(skills.values()):
        out.append(("skills", skills, st.boat_row + 16))
    for kind, empty in (("workers", "no workers"), ("skills", "no skill tiles")):
        if not any(k == kind for k, _, _ in out):
            lines = wrap(tr(empty), inner, st.boat_row, max_lines=2)
            out.insert(0 if kind == "workers" else len(out),
                       ("text", lines, len(lines) * line + 10))
    return out


def _boat_sides(tr, boats, w: int, st: Style) -> bool:
    """Whether the boats' sides ("side A") go on a line of their own (when one does not fit
    beside its boat's name, for all of them)."""
    for b in boats:
        if b.get("face"):
            side = tr("side {face}", face=str(b["face"]).upper())
            name = tr(str(b.get("name") or b.get("id") or "?"))
            if text_width(name, st.boat_name, True) + text_width(side, st.boat_row) + 12 > w - 28:
                return True
    return False


def _boat_h(tr, boats, w: int, st: Style) -> int:
    rows = [sum(h for *_, h in _boat_rows(tr, b, w, st)) for b in boats] or [0]
    return st.boat_name + 22 + (st.boat_row + 8 if _boat_sides(tr, boats, w, st) else 0) \
        + max(rows) + 10


def _draw_boats(d, view, tr, x0, y0, width, st: Style, measure=False) -> int:
    boats, per_row, rows, w = _boats_layout(view, width, st)
    bh = _boat_h(tr, boats, w, st)
    total = st.section + 14 + rows * (bh + 8)
    if measure:
        return total
    text(d, (x0, y0), tr("Boats"), size=st.section, bold=True)
    if not boats:
        text(d, (x0, y0 + st.section + 20), tr("No boats."), size=st.facts, fill=MUTED)
        return total
    below = _boat_sides(tr, boats, w, st)
    for k, b in enumerate(boats):
        r, c = divmod(k, per_row)
        bx, y = x0 + c * w, y0 + st.section + 14 + r * (bh + 8)
        card = (bx + 3, y, bx + w - 5, y + bh)
        rounded(d, card, fill=TYPE_COLOUR["boat"], radius=10, width=2)
        name = tr(str(b.get("name") or b.get("id") or "?"))
        face = b.get("face")
        side = tr("side {face}", face=str(face).upper()) if face else ""
        if side and not below:
            text(d, (bx + w - 14, y + 9), side, size=st.boat_row, anchor="ra", within=card)
        sw = text_width(side, st.boat_row) + 12 if side and not below else 0
        text(d, (bx + 12, y + 8), fit(name, w - 28 - sw, st.boat_name, True), size=st.boat_name,
             bold=True, within=card)
        ry = y + st.boat_name + 22
        if below:
            if side:
                text(d, (bx + 12, ry - 6), fit(side, w - 28, st.boat_row), size=st.boat_row,
                     within=card)
            ry += st.boat_row + 8
        for kind, what, h in _boat_rows(tr, b, w, st):
            mid = ry + h / 2 - 2
            if kind == "owner":
                label = tr("taken by")
                box = text(d, (bx + 12, mid), fit(label, w // 2, st.boat_row), size=st.boat_row,
                           anchor="lm", fill=MUTED, within=card)
                player_tag(d, (box[2] + 8, mid), view, what, int(bx + w - box[2] - 24),
                           st.boat_row)
            elif kind == "workers":
                _worker_row(d, bx + 12, mid, what, st.boat_row + 8, st.boat_row, within=card)
            elif kind == "skills":
                _skill_row(d, bx + 12, mid, {k: what.get(k, 0) for k in SKILLS},
                           st.boat_row // 2 + 3, st.boat_row, within=card)
            else:
                ly = ry + 5
                for ln in what:
                    text(d, (bx + 12, ly), ln, size=st.boat_row, fill=MUTED, within=card)
                    ly += st.boat_row + 6
            ry += h
    return total


def _draw_turn_order(d, view, tr, x0, y0, width, farmers, st: Style, measure=False) -> int:
    tiles = _turn_order(view)
    if not tiles:
        return 0
    return _draw_cards(d, view, tr, tiles, x0, y0, width, farmers, st, tr("Turn-order tiles"),
                       big=True, measure=measure)


def _turn_order_width(view, tr, st: Style) -> int:
    n = len(_turn_order(view))
    return max(n * TO_CARD, text_width(tr("Turn-order tiles"), st.section, True) + 8) if n else 0


def _middle(d, view, tr, y, farmers, st: Style, measure=False) -> int:
    """Turn-order tiles and boats side by side (stacked when too wide); returns the height."""
    inner = st.width - 2 * st.margin
    to_w = _turn_order_width(view, tr, st)
    stacked = bool(to_w) and inner - to_w - 20 < 2 * st.boat_w
    boats_w = inner if stacked or not to_w else inner - to_w - 20
    to_h = _draw_turn_order(None, view, tr, 0, 0, to_w, farmers, st, measure=True) if to_w else 0
    boats_h = _draw_boats(None, view, tr, 0, 0, boats_w, st, measure=True)
    if not measure:
        if stacked:
            _draw_turn_order(d, view, tr, st.margin, y, inner, farmers, st)
            _draw_boats(d, view, tr, st.margin, y + to_h + 10, inner, st)
        else:
            if to_w:
                _draw_turn_order(d, view, tr, st.margin, y, to_w, farmers, st)
            _draw_boats(d, view, tr, st.width - st.margin - boats_w, y, boats_w, st)
    return to_h + 10 + boats_h if stacked else max(to_h, boats_h)
