"""The Whisky players' area: the full map's table of players and the close-up's player cards."""
from __future__ import annotations

from engines.base import T
from render.common import (fit, font, INK, language_of, mark, MUTED, rounded, seat_name, seat_rgb,
                           text, text_width, wrap)
from render.shapes import ink_for
from render.whisky.layout import (_acting, _int, _points, _region_name, BADGE_R, DARK, EDGE, HILITE,
                                  INGR_COLOUR, INGR_NAMES, LEGEND_BG, NONE_BG, PANEL, REGION_COLOUR,
                                  REGION_ORDER, TS, WHITE)
from render.whisky.map import _badge
from render.whisky.texts import (_bottle_label, _cell_lines, _effects, _joined, _lost_bits,
                                 _name_lines, _square, _tag, _where)


# the player table under the full map
def _label_w(n: int) -> int:
    """The width of the table's first column (the rows' names), narrower for many players."""
    return 262 if n <= 3 else 196


def _table(view, tr, order, players, width) -> tuple[list, int]:
    """The rows of the player table: (kind, label, cells, height); and its height."""
    n = max(1, len(order))
    lw = _label_w(n)
    cw = (width - lw) // n
    lang = language_of(tr)
    rows = []
    ps = [players.get(s) if isinstance(players.get(s), dict) else {} for s in order]
    # a seat's badge with its name beside it and the points under it; else (for every seat
    # alike) the points beside it and the name under it; else both under it
    beside = cw - 16 - 2 * BADGE_R - 8
    names = [seat_name(view, seat) for seat in order]
    points = [_cell_lines(tr(_points(p.get("points_visible", 0))), cw - 20, TS, True, 2, lang)
              for p in ps]
    if all(text_width(n, TS, True) <= beside for n in names):
        heads = [(n, pts) for n, pts in zip(names, points)]
    else:
        under = [_name_lines(view, seat, cw - 20, cw - 20, TS, True, lang=lang)
                 for seat in order]
        if all(len(pts) == 1 and text_width(pts[0], TS, True) <= beside for pts in points):
            heads = [(pts[0], u) for pts, u in zip(points, under)]
        else:
            heads = [("", u + pts) for pts, u in zip(points, under)]
    rows.append(("head", heads, order, 2 * BADGE_R + 16 + 26 * max(len(u) for _, u in heads)))
    chars = [_cell_lines(tr(str(p.get("character_name") or p.get("character") or "")), cw - 14,
                         max_lines=2, lang=lang) for p in ps]
    rows.append(("lines", None, [[(s, DARK) for s in c] for c in chars], 0))
    where = []
    for p in ps:
        lines = [(s, INK) for s in _cell_lines(_where(view, tr, p), cw - 14, max_lines=5,
                                               lang=lang)]
        effects: list = []
        for e in _effects(tr, p):
            more = _cell_lines(e, cw - 14, max_lines=3, lang=lang)
            if len(effects) + len(more) <= 5:
                effects += [(s, HILITE) for s in more]
        where.append(lines + effects)
    rows.append(("lines", None, where, 0))
    for code in REGION_ORDER:
        cells = []
        for p in ps:
            have = [b for b in (p.get("bottles") or {}).get(code) or [] if isinstance(b, dict)]
            vals = "  ".join(_bottle_label(b) for b in have)
            if text_width(vals, TS, True) > cw - 24:        # the points only
                vals = "  ".join(str(_int(b.get("points", b.get("value")))) for b in have)
            cells.append((wrap(vals, cw - 24, TS, True, max_lines=2) if vals else [],
                          code in (p.get("regions") or []) or bool(have)))
        label = _cell_lines(_region_name(view, tr, code), lw - 50, max_lines=2, lang=lang)
        h = max([34, 24 * len(label) + 10] + [24 * len(c[0]) + 12 for c in cells])
        rows.append(("region", (code, label), cells, h))
    for kind in INGR_COLOUR:
        cells = [str(_int((p.get("ingredients") or {}).get(kind))) for p in ps]
        rows.append(("ingredient", (kind, tr(INGR_NAMES[kind])), cells, 32))
    cards = [[(s, INK) for s in _cell_lines(tr(T("{n} special card", plural="{n} special cards",
                                                 n=_int(p.get("special_cards")))), cw - 14,
                                            bold=True, lang=lang)] for p in ps]
    rows.append(("lines", None, cards, 0))
    rows = [(k, lab, cells, h or max(24 * max((len(c) for c in cells), default=1) + 10, 34))
            for k, lab, cells, h in rows]
    # a line per player: lost-distillery and bonus bottles, last roll
    for seat, p in zip(order, ps):
        bits = _lost_bits(tr, p)
        if p.get("last_roll"):
            bits.append(tr("last roll: {face}", face=p.get("last_roll")))
        lines = _joined(bits, width - 2 * BADGE_R - 30, TS)[:3]
        rows.append(("seat", seat, lines, 24 * len(lines) + 14))
    return rows, sum(h for *_, h in rows) + 16


