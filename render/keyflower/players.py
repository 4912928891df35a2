"""The players' villages and panels: a village drawn large, its key, the other players' lines."""
from __future__ import annotations

from engines.base import T
from engines.keyflower import texts as X
from render.common import fit, INK, language_of, PAPER, rounded, seat_rgb, text, text_width, wrap
from render.shapes import axial_bounds, axial_to_pixel, dashed_line, hex_corners
from render.keyflower.header import _tag_width, player_tag
from render.keyflower.layout import (_animals_text, _counts, _find_tile, _join, _num, _order,
                                     _safe_counts, _tile_name, ANIMALS, COLOURS, HILITE, PANEL,
                                     PURPLE, SKILLS, SMALL, Style, WHITE)
from render.keyflower.tiles import (_draw_hex_tile, _draw_tile_contents, _laid_out, _name_plate,
                                    _number_badge, _plate_box, _tile_contents, _village_name_size)


# ----------------------------------------------------------------------------- villages
def _placing_cell(view, seat) -> tuple[int, int] | None:
    """The empty space a player picked for the tile being built (placement phase)."""
    placing = view.get("placing")
    pl = placing.get(seat) if isinstance(placing, dict) else None
    spot = pl.get("hex") if isinstance(pl, dict) else None
    try:
        q, r = (spot.split(",") if isinstance(spot, str) else spot)
        return int(q), int(r)
    except (TypeError, ValueError, AttributeError):
        return None


def _village_cells(p: dict, extra=None) -> list[tuple[int, int]]:
    out = [extra] if extra else []
    for t in p.get("village") or []:
        pos = t.get("pos") if isinstance(t, dict) else None
        if isinstance(pos, (list, tuple)) and len(pos) == 2:
            out.append((_num(pos[0]), _num(pos[1])))
    return out or [(0, 0)]


def _village_tiles(p: dict) -> list[dict]:
    return [t for t in (p or {}).get("village") or [] if isinstance(t, dict)]


def _animals_of(p: dict) -> dict:
    animals = {a: 0 for a in ANIMALS}
    for f in p.get("fields") or []:
        for a, n in _counts((f or {}).get("animals")).items():
            if a in animals:
                animals[a] += n
    for t in _village_tiles(p):
        animals["sheep"] += _num(t.get("shelter"))
    return animals


def _facts(view, tr, p) -> list[str]:
    """A player's public counts, each a short translated item."""
    village = _village_tiles(p)
    out = [tr(X.tiles(len(village))),
           tr(T("{n} VP printed on tiles", plural="{n} VP printed on tiles",
                n=sum(_num(t.get("vp")) for t in village))),
           tr(X.winter_in_hand(_num(p.get("winter_hand_count"))))]
    gold = sum(_counts(t.get("res")).get("gold", 0) for t in village)
    if gold:
        out.append(tr(T("{n} gold on tiles", plural="{n} gold on tiles", n=gold)))
    at = _animals_text(tr, _animals_of(p))
    if at:
        out.append(at)
    return out


def _player_lines(view, tr, seat, p) -> list[str]:
    lines = [" · ".join(_facts(view, tr, p))]
    second = []
    boats = p.get("summer_boats") or []
    if boats:
        second.append(tr("summer boats: {list}", list=", ".join(map(str, boats))))
    if view.get("phase") == "winter_pick":
        second.append(tr("winter tiles offered") if p.get("winter_done")
                      else tr("choosing winter tiles"))
    if p.get("boat_rank") is not None:
        second.append(tr("boat choice #{rank}", rank=_num(p.get("boat_rank")) + 1))
    if second:
        lines.append(" · ".join(second))
    to_place = [t for t in p.get("to_place") or [] if t]
    if to_place:
        lines.append(tr("won, to build: {tiles}", tiles=", ".join(_tile_name(tr, t)
                                                                   for t in to_place)))
    parts = ((view.get("outcome") or {}).get("breakdown") or {}).get(seat)
    if isinstance(parts, dict) and parts:
        lines.append(" · ".join(tr(T("{what}: {n} VP", plural="{what}: {n} VP",
                                     what=T(str(k)), n=_num(v)))
                                for k, v in parts.items() if v) or tr("no points"))
    final = (view.get("final") or {}).get(seat)
    if isinstance(final, dict):
        items = (X.worker_list(_safe_counts(final.get("workers"), COLOURS))
                 + X.goods(_safe_counts(final.get("skills"), SKILLS)))
        if _num(final.get("wheat")):
            items.append(X.good("wheat", _num(final.get("wheat"))))
        lines.append(tr("behind the screen: {items}", items=_join(tr, items) or tr("nothing")))
    return lines


