"""Glen More board and private images, drawn only from ``ENGINE.view``.

``render_board(view, tr)``: the chain (rondel of 14 spaces: tiles with name, type colour and
cost, pawns as seat badges, the die, the empty space), the market (cubes, buy/sell prices),
the tile stacks, and each player's territory as a grid labelled with the engine's own cell
coordinates ("row y, col x"): tiles with river/road marks, resource cubes, clansmen, and the
player's coins, whisky, chieftains, cards and — only when the view shows it — the score.
While a tile is being placed, the legal spots are drawn as dashed cells with their names.

``render_hand(view, tr)``: the seat's secret score (None when scores are public).
``private_text(view, tr)``: a short Discord-markdown summary of the seat's own position."""
from __future__ import annotations

from render.common import (INK, MUTED, PAPER, canvas, finish, fit, own_seat, rounded, seat_badge,
                           seat_style, text, text_width, wrap)
from render.shapes import clansman, compact, dashed_rect, ink_for, resolve_ref, star, text_of

def _(message: str) -> str:
    """Marks a message id for the catalog extraction (core.i18n); translated later by tr."""
    return message


WIDTH = 1600
MARGIN = 30
MAX_HEIGHT = 2990

RESOURCES = ("wood", "stone", "sheep", "cattle", "grain")
RES_COLOUR = {
    "wood": (139, 90, 43),
    "stone": (140, 140, 140),
    "sheep": (250, 250, 250),
    "cattle": (45, 45, 45),
    "grain": (236, 196, 48),
}
TILE_COLOUR = {
    "yellow": (242, 215, 120),
    "green": (160, 205, 130),
    "grey": (196, 196, 200),
    "brown": (205, 165, 120),
    "blue": (135, 185, 230),
}
RIVER = (40, 110, 200)
ROAD = (120, 85, 50)
TRACK = (224, 214, 190)
PANEL = (238, 231, 214)
GOLD = (212, 170, 40)
HILITE = (200, 40, 40)


def _colours():
    from render.common import SEAT_STYLES
    return ([INK, MUTED, PAPER, TRACK, PANEL, GOLD, HILITE, RIVER, ROAD, (255, 255, 255),
             (250, 250, 250), (252, 250, 244), (220, 212, 194), (230, 230, 230)]
            + list(RES_COLOUR.values()) + list(TILE_COLOUR.values())
            + [c for _, c in SEAT_STYLES])


# ----------------------------------------------------------------------------- helpers
def _seat_index(view: dict, seat) -> int:
    seats = view.get("seats") or []
    return seats.index(seat) if seat in seats else 0


def _tile_label(tr, tile: dict | None) -> str:
    if not tile:
        return ""
    return tr(str(tile.get("name") or tile.get("id") or "?"))


def _cost_text(tr, cost: dict | None) -> str:
    if not cost:
        return tr("free")
    parts = []
    for k, n in cost.items():
        if k == "whisky":
            parts.append(tr("{n} whisky", n=n))
        elif k == "clansman_or_chieftain":
            parts.append(tr("a clansman or chieftain"))
        elif k == "distinct_resources":
            parts.append(tr("{n} different resources", n=n))
        else:
            parts.append(tr("{n} {res}", n=n, res=tr(k)))
    return ", ".join(parts)


def _res_text(tr, counts: dict | None) -> str:
    counts = counts or {}
    items = [tr("{n} {res}", n=counts[r], res=tr(r)) for r in RESOURCES if counts.get(r)]
    items += [tr("{n} {res}", n=v, res=tr(k)) for k, v in counts.items()
              if k not in RESOURCES and v]
    return ", ".join(items) if items else tr("none")


def _cube(d, x, y, size, res) -> None:
    d.rectangle((x, y, x + size, y + size), fill=RES_COLOUR.get(res, (200, 0, 200)), outline=INK,
                width=2)