def _draw_table(d, view, tr, order, rows, x, y, width) -> None:
    n = max(1, len(order))
    lw = _label_w(n)
    cw = (width - lw) // n
    box = (x, y, x + width, y + sum(h for *_, h in rows) + 16)
    rounded(d, box, fill=PANEL, radius=12, width=2)
    y += 8
    acting = None if view.get("finished") else _acting(view)
    for i, (kind, label, cells, h) in enumerate(rows):
        if kind != "head" and kind != "seat" and i % 2:
            d.rectangle((x + 2, y, x + width - 2, y + h), fill=LEGEND_BG)
        if kind == "seat":
            d.line((x + 10, y, x + width - 10, y), fill=EDGE, width=1)
        lx = x + 12
        if kind == "head":
            for j, (seat, name) in enumerate(zip(cells, label)):
                cx = x + lw + j * cw
                cell = (cx, y, cx + cw, y + h)
                if seat == acting:
                    d.rounded_rectangle((cx + 2, y, cx + cw - 2, y + h), radius=8,
                                        outline=seat_rgb(view, seat), width=4)
                _badge(d, view, seat, (cx + 8 + BADGE_R, y + 4 + BADGE_R))
                beside, under = name
                if beside:
                    text(d, (cx + 8 + 2 * BADGE_R + 8, y + 4 + BADGE_R), beside, size=TS,
                         bold=True, anchor="lm", within=cell)
                for k, line in enumerate(under):
                    text(d, (cx + 10, y + 4 + 2 * BADGE_R + 16 + 26 * k), line, size=TS,
                         bold=True, anchor="lm", within=cell)
        elif kind == "lines":
            for j, lines in enumerate(cells):
                cx = x + lw + j * cw
                for k, (s, colour) in enumerate(lines):
                    text(d, (cx + 10, y + 17 + 24 * k), s, size=TS, fill=colour, anchor="lm",
                         within=(cx, y, cx + cw, y + h))
        elif kind == "region":
            code, names = label
            _square(d, (lx, y + h / 2 - 13, lx + 26, y + h / 2 + 13), REGION_COLOUR[code])
            for k, line in enumerate(names):
                text(d, (lx + 36, y + h / 2 + (k - (len(names) - 1) / 2) * 24), line, size=TS,
                     anchor="lm")
            for j, (vals, counts) in enumerate(cells):
                cx = x + lw + j * cw
                if vals:
                    inner = (cx + 4, y + 4, cx + cw - 4, y + h - 4)
                    d.rounded_rectangle(inner, radius=6, fill=REGION_COLOUR[code], outline=INK,
                                        width=1)
                    for k, line in enumerate(vals):
                        text(d, (cx + 12, y + h / 2 + (k - (len(vals) - 1) / 2) * 24), line,
                             size=TS, bold=True, anchor="lm", fill=ink_for(REGION_COLOUR[code]),
                             within=inner)
                else:
                    text(d, (cx + 12, y + h / 2), "—", size=TS, anchor="lm", fill=MUTED)
        elif kind == "ingredient":
            key, name = label
            _square(d, (lx + 3, y + h / 2 - 10, lx + 23, y + h / 2 + 10), INGR_COLOUR[key])
            text(d, (lx + 36, y + h / 2), fit(name, lw - 50, TS), size=TS, anchor="lm")
            for j, v in enumerate(cells):
                cx = x + lw + j * cw
                text(d, (cx + 12, y + h / 2), v, size=TS, bold=True, anchor="lm")
        elif kind == "seat":
            _badge(d, view, label, (lx + BADGE_R, y + 7 + 12))
            for k, line in enumerate(cells):
                text(d, (lx + 2 * BADGE_R + 14, y + 7 + 12 + 24 * k), line, size=TS, anchor="lm",
                     within=box)
        y += h


# the players' cards under the close-up
CARD_SQ = 26                     # a region's square (its bottle count on it)
CARD_LINE = 26                   # a line of 18 px text on a card
CARD_TOP = 44                    # the name row


def _narrow(width) -> bool:
    """Whether a card is too narrow for its squares and ingredients on one row (three cards a
    row): its ingredients and special cards then stand on a row below the squares."""
    return width < 420


