"""Glen More board and private images, drawn only from ``ENGINE.view``.

``render_board(view, tr)``: the chain (rondel of 14 spaces: tiles with name, type colour and
cost, pawns as seat badges with the players' names, the die, the empty space), the market
(cubes, buy/sell prices), the tile stacks, and each player's territory: tiles with
river/road marks, resource cubes, clansmen, and the player's name (badge: colour and
letter), coins, whisky, chieftains, cards and — only when the view shows it — the score.

While the acting player faces a decision over cells of their territory (where to place the
tile, which tile to activate, pay from, sell from, move a clansman from or to: the view's
``spots``), that territory is drawn first, across the whole width and as large as the image
allows, with the letters of the choices on its cells — the letters of the buttons
("Spot C — north of Quarry"). Scaled to Discord's preview width (about 550 px) the letters
and the tile names of that territory stay legible.

``render_hand(view, tr)``: the seat's secret score (None when scores are public).
``private_text(view, tr)``: a short Discord-markdown summary of the seat's own position."""
from __future__ import annotations

from engines.base import T
from engines.glen_more.texts import (chieftains, clansmen as n_clansmen, coins,
                                     different_resources, res_count, tiles as n_tiles, vp,
                                     whisky_barrels)
from render.common import (clauses, INK, MUTED, PAPER, canvas, finish, fit, own_seat, player_tag,
                           rounded, seat_badge, seat_name, seat_rgb, text, text_width, wrap)
from render.shapes import clansman, compact, dashed_rect, ink_for, resolve_ref, star, text_of


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
WHITE = (255, 255, 255)


def _colours():
    from render.common import GAME_COLOURS, SEAT_STYLES
    return ([INK, MUTED, PAPER, TRACK, PANEL, GOLD, HILITE, RIVER, ROAD, WHITE,
             (250, 250, 250), (252, 250, 244), (220, 212, 194), (230, 230, 230)]
            + list(RES_COLOUR.values()) + list(TILE_COLOUR.values())
            + [c for _, c in SEAT_STYLES] + list(GAME_COLOURS.values()))


# ----------------------------------------------------------------------------- helpers
def _seat_index(view: dict, seat) -> int:
    seats = view.get("seats") or []
    return seats.index(seat) if seat in seats else 0


def _badge(d, view, seat, xy, radius) -> None:
    """A seat's badge: its colour and letter."""
    seat_badge(d, xy, _seat_index(view, seat), radius, colour=seat_rgb(view, seat))


def _tile_label(tr, tile: dict | None) -> str:
    if not tile:
        return ""
    return tr(str(tile.get("name") or tile.get("id") or "?"))


def _cost_text(tr, cost: dict | None) -> str:
    """A tile's cost as a list of whole counted items ("1 wood, 1 stone")."""
    if not cost:
        return tr(T("free", context="costs nothing"))
    parts = []
    for k, n in cost.items():
        if k == "whisky":
            parts.append(tr(whisky_barrels(n)))
        elif k == "clansman_or_chieftain":
            parts.append(tr("a clansman or chieftain"))
        elif k == "distinct_resources":
            parts.append(tr(different_resources(n)))
        else:
            parts.append(tr(res_count(k, n)))
    return ", ".join(parts)


def _res_text(tr, counts: dict | None) -> str:
    counts = counts or {}
    items = [tr(res_count(r, counts[r])) for r in RESOURCES if counts.get(r)]
    items += [tr(res_count(k, v)) for k, v in counts.items() if k not in RESOURCES and v]
    return ", ".join(items) if items else tr(T("none", context="resources"))


def _cube(d, x, y, size, res) -> None:
    d.rectangle((x, y, x + size, y + size), fill=RES_COLOUR.get(res, (200, 0, 200)), outline=INK,
                width=2)