def _chips(view, tr, seat, p) -> list[tuple[str, tuple, tuple]]:
    chips = []
    if seat in (view.get("to_act") or []) and not view.get("finished"):
        chips.append((tr("to play"), HILITE, WHITE))
    if p.get("purple"):
        chips.append((tr("start player"), PURPLE, WHITE))
    return chips


def _head(view, tr, seat, p, width, st: Style):
    """The panel's head: (whether the chips go under the name, the fact lines)."""
    score = ((view.get("outcome") or {}).get("scores") or {}).get(seat)
    score_w = text_width(tr(X.vp(_num(score))), st.head, True) + 20 if score is not None else 0
    chips_w = sum(text_width(c[0], SMALL, True) + 26 for c in _chips(view, tr, seat, p))
    below = bool(chips_w) and _tag_width(view, seat, st.head) + 12 + chips_w > width - 28 - score_w
    lines = [ln for line in _player_lines(view, tr, seat, p)
             for ln in wrap(line, width - 32, st.facts, max_lines=6)]
    return below, lines


def _head_height(view, tr, seat, p, width, st: Style) -> int:
    below, lines = _head(view, tr, seat, p, width, st)
    return st.head + 30 + (SMALL + 20 if below else 0) + len(lines) * (st.facts + 6) + 6


def _chip(d, x, y, label, fill, ink, size) -> int:
    w = text_width(label, size, True) + 16
    box = (x, y - size / 2 - 6, x + w, y + size / 2 + 6)
    rounded(d, box, fill=fill, radius=8, width=1)
    text(d, (x + 8, y), label, size=size, bold=True, fill=ink, anchor="lm", within=box)
    return w


# A village's tiles whose names do not fit whole on their hexes get numbers, and the names
# are listed under the map.
def _numbered(view, tr, seat, p, s) -> list[tuple[object, str]]:
    """(tile id, name) of the village's tiles (and of the tile being built) whose names do not
    fit whole on a hex of size s, in reading order: they are numbered 1, 2, ..."""
    lang = language_of(tr)
    ns = _village_name_size(s)
    tiles = [t for t in _village_tiles(p) if isinstance(t.get("pos"), (list, tuple))
             and len(t["pos"]) == 2]
    tiles.sort(key=lambda t: (axial_to_pixel(_num(t["pos"][0]), _num(t["pos"][1]), 1)[::-1]))
    out = []
    for t in tiles:
        name = _tile_name(tr, t)
        if _village_name_fit(t, name, s - 1, ns, lang) is None:
            out.append((t.get("id"), name))
    spot = _placing_cell(view, seat)
    if spot:
        name = _tile_name(tr, _find_tile(view, _placing_tile(view, seat)))
        if _laid_out(name, s, ns, lang)[0] is None:
            out.append(("_placing", name))
    return out


def _village_name_fit(tile, name, s, size, lang) -> int | None:
    """The font size of a village tile's name on its hex of size s: the largest from size
    down that shows it whole and leaves room for what lies on the tile (the smallest
    readable one when the tile is crowded); None when the tile gets a number."""
    key = (repr([tile.get(k) for k in ("regions", "res", "skills", "face", "shelter", "animals",
                                      "up")] + [(tile.get("site") or {}).get("on")]),
           name, round(float(s), 1), int(size), lang)
    if key not in _FITS:
        if len(_FITS) > 4096:       # renders repeat the same tiles: remember the latest ones
            _FITS.clear()
        _FITS[key] = _name_fit(tile, name, s, size, lang)
    return _FITS[key]


_FITS: dict = {}


def _name_fit(tile, name, s, size, lang) -> int | None:
    for want in dict.fromkeys((size, SMALL)):
        lines, sz = _laid_out(name, s, want, lang)
        if lines is None:
            return None
        if _tile_contents(tile, 0, 0, s, _plate_box(lines, sz, 0, 0))[1]:
            return sz
    return None


