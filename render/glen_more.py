"""Glen More board and private images, drawn only from ``ENGINE.view``.

Readable where Discord shows them (about 616 px wide): every image is 1000 px wide and no
text is smaller than ``readable_size(1000)`` (18 px); nothing is shrunk to fit, texts wrap
(tile names break at their language's hyphenation points) instead of being cut.

``render_board(view, tr)``, the posted board: the title and what the acting player is doing;
that player's territory, large, with the letters of the choices on its cells — the letters
of the buttons ("Spot C — north of Quarry") — and the tile in hand; the chain (a rondel of
14 spaces: tiles with name, type colour and cost, pawns as seat badges with the players'
names, the die, the empty space) with the market (cubes, buy/sell prices) inside it; the
stacks and the last die roll; the other players' coins, whisky, chieftains, cards and —
only when the view shows it — score; a legend. While the acting player faces a decision
over cells of their territory (the view's ``spots``) the territory comes first, otherwise
the chain does.

``render_full_board(view, tr)``, the **Full map**: every player's territory (tiles with
river/road marks, resource cubes, clansmen) with the player's name (badge: colour and
letter), coins, whisky, chieftains, cards and public score.

``render_hand(view, tr)``: the seat's secret score (None when scores are public).
``private_text(view, tr)``: a short Discord-markdown summary of the seat's own position."""
from __future__ import annotations

import re
from functools import lru_cache

from engines.base import T
from engines.glen_more.texts import (chieftains, clansmen as n_clansmen, coins,
                                     different_resources, res_count, tiles as n_tiles, vp,
                                     whisky_barrels)
from render.common import (GAME_COLOURS, INK, MUTED, PAPER, SEAT_STYLES, canvas, clauses, clip,
                           finish, fit, hyphenator, language_of, mark, own_seat, readable_size, room,
                           rounded, seat_badge, seat_name, seat_rgb, text, text_width, wrap)
from render.shapes import clansman, compact, dashed_rect, ink_for, resolve_ref, star, text_of


WIDTH = 1000
MARGIN = 30
INNER = WIDTH - 2 * MARGIN
FS = readable_size(WIDTH)       # 18 px: the smallest text (11 px at Discord's 616 px)
GAP = 5                         # px between two lines of text, beyond the font size
MAX_BOARD = 3000                # px: the posted board's highest

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
GRID = (220, 212, 194)


