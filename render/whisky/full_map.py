"""The full Whisky map (render_full_board): the map, its header, legends and the players' table."""
from __future__ import annotations

from engines.base import T
from render.common import canvas, finish, fit, INK, MUTED, PAPER, text, wrap
from render.shapes import compact
from render.whisky.alt import board_alt
from render.whisky.layout import (_acting, _colours, _fields, _ingredients, _int, _map_and_order, _move,
                                  BADGE_R, GAP, HILITE, MAP_BOTTOM, MAP_OX, MAP_OY,
                                  MARGIN, SEA, TS, WIDTH)
from render.whisky.legend import (_draw_legend_distilleries, _draw_legend_regions,
                                  _draw_legend_types, _types_legend_height)
from render.whisky.map import _badge, _draw_fields, _label, _place_letters, _place_pawns
from render.whisky.players import _draw_table, _table
from render.whisky.space import _Proj, _Space
from render.whisky.texts import _goal_line, _joined, _status_lines


# ----------------------------------------------------------------------------- full map
# Empty sea of the board where the full map's header and legends go (image pixels).
HEADER_W = 620                                   # the north-west: nothing there
REGION_LEGEND_X = 16                             # the west, down to Islay (y 740)
TYPE_LEGEND_AT = (16, 1075)                      # between Kintyre and Ireland
DISTILLERY_LEGEND_BOX = (440, 1150, WIDTH - 8, MAP_BOTTOM - 8)   # the south-east
LEGEND_W = 300


def _map_proj() -> _Proj:
    return _Proj(0, 0, 1.0, MAP_OX, MAP_OY)


def _draw_map(d, view, tr, board, numbers, reserved) -> None:
    """The whole board at one pixel per unit; ``reserved``: boxes (header, legends) that
    names and pawns keep clear of."""
    fields = _fields(board)
    proj = _map_proj()
    d.rectangle((0, 0, WIDTH, MAP_BOTTOM), fill=SEA)
    space = _Space((6, 6, WIDTH - 6, MAP_BOTTOM - 6), reserved)
    mv = _move(view)
    dests = [o.get("to") for o in (mv or {}).get("options", []) if isinstance(o, dict)]
    ext, _ = _draw_fields(d, view, board, numbers, proj, 1.0, list(fields), space, dests)
    lines: list = []
    tops: list = []
    _place_pawns(d, view, fields, proj, space, ext, BADGE_R, lines, tops)
    _place_letters(d, view, fields, proj, space, ext, TS + 2, lines, tops, reach=170)
    for step in lines:
        step()
    # start fields and airports named (few, and players steer by them)
    for fid, f in fields.items():
        if f.get("type") in ("start", "airport"):
            x, y = proj(f)
            _label(d, space, x, y, ext[fid] + 1, fit(tr(str(f.get("name", fid))), 220, TS, True),
                   TS, far=True)
    for step in tops:
        step()


def _header_lines(view, tr, width) -> list[tuple[str, int, bool, tuple, bool]]:
    """The full map's header: game, round, whose turn (after the seat's badge), goal, decks
    and bag, as (text, size, bold, colour, after the badge)."""
    out = [(fit(tr("The Whisky Game"), width, 30, True), 30, True, INK, False)]
    status = _status_lines(view, tr, width, 22)
    out += [(line, 22, True, INK, False) for line in wrap(status[0], width, 22, True, max_lines=1)]
    if len(status) > 1:
        ink = INK if view.get("finished") else HILITE
        out += [(line, 22, True, ink, True)
                for line in wrap(status[1], width - 2 * BADGE_R - 8, 22, True, max_lines=2)]
    out += [(line, TS, False, INK, False) for line in wrap(_goal_line(view, tr), width, TS,
                                                            max_lines=2)]
    decks = view.get("decks") or {}
    bits = []
    if decks:
        bits += [tr(T("Special deck: {n} card", plural="Special deck: {n} cards",
                      n=_int(decks.get("special")))),
                 tr(T("Lost distillery deck: {n} card", plural="Lost distillery deck: {n} cards",
                      n=_int(decks.get("lost"))))]
    bag = view.get("bag") or {}
    if bag:
        bits.append(tr("Bag: {items}", items=_ingredients(tr, bag)))
    out += [(line, TS, False, MUTED, False) for line in _joined(bits, width, TS)[:3]]
    return out


def _header_height(lines) -> int:
    return sum(size + (12 if size > TS else 9) for _, size, *_ in lines)


def _draw_map_header(d, view, tr, lines, x, y, box) -> None:
    seat = _acting(view)
    badge = False
    for s, size, bold, ink, after in lines:
        tx = x
        if after:
            if not badge and seat in (view.get("seats") or []):
                _badge(d, view, seat, (x + BADGE_R, y + size // 2 + 2))
            badge = True
            tx = x + 2 * BADGE_R + 8
        text(d, (tx, y), s, size=size, bold=bold, fill=ink, within=box)
        y += size + (12 if size > TS else 9)


def render_full_board(view: dict, tr):
    """The whole map with the game's state, its legends and a table of the players (the Full
    map button)."""
    board, fields, numbers, seats, players, order = _map_and_order(view)
    rows, table_h = _table(view, tr, order, players, WIDTH - 2 * MARGIN)
    height = MAP_BOTTOM + GAP + table_h + MARGIN
    img, d = canvas(WIDTH, height, PAPER)

    hx, hy = MARGIN + 2, MARGIN
    hw = HEADER_W - hx - 10
    head = _header_lines(view, tr, hw)
    header = (0, 0, HEADER_W, hy + _header_height(head) + 6)
    rx, ry = REGION_LEGEND_X, header[3] + 16
    regions_box = (0, ry - 6, rx + LEGEND_W, ry + 32 + 6 * 40)
    tx, ty = TYPE_LEGEND_AT
    types_box = (0, ty - 6, tx + LEGEND_W, ty + _types_legend_height(tr, LEGEND_W) + 6)
    _draw_map(d, view, tr, board, numbers,
              reserved=[header, regions_box, types_box, DISTILLERY_LEGEND_BOX])
    _draw_map_header(d, view, tr, head, hx, hy, header)
    _draw_legend_regions(d, view, tr, rx, ry, LEGEND_W)
    _draw_legend_types(d, tr, tx, ty, LEGEND_W)
    _draw_legend_distilleries(d, view, tr, DISTILLERY_LEGEND_BOX, fields, numbers)
    _draw_table(d, view, tr, order, rows, MARGIN, MAP_BOTTOM + GAP, WIDTH - 2 * MARGIN)
    return finish(compact(img, _colours()), board_alt(view, tr), "whisky_map.png")