def _placing_tile(view, seat):
    pl = (view.get("placing") or {}).get(seat) if isinstance(view.get("placing"), dict) else None
    return pl.get("tile") if isinstance(pl, dict) else None


def _key_rows(items: list[tuple[object, str]], width: int) -> list[list[tuple[int, str, int]]]:
    """The numbered names in rows of at most width pixels: (number, name, item width)."""
    rows: list[list[tuple[int, str, int]]] = [[]]
    x = 0
    for k, (_, name) in enumerate(items, 1):
        badge = max(2 * SMALL * 0.8, text_width(str(k), SMALL, True) + 12)
        w = int(badge + 8 + min(text_width(name, SMALL), width - badge - 8) + 22)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0
        rows[-1].append((k, name, w))
        x += w
    return rows if rows[-1] else []


def _key_height(items, width) -> int:
    return len(_key_rows(items, width)) * (SMALL + 18) if items else 0


def _draw_key(d, items, x0, y0, width) -> None:
    y = y0
    for row in _key_rows(items, width):
        x = x0
        cy = y + (SMALL + 18) / 2
        for k, name, w in row:
            box = _number_badge(d, x + SMALL * 0.8 + 2, cy, k)
            tx = box[2] + 8
            text(d, (tx, cy), fit(name, int(x0 + width - tx), SMALL), size=SMALL, anchor="lm")
            x += w
        y += SMALL + 18


def _tile_list(view, tr, seat, p, width, st: Style) -> list[str]:
    """The village's tiles by name, for a panel without a map."""
    names = [_tile_name(tr, t) for t in _village_tiles(p)]
    return wrap(", ".join(names), width, st.facts, max_lines=8) if names else []


def _panel_height(view, tr, seat, p, width, s, st: Style) -> int:
    """A player's panel: head, the village map (hexes of size s), the numbered names; with
    s 0, head and the tiles by name."""
    if not s:
        return (_head_height(view, tr, seat, p, width, st)
                + len(_tile_list(view, tr, seat, p, width - 32, st)) * (st.facts + 6) + 8)
    uh = _village_units(view, seat)[1]
    return (_head_height(view, tr, seat, p, width, st) + int(uh * s) + 16
            + _key_height(_numbered(view, tr, seat, p, s), width - 32) + 8)


def _draw_player(d, view, tr, seat, p, box, s, farmers, st: Style) -> None:
    x0, y0, x1, y1 = box
    colour = seat_rgb(view, seat)
    to_act = seat in (view.get("to_act") or []) and not view.get("finished")
    rounded(d, box, fill=PANEL, radius=14, width=5 if to_act else 2,
            outline=colour if to_act else INK)
    score = ((view.get("outcome") or {}).get("scores") or {}).get(seat)
    score_w = text_width(tr(X.vp(_num(score))), st.head, True) + 20 if score is not None else 0
    chips = _chips(view, tr, seat, p)
    below, lines = _head(view, tr, seat, p, x1 - x0, st)
    cy = y0 + 12 + st.head // 2 + 4
    chips_w = 0 if below else sum(text_width(c[0], SMALL, True) + 26 for c in chips)
    name_w = int(x1 - x0 - 28 - score_w - chips_w)
    tx = player_tag(d, (x0 + 14, cy), view, seat, max(60, name_w), st.head, True) + 12
    if score is not None:
        text(d, (x1 - 16, cy), tr(X.vp(_num(score))), size=st.head, bold=True, anchor="rm",
             within=box)
    y = y0 + st.head + 30
    if below:
        tx, cy = x0 + 16, y + SMALL / 2 + 4
        y += SMALL + 20
    for label, fill, ink in chips:
        tx += _chip(d, tx, cy, label, fill, ink, SMALL) + 10
    for ln in lines:
        text(d, (x0 + 16, y), ln, size=st.facts, within=box)
        y += st.facts + 6
    if not s:                   # no room for a map: the village's tiles by name
        for ln in _tile_list(view, tr, seat, p, x1 - x0 - 32, st):
            text(d, (x0 + 16, y), ln, size=st.facts, within=box)
            y += st.facts + 6
        return
    # the village map, and the names of its numbered tiles under it
    key = _numbered(view, tr, seat, p, s)
    kh = _key_height(key, x1 - x0 - 32)
    my1 = y1 - 8 - (kh + 4 if key else 0)
    _draw_village(d, view, tr, seat, p, (x0 + 6, y + 6, x1 - 6, my1), s, farmers,
                  {k: n for n, (k, _) in enumerate(key, 1)})
    if key:
        _draw_key(d, key, x0 + 16, my1, x1 - x0 - 32)