def _river_road(d, box, tile: dict) -> None:
    """River marks on the N and S edges, road marks on the W and E edges."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    depth = max(7, h // 16)
    if tile.get("river") or tile.get("edges") in ("river", "both"):
        bw = max(6, w // 9)
        d.rectangle((cx - bw / 2, y0 + 2, cx + bw / 2, y0 + depth), fill=RIVER)
        d.rectangle((cx - bw / 2, y1 - depth, cx + bw / 2, y1 - 2), fill=RIVER)
    if tile.get("road") or tile.get("edges") in ("road", "both"):
        bh = max(6, h // 10)
        d.rectangle((x0 + 2, cy - bh / 2, x0 + w * 0.1, cy + bh / 2), fill=ROAD)
        d.rectangle((x1 - w * 0.1, cy - bh / 2, x1 - 2, cy + bh / 2), fill=ROAD)


def _name_lines(tr, tile, width, size, max_lines=2) -> list[str]:
    lines = wrap(_tile_label(tr, tile), width, size, True)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [fit(" ".join(lines[max_lines - 1:]), width, size, True)]
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
            text(d, ((bx0 + bx1) / 2, (by0 + by1) / 2 + 8), tr(T("empty", context="chain space")),
                 size=16, fill=MUTED, anchor="mm")
            continue
        if isinstance(tile, dict):
            fill = TILE_COLOUR.get(tile.get("colour"), (230, 230, 230))
            offer = offers.get(i)
            rounded(d, box, fill=fill, outline=INK, radius=10, width=2)
            if offer and offer.get("takeable"):
                d.rounded_rectangle((bx0 - 4, by0 - 4, bx1 + 4, by1 + 4), radius=12,
                                    outline=seat_rgb(view, pending.get("seat")), width=5)
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
            shown = cost[:1] if len(names) > 1 else cost[:2]
            if len(cost) > len(shown):
                shown[-1] = fit(shown[-1] + " …", w - 20, 14)
            for k, line in enumerate(reversed(shown)):
                text(d, (bx0 + 10, by1 - 24 - 18 * k), line, size=14)
        elif pawn == "die":
            rounded(d, box, fill=(250, 250, 250), radius=10, width=2)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, bold=True)
            last = chain.get("last_die")
            face = last.get("roll") if isinstance(last, dict) else last
            _die(d, (bx0 + bx1) / 2, (by0 + by1) / 2 + 6, 22, face)
            text(d, ((bx0 + bx1) / 2, by1 - 14), tr(T("die", context="dice")), size=14,
                 anchor="mm")
            if i == head:
                text(d, (bx1 - 8, by0 + 6), tr(T("last", context="in the chain")), size=14,
                     fill=HILITE, bold=True, anchor="ra")
        elif pawn:
            rounded(d, box, fill=(252, 250, 244), radius=10, width=2)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, bold=True)
            _badge(d, view, pawn, ((bx0 + bx1) / 2, (by0 + by1) / 2 - 4), 24)
            text(d, ((bx0 + bx1) / 2, by1 - 14), fit(seat_name(view, pawn), w - 14, 16, True),
                 size=16, bold=True, anchor="mm")
            if i == head:
                text(d, (bx1 - 8, by0 + 6), tr(T("last", context="in the chain")), size=14,
                     fill=HILITE, bold=True, anchor="ra")
        else:
            rounded(d, box, fill=TRACK, radius=10, width=1)
            text(d, (bx0 + 8, by0 + 6), f"#{i}", size=15, fill=MUTED, bold=True)
    # centre: stacks, removed tiles, scorings
    ix0, iy0 = boxes[0][0] + w + g + 10, boxes[0][3] + g + 10
    ix1 = boxes[4][0] - g - 10
    stacks = view.get("stacks") or []
    text(d, (ix0, iy0), fit(tr("Tiles left in the stacks"), ix1 - ix0, 17, True), size=17,
         bold=True)
    y = iy0 + 28
    names = ["S", "I", "II", "III"]
    parts = []
    for k, n in enumerate(stacks):
        parts.append(f"{names[k] if k < len(names) else k}: {n}")
    text(d, (ix0, y), fit("   ".join(parts), ix1 - ix0, 17), size=17)
    y += 28
    text(d, (ix0, y), fit(tr("Scorings done: {done} of 3", done=view.get("scorings_done", 0)),
                          ix1 - ix0, 17), size=17)
    y += 28
    text(d, (ix0, y), fit(tr("Removed tiles: {count}", count=view.get("removed", 0)),
                          ix1 - ix0, 17), size=17)
    y += 28
    last = chain.get("last_die")
    if isinstance(last, dict) and last.get("roll") is not None:
        msg = tr("Last die roll {roll}: {tile} removed from #{space}", roll=last.get("roll"),
                 tile=tr(_tile_name_of(view, last.get("tile"))), space=last.get("space", "?"))
        for line in wrap(msg, ix1 - ix0, 16)[:2]:
            text(d, (ix0, y), line, size=16)
            y += 21
        y += 6
    if offers and pending.get("seat"):
        msg = tr("Outlined: tiles {player} can take now.",
                 player=seat_name(view, pending.get("seat")))
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
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=6, fill=WHITE,
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
                        else WHITE, outline=INK, width=2)
            text(d, (cx + 20, y + 24), str(sp.get("value", "")), size=16, bold=True,
                 fill=ink_for(RES_COLOUR.get(r)) if filled else MUTED, anchor="mm")
        buy, sell = m.get("buy"), m.get("sell")
        bt = tr("buy {price}", price=buy) if buy is not None else tr("buy —")
        st = tr("sell {price}", price=sell) if sell is not None else tr("sell —")
        text(d, (x0 + 350, y + 12), fit(bt, 110, 18, True), size=18, bold=True)
        text(d, (x0 + 470, y + 12), fit(st, max(60, width - 480), 18, True), size=18, bold=True)
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
    clansman(d, x + 10, y + 11, 22, seat_rgb(view, (view.get("seats") or ["A"])[0]))
    text(d, (x + 26, y + 2), tr("clansmen"), size=15)
    return y + 28 - y0


# ----------------------------------------------------------------------------- territories
def _pair(c) -> bool:
    return isinstance(c, (list, tuple)) and len(c) == 2 and all(isinstance(v, int) for v in c)


def _spots_of(view: dict) -> tuple[str | None, list[dict]]:
    """The seat facing a decision over cells of its territory and the lettered cells
    ({"cell": (x, y), "letter": "C", "tile": id or None}), from the view's ``spots``."""
    spots = view.get("spots")
    if not isinstance(spots, dict) or not isinstance(spots.get("cells"), list):
        return None, []
    cells = []
    for c in spots["cells"]:
        if isinstance(c, dict) and _pair(c.get("cell")):
            cells.append({"cell": tuple(c["cell"]), "letter": str(c.get("letter") or "?")[:3],
                          "tile": c.get("tile"), "where": c.get("where")})
    seat = spots.get("seat")
    return (seat, cells) if seat in (view.get("players") or {}) and cells else (None, [])