def _river_road(d, box, tile: dict) -> None:
    """River marks on the N and S edges, road marks on the W and E edges."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if tile.get("river") or tile.get("edges") in ("river", "both"):
        bw = max(6, w // 9)
        d.rectangle((cx - bw / 2, y0 + 2, cx + bw / 2, y0 + 9), fill=RIVER)
        d.rectangle((cx - bw / 2, y1 - 9, cx + bw / 2, y1 - 2), fill=RIVER)
    if tile.get("road") or tile.get("edges") in ("road", "both"):
        bh = max(6, h // 10)
        d.rectangle((x0 + 2, cy - bh / 2, x0 + w * 0.1, cy + bh / 2), fill=ROAD)
        d.rectangle((x1 - w * 0.1, cy - bh / 2, x1 - 2, cy + bh / 2), fill=ROAD)


def _name_lines(tr, tile, width, size) -> list[str]:
    lines = wrap(_tile_label(tr, tile), width, size, True)
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), width, size, True)]
    return [fit(s, width, size, True) for s in lines]


# ----------------------------------------------------------------------------- the chain
def _space_boxes(x0, y0, w, h, g) -> list[tuple[int, int, int, int]]:
    """14 boxes clockwise around a rectangle: 5 on top, 2 down the right, 5 along the
    bottom (right to left), 2 up the left."""
    cells = [(c, 0) for c in range(5)] + [(4, 1), (4, 2)] + [(c, 3) for c in range(4, -1, -1)] \
        + [(0, 2), (0, 1)]
    return [(x0 + c * (w + g), y0 + r * (h + g), x0 + c * (w + g) + w, y0 + r * (h + g) + h)
            for c, r in cells]


def _draw_chain(d, view, tr, x0, y0) -> int:
    chain = view.get("chain") or {}
    spaces = chain.get("spaces") or []
    pending = view.get("pending") or {}
    offers = {o.get("space"): o for o in (pending.get("offers") or [])
              if isinstance(o, dict)}
    w, h, g = 146, 112, 8
    boxes = _space_boxes(x0, y0 + 34, w, h, g)
    text(d, (x0, y0), tr("The chain (moves clockwise)"), size=22, bold=True)
    head = None                 # the rearmost pawn (or die) of the chain moves next
    for i in chain.get("order") or []:
        if 0 <= i < len(spaces) and (spaces[i] or {}).get("pawn"):
            head = i
            break
    for i, box in enumerate(boxes):
        sp = spaces[i] if i < len(spaces) and isinstance(spaces[i], dict) else {"space": i}
        bx0, by0, bx1, by1 = box
        tile = sp.get("tile")
        pawn = sp.get("pawn")
        if sp.get("gap"):
            d.rounded_rectangle(box, radius=10, fill=PAPER)
            dashed_rect(d, box, fill=MUTED, width=2)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, fill=MUTED, bold=True)
            text(d, ((bx0 + bx1) / 2, (by0 + by1) / 2 + 8), tr("empty"), size=16, fill=MUTED,
                 anchor="mm")
            continue
        if isinstance(tile, dict):
            fill = TILE_COLOUR.get(tile.get("colour"), (230, 230, 230))
            offer = offers.get(i)
            outline = INK
            rounded(d, box, fill=fill, outline=outline, radius=10, width=2)
            if offer and offer.get("takeable"):
                idx = _seat_index(view, pending.get("seat"))
                d.rounded_rectangle((bx0 - 4, by0 - 4, bx1 + 4, by1 + 4), radius=12,
                                    outline=seat_style(idx)[1], width=5)
            _river_road(d, box, tile)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, bold=True)
            if tile.get("card"):
                star(d, bx1 - 16, by0 + 16, 11, GOLD)
            if tile.get("stack") is not None:
                text(d, (bx1 - (34 if tile.get("card") else 10), by0 + 6),
                     _roman(tile.get("stack")), size=14, fill=INK,
                     anchor="ra")
            names = _name_lines(tr, tile, w - 20, 16)
            for k, line in enumerate(names):
                text(d, (bx0 + 10, by0 + 28 + k * 20), line, size=16, bold=True)
            cost = wrap(_cost_text(tr, tile.get("cost")), w - 20, 14)
            cost = cost[:1] if len(names) > 1 else cost[:2]
            if len(wrap(_cost_text(tr, tile.get("cost")), w - 20, 14)) > len(cost):
                cost[-1] = fit(cost[-1] + " …", w - 20, 14)
            for k, line in enumerate(reversed(cost)):
                text(d, (bx0 + 10, by1 - 24 - 18 * k), line, size=14)
        elif pawn == "die":
            rounded(d, box, fill=(250, 250, 250), radius=10, width=2)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, bold=True)
            last = chain.get("last_die")
            face = last.get("roll") if isinstance(last, dict) else last
            _die(d, (bx0 + bx1) / 2, (by0 + by1) / 2 + 6, 22, face)
            text(d, ((bx0 + bx1) / 2, by1 - 14), tr("die"), size=14, anchor="mm")
            if i == head:
                text(d, (bx1 - 8, by0 + 6), tr("last"), size=14, fill=HILITE, bold=True,
                     anchor="ra")
        elif pawn:
            idx = _seat_index(view, pawn)
            rounded(d, box, fill=(252, 250, 244), radius=10, width=2)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, bold=True)
            seat_badge(d, ((bx0 + bx1) / 2, (by0 + by1) / 2 - 2), idx, 24)
            text(d, ((bx0 + bx1) / 2, by1 - 14), fit(str(pawn), w - 16, 15, True), size=15,
                 bold=True, anchor="mm")
            if i == head:
                text(d, (bx1 - 8, by0 + 6), tr("last"), size=14, fill=HILITE, bold=True,
                     anchor="ra")
        else:
            rounded(d, box, fill=TRACK, radius=10, width=1)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, fill=MUTED, bold=True)
    # centre: stacks, removed tiles, scorings
    ix0, iy0 = boxes[0][0] + w + g + 10, boxes[0][3] + g + 10
    ix1 = boxes[4][0] - g - 10
    stacks = view.get("stacks") or []
    text(d, (ix0, iy0), tr("Tiles left in the stacks"), size=17, bold=True)
    y = iy0 + 28
    names = ["S", "I", "II", "III"]
    parts = []
    for k, n in enumerate(stacks):
        parts.append(f"{names[k] if k < len(names) else k}: {n}")
    text(d, (ix0, y), fit("   ".join(parts), ix1 - ix0, 17), size=17)
    y += 28
    text(d, (ix0, y), fit(tr("Scorings done: {n} of 3", n=view.get("scorings_done", 0)),
                          ix1 - ix0, 17), size=17)
    y += 28
    text(d, (ix0, y), fit(tr("Removed tiles: {n}", n=view.get("removed", 0)), ix1 - ix0, 17),
         size=17)
    y += 28
    last = chain.get("last_die")
    if isinstance(last, dict) and last.get("roll") is not None:
        msg = tr("Last die roll {roll}: {tile} removed from #{space}", roll=last.get("roll"),
                 tile=tr(_tile_name_of(view, last.get("tile"))), space=last.get("space", "?"))
        for line in wrap(msg, ix1 - ix0, 16)[:2]:
            text(d, (ix0, y), line, size=16)
            y += 21
        y += 6
    if offers:
        msg = tr("Outlined: tiles {player} can take now.", player=pending.get("seat", "?"))
        for line in wrap(msg, ix1 - ix0, 15)[:2]:
            text(d, (ix0, y), line, size=15, bold=True)
            y += 19
    for line in wrap(tr("The player at the back of the chain plays next."), ix1 - ix0, 15)[:2]:
        text(d, (ix0, y), line, size=15, fill=MUTED)
        y += 19
    return boxes[-5][3] - y0 + 10  # height used


def _roman(k) -> str:
    return {0: "S", 1: "I", 2: "II", 3: "III"}.get(k, str(k))


def _die(d, cx, cy, r, face) -> None:
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=6, fill=(255, 255, 255),
                        outline=INK, width=2)
    if face:
        text(d, (cx, cy), str(face), size=22, bold=True, anchor="mm")


# ----------------------------------------------------------------------------- market
def _draw_market(d, view, tr, x0, y0, width) -> int:
    market = view.get("market") or {}
    text(d, (x0, y0), tr("Market"), size=22, bold=True)
    text(d, (x0 + width, y0 + 4), tr("buy / sell (coins)"), size=15, fill=MUTED, anchor="ra")
    y = y0 + 38
    row_h = 56
    for r in RESOURCES:
        m = market.get(r) or {}
        rounded(d, (x0, y, x0 + width, y + row_h - 8), fill=PANEL, radius=8, width=1)
        _cube(d, x0 + 12, y + 12, 24, r)
        text(d, (x0 + 46, y + 12), fit(tr(r), 120, 19, True), size=19, bold=True)
        spaces = m.get("spaces") or []
        sx = x0 + 180
        for k, sp in enumerate(spaces):
            filled = bool(sp.get("coins"))
            cx = sx + k * 52
            d.rectangle((cx, y + 8, cx + 40, y + 40), fill=RES_COLOUR.get(r) if filled
                        else (255, 255, 255), outline=INK, width=2)
            text(d, (cx + 20, y + 24), str(sp.get("value", "")), size=16, bold=True,
                 fill=ink_for(RES_COLOUR.get(r)) if filled else MUTED, anchor="mm")
        buy, sell = m.get("buy"), m.get("sell")
        bt = tr("buy {n}", n=buy) if buy is not None else tr("buy —")
        st = tr("sell {n}", n=sell) if sell is not None else tr("sell —")
        text(d, (x0 + 350, y + 12), bt, size=18, bold=True)
        text(d, (x0 + 470, y + 12), st, size=18, bold=True)
        y += row_h
    text(d, (x0, y + 2), fit(tr("A filled square is a cube in the market."), width, 15), size=15,
         fill=MUTED)
    y += 30
    # legend: tile colours, river/road, card
    text(d, (x0, y), tr("Legend"), size=18, bold=True)
    y += 28
    items = [("yellow", tr("production")), ("green", tr("animals & grain")),
             ("grey", tr("village / castle")), ("brown", tr("trade & VP")),
             ("blue", tr("loch"))]
    x = x0
    for colour, label in items:
        w = text_width(label, 15) + 34
        if x + w > x0 + width:
            x, y = x0, y + 28
        d.rectangle((x, y + 2, x + 20, y + 20), fill=TILE_COLOUR[colour], outline=INK)
        text(d, (x + 26, y + 2), label, size=15)
        x += w + 12
    y += 30
    x = x0
    d.rectangle((x + 6, y, x + 14, y + 22), fill=RIVER)
    text(d, (x + 22, y + 2), tr("river"), size=15)
    x += 40 + text_width(tr("river"), 15)
    d.rectangle((x, y + 7, x + 22, y + 15), fill=ROAD)
    text(d, (x + 28, y + 2), tr("road"), size=15)
    x += 50 + text_width(tr("road"), 15)
    star(d, x + 10, y + 11, 10, GOLD)
    text(d, (x + 26, y + 2), tr("special location card"), size=15)
    y += 30
    x = x0
    clansman(d, x + 10, y + 11, 22, seat_style(0)[1])
    text(d, (x + 26, y + 2), tr("clansmen"), size=15)
    return y + 28 - y0


# ----------------------------------------------------------------------------- territories
def _grid_geometry(p: dict, spots: list) -> tuple[int, int, int, int]:
    xs = [t.get("x", 0) for t in p.get("tiles") or []] + [s[0] for s in spots]
    ys = [t.get("y", 0) for t in p.get("tiles") or []] + [s[1] for s in spots]
    if not xs:
        xs, ys = [0], [0]
    return min(xs), max(xs), min(ys), max(ys)


def _player_lines(view, tr, seat, p) -> list[str]:
    """Facts of a player's header (all public in the view)."""
    facts = [tr("coins {n}", n=p.get("coins", 0)), tr("whisky {n}", n=p.get("whisky", 0)),
             tr("chieftains {n}", n=p.get("chieftains", 0)),
             tr("clansmen {n}", n=p.get("clansmen", 0)),
             tr("tiles {n}", n=p.get("tile_count", len(p.get("tiles") or [])))]
    sv = p.get("scoring_values") or {}
    line2 = tr("For scorings: whisky {w}, chieftains {c}, locations {l}",
               w=sv.get("whisky", p.get("whisky", 0)), c=sv.get("chieftains", 0),
               l=sv.get("special locations", len(p.get("cards") or [])))
    cards = p.get("cards") or []
    line3 = tr("Cards: {cards}", cards=", ".join(tr(c) for c in cards)) if cards \
        else tr("Cards: none")
    return [" · ".join(facts), line2, line3]


