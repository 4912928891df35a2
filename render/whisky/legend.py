"""The Whisky legends: the full map's regions, field types and distilleries; the close-up's
move menu and the distilleries near it."""
from __future__ import annotations

from engines.base import T
from render.common import fit, INK, mark, MUTED, rounded, text, text_width, wrap
from render.shapes import dashed_line
from render.whisky.layout import (_int, _move, _name, _region_name, DARK, DEST, DISC_R, EMPTY,
                                  LEGEND_BG, LOST_INK, REGION_COLOUR, REGION_ORDER, ROW, SEA_LINE,
                                  TS, WHITE)
from render.whisky.map import _is_empty, _marker, _marker_radius
from render.whisky.texts import _number_disc, _square, _stock_tail


def _draw_legend_regions(d, view, tr, x, y, width) -> int:
    text(d, (x, y), tr("Regions"), size=TS + 2, bold=True)
    y += 32
    for code in REGION_ORDER:
        _square(d, (x, y, x + 26, y + 26), REGION_COLOUR[code])
        names = wrap(_region_name(view, tr, code), width - 36, TS, max_lines=2)
        for k, line in enumerate(names):
            text(d, (x + 36, y + 13 + k * 24), line, size=TS, anchor="lm")
        y += max(32, 24 * len(names) + 8)
    return y


def _draw_legend_types(d, tr, x, y, width) -> int:
    """The field shapes."""
    text(d, (x, y), tr(T("Fields", context="map legend: kinds of field")), size=TS + 2, bold=True)
    y += 32
    items = [("distillery", tr("distillery (number)")), ("lost", tr("lost distillery")),
             ("ingredient", tr("ingredients")), ("special", tr("special card")),
             ("pub", tr("pub")), ("port", tr("port")), ("sea", tr("sea route")),
             ("airport", tr("airport")), ("start", tr("start")), ("path", tr("path"))]
    for t, label in items:
        cx, cy = x + 16, y + 14
        if t == "sea":
            dashed_line(d, (cx - 16, cy), (cx + 16, cy), fill=SEA_LINE, width=3, dash=6, gap=4)
            mark(d, (cx - 16, cy - 3, cx + 16, cy + 3))
        else:
            r = _marker_radius(t) + 1
            icon = mark(d, (cx - r, cy - r, cx + r, cy + r))
            _marker(d, t, cx, cy, 1.0, (200, 200, 200),
                    {"distillery": 7, "lost": 9, "airport": "✈"}.get(t), owner=icon)
        names = wrap(label, width - 42, TS, max_lines=2)
        for k, line in enumerate(names):
            text(d, (x + 42, cy + k * 24), line, size=TS, anchor="lm")
        y += max(32, 24 * len(names) + 8)
    return y


def _types_legend_height(tr, width) -> int:
    labels = ["distillery (number)", "lost distillery", "ingredients", "special card", "pub",
              "port", "sea route", "airport", "start", "path"]
    return 32 + sum(max(32, 24 * len(wrap(tr(s), width - 42, TS, max_lines=2)) + 8)
                    for s in labels)