def _grid_geometry(p: dict, spots: list[dict]) -> tuple[int, int, int, int]:
    xs = [t.get("x", 0) for t in p.get("tiles") or []] + [s["cell"][0] for s in spots]
    ys = [t.get("y", 0) for t in p.get("tiles") or []] + [s["cell"][1] for s in spots]
    if not xs:
        xs, ys = [0], [0]
    return min(xs), max(xs), min(ys), max(ys)


def _player_lines(view, tr, seat, p) -> list[str]:
    """Facts of a player's header (all public in the view): counted items, then the
    scoring values and the cards."""
    facts = [tr(coins(p.get("coins", 0))), tr(whisky_barrels(p.get("whisky", 0))),
             tr(chieftains(p.get("chieftains", 0))), tr(n_clansmen(p.get("clansmen", 0))),
             tr(n_tiles(p.get("tile_count", len(p.get("tiles") or []))))]
    sv = p.get("scoring_values") or {}
    line2 = tr("For scorings: whisky {w}, chieftains {c}, locations {l}",
               w=sv.get("whisky", p.get("whisky", 0)), c=sv.get("chieftains", 0),
               l=sv.get("special locations", len(p.get("cards") or [])))
    cards = p.get("cards") or []
    line3 = tr(T("Cards: {cards}", cards=[T(str(c)) for c in cards])) if cards \
        else tr("Cards: none")
    return [" · ".join(facts), line2, line3]


