"""The top of a Keyflower image: the season, whose turn it is, the players' badges and names."""
from __future__ import annotations

from engines.base import T
from render.common import (fit, INK, ink_on, mark, MUTED, seat_name, seat_rgb, seat_style, text,
                           text_width, wrap)
from render.shapes import text_of
from render.keyflower.layout import _, _find_tile, _num, _tile_name, SEASON_NAMES, SMALL, Style


# ----------------------------------------------------------------------------- header
def _season_label(tr, view) -> str:
    season = str(view.get("season") or "")
    return tr(SEASON_NAMES.get(season, season.capitalize() or "?"))


_PHASES = {"winter_pick": _("choosing the winter tiles they offer"),
           "boats": _("choosing a boat"), "place": _("building new tiles into their village"),
           "flip": _("Flipper: choosing a tile to upgrade"),
           "breed": _("choosing the fields of newborn animals"),
           "allocate": _("allocating their items for the final scoring")}
_STEPS = {"target": _("choosing a tile"), "colour": _("choosing the workers"),
          "workers": _("choosing the workers")}


def _title(view, tr) -> str:
    if view.get("finished") or view.get("phase") == "over":
        return tr("Keyflower — game over")
    return tr("Keyflower — {season} (season {number} of 4)", season=_season_label(tr, view),
              number=_num(view.get("round"), 1) or 1)


def _turn(view, tr) -> tuple[str, list[str], str]:
    """(label, seats, what) of the header's second line: "To play:" A "— using Keywood"."""
    seats = view.get("seats") or []
    if view.get("finished") or view.get("phase") == "over":
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, str)]
        tb = text_of(tr, outcome.get("tiebreak")) if outcome.get("tiebreak") else ""
        if not winners:
            return "", [], tb
        return tr(T("Winner:", plural="Winners:", n=len(winners))), winners, tb
    to_act = [s for s in view.get("to_act") or [] if isinstance(s, str)]
    to_act = [s for s in to_act if s in seats] or to_act
    phase = view.get("phase") or ""
    if phase in _PHASES:
        return tr("Waiting for:"), to_act, tr(_PHASES[phase])
    what = ""
    pend = view.get("pending") or {}
    step = pend.get("step")
    tile = pend.get("tile")
    if step == "effect" and tile:
        what = tr("using {tile}", tile=_tile_name(tr, _find_tile(view, tile)))
    elif step in _STEPS:
        what = tr(_STEPS[step])
    return tr("To play:"), to_act, what


def _info(view, tr) -> str:
    return " · ".join(tr(t) for t in (
        T("{n} worker in the bag", plural="{n} workers in the bag", n=_num(view.get("bag_count"))),
        T("{n} green worker left", plural="{n} green workers left",
          n=_num(view.get("green_supply"))),
        T("{n} skill tile in the pile", plural="{n} skill tiles in the pile",
          n=_num(view.get("skill_pile")))))


def _badge_radius(size: int) -> int:
    """A seat badge beside a name of this size: its letter is as large as the name, at
    least SMALL."""
    return max(14, round(max(SMALL, size) * 0.62))


def _tag_width(view, seat, size, bold=True) -> int:
    return 2 * _badge_radius(size) + 8 + text_width(seat_name(view, seat), size, bold)


def player_tag(d, xy, view: dict, seat: str, width: int, size: int = 20, bold: bool = False,
               fill=INK) -> int:
    """A seat's badge (colour and letter, the letter at least SMALL) followed by its player's
    name, fitted into width pixels from xy (the badge's left edge, centre line y). Returns
    the x after it."""
    r = _badge_radius(size)
    x, y = xy
    seats = view.get("seats") or []
    letter = seat_style(seats.index(seat) if seat in seats else 0)[0]
    colour = seat_rgb(view, seat)
    box = (x, y - r, x + 2 * r, y + r)
    d.ellipse(box, fill=colour, outline=INK, width=2)
    badge = mark(d, box)
    text(d, (x + r, y), letter, size=max(SMALL, size), fill=ink_on(colour), bold=True,
         anchor="mm", owner=badge)
    name = fit(seat_name(view, seat), max(0, width - 2 * r - 8), size, bold, name=True)
    if not name.strip("…"):
        return int(x + 2 * r)
    return text(d, (x + 2 * r + 8, y), name, size=size, fill=fill, bold=bold, anchor="lm")[2]