def _colours():
    return ([INK, MUTED, PAPER, TRACK, PANEL, GOLD, HILITE, RIVER, ROAD, WHITE, GRID,
             (250, 250, 250), (252, 250, 244), (230, 230, 230)]
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


def _cost_items(tr, cost: dict | None) -> list[str]:
    """A tile's cost as whole counted items ("1 wood", "1 stone")."""
    if not cost:
        return [tr(T("free", context="costs nothing"))]
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
    return parts


def _res_text(tr, counts: dict | None) -> str:
    counts = counts or {}
    items = [tr(res_count(r, counts[r])) for r in RESOURCES if counts.get(r)]
    items += [tr(res_count(k, v)) for k, v in counts.items() if k not in RESOURCES and v]
    return ", ".join(items) if items else tr(T("none", context="resources"))


def _step(size: int) -> int:
    """From one line of text to the next."""
    return size + GAP


def _pack(items, width: int, size: int, bold=False, sep=" · ", tail="") -> list[str]:
    """Whole items in lines of at most width px, joined by sep; a line that goes on ends in
    tail (","). An item wider than a line wraps between its words."""
    lines: list[str] = []
    cur = ""
    for it in items:
        if not it:
            continue
        if cur and text_width(cur + sep + it + tail, size, bold) <= width:
            cur = cur + sep + it
            continue
        if cur:
            lines.append(cur + tail)
        if text_width(it + tail, size, bold) <= width:
            cur = it
        else:
            parts = wrap(it, width - text_width(tail, size, bold), size, bold)
            lines += parts[:-1]
            cur = parts[-1] if parts else ""
    if cur:
        lines.append(cur)
    return lines


_EDGE = re.compile(r"^(\W*)(.*?)(\W*)$")


@lru_cache(maxsize=8192)
def _broken(s: str, width: int, size: int, max_lines: int, lang: str) -> tuple[str, ...] | None:
    """s in at most max_lines bold lines of at most width px: between words, after a "+",
    and a word too long for a line at one of its language's hyphenation points (a bracket
    or comma stays with its part of the word); None when that is not enough."""
    n = room(width, size)

    def fits(t: str) -> bool:
        return len(t) <= n and text_width(t, size, True) <= width

    words = s.replace("+", "+ ").split()
    hy = hyphenator(lang)
    lines: list[str] = []
    cur, i = "", 0
    while i < len(words):
        w = words[i]
        joined = f"{cur}{'' if cur.endswith('+') else ' '}{w}" if cur else w
        if fits(joined):
            cur, i = joined, i + 1
            continue
        if cur:                     # the word on a line of its own
            lines.append(cur)
            cur = ""
            continue
        lead, core, trail = _EDGE.match(w).groups()
        head = ""
        for pos in sorted(hy.positions(core) if hy and core else [], reverse=True):
            if fits(f"{lead}{core[:pos]}-"):
                head = lead + core[:pos]
                break
        if not head:
            return None
        lines.append(f"{head}-")
        words[i] = w[len(head):]
        if len(lines) >= max_lines:
            return None
    if cur:
        lines.append(cur)
    return tuple(lines) if len(lines) <= max_lines else None


def _name_lines(tr, tile, width: int, size: int, max_lines: int = 3) -> list[str]:
    """A tile's name in bold lines of at most width px: broken between words, after a "+",
    or at one of the language's hyphenation points ("Αποστα-" / "κτήριο")."""
    s = clip(_tile_label(tr, tile), room(width, size) * (max_lines + 2))
    lines = _broken(s, width, size, max_lines, language_of(tr))
    if lines is None:                   # a narrow tile: one more line
        lines = _broken(s, width, size, max_lines + 1, language_of(tr))
    if lines is None:                   # not even that fits: between words, with "…"
        return wrap(s, width, size, True, max_lines)
    return list(lines)


def _cube(d, x, y, size, res) -> None:
    d.rectangle((x, y, x + size, y + size), fill=RES_COLOUR.get(res, (200, 0, 200)), outline=INK,
                width=2)
    mark(d, (x, y, x + size, y + size))


def _river_road(d, box, tile: dict, depth: int, road: int) -> None:
    """River marks on the N and S edges, road marks on the W and E edges."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    bars = []
    if tile.get("river") or tile.get("edges") in ("river", "both"):
        bw = max(6, w // 9)
        bars += [(cx - bw / 2, y0 + 2, cx + bw / 2, y0 + depth),
                 (cx - bw / 2, y1 - depth, cx + bw / 2, y1 - 2)]
        for b in bars[-2:]:
            d.rectangle(b, fill=RIVER)
    if tile.get("road") or tile.get("edges") in ("road", "both"):
        bh = max(6, w // 10)
        for b in ((x0 + 2, cy - bh / 2, x0 + road, cy + bh / 2),
                  (x1 - road, cy - bh / 2, x1 - 2, cy + bh / 2)):
            d.rectangle(b, fill=ROAD)
            bars.append(b)
    for b in bars:
        mark(d, b)


def _roman(k) -> str:
    return {0: "S", 1: "I", 2: "II", 3: "III"}.get(k, str(k))


def _die(d, cx, cy, r, face) -> None:
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=6, fill=WHITE,
                        outline=INK, width=2)
    icon = mark(d, (cx - r, cy - r, cx + r, cy + r))
    if face:
        text(d, (cx, cy), str(face), size=max(FS, r), bold=True, anchor="mm", owner=icon)


# ----------------------------------------------------------------------------- the chain
SPACE_G = 10                                # between two spaces of the chain
SPACE_W = (INNER - 4 * SPACE_G) // 5        # 180
SPACE_H = 158
SPACE_NAME = 20                             # tile names in the chain


def _space_boxes(x0, y0, w, h, g) -> list[tuple[int, int, int, int]]:
    """14 boxes clockwise around a rectangle: 5 on top, 2 down the right, 5 along the
    bottom (right to left), 2 up the left."""
    cells = [(c, 0) for c in range(5)] + [(4, 1), (4, 2)] + [(c, 3) for c in range(4, -1, -1)] \
        + [(0, 2), (0, 1)]
    return [(x0 + c * (w + g), y0 + r * (h + g), x0 + c * (w + g) + w, y0 + r * (h + g) + h)
            for c, r in cells]


def _chain_title(tr) -> list[str]:
    return wrap(tr("The chain (moves clockwise)"), INNER, 24, True, 2)


def _chain_height(tr) -> int:
    """The chain's title and its four rows of spaces."""
    return len(_chain_title(tr)) * _step(24) + 8 + 4 * SPACE_H + 3 * SPACE_G


def _draw_chain(d, view, tr, y0) -> int:
    """The chain with the market inside it; returns the y below it."""
    chain = view.get("chain") or {}
    spaces = chain.get("spaces") or []
    pending = view.get("pending") or {}
    offers = {o.get("space"): o for o in (pending.get("offers") or [])
              if isinstance(o, dict)}
    for line in _chain_title(tr):
        text(d, (MARGIN, y0), line, size=24, bold=True)
        y0 += _step(24)
    y0 += 8
    w, h, g = SPACE_W, SPACE_H, SPACE_G
    boxes = _space_boxes(MARGIN, y0, w, h, g)
    head = None                 # the rearmost pawn (or die) of the chain moves next
    over = view.get("finished") or view.get("phase") == "finished"
    for i in [] if over else chain.get("order") or []:
        if 0 <= i < len(spaces) and (spaces[i] or {}).get("pawn"):
            head = i
            break
    for i, box in enumerate(boxes):
        sp = spaces[i] if i < len(spaces) and isinstance(spaces[i], dict) else {"space": i}
        _draw_space(d, view, tr, i, sp, box, i == head, offers.get(i), pending)
    _draw_market(d, view, tr, (boxes[0][0] + w + g + 14, boxes[0][3] + g + 8,
                               boxes[4][0] - g - 14, boxes[-5][1] - g - 8))
    return boxes[-5][3]


def _draw_space(d, view, tr, i, sp, box, head, offer, pending) -> None:
    bx0, by0, bx1, by1 = box
    w, h = bx1 - bx0, by1 - by0
    cx = (bx0 + bx1) / 2
    tile = sp.get("tile")
    pawn = sp.get("pawn")

    def index(colour=INK):
        text(d, (bx0 + 8, by0 + 6), f"#{i}", size=FS, fill=colour, bold=True, within=box)

    def last():
        if head:
            text(d, (bx1 - 8, by0 + 6), tr(T("last", context="in the chain")), size=FS,
                 fill=HILITE, bold=True, anchor="ra", within=box)

    if sp.get("gap"):
        d.rounded_rectangle(box, radius=10, fill=PAPER)
        dashed_rect(d, box, fill=MUTED, width=2)
        index(MUTED)
        text(d, (cx, (by0 + by1) / 2 + 8), fit(tr(T("empty", context="chain space")), w - 16, FS),
             size=FS, fill=MUTED, anchor="mm", within=box)
        return
    if isinstance(tile, dict):
        rounded(d, box, fill=TILE_COLOUR.get(tile.get("colour"), (230, 230, 230)), outline=INK,
                radius=10, width=2)
        if offer and offer.get("takeable"):
            d.rounded_rectangle((bx0 - 5, by0 - 5, bx1 + 5, by1 + 5), radius=12,
                                outline=seat_rgb(view, pending.get("seat")), width=5)
        depth, road = max(7, h // 18), max(7, w // 18)
        pad = road + 6
        _river_road(d, box, tile, depth, road)
        index()
        right = bx1 - 8
        if tile.get("card"):
            r = 11
            star(d, right - r, by0 + 6 + FS // 2 + 1, r, GOLD)
            mark(d, (right - 2 * r, by0 + 7 + FS // 2 - r, right, by0 + 7 + FS // 2 + r))
            right -= 2 * r + 6
        if tile.get("stack") is not None:
            text(d, (right, by0 + 6), _roman(tile.get("stack")), size=FS, anchor="ra",
                 within=box)
        y = by0 + 6 + _step(FS) + 2
        width = w - 2 * pad
        for line in _name_lines(tr, tile, width, SPACE_NAME, 3):
            text(d, (bx0 + pad, y), line, size=SPACE_NAME, bold=True, within=box)
            y += _step(SPACE_NAME)
        room_lines = max(1, (by1 - depth - 2 - y) // _step(FS))
        cost = _pack(_cost_items(tr, tile.get("cost")), width, FS, sep=", ", tail=",")
        if len(cost) > room_lines:
            cost = cost[:room_lines - 1] + [fit(" ".join(cost[room_lines - 1:]), width, FS)]
        for line in cost:
            text(d, (bx0 + pad, y), line, size=FS, within=box)
            y += _step(FS)
        return
    if pawn == "die":
        rounded(d, box, fill=(250, 250, 250), radius=10, width=2)
        index()
        last()
        chain = view.get("chain") or {}
        last_die = chain.get("last_die")
        face = last_die.get("roll") if isinstance(last_die, dict) else last_die
        _die(d, cx, by0 + 70, 24, face)
        text(d, (cx, by1 - 20), fit(tr(T("die", context="dice")), w - 16, FS), size=FS,
             anchor="mm", within=box)
        return
    if pawn:
        rounded(d, box, fill=(252, 250, 244), radius=10, width=2)
        index()
        last()
        _badge(d, view, pawn, (cx, by0 + 70), 24)
        text(d, (cx, by1 - 20), fit(seat_name(view, pawn), w - 16, SPACE_NAME, True, name=True),
             size=SPACE_NAME, bold=True, anchor="mm", within=box)
        return
    rounded(d, box, fill=TRACK, radius=10, width=1)
    index(MUTED)


# ----------------------------------------------------------------------------- market
def _draw_market(d, view, tr, box) -> None:
    """The market's five rows (cubes, buy and sell prices) in box (inside the chain)."""
    x0, y0, x1, y1 = box
    market = view.get("market") or {}
    title = tr("Market")
    text(d, (x0, y0), title, size=24, bold=True, within=box)
    note = tr("buy / sell (coins)")
    if text_width(title, 24, True) + text_width(note, FS) + 16 <= x1 - x0:
        text(d, (x1, y0 + 4), note, size=FS, fill=MUTED, anchor="ra", within=box)
    y = y0 + 38
    row_h = 44
    names = {r: tr(r) for r in RESOURCES}
    name_w = max(text_width(n, FS, True) for n in names.values())
    prices = {}
    for r in RESOURCES:
        m = market.get(r) or {}
        buy, sell = m.get("buy"), m.get("sell")
        prices[r] = (tr("buy {price}", price=buy) if buy is not None else tr("buy —"),
                     tr("sell {price}", price=sell) if sell is not None else tr("sell —"))
    buy_w = max([text_width(b, FS, True) for b, _ in prices.values()]
                + [text_width(tr("buy {price}", price=8), FS, True)])
    sq, sq_g = 34, 6
    xs = x0 + 34 + name_w + 14                  # the three squares
    xb = xs + 3 * sq + 2 * sq_g + 16            # buy
    xv = xb + buy_w + 16                        # sell
    for r in RESOURCES:
        m = market.get(r) or {}
        rounded(d, (x0, y, x1, y + row_h - 6), fill=PANEL, radius=8, width=1)
        mid = y + (row_h - 6) // 2
        _cube(d, x0 + 8, mid - 11, 22, r)
        text(d, (x0 + 38, mid), names[r], size=FS, bold=True, anchor="lm", within=box)
        for k, spc in enumerate((m.get("spaces") or [])[:3]):
            filled = bool(spc.get("coins"))
            sx = xs + k * (sq + sq_g)
            d.rectangle((sx, mid - sq // 2, sx + sq, mid + sq // 2),
                        fill=RES_COLOUR.get(r) if filled else WHITE, outline=INK, width=2)
            icon = mark(d, (sx, mid - sq // 2, sx + sq, mid + sq // 2))
            text(d, (sx + sq / 2, mid), str(spc.get("value", "")), size=FS, bold=True,
                 fill=ink_for(RES_COLOUR.get(r)) if filled else MUTED, anchor="mm", owner=icon)
        bt, st = prices[r]
        text(d, (xb, mid), bt, size=FS, bold=True, anchor="lm", within=box)
        text(d, (xv, mid), st, size=FS, bold=True, anchor="lm", within=box)
        y += row_h
    for line in wrap(tr("A filled square is a cube in the market."), x1 - x0, FS, max_lines=2):
        text(d, (x0, y), line, size=FS, fill=MUTED, within=box)
        y += _step(FS)


def _facts_plan(view, tr) -> dict:
    """The stacks, scorings and removed tiles (left column), the last die roll and who plays
    next (right column): lines of (text, size, bold, colour)."""
    chain = view.get("chain") or {}
    pending = view.get("pending") or {}
    col_w = (INNER - 30) // 2
    big = FS + 1
    left = [(line, big, True, INK) for line in wrap(tr("Tiles left in the stacks"), col_w,
                                                         big, True, 2)]
    stacks = [f"{_roman(k)}: {n}" for k, n in enumerate(view.get("stacks") or [])]
    left += [(line, big, False, INK) for line in _pack(stacks, col_w, big, sep="   ")]
    for msg in (tr("Scorings done: {done} of 3", done=view.get("scorings_done", 0)),
                tr("Removed tiles: {count}", count=view.get("removed", 0))):
        left += [(line, big, False, INK) for line in wrap(msg, col_w, big, max_lines=2)]
    right = []
    last = chain.get("last_die")
    if isinstance(last, dict) and last.get("roll") is not None:
        msg = tr("Last die roll {roll}: {tile} removed from #{space}", roll=last.get("roll"),
                 tile=tr(_tile_name_of(view, last.get("tile"))), space=last.get("space", "?"))
        right += [(line, FS, False, INK) for line in wrap(msg, col_w, FS, max_lines=3)]
    offers = [o for o in pending.get("offers") or [] if isinstance(o, dict)]
    if offers and pending.get("seat"):
        msg = tr("Outlined: tiles {player} can take now.",
                 player=seat_name(view, pending.get("seat")))
        right += [(line, FS, True, INK) for line in wrap(msg, col_w, FS, True, 3)]
    if not (view.get("finished") or view.get("phase") == "finished"):
        right += [(line, FS, False, MUTED) for line in
                  wrap(tr("The player at the back of the chain plays next."), col_w, FS,
                       max_lines=3)]

    def height(col):
        return sum(_step(size) for _, size, *_ in col)

    return {"columns": [(MARGIN, left), (MARGIN + col_w + 30, right)],
            "height": max(height(left), height(right))}


def _draw_facts(d, plan, y0) -> int:
    """The facts below the chain; the y below them."""
    for x, col in plan["columns"]:
        y = y0
        for line, size, bold, fill in col:
            text(d, (x, y), line, size=size, bold=bold, fill=fill)
            y += _step(size)
    return y0 + plan["height"]


# ----------------------------------------------------------------------------- legend
def _legend_plan(view, tr) -> dict:
    """The legend's items (what the colours and marks mean) with their places."""
    items = [("tile", c, tr(label)) for c, label in
             (("yellow", "production"), ("green", "animals & grain"),
              ("grey", "village / castle"), ("brown", "trade & VP"), ("blue", "loch"))]
    items += [("river", None, tr("river")), ("road", None, tr("road")),
              ("star", None, tr("special location card")), ("man", None, tr("clansmen"))]
    row = _step(FS) + 6
    x, y = MARGIN, _step(22) + 4
    placed = []
    for kind, colour, label in items:
        label = fit(label, INNER - 34, FS)
        lw = text_width(label, FS)
        if x > MARGIN and x + 34 + lw > WIDTH - MARGIN:
            x, y = MARGIN, y + row
        placed.append((kind, colour, label, x, y))
        x += 34 + lw + 22
    return {"items": placed, "height": y + row}


def _draw_legend(d, view, tr, plan, y0) -> int:
    """What the colours and marks mean; returns the y below it."""
    text(d, (MARGIN, y0), tr("Legend"), size=22, bold=True)
    for kind, colour, label, x, y in plan["items"]:
        y += y0
        cy = y + FS // 2 + 2
        if kind == "tile":
            d.rectangle((x, cy - 11, x + 22, cy + 11), fill=TILE_COLOUR[colour], outline=INK)
        elif kind == "river":
            d.rectangle((x + 7, cy - 12, x + 15, cy + 12), fill=RIVER)
        elif kind == "road":
            d.rectangle((x, cy - 4, x + 22, cy + 4), fill=ROAD)
        elif kind == "star":
            star(d, x + 11, cy, 11, GOLD)
        else:
            clansman(d, x + 11, cy, 24, seat_rgb(view, (view.get("seats") or ["A"])[0]))
        mark(d, (x, cy - 12, x + 22, cy + 12))
        text(d, (x + 30, y), label, size=FS)
    return y0 + plan["height"]


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


def _player_facts(view, tr, p) -> tuple[list[str], str, str]:
    """A player's public facts: counted items, the scoring values, the cards."""
    facts = [tr(coins(p.get("coins", 0))), tr(whisky_barrels(p.get("whisky", 0))),
             tr(chieftains(p.get("chieftains", 0))), tr(n_clansmen(p.get("clansmen", 0))),
             tr(n_tiles(p.get("tile_count", len(p.get("tiles") or []))))]
    sv = p.get("scoring_values") or {}
    scoring = tr("For scorings: whisky {w}, chieftains {c}, locations {l}",
                 w=sv.get("whisky", p.get("whisky", 0)), c=sv.get("chieftains", 0),
                 l=sv.get("special locations", len(p.get("cards") or [])))
    cards = p.get("cards") or []
    card_line = tr(T("Cards: {cards}", cards=[T(str(c)) for c in cards])) if cards \
        else tr("Cards: none")
    return facts, scoring, card_line


# --- a tile
def _tile_geo(w: int) -> tuple[int, int, int, int, int, int]:
    """Sizes inside a tile w px wide: river mark depth, road mark length, text indent, name
    size, cube size, clansman height."""
    depth = max(6, w // 18)
    road = max(6, w // 16)
    fs = max(FS, min(26, w * 13 // 100))
    cs = max(FS, min(28, w // 6))
    return depth, road, road + 5, fs, cs, cs + 8


def _cube_items(t) -> list[tuple[str, int]]:
    cubes = t.get("cubes") or {}
    return [(r, cubes[r]) for r in RESOURCES if cubes.get(r)] + \
        [(r, n) for r, n in cubes.items() if r not in RESOURCES and n]


def _strips(t, w: int) -> list[list[tuple[str, int, int]]]:
    """The tile's cubes in rows from the bottom up, (resource, count, x from the text
    indent): the bottom row leaves room on the right for the clansmen and the card star."""
    _depth, _road, pad, _fs, cs, mh = _tile_geo(w)
    right = _right_width(t, w)
    avail = w - 2 * pad - (right + 6 if right else 0)
    rows: list[list[tuple[str, int, int]]] = [[]]
    x = 0
    for r, n in _cube_items(t):
        iw = cs + (text_width(str(n), FS, True) + 3 if n > 1 else 0)
        if rows[-1] and x + iw > avail:
            rows.append([])
            x, avail = 0, w - 2 * pad
        rows[-1].append((r, n, x))
        x += iw + 6
    return rows


def _right_width(t, w: int) -> int:
    """The width of the clansmen and the star at the bottom right of a tile."""
    _depth, _road, _pad, _fs, cs, mh = _tile_geo(w)
    out = 0
    if t.get("card"):
        out += cs + 4
    men = t.get("clansmen") or 0
    if men:
        out += int(mh * 0.72) + 4
        if men > 1:
            out += text_width(f"{men}×", FS, True) + 3
    return out


def _letter_radius(w: int) -> int:
    return max(20, w // 5)


def _tile_height(tr, t, w: int, lettered: bool = False) -> int:
    """The height a tile w px wide needs: its name, its cubes and, in a territory whose
    tiles may carry a letter (or ✓), the room of one."""
    depth, _road, pad, fs, _cs, mh = _tile_geo(w)
    lines = _name_lines(tr, t, w - 2 * pad, fs, 3)
    zone = 2 * _letter_radius(w) + 8 if lettered else 6
    return (depth + 4 + len(lines) * _step(fs) + zone + len(_strips(t, w)) * (mh + 4)
            + depth + 2)


def _draw_tile(d, tr, t, box, colour, activatable=False, activated=False, letter=None) -> None:
    x0, y0, x1, y1 = box
    w = x1 - x0
    depth, road, pad, fs, cs, mh = _tile_geo(w)
    d.rectangle(box, fill=TILE_COLOUR.get(t.get("colour"), (230, 230, 230)), outline=INK,
                width=2)
    _river_road(d, box, t, depth, road)
    if activatable:
        d.rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), outline=HILITE, width=max(5, w // 30))
    y = y0 + depth + 4
    for line in _name_lines(tr, t, w - 2 * pad, fs, 3):
        text(d, (x0 + pad, y), line, size=fs, bold=True, within=box)
        y += _step(fs)
    # the bottom row: cubes on the left, clansmen and the card's star on the right
    sy = y1 - depth - 2 - mh
    cy = sy + mh / 2
    rx = x1 - pad
    if t.get("card"):
        r = cs // 2
        star(d, rx - r, cy, r, GOLD)
        mark(d, (rx - 2 * r, cy - r, rx, cy + r))
        rx -= 2 * r + 4
    men = t.get("clansmen") or 0
    if men:
        mw = mh * 0.72
        clansman(d, rx - mw / 2, cy, mh, colour)
        mark(d, (rx - mw, sy, rx, sy + mh))
        rx -= mw + 3
        if men > 1:
            text(d, (rx, cy), f"{men}×", size=FS, bold=True, anchor="rm", within=box)
    rows = _strips(t, w)
    for k, row in enumerate(rows):
        ry = sy - k * (mh + 4) + (mh - cs) // 2
        for r, n, x in row:
            _cube(d, x0 + pad + x, ry, cs, r)
            if n > 1:
                text(d, (x0 + pad + x + cs + 3, ry + cs / 2), str(n), size=FS, bold=True,
                     anchor="lm", within=box)
    # the letter of this tile in the current decision, or ✓ once activated, in between
    top, bottom = y, sy - (len(rows) - 1) * (mh + 4) - 4
    cx, cy = (x0 + x1) / 2, (top + bottom) / 2
    if letter:
        r = max(FS, min(_letter_radius(w), (bottom - top) // 2))
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=max(2, r // 10))
        icon = mark(d, (cx - r, cy - r, cx + r, cy + r))
        size = max(FS, int(r * (1.3 if len(letter) == 1 else 0.9)))
        text(d, (cx, cy), letter, size=size, bold=True, anchor="mm", owner=icon)
    elif activated:
        size = max(FS + 4, min(40, int(bottom - top)))
        text(d, (cx, cy), "✓", size=size, fill=HILITE, bold=True, anchor="mm", within=box)


def _tile_info(view, tid) -> dict:
    """What a tile looks like (colour, river, road, card), from the view or the tile table."""
    tiles = resolve_ref("engines.glen_more.data:TILES", {}) or {}
    t = tiles.get(tid) or {}
    edges = t.get("edges")
    return {"colour": t.get("colour"), "edges": edges, "river": edges in ("river", "both"),
            "road": edges in ("road", "both"), "card": t.get("card")}


# --- a player's panel: the header (name, score, facts) and the territory
CELL_MAX = 190          # the largest cell of a territory
CELL_MIN = 140          # with many rows cells shrink down to this (or the width's share)
CELL_SIZES = (CELL_MAX, 170, 150, 130, 116)   # smaller cells while the board is too high
OTHER_MAX = 140         # the largest cell of a territory on the Full map
NAME = 26               # a player's name on their panel
HAND = 150              # the tile in hand


def _hand_tile(view, tr) -> dict | None:
    spots = view.get("spots") or {}
    tid = spots.get("tile")
    if not tid:
        return None
    return {"name": _tile_name_of(view, tid), **_tile_info(view, tid)}


def _panel_plan(view, tr, seat, p, width, spots=None, hand=None, grid=True,
                cell_max=CELL_MAX) -> dict:
    """What a player's panel holds and how high it is (nothing drawn)."""
    plan: dict = {"width": width, "spots": spots or [], "hand": hand, "grid": grid}
    hand_w = hand_h = 0
    if hand:
        hand_w = max(HAND, text_width(tr("to place"), FS, True)) + 16
        hand_h = max(HAND, _tile_height(tr, hand, HAND))
    tw = width - 32 - hand_w
    items, scoring, cards = _player_facts(view, tr, p)
    plan["facts"] = _pack(items, tw, FS + 1, True)
    plan["more"] = wrap(scoring, tw, FS, max_lines=3) + wrap(cards, tw, FS, max_lines=4)
    plan["tw"] = tw
    head = (14 + 36 + len(plan["facts"]) * _step(FS + 1) + len(plan["more"]) * _step(FS) + 10)
    if hand:
        head = max(head, 14 + _step(FS) + hand_h + 12)
    plan["head"] = head
    height = head
    if grid:
        min_x, max_x, min_y, max_y = _grid_geometry(p, plan["spots"])
        cols, rows = max_x - min_x + 1, max_y - min_y + 1
        least = min(CELL_MIN, cell_max)
        cw = max(1, min(cell_max, (width - 24) // cols, max(least, 900 // rows)))
        marked = _marked_cells(view, seat, plan["spots"])
        row_h = [cw] * rows             # a row is higher when a tile needs it
        for t in p.get("tiles") or []:
            cell = (t.get("x", 0), t.get("y", 0))
            k = max_y - cell[1]
            if 0 <= k < rows:
                row_h[k] = max(row_h[k], _tile_height(tr, t, cw - 4, cell in marked) + 4)
        plan.update(min_x=min_x, max_y=max_y, cols=cols, rows=rows, cw=cw, row_h=row_h)
        height += sum(row_h) + 14
    plan["height"] = height
    return plan


def _draw_panel(d, view, tr, seat, p, x0, y0, plan, height=None) -> None:
    width = plan["width"]
    x1, y1 = x0 + width, y0 + (height or plan["height"])
    box = (x0, y0, x1, y1)
    colour = seat_rgb(view, seat)
    to_act = seat in (view.get("to_act") or [])
    rounded(d, box, fill=PANEL, radius=14, width=5 if to_act else 2,
            outline=colour if to_act else INK)
    tw = plan["tw"]
    # the name line: badge, name, "to play"; the score at the right of the text column
    cy = y0 + 14 + 18
    right = x0 + 16 + tw
    score = p.get("score")
    if score is not None:
        s = tr(vp(score))
        score_w = text_width(s, NAME, True)
        text(d, (right, cy), s, size=NAME, bold=True, anchor="rm", within=box)
    elif view.get("secret_scores"):
        s = tr("score secret")
        score_w = text_width(s, FS)
        text(d, (right, cy), s, size=FS, fill=MUTED, anchor="rm", within=box)
    else:
        score_w = 0
    label = tr("to play") if to_act else ""
    label_w = text_width(label, FS, True) + 12 if label else 0
    name_w = max(60, tw - score_w - label_w - 20)
    nx = _player_tag(d, view, seat, (x0 + 16, cy), name_w)
    if label:
        text(d, (nx + 12, cy), label, size=FS, bold=True, fill=HILITE, anchor="lm", within=box)
    y = y0 + 14 + 40
    for line in plan["facts"]:
        text(d, (x0 + 16, y), line, size=FS + 1, bold=True, within=box)
        y += _step(FS + 1)
    for line in plan["more"]:
        text(d, (x0 + 16, y), line, size=FS, within=box)
        y += _step(FS)
    hand = plan["hand"]
    if hand:
        text(d, (x1 - 16, y0 + 12), tr("to place"), size=FS, bold=True, anchor="ra", within=box)
        hy = y0 + 14 + _step(FS)
        _draw_tile(d, tr, hand, (x1 - 16 - HAND, hy, x1 - 16,
                                 hy + max(HAND, _tile_height(tr, hand, HAND))), colour)
    if plan["grid"]:
        _draw_grid(d, view, tr, seat, p, x0, y0 + plan["head"], plan)


def _player_tag(d, view, seat, xy, width) -> int:
    """The seat's badge and the player's name (cut anywhere when too long); the x after."""
    x, cy = xy
    r = max(FS, NAME // 2 + 3)
    _badge(d, view, seat, (x + r, cy), r)
    name = fit(seat_name(view, seat), max(10, width - 2 * r - 8), NAME, True, name=True)
    box = text(d, (x + 2 * r + 8, cy), name, size=NAME, bold=True, anchor="lm")
    return box[2]


def _marked_cells(view, seat, spots) -> set[tuple[int, int]]:
    """The cells of the seat's tiles that carry a letter or a ✓ now."""
    pending = view.get("pending") or {}
    out = {s["cell"] for s in spots}
    if pending.get("seat") == seat and pending.get("step") == "activate":
        out |= {tuple(c) for c in pending.get("activated") or [] if _pair(c)}
    return out


def _fits_half(tr, p, width) -> bool:
    """Whether a territory fits in a panel this wide: at most 4 columns, and every tile's
    name in whole words or hyphenated parts."""
    min_x, max_x, _, _ = _grid_geometry(p, [])
    cols = max_x - min_x + 1
    if cols > 4:
        return False
    w = min(OTHER_MAX, (width - 24) // cols) - 4
    _depth, _road, pad, fs, _cs, _mh = _tile_geo(w)
    lang = language_of(tr)
    return all(_broken(clip(_tile_label(tr, t), room(w - 2 * pad, fs) * 6), w - 2 * pad, fs, 4,
                       lang) is not None
               for t in p.get("tiles") or [])


def _draw_grid(d, view, tr, seat, p, x0, y0, plan) -> None:
    cols, cw, row_h = plan["cols"], plan["cw"], plan["row_h"]
    min_x, max_y = plan["min_x"], plan["max_y"]
    tops = [y0 + sum(row_h[:k]) for k in range(len(row_h))]
    spots = plan["spots"]
    colour = seat_rgb(view, seat)
    gx0 = x0 + max(12, (plan["width"] - cols * cw) // 2)
    for cx in range(cols):          # faint background grid
        for by, ch in zip(tops, row_h):
            bx = gx0 + cx * cw
            d.rectangle((bx, by, bx + cw, by + ch), outline=GRID, width=1)
    pending = view.get("pending") or {}
    mine = pending.get("seat") == seat and pending.get("step") == "activate"
    activatable = {tuple(c) for c in (pending.get("activatable") or []) if mine and _pair(c)}
    activated = {tuple(c) for c in (pending.get("activated") or []) if mine and _pair(c)}
    letters = {s["cell"]: s["letter"] for s in spots}
    if letters and (view.get("spots") or {}).get("decision") == "activate":
        activatable = set(letters)          # outlined: the tiles that can still do something
    occupied = set()
    for t in p.get("tiles") or []:
        tx, ty = t.get("x", 0), t.get("y", 0)
        occupied.add((tx, ty))
        bx, by, ch = gx0 + (tx - min_x) * cw, tops[max_y - ty], row_h[max_y - ty]
        _draw_tile(d, tr, t, (bx + 2, by + 2, bx + cw - 2, by + ch - 2), colour,
                   (tx, ty) in activatable, (tx, ty) in activated, letters.get((tx, ty)))
    for s in spots:
        if s["cell"] in occupied:
            continue
        sx, sy = s["cell"]
        bx, by, ch = gx0 + (sx - min_x) * cw, tops[max_y - sy], row_h[max_y - sy]
        inset = max(4, cw // 22)
        sbox = (bx + inset, by + inset, bx + cw - inset, by + ch - inset)
        d.rectangle(sbox, fill=WHITE)
        dashed_rect(d, sbox, fill=colour, width=max(3, cw // 28), dash=max(10, cw // 9),
                    gap=max(7, cw // 14))
        letter = s["letter"]
        size = max(FS, int(min(cw, ch) * (0.5 if len(letter) == 1 else 0.34)))
        text(d, (bx + cw / 2, by + ch / 2), letter, size=size, bold=True, anchor="mm",
             stroke_width=max(1, size // 20), stroke_fill=WHITE, within=sbox)


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




def _header_plan(view, tr) -> dict:
    """The title's lines, the seats the line below it names (their badges) and its lines."""
    title, sub, about = _header(view, tr)
    titles = wrap(title, INNER, 32, True, 2)
    subs = wrap(sub, INNER - 44 * len(about) - 4, 22, True, 3) if sub else []
    height = (len(titles) * _step(32) + 6 + max(len(subs) * (_step(22) + 2), 30 if about else 0)
              + 8 + 16)
    return {"titles": titles, "about": about, "subs": subs, "height": height}


def _draw_header(d, view, plan, y) -> int:
    """The title and what the acting player is doing (or who won); the y below them."""
    y0 = y
    for line in plan["titles"]:
        text(d, (MARGIN, y), line, size=32, bold=True)
        y += _step(32)
    y += 6
    x = MARGIN
    for s in plan["about"]:          # the badges of the seats the line names
        _badge(d, view, s, (x + 18, y + 14), FS)
        x += 44
    for k, line in enumerate(plan["subs"]):
        text(d, (x + 4, y + k * (_step(22) + 2)), line, size=22, bold=True)
    y = y0 + plan["height"] - 16
    d.line((MARGIN, y, WIDTH - MARGIN, y), fill=INK, width=2)
    return y + 16


def _acting(view) -> tuple[str | None, list[dict]]:
    """The seat whose territory the board shows large, with the lettered cells."""
    players = view.get("players") or {}
    focus, spots = _spots_of(view)
    if focus:
        return focus, spots
    if view.get("finished") or view.get("phase") == "finished":
        return None, []
    for s in view.get("to_act") or []:
        if s in players:
            return s, []
    return None, []


def _summaries_plan(view, tr, seats) -> list[tuple[list[tuple[str, dict]], int]]:
    """The seats' panels without their territory, two to a row: [(row, its height)]."""
    players = view.get("players") or {}
    pw = (INNER - 20) // 2 if len(seats) > 1 else INNER
    rows = []
    for k in range(0, len(seats), 2 if len(seats) > 1 else 1):
        row = [(s, _panel_plan(view, tr, s, players[s], pw, grid=False))
               for s in seats[k:k + 2]]
        rows.append((row, max(pl["height"] for _, pl in row)))
    return rows


def _draw_rows(d, view, tr, rows, y) -> int:
    """Rows of panels side by side, each row as high as its highest; the y below them."""
    players = view.get("players") or {}
    for row, h in rows:
        x = MARGIN
        for s, pl in row:
            _draw_panel(d, view, tr, s, players[s], x, y, pl, h)
            x += pl["width"] + 20
        y += h + 20
    return y


def render_board(view: dict, tr):
    """The posted board: what is happening, the acting player's territory, the chain and the
    market, the other players' numbers. At most ``MAX_BOARD`` px high: a large territory
    gets smaller cells (never smaller text)."""
    players = view.get("players") or {}
    order = [s for s in view.get("seats") or [] if s in players]
    focus, spots = _acting(view)
    header, facts, legend = _header_plan(view, tr), _facts_plan(view, tr), _legend_plan(view, tr)
    summaries = _summaries_plan(view, tr, [s for s in order if s != focus])
    height = (16 + header["height"] + _chain_height(tr) + 16 + facts["height"] + 20
              + sum(h + 20 for _, h in summaries) + legend["height"] + 10)
    plan = None
    if focus:
        hand = _hand_tile(view, tr) if spots else None
        for cell in CELL_SIZES:
            plan = _panel_plan(view, tr, focus, players[focus], INNER, spots, hand,
                               cell_max=cell)
            if height + plan["height"] + 24 <= MAX_BOARD:
                break
        height += plan["height"] + 24
    img, d = canvas(WIDTH, height, PAPER)
    y = _draw_header(d, view, header, 16)

    def territory(y):
        _draw_panel(d, view, tr, focus, players[focus], MARGIN, y, plan)
        return y + plan["height"] + 24

    if plan and spots:              # a decision over the territory: it comes first
        y = territory(y)
    y = _draw_chain(d, view, tr, y) + 16
    y = _draw_facts(d, facts, y) + 20
    if plan and not spots:
        y = territory(y)
    y = _draw_rows(d, view, tr, summaries, y)
    _draw_legend(d, view, tr, legend, y)
    return finish(compact(img, _colours()), board_alt(view, tr), "glen_more.png")


def render_full_board(view: dict, tr):
    """The Full map: every player's territory, with their numbers (two narrow territories
    side by side)."""
    players = view.get("players") or {}
    order = [s for s in view.get("seats") or [] if s in players]
    focus, spots = _acting(view)
    half = (INNER - 20) // 2
    # two territories of at most 4 columns share a row; the others (and the lettered one,
    # whose letters the buttons name) get the whole width
    groups: list[list[str]] = []
    pairable: set[str] = set()
    for s in order:
        narrow = (s != focus or not spots) and _fits_half(tr, players[s], half)
        if narrow and groups and len(groups[-1]) == 1 and groups[-1][0] in pairable:
            groups[-1].append(s)
        else:
            groups.append([s])
        if narrow:
            pairable.add(s)
    rows = []
    for group in groups:
        if len(group) == 2:
            row = [(s, _panel_plan(view, tr, s, players[s], half, cell_max=OTHER_MAX))
                   for s in group]
        else:
            s = group[0]
            lettered = spots if s == focus else None
            row = [(s, _panel_plan(view, tr, s, players[s], INNER, lettered,
                                   _hand_tile(view, tr) if lettered else None,
                                   cell_max=CELL_MAX if lettered else OTHER_MAX))]
        rows.append((row, max(pl["height"] for _, pl in row)))
    header, legend = _header_plan(view, tr), _legend_plan(view, tr)
    height = 16 + header["height"] + sum(h + 20 for _, h in rows) + legend["height"] + 10
    img, d = canvas(WIDTH, height, PAPER)
    y = _draw_header(d, view, header, 16)
    y = _draw_rows(d, view, tr, rows, y)
    _draw_legend(d, view, tr, legend, y)
    return finish(compact(img, _colours()), board_alt(view, tr), "glen_more_full.png")


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