# Panel sizes: (header height, name size, fact size, line step)
SMALL = (118, 24, 16, 22)
BIG = (150, 34, 21, 28)


def _panel_height(rows: int, cell: int, big: bool = False) -> int:
    return (BIG if big else SMALL)[0] + rows * cell + 18


def _draw_player(d, view, tr, seat, p, box, cell, spots, big=False) -> None:
    x0, y0, x1, y1 = box
    head_h, name_size, fact_size, step = BIG if big else SMALL
    colour = seat_rgb(view, seat)
    to_act = seat in (view.get("to_act") or [])
    rounded(d, box, fill=PANEL, radius=14, width=5 if to_act else 2,
            outline=colour if to_act else INK)
    # the right end of the header: the score, and the tile in hand when placing
    right = x1 - 16
    tile_in_hand = (view.get("spots") or {}).get("tile") if big else None
    if tile_in_hand:
        th = head_h - 28
        tbox = (x1 - 16 - th, y0 + 14, x1 - 16, y0 + 14 + th)
        _draw_tile(d, tr, {"name": _tile_name_of(view, tile_in_hand),
                           **_tile_info(view, tile_in_hand)}, tbox, colour)
        label = tr("to place")
        text(d, (tbox[0] - 10, y0 + 16), fit(label, 200, fact_size, True), size=fact_size,
             bold=True, anchor="ra")
        right = tbox[0] - 10
    score = p.get("score")
    score_w = 0
    sy = y0 + (44 if tile_in_hand else 12)
    if score is not None:
        s = tr(vp(score))
        score_w = text_width(s, name_size, True)
        text(d, (right, sy), s, size=name_size, bold=True, anchor="ra")
    elif view.get("secret_scores"):
        s = tr("score secret")
        score_w = text_width(s, fact_size)
        text(d, (right, sy + 4), s, size=fact_size, fill=MUTED, anchor="ra")
    room_for_name = max(120, right - score_w - 20 - (x0 + 12))
    label = tr("to play") if to_act else ""
    label_w = text_width(label, fact_size, True) + 16 if label else 0
    name_w = max(100, room_for_name - label_w)
    nx = player_tag(d, (x0 + 12, y0 + 12 + name_size // 2 + 4), view, seat, name_w,
                    size=name_size, bold=True)
    if label:
        text(d, (nx + 12, y0 + 12 + name_size // 2 + 4), label, size=fact_size, bold=True,
             fill=HILITE, anchor="lm")
    lines = _player_lines(view, tr, seat, p)
    line_w = (right if tile_in_hand else x1 - 16) - (x0 + 16)
    ly = y0 + 12 + name_size + 14
    for k, line in enumerate(lines):
        text(d, (x0 + 16, ly + k * step), fit(line, line_w, fact_size, k == 0), size=fact_size,
             bold=(k == 0))
    # grid
    min_x, max_x, min_y, max_y = _grid_geometry(p, spots)
    cols = max_x - min_x + 1
    gx0 = x0 + max(8, (x1 - x0 - cols * cell) // 2)
    gy0 = y0 + head_h + 4
    for cx in range(cols):          # faint background grid
        for cy in range(max_y - min_y + 1):
            bx, by = gx0 + cx * cell, gy0 + cy * cell
            d.rectangle((bx, by, bx + cell, by + cell), outline=(220, 212, 194), width=1)
    pending = view.get("pending") or {}
    mine = pending.get("seat") == seat and pending.get("step") == "activate"
    activatable = {tuple(c) for c in (pending.get("activatable") or []) if mine and _pair(c)}
    activated = {tuple(c) for c in (pending.get("activated") or []) if mine and _pair(c)}
    marks = {s["cell"]: s["letter"] for s in spots}
    if marks and (view.get("spots") or {}).get("decision") == "activate":
        activatable = set(marks)            # outlined: the tiles that can still do something
    for t in p.get("tiles") or []:
        tx, ty = t.get("x", 0), t.get("y", 0)
        bx = gx0 + (tx - min_x) * cell
        by = gy0 + (max_y - ty) * cell
        _draw_tile(d, tr, t, (bx + 2, by + 2, bx + cell - 2, by + cell - 2), colour,
                   (tx, ty) in activatable, (tx, ty) in activated, marks.get((tx, ty)), big)
    occupied = {(t.get("x", 0), t.get("y", 0)) for t in p.get("tiles") or []}
    for s in spots:
        if s["cell"] in occupied:
            continue
        sx, sy_ = s["cell"]
        bx = gx0 + (sx - min_x) * cell
        by = gy0 + (max_y - sy_) * cell
        inset = max(4, cell // 22)
        sbox = (bx + inset, by + inset, bx + cell - inset, by + cell - inset)
        d.rectangle(sbox, fill=WHITE)
        dashed_rect(d, sbox, fill=colour, width=max(3, cell // 28), dash=max(10, cell // 9),
                    gap=max(7, cell // 14))
        letter = s["letter"]
        size = int(cell * (0.5 if len(letter) == 1 else 0.34))
        text(d, (bx + cell / 2, by + cell / 2), letter, size=size, bold=True, anchor="mm",
             stroke_width=max(1, size // 20), stroke_fill=WHITE)


def _tile_info(view, tid) -> dict:
    """What a tile looks like (colour, river, road, card), from the view or the tile table."""
    tiles = resolve_ref("engines.glen_more.data:TILES", {}) or {}
    t = tiles.get(tid) or {}
    edges = t.get("edges")
    return {"colour": t.get("colour"), "edges": edges, "river": edges in ("river", "both"),
            "road": edges in ("road", "both"), "card": t.get("card")}


def _draw_tile(d, tr, t, box, colour, activatable=False, activated=False, mark=None,
               big=False) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    fill = TILE_COLOUR.get(t.get("colour"), (230, 230, 230))
    d.rectangle(box, fill=fill, outline=INK, width=2)
    _river_road(d, box, t)
    if activatable:
        d.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), outline=HILITE, width=max(5, w // 30))
    fs = max(14, min(42, int(w * (0.15 if big else 0.12))))
    pad = max(7, w // 20)
    lines = _name_lines(tr, t, w - 2 * pad, fs, 3 if w >= 180 else 2)
    top = y0 + max(11, w // 14)
    for k, line in enumerate(lines):
        text(d, (x0 + pad, top + k * (fs + 3)), line, size=fs, bold=True)
    if t.get("card"):
        r = max(10, w // 14)
        star(d, x1 - r - 3, y1 - r - 3, r, GOLD)
    if activated:
        text(d, (x1 - 6, top + (fs + 3) * len(lines)), "✓", size=max(18, fs + 2), fill=HILITE,
             bold=True, anchor="ra")
    # cubes, bottom-left
    cubes = t.get("cubes") or {}
    cs = max(14, min(34, w // 7))
    num = max(14, cs * 3 // 4)
    cx, cy = x0 + pad, y1 - cs - max(8, w // 18)
    items = [(r, cubes[r]) for r in RESOURCES if cubes.get(r)] + \
        [(r, n) for r, n in cubes.items() if r not in RESOURCES and n]
    for r, n in items:
        if cx + cs + num > x1 - 6:
            cx, cy = x0 + pad, cy - cs - 6
        _cube(d, cx, cy, cs, r)
        if n > 1:
            text(d, (cx + cs + 2, cy + cs / 2), str(n), size=num, bold=True, anchor="lm")
            cx += cs + num + 4
        else:
            cx += cs + 5
    # clansmen, right side above the card star
    men = t.get("clansmen") or 0
    if men:
        mh = max(20, min(56, w // 5))
        star_h = (2 * max(10, w // 14) + 6) if t.get("card") else 0
        mx, my = x1 - mh * 0.5 - 6, y1 - mh / 2 - star_h - 8
        clansman(d, mx, my, mh, colour)
        if men > 1:
            text(d, (mx - mh * 0.45, my + 2), f"{men}×", size=max(15, mh // 2), bold=True,
                 anchor="rm")
    if mark:                        # the letter of this tile in the current decision
        r = max(16, int(w * 0.19))
        cx, cy = x0 + w / 2, y0 + (y1 - y0) * 0.56
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=max(2, r // 10))
        size = int(r * (1.3 if len(mark) == 1 else 0.9))
        text(d, (cx, cy), mark, size=size, bold=True, anchor="mm")


# ----------------------------------------------------------------------------- board
def _header(view, tr) -> tuple[str, str, list[str]]:
    """The title, the line below it and the seats that line is about (for their badges)."""
    if view.get("finished") or view.get("phase") == "finished":
        title = tr("Glen More — game over")
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, str)]
        if not winners:
            return title, "", []
        sub = tr(T("Winner: {winners}.", plural="Winners: {winners}.", n=len(winners),
                   winners=[seat_name(view, w) for w in winners]))
        return title, sub, winners
    title = tr("Glen More — part {part} of 3", part=view.get("part", 1))
    to_act = [s for s in view.get("to_act") or [] if isinstance(s, str)]
    if not to_act:
        return title, "", []
    seat = to_act[0]
    return title, _doing(view, tr, seat), [seat]


def _doing(view, tr, seat) -> str:
    """What the acting seat is doing, as one sentence with the player's name."""
    player = seat_name(view, seat)
    pending = view.get("pending") or {}
    spots = view.get("spots") or {}
    kind = spots.get("decision") if spots.get("seat") == seat else None
    if kind == "place" and spots.get("tile"):
        return tr("{player} is placing {tile}: the letters mark the spots it may go to.",
                  player=player, tile=tr(_tile_name_of(view, spots.get("tile"))))
    if kind == "sell_from":
        return tr(T("{player} is selling {item}: the letters mark the tiles it may come from.",
                    player=player, item=res_count(str(spots.get("resource")), 1)))
    if kind == "pay_from":
        return tr(T("{player} is paying {item}: the letters mark the tiles it may come from.",
                    player=player, item=res_count(str(spots.get("resource")), 1)))
    if kind == "ness_target":
        return tr("{player} is using Loch Ness: the letters mark the tiles it may activate.",
                  player=player)
    if kind == "move_to":
        return tr("{player} is moving a clansman: the letters mark where it may go.",
                  player=player)
    if kind == "clansman":
        return tr("{player} may move clansmen: the letters mark the tiles with a clansman.",
                  player=player)
    if kind == "pay_ness":
        return tr("{player} pays Loch Ness with a clansman: the letters mark the tiles it may "
                  "come from.", player=player)
    if kind == "activate":
        return tr("{player} is activating tiles: the letters mark the tiles still possible, "
                  "✓ those done.", player=player)
    step = pending.get("step") or view.get("phase") or ""
    if step == "choose":
        return tr("{player} is choosing a tile from the chain.", player=player)
    if step == "ness_pay":
        return tr("{player} is paying for Loch Ness.", player=player)
    if step == "oich_pay":
        return tr("{player} is paying for Loch Oich.", player=player)
    if step == "place":
        return tr("{player} is placing a tile.", player=player)
    if step == "lochy":
        return tr("{player} is choosing the resources for Loch Lochy.", player=player)
    if step == "shiel":
        return tr("{player} is applying Loch Shiel.", player=player)
    if step == "activate":
        return tr("{player} is activating tiles.", player=player)
    if step == "move":
        return tr("{player} is moving clansmen.", player=player)
    return tr("{player} to play.", player=player)


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


TOP_H = 530           # the chain and the market
HEAD_H = 140          # title and the line below it
FOCUS_MAX = 300       # the largest cell of the focused territory
OTHER_MAX = 150       # the largest cell of the other territories


def _layout(view, order):
    """Cell sizes and the panels' rows: (focus seat, focus cell, others, columns, panel
    width, other cell, rows per line of other panels, spots)."""
    players = view.get("players") or {}
    focus, spots = _spots_of(view)
    others = [s for s in order if s != focus]
    cols = 2 if len(others) >= 2 else 1
    pw = (WIDTH - 2 * MARGIN - (cols - 1) * 20) // cols
    geo = {s: _grid_geometry(players.get(s) or {}, spots if s == focus else []) for s in order}
    max_cols = max([geo[s][1] - geo[s][0] + 1 for s in others] + [1])
    ocell = min(OTHER_MAX, (pw - 16) // max_cols)
    lines = [max(geo[s][3] - geo[s][2] + 1 for s in others[i:i + cols])
             for i in range(0, len(others), cols)]
    fcell, frows = 0, 0
    if focus:
        fcols = geo[focus][1] - geo[focus][0] + 1
        frows = geo[focus][3] - geo[focus][2] + 1
        fcell = min(FOCUS_MAX, (WIDTH - 2 * MARGIN - 16) // fcols)

    def total(fc, oc):
        h = HEAD_H + TOP_H + 20 + sum(_panel_height(r, oc) + 20 for r in lines) + 10
        return h + (_panel_height(frows, fc, True) + 20 if focus else 0)

    # shrink the others first, then the focused territory, until the image fits
    while total(fcell, ocell) > MAX_HEIGHT:
        if ocell > 64:
            ocell -= 4
        elif focus and fcell > 150:
            fcell -= 6
        elif ocell > 36:
            ocell -= 2
        elif focus and fcell > 90:
            fcell -= 4
        else:
            break
    return focus, fcell, frows, others, cols, pw, ocell, lines, spots, total(fcell, ocell)


def render_board(view: dict, tr):
    seats = list(view.get("seats") or [])
    players = view.get("players") or {}
    order = [s for s in seats if s in players]
    focus, fcell, frows, others, cols, pw, ocell, lines, spots, height = _layout(view, order)
    img, d = canvas(WIDTH, height, PAPER)

    title, sub, about = _header(view, tr)
    text(d, (MARGIN, 16), fit(title, WIDTH - 2 * MARGIN, 36, True), size=36, bold=True)
    x = MARGIN
    for s in about:                  # the badges of the seats the line names
        _badge(d, view, s, (x + 17, 82), 17)
        x += 40
    sub_lines = wrap(sub, WIDTH - MARGIN - x - 4, 24, bold=bool(focus), max_lines=2)
    for k, line in enumerate(sub_lines):
        text(d, (x + 4, 70 + k * 30), line, size=24, bold=bool(focus))
    d.line((MARGIN, HEAD_H - 6, WIDTH - MARGIN, HEAD_H - 6), fill=INK, width=2)

    y = HEAD_H + 4
    if focus:
        ph = _panel_height(frows, fcell, True)
        _draw_player(d, view, tr, focus, players[focus], (MARGIN, y, WIDTH - MARGIN, y + ph),
                     fcell, spots, big=True)
        y += ph + 20
    _draw_chain(d, view, tr, MARGIN, y)
    mx0 = MARGIN + 5 * 146 + 4 * 8 + 40
    _draw_market(d, view, tr, mx0, y, WIDTH - MARGIN - mx0)
    y += TOP_H + 20
    for li, rows in enumerate(lines):
        ph = _panel_height(rows, ocell)
        for ci, seat in enumerate(others[li * cols:(li + 1) * cols]):
            x = MARGIN + ci * (pw + 20)
            _draw_player(d, view, tr, seat, players[seat], (x, y, x + pw, y + ph), ocell, [])
        y += ph + 20
    return finish(compact(img, _colours()), board_alt(view, tr), "glen_more.png")


def board_alt(view: dict, tr) -> str:
    """The position in words; seats first so that every seat is named within 1024 chars."""
    title, sub, _about = _header(view, tr)
    parts = [f"{title}." + (f" {sub}" if sub else "")]
    players = view.get("players") or {}
    for seat in view.get("seats") or []:
        p = players.get(seat) or {}
        bits = [tr(n_tiles(p.get("tile_count", len(p.get("tiles") or [])))),
                tr(coins(p.get("coins", 0))), tr(whisky_barrels(p.get("whisky", 0))),
                tr(chieftains(p.get("chieftains", 0)))]
        if p.get("cards"):
            bits.append(", ".join(tr(str(c)) for c in p["cards"]))
        if p.get("score") is not None:
            bits.append(tr(vp(p["score"])))
        parts.append(f"{seat_name(view, seat)}: " + ", ".join(bits) + ".")
    focus, spots = _spots_of(view)
    if spots:
        items = []
        for s in spots:
            if s.get("where"):
                items.append(tr("{letter}: {where}", letter=s["letter"],
                                where=text_of(tr, s["where"])))
            else:
                items.append(tr("{letter}: {tile}", letter=s["letter"],
                                tile=tr(_tile_name_of(view, s.get("tile")))))
        parts.append(tr("Letters on {player}'s territory: {items}.",
                        player=seat_name(view, focus), items=clauses(tr, items)))
    chain = view.get("chain") or {}
    items = []
    for i in chain.get("order") or []:
        spaces = chain.get("spaces") or []
        sp = spaces[i] if i < len(spaces) else {}
        if isinstance(sp.get("tile"), dict):
            items.append(f"#{i} {_tile_label(tr, sp['tile'])}")
        elif sp.get("pawn") == "die":
            items.append(f"#{i} " + tr(T("die", context="dice")))
        elif sp.get("pawn"):
            items.append(f"#{i} {seat_name(view, sp['pawn'])}")
    if items:
        parts.append(tr("Chain: {items}.", items=clauses(tr, items)))
    market = view.get("market") or {}
    if market:
        m = []
        for r in RESOURCES:
            e = market.get(r) or {}
            m.append(tr(T("{res}: {n} cube, {buy}/{sell}", plural="{res}: {n} cubes, {buy}/{sell}",
                          res=T(r), n=e.get("filled", 0),
                          buy=e.get("buy") if e.get("buy") is not None else "—",
                          sell=e.get("sell") if e.get("sell") is not None else "—")))
        parts.append(tr("Market (cubes, buy/sell price): {items}.", items=clauses(tr, m)))
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
    _badge(d, view, seat, (50, 46), 24)
    text(d, (90, 26), fit(tr("{player}: your secret score", player=seat_name(view, seat)), 880,
                          30, True), size=30, bold=True)
    text(d, (90, 74), tr(vp(p["score"])), size=40, bold=True)
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
    alt = tr(T("{player}: your secret score is {n} VP.", plural="{player}: your secret score is "
               "{n} VP.", player=seat_name(view, seat), n=p["score"]))
    return finish(compact(img, _colours()), alt, "glen_more_private.png")


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view)
    if not p:
        return tr("You are not playing at this table.")
    lines = []          # the caller puts the game, table and seat in front
    if p.get("score") is not None:
        if view.get("secret_scores") and not view.get("finished"):
            lines.append(tr(T("Score: **{n} VP** (secret)", plural="Score: **{n} VP** (secret)",
                              n=p["score"])))
        else:
            lines.append(tr(T("Score: **{n} VP**", plural="Score: **{n} VP**", n=p["score"])))
    lines.append(" · ".join([tr(coins(p.get("coins", 0))), tr(whisky_barrels(p.get("whisky", 0))),
                             tr(chieftains(p.get("chieftains", 0))),
                             tr(n_clansmen(p.get("clansmen", 0))),
                             tr(n_tiles(p.get("tile_count", len(p.get("tiles") or []))))]))
    lines.append(tr("Resources: {items}", items=_res_text(tr, p.get("resources"))))
    cards = p.get("cards") or []
    lines.append(tr(T("Cards: {cards}", cards=[T(str(c)) for c in cards])) if cards
                 else tr("Cards: none"))
    pending = view.get("pending") or {}
    if pending.get("seat") == seat and pending.get("prompt"):
        lines.append("➡ " + text_of(tr, pending.get("prompt")))
    elif seat in (view.get("to_act") or []):
        lines.append("➡ " + tr("Your turn."))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