def _tag_rows(view, seats, x, width, size) -> list[list[tuple[str, int]]]:
    """Players' tags (badge and name, each at most half the width) in rows: the first row
    starts at x, the next ones at the left edge (0) of a line ``width`` wide."""
    rows: list[list[tuple[str, int]]] = [[]]
    pos = x
    for s in seats:
        w = min(_tag_width(view, s, size), width // 2)
        if rows[-1] and pos + w > width:
            rows.append([])
            pos = 0
        rows[-1].append((s, w))
        pos += w + 18
    return rows


def _header_layout(view, tr, st: Style):
    """(label, what, tag rows, whether what goes on a line of its own) of the header's turn
    line: "To play: (A) Ann — using Keywood", the names wrapping onto more lines."""
    inner = st.width - 2 * st.margin
    label, seats, what = _turn(view, tr)
    lw = text_width(label, st.sub, True) + 12 if label else 0
    finished = bool(view.get("finished"))
    rows = _tag_rows(view, seats, lw, inner, st.sub) if seats else []
    end = (lw if len(rows) == 1 else 0) + sum(w + 18 for _, w in rows[-1]) if rows else lw
    below = bool(what) and (finished or end + text_width("— " + what, st.sub) > inner)
    return label, what, rows, below


def _header_lines(view, tr, st: Style) -> tuple[list[str], int, list[str]]:
    """The lines under the turn line: what the player does when it goes on lines of its
    own (and their size), and the bag and supplies."""
    inner = st.width - 2 * st.margin
    label, what, rows, below = _header_layout(view, tr, st)
    finished = bool(view.get("finished"))
    size = st.info if finished else st.sub
    lines = wrap(what if finished else "— " + what, inner, size, max_lines=2) \
        if what and below else []
    return lines, size, wrap(_info(view, tr), inner, st.info, max_lines=2)


def _draw_header(d, view, tr, st: Style) -> int:
    """Title, whose turn (badges and names), the bag and supplies; returns the height."""
    inner = st.width - 2 * st.margin
    x0, y = st.margin, 14
    text(d, (x0, y), fit(_title(view, tr), inner, st.title, True), size=st.title, bold=True)
    y += st.title + 16
    label, what, rows, below = _header_layout(view, tr, st)
    line_h = st.sub + 14
    cy = y + st.sub // 2 + 2
    x = x0
    if label:
        x = text(d, (x, cy), fit(label, inner // 2, st.sub, True), size=st.sub, bold=True,
                 anchor="lm")[2] + 12
    for k, row in enumerate(rows):
        x = x if k == 0 else x0
        for seat, w in row:
            player_tag(d, (x, cy), view, seat, w, st.sub, True)
            x += w + 18
        if k < len(rows) - 1:
            cy += line_h
    if what and not below:
        text(d, (x - (4 if rows else 0), cy), ("— " if rows or label else "") + what,
             size=st.sub, anchor="lm")
    cy += line_h
    y = cy - st.sub // 2 - 2
    lines, size, info = _header_lines(view, tr, st)
    for ln in lines:            # what they do on a line of its own (at the end: the tie-break)
        text(d, (x0, y), ln, size=size)
        y += size + 8
    for ln in info:
        text(d, (x0, y), ln, size=st.info, fill=MUTED)
        y += st.info + 8
    y += 4
    d.line((x0, y, st.width - st.margin, y), fill=INK, width=2)
    return y + 12


def _header_height(view, tr, st: Style) -> int:
    label, what, rows, below = _header_layout(view, tr, st)
    lines, size, info = _header_lines(view, tr, st)
    return (14 + st.title + 16 + max(1, len(rows)) * (st.sub + 14) + len(lines) * (size + 8)
            + len(info) * (st.info + 8) + 4 + 12)