def _card_height(width: int) -> int:
    rows = 2 if _narrow(width) else 1
    return CARD_TOP + 2 * CARD_LINE + rows * (CARD_SQ + 5) + 8


def _where_line(view, tr, p, room_) -> list[tuple[str, tuple]]:
    """Where a player is and the effects running, on one line: (text, colour) parts; the
    place shortened at a word boundary when both do not fit."""
    where = _where(view, tr, p)
    labels = _effects(tr, p)
    if not labels:
        return [(fit(where, room_, TS), INK)]
    sep = " · "
    effects = sep.join(labels)
    if text_width(where + sep + effects, TS) <= room_:
        return [(where + sep, INK), (effects, HILITE)]
    effects = _some(labels, int(room_ * 0.6), TS)
    rest = room_ - text_width(effects, TS) - text_width(sep, TS)
    where = fit(where, rest, TS) if rest > 60 else ""
    return [(where + sep, INK), (effects, HILITE)] if where else [(effects, HILITE)]


def _some(labels: list[str], width: int, size: int) -> str:
    """As many whole labels as fit in width pixels, " · " between them, "…" after them when
    some are left out (the first shortened at a word boundary when even it is too long)."""
    out = ""
    for k, label in enumerate(labels):
        more = " …" if k < len(labels) - 1 else ""
        cand = f"{out} · {label}" if out else label
        if text_width(cand + more, size) > width:
            return (out + " …") if out else fit(label, width, size)
        out = cand
    return out


def _card(d, view, tr, seat, p, box) -> None:
    """A player's compact card: name and badge, points, character, special cards, where and
    effects, regions with their bottles (and face-down lost bottles), ingredients."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    narrow = _narrow(w)
    acting = seat == _acting(view) and not view.get("finished")
    colour = seat_rgb(view, seat)
    rounded(d, box, fill=PANEL, radius=10, width=4 if acting else 2,
            outline=colour if acting else INK)
    pts = tr(_points(p.get("points_visible", 0)))
    pw = text_width(pts, TS + 2, True)
    _tag(d, view, seat, x0 + 10, y0 + 24, w - 30 - pw, TS + 2, within=box)
    text(d, (x1 - 12, y0 + 24), pts, size=TS + 2, bold=True, anchor="rm", within=box)
    y = y0 + CARD_TOP + CARD_LINE // 2
    cards = tr(T("{n} card", plural="{n} cards", n=_int(p.get("special_cards"))))
    cw = 0 if narrow else text_width(cards, TS, True) + 16
    char = tr(str(p.get("character_name") or p.get("character") or ""))
    text(d, (x0 + 12, y), fit(char, w - 24 - cw, TS), size=TS, fill=DARK, anchor="lm",
         within=box)
    if not narrow:
        text(d, (x1 - 12, y), cards, size=TS, bold=True, anchor="rm", within=box)
    y += CARD_LINE
    x = x0 + 12
    for s, ink in _where_line(view, tr, p, w - 24):
        text(d, (x, y), s, size=TS, anchor="lm", fill=ink, within=box)
        x += font(TS).getlength(s)
    # regions: a square per region in its colour when a bottle counts there, with the bottles
    y = y0 + CARD_TOP + 2 * CARD_LINE + 3
    bottles = p.get("bottles") or {}
    regions = p.get("regions") or []
    sq = CARD_SQ
    x = x0 + 12
    for code in REGION_ORDER:
        have = [b for b in bottles.get(code) or [] if isinstance(b, dict)]
        fill = REGION_COLOUR[code] if (have or code in regions) else NONE_BG
        _square(d, (x, y, x + sq, y + sq), fill, len(have) if have else None,
                width=2 if have else 1)
        x += sq + 3
    hidden = _int(p.get("lost_hidden"))
    if hidden:
        d.ellipse((x, y, x + sq, y + sq), fill=DARK, outline=INK, width=2)
        icon = mark(d, (x, y, x + sq, y + sq))
        text(d, (x + sq / 2, y + sq / 2), str(hidden), size=TS, bold=True, fill=WHITE,
             anchor="mm", owner=icon)
        x += sq + 3
    if narrow:                  # ingredients and special cards on a row below
        x, y = x0 + 12, y + sq + 5
        text(d, (x1 - 12, y + sq / 2), cards, size=TS, bold=True, anchor="rm", within=box)
    else:
        x += 10
    ingr = p.get("ingredients") or {}
    for kind in INGR_COLOUR:
        v = str(_int(ingr.get(kind)))
        _square(d, (x, y + 4, x + 18, y + 22), INGR_COLOUR[kind])
        tb = text(d, (x + 24, y + sq / 2), v, size=TS, bold=True, anchor="lm", within=box)
        x = tb[2] + 12
