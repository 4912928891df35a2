"""The posted Whisky board (render_board): the close-up of the map, its legend and the
players' cards."""
from __future__ import annotations

from render.common import canvas, finish, fit, INK, PAPER, text, text_width
from render.shapes import compact
from render.whisky.alt import board_alt
from render.whisky.layout import (_acting, _colours, _fields, _map_and_order, _move, BADGE_R, COL_W,
                                  COL_X, CROP, DARK, GAP, HEAD_H, HILITE, MARGIN, SEA, TS, WIDTH)
from render.whisky.legend import _draw_move_legend, _draw_near_distilleries
from render.whisky.map import _badge, _draw_fields, _label, _place_letters, _place_pawns
from render.whisky.players import _card, _card_height
from render.whisky.space import _Proj, _Space, crop_window
from render.whisky.texts import (_goal_line, _lines_height, _question_box, _question_lines,
                                 _status_lines, QUESTION_BADGE)


# ----------------------------------------------------------------------------- close-up
def _draw_crop(view, tr, board, numbers, win):
    """The map window of the posted board, as an image of CROP x CROP pixels; returns it and
    the distilleries whose numbers it shows."""
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (CROP, CROP), SEA)
    d = ImageDraw.Draw(img)
    fields = _fields(board)
    k = win["scale"]
    proj = _Proj(win["x0"], win["y0"], k, 0, 0)
    m = min(1.7, max(1.0, k * 0.72))            # markers grow with the zoom, a little less
    margin = 60 * m
    visible = [fid for fid, f in fields.items()
               if -margin <= proj(f)[0] <= CROP + margin and -margin <= proj(f)[1] <= CROP + margin]
    space = _Space((3, 3, CROP - 3, CROP - 3))
    mv = _move(view)
    dests = [o.get("to") for o in (mv or {}).get("options", []) if isinstance(o, dict)]
    ext, numbered = _draw_fields(d, view, board, numbers, proj, m, visible, space, dests)
    lines: list = []
    tops: list = []
    _place_pawns(d, view, fields, proj, space, ext, max(BADGE_R, round(16 * min(1.35, m))),
                 lines, tops, tag_size=TS)
    _place_letters(d, view, fields, proj, space, ext, TS + 4, lines, tops, reach=105)
    for step in lines:
        step()
    # place names, the most useful first, where they fit
    focus = win.get("focus")
    prio = {"distillery": 2, "lost": 2, "airport": 3, "start": 3, "port": 4, "pub": 4,
            "special": 5, "ingredient": 5, "path": 5, "sea": 6}
    order = sorted(visible, key=lambda fid: (0 if fid == focus else 1 if fid in dests
                                             else prio.get(fields[fid].get("type"), 6),
                                             fields[fid].get("y", 0)))
    for fid in order:
        f = fields[fid]
        if f.get("type") == "sea" and fid != focus:
            continue
        x, y = proj(f)
        if not (0 <= x <= CROP and 0 <= y <= CROP):
            continue
        must = fid == focus or fid in dests
        low = not must and prio.get(f.get("type"), 6) >= 5
        name = fit(tr(str(f.get("name") or fid)), 230, TS, not low)
        _label(d, space, x, y, ext[fid] + 1, name, TS, bold=not low, far=must)
    for step in tops:                   # pawns and letters on top of all
        step()
    d.rectangle((0, 0, CROP - 1, CROP - 1), outline=INK, width=2)
    return img, [fid for fid in visible if fid in numbered]


def render_board(view: dict, tr):
    """The posted board: the map around the player to act, the move menu's letters and the
    distilleries near them, the question, a card per player."""
    board, fields, numbers, seats, players, order = _map_and_order(view)
    cols = 3 if len(order) in (3, 5, 6) else 2
    rows = max(1, -(-len(order) // cols))
    cw = (WIDTH - 2 * MARGIN - (cols - 1) * 10) // cols
    card_h = _card_height(cw)
    top = MARGIN + HEAD_H
    cards_y = top + CROP + GAP
    height = cards_y + rows * (card_h + 10) + MARGIN - 10
    img, d = canvas(WIDTH, height, PAPER)

    # header: game, round, goal; whose turn
    head = (MARGIN, MARGIN, WIDTH - MARGIN, top - 4)
    lines = _status_lines(view, tr, WIDTH - 2 * MARGIN - 60, 24)
    title = tr("The Whisky Game") + " · " + lines[0]
    goal = _goal_line(view, tr)
    gw = min(text_width(goal, TS), 430)
    text(d, (MARGIN, MARGIN + 18), fit(title, WIDTH - 2 * MARGIN - gw - 24, 26, True), size=26,
         bold=True, anchor="lm", within=head)
    text(d, (WIDTH - MARGIN, MARGIN + 18), fit(goal, 430, TS), size=TS, fill=DARK, anchor="rm",
         within=head)
    seat = _acting(view)
    x = MARGIN
    if seat and seat in seats:
        _badge(d, view, seat, (MARGIN + BADGE_R, MARGIN + 58))
        x = MARGIN + 2 * BADGE_R + 10
    if len(lines) > 1:
        text(d, (x, MARGIN + 58), fit(lines[1], WIDTH - MARGIN - x, 24, True), size=24,
             bold=True, anchor="lm", fill=HILITE if not view.get("finished") else INK,
             within=head)

    # the map window
    win = crop_window(view)
    crop, numbered = _draw_crop(view, tr, board, numbers, win)
    img.paste(crop, (MARGIN, top))

    # beside it: the question (or the last one), the move menu, the distilleries near by
    x, y, bottom = COL_X, top, top + CROP
    column = (COL_X, top, COL_X + COL_W, bottom)
    open_q = isinstance(view.get("question"), dict)
    qlines = _question_lines(view, tr, COL_W - 24, compact_=True, badge=QUESTION_BADGE) \
        if open_q or not _move(view) else []
    if qlines:
        room_ = CROP - 20 - (0 if open_q else 120)
        while qlines and _lines_height(qlines) > room_:
            qlines = qlines[:-1]
        h = _lines_height(qlines) + 20
        _question_box(d, view, (x, y, x + COL_W, y + h), qlines, open_q)
        y += h + 12
    y = _draw_move_legend(d, view, tr, fields, numbers, x, y, COL_W, bottom - 90, column)
    dests = {o.get("to") for o in (_move(view) or {}).get("options", []) if isinstance(o, dict)}
    _draw_near_distilleries(d, view, tr, fields, numbers, [f for f in numbered if f not in dests],
                            x, y, COL_W, bottom, column)

    # a card per player, in turn order
    for i, s in enumerate(order):
        r, c = divmod(i, cols)
        bx, by = MARGIN + c * (cw + 10), cards_y + r * (card_h + 10)
        p = players.get(s) if isinstance(players.get(s), dict) else {}
        _card(d, view, tr, s, p, (bx, by, bx + cw, by + card_h))
    return finish(compact(img, _colours()), board_alt(view, tr), "whisky.png")