def _draw_legend_distilleries(d, view, tr, box, fields, numbers) -> None:
    """Numbered distilleries (each number on its region's colour, dark for a lost one,
    grey once empty) with the bottles still there, in two columns."""
    x, y, x1, y1 = box
    width = x1 - x
    rounded(d, box, fill=LEGEND_BG, radius=12, width=2)
    text(d, (x + 12, y + 8), fit(tr("Distilleries (bottles left)"), width - 24, TS + 2, True),
         size=TS + 2, bold=True, within=box)
    ids = [fid for fid, _ in sorted(numbers.items(), key=lambda kv: kv[1])]
    top = y + 44
    per_col = max(1, -(-len(ids) // 2))
    pitch = min(30, max(ROW, (y1 - 8 - top) // max(1, per_col)))
    entries = []
    for fid in ids:
        f = fields[fid]
        lost = f.get("type") == "lost"
        entries.append((fid, lost, tr(str(f.get("name", fid))), _stock_tail(view, tr, fid, lost)))

    def need(e):            # a lost one's dark number says it already: its tail may go
        _, lost, name, tail = e
        return 44 + text_width(name, TS) + (0 if lost or not tail else
                                            10 + text_width(tail, TS, True)) + 20
    cols = [entries[:per_col], entries[per_col:]]
    widths = [max(map(need, c), default=0) for c in cols]
    spare = (width - 20 - sum(widths)) / 2
    widths = [w + spare for w in widths]
    ex = x + 10
    for col, cw in zip(cols, widths):
        for r, (fid, lost, name, tail) in enumerate(col):
            cy = top + r * pitch + pitch // 2
            _number_pill(d, view, fields, numbers, fid, ex, cy)
            tx = ex + cw - 10
            room_ = tx - (ex + 44)
            if tail and lost and text_width(name, TS) + text_width(tail, TS, True) + 10 > room_:
                tail = ""
            tw = text_width(tail, TS, True) + 10 if tail else 0
            text(d, (ex + 44, cy), fit(name, room_ - tw, TS), size=TS, anchor="lm",
                 fill=MUTED if tail == "—" else INK, within=box)
            if tail:
                text(d, (tx, cy), tail, size=TS, bold=True, anchor="rm",
                     fill=LOST_INK if lost else INK, within=box)
        ex += cw


def _number_pill(d, view, fields, numbers, fid, x, cy) -> None:
    """A distillery's map number on a pill of its region's colour (legends)."""
    f = fields.get(fid) or {}
    lost = f.get("type") == "lost"
    col = DARK if lost else (EMPTY if _is_empty(view, fid) else
                             REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None]))
    box = (x, cy - 12, x + 36, cy + 12)
    d.rounded_rectangle(box, radius=12, fill=col, outline=INK, width=2)
    icon = mark(d, box)
    text(d, (x + 18, cy), str(numbers.get(fid, "")), size=TS, bold=True, anchor="mm",
         fill=WHITE if lost else INK, owner=icon)


def _draw_move_legend(d, view, tr, fields, numbers, x, y, width, bottom, within) -> int:
    """The move menu's letters with their fields' names (and a distillery's map number and
    bottles left), in the menu's order."""
    mv = _move(view)
    if not mv:
        return y
    who = _name(view, mv.get("seat"), width // 2, TS + 1, True)
    head = tr(T("{player} moves {n} field: choose a letter",
                plural="{player} moves {n} fields: choose a letter",
                player=who, n=_int(mv.get("value"))))
    for line in wrap(head, width, TS + 1, True, max_lines=2):
        text(d, (x, y), line, size=TS + 1, bold=True, within=within)
        y += 27
    y += 4
    opts = [o for o in mv["options"] if isinstance(o, dict)]
    row = 33
    room_rows = max(1, (bottom - y) // row)
    shown = opts if len(opts) <= room_rows else opts[:room_rows - 1]
    for o in shown:
        letter = str(o.get("letter") or "?")[:3]
        lw = max(32, text_width(letter, TS + 2, True) + 12)
        cy = y + 14
        box = (x, y, x + lw, y + 28)
        d.rounded_rectangle(box, radius=5, fill=DEST)
        icon = mark(d, box)
        text(d, (x + lw / 2, cy), letter, size=TS + 2, fill=WHITE, bold=True, anchor="mm",
             owner=icon)
        fid = o.get("to")
        f = fields.get(fid) or {}
        nx = x + lw + 8
        if fid in numbers:
            _number_disc(d, view, fields, numbers, fid, nx + DISC_R, cy)
            nx += 2 * DISC_R + 6
        tail_x = x + width
        n = _int(o.get("ingredients"))
        if n:                           # +n and the ingredient field's diamond
            tail = f"+{n}"
            tb = text(d, (tail_x, cy), tail, size=TS, bold=True, fill=DARK, anchor="rm",
                      within=within)
            tail_x = tb[0] - 14
            icon = mark(d, (tail_x - 9, cy - 9, tail_x + 9, cy + 9))
            _marker(d, "ingredient", tail_x, cy, 1.0, (200, 200, 200), owner=icon)
            tail_x -= 17
        name = tr(str(f.get("name") or fid))
        if fid in numbers:
            lost = f.get("type") == "lost"
            stock = _stock_tail(view, tr, fid, lost)
            if lost and text_width(name, TS) + text_width(stock, TS, True) + 10 > tail_x - nx:
                stock = ""              # its dark disc says it is a lost one
            if stock:
                sb = text(d, (tail_x, cy), stock, size=TS, bold=True, anchor="rm",
                          fill=LOST_INK if f.get("type") == "lost" else INK, within=within)
                tail_x = sb[0] - 10
        text(d, (nx, cy), fit(name, max(0, tail_x - nx), TS), size=TS, anchor="lm",
             within=within)
        y += row
    if len(shown) < len(opts):
        more = len(opts) - len(shown)
        text(d, (x, y + 2), fit(tr(T("… and {n} more", plural="… and {n} more", n=more)),
                                width, TS), size=TS, fill=MUTED, within=within)
        y += row
    return y + 8


def _draw_near_distilleries(d, view, tr, fields, numbers, shown_ids, x, y, width, bottom,
                            within) -> int:
    """The distilleries numbered on the close-up: map number, name, bottles left."""
    ds = sorted((fid for fid in shown_ids if fid in numbers), key=lambda f: numbers[f])
    row = 33
    if not ds or bottom - y < 30 + 2 * row:
        return y
    for line in wrap(tr("Distilleries (bottles left)"), width, TS + 1, True, max_lines=2):
        text(d, (x, y), line, size=TS + 1, bold=True, within=within)
        y += 27
    y += 4
    room_rows = max(1, (bottom - y) // row)
    shown = ds if len(ds) <= room_rows else ds[:room_rows - 1]
    for fid in shown:
        f = fields[fid]
        lost = f.get("type") == "lost"
        cy = y + 14
        _number_disc(d, view, fields, numbers, fid, x + DISC_R, cy)
        tail = _stock_tail(view, tr, fid, lost)
        tx = x + width
        name = tr(str(f.get("name") or fid))
        if lost and text_width(name, TS) + text_width(tail, TS, True) + 10 > \
                width - 2 * DISC_R - 8:
            tail = ""                   # its dark disc says it is a lost one
        if tail:
            tb = text(d, (tx, cy), tail, size=TS, bold=True, anchor="rm",
                      fill=LOST_INK if lost else INK, within=within)
            tx = tb[0] - 10
        text(d, (x + 2 * DISC_R + 8, cy), fit(name, max(0, tx - (x + 2 * DISC_R + 8)), TS),
             size=TS, anchor="lm",
             fill=MUTED if tail == "—" else INK, within=within)
        y += row
    if len(shown) < len(ds):
        text(d, (x, y), fit(tr(T("… and {n} more", plural="… and {n} more",
                                 n=len(ds) - len(shown))), width, TS), size=TS, fill=MUTED,
             within=within)
        y += row
    return y