def _draw_village(d, view, tr, seat, p, box, s, farmers, numbers=None) -> None:
    mx0, my0, mx1, my1 = box
    numbers = numbers or {}
    spot = _placing_cell(view, seat)
    cells = _village_cells(p, spot)
    bx0, by0, bx1, by1 = axial_bounds(cells)
    ox = mx0 + ((mx1 - mx0) - (bx1 - bx0) * s) / 2 - bx0 * s
    oy = my0 + ((my1 - my0) - (by1 - by0) * s) / 2 - by0 * s
    ns = _village_name_size(s)
    for t in _village_tiles(p):
        pos = t.get("pos")
        if not (isinstance(pos, (list, tuple)) and len(pos) == 2):
            continue
        px, py = axial_to_pixel(_num(pos[0]), _num(pos[1]), s)
        number = numbers.get(t.get("id"))
        size = ns if number is not None else \
            _village_name_fit(t, _tile_name(tr, t), s - 1, ns, language_of(tr)) or ns
        nb = _draw_hex_tile(d, tr, t, ox + px, oy + py, s - 1, farmers, name_size=size,
                            number=number)
        _draw_tile_contents(d, tr, t, ox + px, oy + py, s - 1, nb)
    if spot:        # the space picked for the tile being built: a dashed outline
        px, py = axial_to_pixel(spot[0], spot[1], s)
        cx, cy = ox + px, oy + py
        corners = hex_corners(cx, cy, s - 3)
        for k in range(6):
            dashed_line(d, corners[k], corners[(k + 1) % 6], fill=seat_rgb(view, seat), width=4,
                        dash=9, gap=6)
        name = _tile_name(tr, _find_tile(view, _placing_tile(view, seat)))
        if _laid_out(name, s, ns, language_of(tr))[0] is None:
            _number_badge(d, cx, cy, numbers.get("_placing") or 0)
            return
        _name_plate(d, name, cx, cy, s, PAPER, ns, lang=language_of(tr))


def _village_units(view, seat) -> tuple[float, float]:
    p = (view.get("players") or {}).get(seat) or {}
    b = axial_bounds(_village_cells(p, _placing_cell(view, seat)))
    return b[2] - b[0], b[3] - b[1]


def _others_title(view, tr, seats, width, st: Style) -> list[str]:
    """The heading over the other players' rows (none when every player is in a row)."""
    if not seats or len(seats) >= len(_order(view)):
        return []
    return wrap(tr("The other players (Full map: every village)"), width, st.section, True,
                max_lines=2)


def _draw_others(d, view, tr, seats, x0, y0, width, st: Style, measure=False) -> int:
    """A few lines per player: badge, name and public counts (the close-up's summary of the
    villages not drawn; Full map draws them)."""
    players = view.get("players") or {}
    y = y0
    for ln in _others_title(view, tr, seats, width, st):
        if not measure:
            text(d, (x0, y), ln, size=st.section, bold=True)
        y += st.section + 8
    if seats:
        y += 6
    name_w = min(300, width // 3)
    for seat in seats:
        p = players.get(seat) or {}
        facts = " · ".join(_facts(view, tr, p) + ([tr("start player")] if p.get("purple") else []))
        lines = wrap(facts, width - name_w - 20, st.facts, max_lines=5)
        h = max(st.facts + 16, len(lines) * (st.facts + 6) + 10)
        if not measure:
            box = (x0, y, x0 + width, y + h)
            rounded(d, box, fill=PANEL, radius=10, width=1)
            player_tag(d, (x0 + 10, y + h / 2), view, seat, name_w - 14, st.facts, True)
            ly = y + h / 2 - (len(lines) - 1) * (st.facts + 6) / 2
            for ln in lines:
                text(d, (x0 + name_w + 10, ly), ln, size=st.facts, anchor="lm", within=box)
                ly += st.facts + 6
        y += h + 8
    return y - y0