HEAD_H = 118   # player panel header height
AXIS_W = 62    # row labels
AXIS_H = 26    # column labels


def _panel_height(rows: int, cell: int) -> int:
    return HEAD_H + AXIS_H + rows * cell + 16


def _draw_player(d, view, tr, seat, p, box, cell, spots) -> None:
    x0, y0, x1, y1 = box
    idx = _seat_index(view, seat)
    letter, colour = seat_style(idx)
    to_act = seat in (view.get("to_act") or [])
    rounded(d, box, fill=PANEL, radius=14, width=4 if to_act else 2,
            outline=colour if to_act else INK)
    seat_badge(d, (x0 + 30, y0 + 30), idx, 20)
    name = fit(str(seat), x1 - x0 - 330, 24, True)
    text(d, (x0 + 60, y0 + 14), name, size=24, bold=True)
    score = p.get("score")
    if score is not None:
        text(d, (x1 - 16, y0 + 12), tr("{n} VP", n=score), size=26, bold=True, anchor="ra")
    elif view.get("secret_scores"):
        text(d, (x1 - 16, y0 + 16), tr("score secret"), size=17, fill=MUTED, anchor="ra")
    if to_act:
        label = tr("to play")
        tx = x0 + 70 + text_width(name, 24, True)
        text(d, (tx, y0 + 20), label, size=17, bold=True, fill=HILITE)
    lines = _player_lines(view, tr, seat, p)
    for k, line in enumerate(lines):
        text(d, (x0 + 16, y0 + 50 + k * 22), fit(line, x1 - x0 - 32, 16, k == 0), size=16,
             bold=(k == 0))
    # grid
    min_x, max_x, min_y, max_y = _grid_geometry(p, spots)
    cols = max_x - min_x + 1
    gx0 = x0 + AXIS_W + max(0, (x1 - x0 - AXIS_W - 14 - cols * cell) // 2 - AXIS_W // 2)
    gy0 = y0 + HEAD_H + AXIS_H
    for cx in range(min_x, max_x + 1):
        px = gx0 + (cx - min_x) * cell + cell / 2
        text(d, (px, gy0 - 4), fit(tr("col {col}", col=cx), cell - 4, 14, True), size=14,
             anchor="md", fill=MUTED, bold=True)
    for cy in range(max_y, min_y - 1, -1):
        py = gy0 + (max_y - cy) * cell + cell / 2
        text(d, (gx0 - 6, py), tr("row {row}", row=cy), size=14, anchor="rm",
             fill=MUTED, bold=True)
    # faint background grid
    for cx in range(cols):
        for cy in range(max_y - min_y + 1):
            bx, by = gx0 + cx * cell, gy0 + cy * cell
            d.rectangle((bx, by, bx + cell, by + cell), outline=(220, 212, 194), width=1)
    pending = view.get("pending") or {}
    mine = pending.get("seat") == seat and pending.get("step") == "activate"
    activatable = {tuple(c) for c in (pending.get("activatable") or []) if mine and _pair(c)}
    activated = {tuple(c) for c in (pending.get("activated") or []) if mine and _pair(c)}
    for t in p.get("tiles") or []:
        tx, ty = t.get("x", 0), t.get("y", 0)
        bx = gx0 + (tx - min_x) * cell
        by = gy0 + (max_y - ty) * cell
        _draw_tile(d, tr, t, (bx + 2, by + 2, bx + cell - 2, by + cell - 2), colour,
                   (tx, ty) in activatable, (tx, ty) in activated)
    for sx, sy in spots:
        bx = gx0 + (sx - min_x) * cell
        by = gy0 + (max_y - sy) * cell
        sbox = (bx + 6, by + 6, bx + cell - 6, by + cell - 6)
        d.rectangle(sbox, fill=(255, 255, 255))
        dashed_rect(d, sbox, fill=colour, width=4)
        lines = wrap(tr("row {row}, col {col}", row=sy, col=sx), cell - 20, 14, True)
        for k, line in enumerate(lines[:3]):
            text(d, (bx + cell / 2, by + cell / 2 - 10 * (len(lines[:3]) - 1) + k * 20), line,
                 size=14, bold=True, anchor="mm")


def _pair(c) -> bool:
    return isinstance(c, (list, tuple)) and len(c) == 2


def _draw_tile(d, tr, t, box, colour, activatable=False, activated=False) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    fill = TILE_COLOUR.get(t.get("colour"), (230, 230, 230))
    d.rectangle(box, fill=fill, outline=INK, width=2)
    _river_road(d, box, t)
    if activatable:
        d.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), outline=HILITE, width=5)
    fs = 16 if w >= 120 else 15 if w >= 100 else 14
    lines = _name_lines(tr, t, w - 14, fs)
    for k, line in enumerate(lines):
        text(d, (x0 + 7, y0 + 11 + k * (fs + 3)), line, size=fs, bold=True)
    if t.get("card"):
        star(d, x1 - 13, y1 - 13, 10, GOLD)
    if activated:
        text(d, (x1 - 6, y0 + 11 + (fs + 3) * len(lines)), "✓", size=18, fill=HILITE, bold=True,
             anchor="ra")
    # cubes, bottom-left
    cubes = t.get("cubes") or {}
    cs = max(14, min(20, w // 7))
    cx, cy = x0 + 7, y1 - cs - 8
    items = [(r, cubes[r]) for r in RESOURCES if cubes.get(r)] + \
        [(r, n) for r, n in cubes.items() if r not in RESOURCES and n]
    for r, n in items:
        if cx + cs + 18 > x1 - 6:
            cx, cy = x0 + 7, cy - cs - 6
        _cube(d, cx, cy, cs, r)
        if n > 1:
            text(d, (cx + cs + 2, cy + cs / 2), str(n), size=14, bold=True, anchor="lm")
            cx += cs + 18
        else:
            cx += cs + 5
    # clansmen, right side above the card star
    men = t.get("clansmen") or 0
    if men:
        mh = max(20, min(28, w // 5))
        mx, my = x1 - mh * 0.5 - 6, y1 - mh / 2 - (26 if t.get("card") else 6) - 2
        clansman(d, mx, my, mh, colour)
        if men > 1:
            text(d, (mx - mh * 0.45, my + 2), f"{men}×", size=15, bold=True, anchor="rm")


# ----------------------------------------------------------------------------- board
def _header(view, tr) -> tuple[str, str]:
    if view.get("finished") or view.get("phase") == "finished":
        title = tr("Glen More — game over")
        outcome = view.get("outcome") or {}
        winners = outcome.get("winners") or []
        sub = tr("Winner: {players}", players=", ".join(map(str, winners))) if winners else ""
        return title, sub
    title = tr("Glen More — part {part} of 3", part=view.get("part", 1))
    to_act = view.get("to_act") or []
    pending = view.get("pending") or {}
    who = ", ".join(map(str, to_act)) or "-"
    step = pending.get("step") or view.get("phase") or ""
    sub = tr("{player} to play ({step})", player=who, step=tr(_STEP_NAMES.get(step, step)))
    if pending.get("step") == "activate":
        sub += " — " + tr("red outline: tiles still to activate, ✓ done")
    if pending.get("step") == "place" and pending.get("tile"):
        tile = pending.get("tile")
        sub += " — " + tr("placing {tile}", tile=tr(_tile_name_of(view, tile)))
    return title, sub


_STEP_NAMES = {
    "choose": _("choosing a tile"), "ness_pay": _("paying for Loch Ness"),
    "oich_pay": _("paying for Loch Oich"), "place": _("placing a tile"),
    "lochy": _("Loch Lochy"), "shiel": _("Loch Shiel"), "activate": _("activating tiles"),
    "move": _("moving clansmen"), "none": _("waiting"),
}
RES_NAMES = {"wood": _("wood"), "stone": _("stone"), "sheep": _("sheep"), "cattle": _("cattle"),
             "grain": _("grain")}


def _tile_name_of(view, tid) -> str:
    """A tile id -> its name, looked up in the view (chain, territories, offers)."""
    if isinstance(tid, dict):
        return str(tid.get("name") or tid.get("id"))
    for sp in (view.get("chain") or {}).get("spaces") or []:
        t = (sp or {}).get("tile")
        if isinstance(t, dict) and t.get("id") == tid:
            return str(t.get("name"))
    for p in (view.get("players") or {}).values():
        for t in p.get("tiles") or []:
            if t.get("id") == tid:
                return str(t.get("name"))
    # the tile in hand is in no space of the view: fall back on the static tile table
    tiles = resolve_ref("engines.glen_more.data:TILES", {}) or {}
    return str((tiles.get(tid) or {}).get("name") or tid)


def _layout(view, players_order):
    n = len(players_order)
    cols = 2 if n >= 2 else 1
    pw = (WIDTH - 2 * MARGIN - (cols - 1) * 20) // cols
    pending = view.get("pending") or {}
    spots_of = {}
    for seat in players_order:
        spots = []
        if pending.get("seat") == seat and pending.get("step") == "place":
            spots = [tuple(s) for s in (pending.get("spots") or []) if _pair(s)]
        spots_of[seat] = spots
    geo = {s: _grid_geometry((view.get("players") or {}).get(s) or {}, spots_of[s])
           for s in players_order}
    max_cols = max([g[1] - g[0] + 1 for g in geo.values()] + [1])
    cell = min(150, (pw - AXIS_W - 14) // max_cols)
    rows_per_line = []
    for i in range(0, n, cols):
        line = players_order[i:i + cols]
        rows_per_line.append(max(geo[s][3] - geo[s][2] + 1 for s in line))
    return cols, pw, cell, rows_per_line, spots_of, geo


TOP_H = 530


def render_board(view: dict, tr):
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in seats if s in players]
    cols, pw, cell, rows_per_line, spots_of, geo = _layout(view, order)
    top = 100 + TOP_H
    # shrink the cells until the image fits
    while cell > 70:
        total = top + sum(_panel_height(r, cell) + 20 for r in rows_per_line) + 20
        if total <= MAX_HEIGHT:
            break
        cell -= 4
    height = top + sum(_panel_height(r, cell) + 20 for r in rows_per_line) + 20
    img, d = canvas(WIDTH, height, PAPER)

    title, sub = _header(view, tr)
    text(d, (MARGIN, 18), title, size=34, bold=True)
    text(d, (MARGIN, 62), fit(sub, WIDTH - 2 * MARGIN, 22), size=22)
    d.line((MARGIN, 96, WIDTH - MARGIN, 96), fill=INK, width=2)

    _draw_chain(d, view, tr, MARGIN, 110)
    mx0 = MARGIN + 5 * 146 + 4 * 8 + 40
    _draw_market(d, view, tr, mx0, 110, WIDTH - MARGIN - mx0)

    y = top
    for li, rows in enumerate(rows_per_line):
        ph = _panel_height(rows, cell)
        for ci, seat in enumerate(order[li * cols:(li + 1) * cols]):
            x = MARGIN + ci * (pw + 20)
            _draw_player(d, view, tr, seat, players[seat], (x, y, x + pw, y + ph), cell,
                         spots_of[seat])
        y += ph + 20
    return finish(compact(img, _colours()), board_alt(view, tr), "glen_more.png")


def board_alt(view: dict, tr) -> str:
    """The position in words; seats first so that every seat is named within 1024 chars."""
    title, sub = _header(view, tr)
    parts = [f"{title}. {sub}."]
    players = view.get("players") or {}
    for seat in view.get("seats") or []:
        p = players.get(seat) or {}
        bits = [tr("{n} tiles", n=p.get("tile_count", len(p.get("tiles") or []))),
                tr("{n} coins", n=p.get("coins", 0)), tr("{n} whisky", n=p.get("whisky", 0)),
                tr("{n} chieftains", n=p.get("chieftains", 0))]
        if p.get("cards"):
            bits.append(", ".join(tr(c) for c in p["cards"]))
        if p.get("score") is not None:
            bits.append(tr("{n} VP", n=p["score"]))
        parts.append(f"{seat}: " + ", ".join(bits) + ".")
    chain = view.get("chain") or {}
    items = []
    for i in chain.get("order") or []:
        spaces = chain.get("spaces") or []
        sp = spaces[i] if i < len(spaces) else {}
        if isinstance(sp.get("tile"), dict):
            items.append(f"#{i} {_tile_label(tr, sp['tile'])}")
        elif sp.get("pawn") == "die":
            items.append(f"#{i} " + tr("die"))
        elif sp.get("pawn"):
            items.append(f"#{i} {sp['pawn']}")
    if items:
        parts.append(tr("Chain: {items}.", items="; ".join(items)))
    market = view.get("market") or {}
    if market:
        m = []
        for r in RESOURCES:
            e = market.get(r) or {}
            m.append(tr("{res} {n} cubes, {buy}/{sell}", res=tr(r), n=e.get("filled", 0),
                        buy=e.get("buy") if e.get("buy") is not None else "—",
                        sell=e.get("sell") if e.get("sell") is not None else "—"))
        parts.append(tr("Market (cubes, buy/sell price): {items}.", items="; ".join(m)))
    return " ".join(parts)


# ----------------------------------------------------------------------------- private
def render_hand(view: dict, tr):
    """The seat's secret score and its parts; None when nothing about this seat is secret
    (scores public, game over, or a spectator view)."""
    seat, p = own_seat(view)
    if not p or not view.get("secret_scores") or view.get("finished"):
        return None
    if p.get("score") is None:
        return None
    parts = [(k, v) for k, v in (p.get("score_parts") or {}).items() if v]
    rows = (len(parts) + 1) // 2
    height = 200 + max(1, rows) * 34 + 30
    img, d = canvas(1000, height, PAPER)
    idx = _seat_index(view, seat)
    seat_badge(d, (50, 46), idx, 24)
    text(d, (90, 26), fit(tr("{player}: your secret score", player=seat), 880, 30, True),
         size=30, bold=True)
    text(d, (90, 74), tr("{n} VP", n=p["score"]), size=40, bold=True)
    text(d, (90, 130), tr("Only you can see this. Score parts so far:"), size=18, fill=MUTED)
    y0 = 166
    for k, (name, v) in enumerate(parts):
        col, row = divmod(k, rows) if rows else (0, 0)
        x = 60 + col * 460
        y = y0 + row * 34
        text(d, (x, y), fit(tr(name), 340, 20), size=20)
        text(d, (x + 420, y), f"{v:+d}", size=20, bold=True, anchor="ra")
    if not parts:
        text(d, (60, y0), tr("No points yet."), size=20)
    alt = tr("{player}: your secret score is {n} VP.", player=seat, n=p["score"])
    return finish(compact(img, _colours()), alt, "glen_more_private.png")


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view)
    if not p:
        return tr("You are not playing at this table.")
    lines = []          # the caller puts the game, table and seat in front
    if p.get("score") is not None:
        if view.get("secret_scores") and not view.get("finished"):
            lines.append(tr("Score: **{n} VP** (secret)", n=p["score"]))
        else:
            lines.append(tr("Score: **{n} VP**", n=p["score"]))
    lines.append(tr("Coins {coins} · whisky {whisky} · chieftains {chief} · clansmen {men}",
                    coins=p.get("coins", 0), whisky=p.get("whisky", 0),
                    chief=p.get("chieftains", 0), men=p.get("clansmen", 0)))
    lines.append(tr("Resources: {items}", items=_res_text(tr, p.get("resources"))))
    cards = p.get("cards") or []
    lines.append(tr("Cards: {cards}", cards=", ".join(tr(c) for c in cards) if cards
                    else tr("none")))
    lines.append(tr("Tiles: {n}", n=p.get("tile_count", len(p.get("tiles") or []))))
    pending = view.get("pending") or {}
    if pending.get("seat") == seat and pending.get("prompt"):
        lines.append("➡ " + text_of(tr, pending.get("prompt")))
    elif seat in (view.get("to_act") or []):
        lines.append("➡ " + tr("Your turn."))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
