"""What lies on the Whisky map: distilleries and fields, markers, letters, pawns and name tags."""
from __future__ import annotations

import math

from render.common import INK, ink_on, mark, seat_rgb, seat_style, text, text_width
from render.shapes import dashed_line, stroked
from render.whisky.layout import (_acting, _fields, _move, _name, _seat_index, BADGE_R, DARK, DEST,
                                  DISC_R, EDGE, EMPTY, HILITE, PORT, PUB, REGION_COLOUR,
                                  REGION_TINT, SEA_LINE, START, STROKE, TS, WHITE)
from render.whisky.space import _best, _grow, _ring, _Space, _tbox


# ----------------------------------------------------------------------------- markers
def _marker(d, t, x, y, m=1.0, col=(200, 200, 200), number=None, empty=False,
            owner=None) -> None:
    """The symbol of a field type at (x, y), m times its normal size. A distillery's
    ``number`` is written on it, and an airport's plane when ``number`` is given: texts of the
    icon ``owner`` (the caller left them out where they would cover another symbol)."""
    def r(v):
        return v * m
    w = max(1, round(2 * min(m, 1.5)))
    R = _marker_radius(t, m)
    if t == "path":
        d.ellipse((x - r(5), y - r(5), x + r(5), y + r(5)), fill=col, outline=INK, width=1)
    elif t == "ingredient":
        d.polygon([(x, y - r(8)), (x + r(8), y), (x, y + r(8)), (x - r(8), y)], fill=col,
                  outline=INK)
    elif t == "special":
        d.rectangle((x - r(6), y - r(6), x + r(6), y + r(6)), fill=col, outline=INK, width=w)
        d.line((x - r(3), y, x + r(3), y), fill=INK, width=w)
        d.line((x, y - r(3), x, y + r(3)), fill=INK, width=w)
    elif t == "pub":
        d.rounded_rectangle((x - r(8), y - r(8), x + r(8), y + r(8)), radius=max(2, r(3)),
                            fill=PUB, outline=INK, width=w)
    elif t == "port":
        d.rectangle((x - r(7), y - r(7), x + r(7), y + r(7)), fill=PORT, outline=INK, width=w)
    elif t == "airport":
        d.ellipse((x - R, y - R, x + R, y + R), fill=PORT, outline=INK, width=w)
        if number is not None:
            text(d, (x, y + 1), "✈", size=_plane_size(m), fill=WHITE, anchor="mm", owner=owner)
    elif t == "start":
        d.ellipse((x - r(11), y - r(11), x + r(11), y + r(11)), fill=START, outline=INK, width=w)
    elif t == "sea":
        d.ellipse((x - r(6), y - r(6), x + r(6), y + r(6)), fill=SEA_LINE, outline=INK, width=1)
    elif t == "lost":
        d.ellipse((x - R, y - R, x + R, y + R), fill=DARK, outline=INK, width=w)
        if number is not None:
            text(d, (x, y), str(number), size=_number_size(m), fill=WHITE, bold=True,
                 anchor="mm", owner=owner)
    elif t == "distillery":
        d.ellipse((x - R, y - R, x + R, y + R), fill=EMPTY if empty else col, outline=INK,
                  width=w)
        if number is not None:
            text(d, (x, y), str(number), size=_number_size(m), fill=INK, bold=True,
                 anchor="mm", owner=owner)
    else:
        d.ellipse((x - r(5), y - r(5), x + r(5), y + r(5)), fill=col, outline=INK)


def _marker_radius(t, m=1.0) -> float:
    if t in ("distillery", "lost"):
        return max(DISC_R, 13 * m)
    if t == "airport":
        return max(DISC_R - 2, 12 * m)
    return m * {"start": 11, "pub": 9, "ingredient": 8, "port": 8, "special": 7}.get(t, 6)


def _number_size(m=1.0) -> int:
    return max(TS, round(14 * m))


def _plane_size(m=1.0) -> int:
    return max(TS, round(16 * m))


def _is_empty(view, fid) -> bool:
    stock = view.get("distillery_stock") or {}
    counts = view.get("distilleries") or {}
    return (fid in counts and not counts.get(fid)) or (fid in stock and not stock[fid])


def _draw_fields(d, view, board, numbers, proj, m, visible, space,
                 dests=()) -> tuple[dict, set]:
    """Land halos, edges, sea routes, the move menu's rings around its destinations and the
    open question's ring, then every field's symbol (distilleries last, on top). Every symbol
    is marked, and kept clear in ``space`` with its rings; a distillery's number is written on
    its disc where it covers no other symbol and stays on the image. Returns each field's
    radius with its rings, and the distilleries numbered."""
    fields = _fields(board)
    k = proj.k
    halo = 26 * max(1.0, k * 0.9)
    for fid in visible:
        f = fields[fid]
        if f.get("type") == "sea" or f.get("region") not in REGION_TINT:
            continue
        x, y = proj(f)
        d.ellipse((x - halo, y - halo, x + halo, y + halo), fill=REGION_TINT[f["region"]])
    lw = max(3, round(3 * m))
    vis = set(visible)
    for e in board.get("edges") or []:
        if len(e) != 2 or e[0] not in fields or e[1] not in fields:
            continue
        if e[0] in vis or e[1] in vis:
            d.line((*proj(fields[e[0]]), *proj(fields[e[1]])), fill=EDGE, width=lw)
    for r in board.get("sea_routes") or []:
        sea = fields.get(r.get("sea"))
        for port in r.get("ports") or []:
            if sea and port in fields and (port in vis or sea.get("id") in vis):
                dashed_line(d, proj(fields[port]), proj(sea), fill=SEA_LINE, width=lw,
                            dash=round(8 * m), gap=round(6 * m))
    q = view.get("question")
    asked = q.get("distillery") if isinstance(q, dict) else None
    dests = set(dests)
    ring_w = max(3, round(2 * m))
    for fid in visible:            # rings first: a neighbour's disc may lie on one
        x, y = proj(fields[fid])
        if fid in dests:
            rr = _marker_radius(fields[fid].get("type"), m) + 4
            d.ellipse((x - rr, y - rr, x + rr, y + rr), outline=DEST, width=ring_w)
        if fid == asked:
            rr = 19 * m
            d.ellipse((x - rr, y - rr, x + rr, y + rr), outline=HILITE, width=max(5, round(5 * m)))
    ext: dict[str, float] = {}
    symbols = _Space(space.area)
    for fid in visible:
        t = fields[fid].get("type")
        r = _marker_radius(t, m) + 1
        x, y = proj(fields[fid])
        symbols.icon((x - r, y - r, x + r, y + r), fid)
        if fid in dests:
            r = max(r, _marker_radius(t, m) + 4 + ring_w / 2 + 1)
        if fid == asked:
            r = max(r, 19 * m + 3.5)
        ext[fid] = r
        space.icon((x - r, y - r, x + r, y + r), fid)
    numbered: set = set()
    W, H = d.im.size
    for pass_ in (0, 1):
        for fid in visible:
            f = fields[fid]
            t = f.get("type")
            if (t in ("distillery", "lost")) != bool(pass_):
                continue
            x, y = proj(f)
            r = _marker_radius(t, m) + 1
            box = (x - r, y - r, x + r, y + r)
            icon = mark(d, box) if box[2] > 0 and box[3] > 0 and box[0] < W and box[1] < H \
                else None
            col = REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None])
            label = numbers.get(fid) if t in ("distillery", "lost") else \
                ("✈" if t == "airport" else None)
            if label is not None:
                size = _plane_size(m) if t == "airport" else _number_size(m)
                nb = _tbox((x, y + (1 if t == "airport" else 0)), str(label), size,
                           t != "airport", "mm")
                if not symbols.free(nb, own=fid):
                    label = None
                elif t != "airport":
                    numbered.add(fid)
            _marker(d, t, x, y, m, col, label, _is_empty(view, fid), owner=icon)
    return ext, numbered


def _place_letters(d, view, fields, proj, space, ext, size, lines, tops,
                   reach=110) -> dict[str, tuple]:
    """The move menu's letters on boxes beside their fields: each box where it covers
    nothing, as near its field as it can be (its middle at most ``reach`` px away while there
    is room there, else up to 1.8 times as far; a letter with no room at all is left out, its
    field's ring and the menu's list still showing it). The leader lines and the boxes are
    appended to ``lines`` and ``tops`` as drawing steps. Returns field -> the letter's box."""
    mv = _move(view)
    out: dict[str, tuple] = {}
    if not mv:
        return out
    opts = [o for o in mv["options"] if isinstance(o, dict) and o.get("to") in fields]
    for o in opts:
        fid = o["to"]
        x, y = proj(fields[fid])
        letter = str(o.get("letter") or "?")[:3]
        hw = max(size + 10, text_width(letter, size, True) + 14) / 2
        hh = (size + 10) / 2
        r0 = ext.get(fid, 10)
        cands = []
        dist = r0 + 4 + hh
        while dist <= 1.8 * reach + hh:           # further off only when there is no room
            n = 8 if dist < r0 + 4 + 2 * hh else 16
            for dx, dy in _ring(dist + max(0, hw - hh) * 0.7, n):
                cands.append((x + dx - hw, y + dy - hh, x + dx + hw, y + dy + hh))
            dist += hh
        box = next((b for b in cands if space.free(_grow(b, 2))), None)
        if box is None:             # no room left: the ring and the menu's list name it
            continue
        space.take(_grow(box, 2))
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        dist0 = math.hypot(cx - x, cy - y) or 1
        rr = r0 - 1

        def line(x=x, y=y, cx=cx, cy=cy, rr=rr, dist0=dist0):
            d.line((x + (cx - x) * rr / dist0, y + (cy - y) * rr / dist0, cx, cy), fill=DEST,
                   width=3)

        def top(box=box, cx=cx, cy=cy, letter=letter):
            d.rounded_rectangle(box, radius=6, fill=DEST, outline=WHITE, width=2)
            icon = mark(d, box)
            text(d, (cx, cy), letter, size=size, fill=WHITE, bold=True, anchor="mm", owner=icon)
        lines.append(line)
        tops.append(top)
        out[fid] = box
    return out


def _pawn(d, view, seat, xy, radius, acting=False) -> None:
    """A pawn: the seat's badge (colour and letter) on a white halo, the acting seat's in a
    red ring; marked as one icon, its letter on it."""
    x, y = xy
    outer = radius + (7 if acting else 3)
    if acting:
        d.ellipse((x - outer, y - outer, x + outer, y + outer), outline=HILITE, width=4)
    d.ellipse((x - radius - 3, y - radius - 3, x + radius + 3, y + radius + 3), fill=WHITE)
    _badge(d, view, seat, xy, radius, outer)


def _badge(d, view, seat, xy, radius=BADGE_R, outer=None) -> None:
    """A seat's badge: a disc in its colour with its letter, at least TS px (marked as an
    icon of radius ``outer``, the letter its own text)."""
    x, y = xy
    colour = seat_rgb(view, seat)
    letter = seat_style(_seat_index(view, seat))[0]
    d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK, width=2)
    o = outer or radius
    icon = mark(d, (x - o, y - o, x + o, y + o))
    text(d, (x, y), letter, size=max(TS, radius), fill=ink_on(colour), bold=True, anchor="mm",
         owner=icon)


def _place_pawns(d, view, fields, proj, space, ext, radius, lines, tops, tag_size=0) -> None:
    """Every seat's pawn beside its field, where it covers nothing (the acting seat's last,
    with its player's name on a tag when ``tag_size`` is given); drawn by the steps appended
    to ``lines`` (leader lines) and ``tops``."""
    occupants = (view.get("board") or {}).get("occupants") or {}
    acting = None if view.get("finished") else _acting(view)
    order = sorted(occupants.items(), key=lambda kv: acting in (kv[1] or []))
    ax0, ay0, ax1, ay1 = space.area
    for fid, seats in order:
        if fid not in fields:
            continue
        x, y = proj(fields[fid])
        if not (ax0 <= x <= ax1 and ay0 <= y <= ay1):       # off this map window
            continue
        for seat in sorted(seats or [], key=lambda s: s == acting):
            me = seat == acting
            outer = radius + (7 if me else 3)
            r0 = ext.get(fid, _marker_radius(fields[fid].get("type")) + 1)
            cands = [(x + dx - outer, y + dy - outer, x + dx + outer, y + dy + outer)
                     for j in range(7) for dx, dy in _ring(r0 + outer + 6 + j * outer * 0.9,
                                                           12 if j < 2 else 20)]
            box = _grow(_best(space, [_grow(b, 1) for b in cands]), -1)
            space.take(_grow(box, 1))
            px, py = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            dist = math.hypot(px - x, py - y) or 1
            rr = r0 - 1

            def line(x=x, y=y, px=px, py=py, dist=dist, rr=rr):
                d.line((x + (px - x) * rr / dist, y + (py - y) * rr / dist, px, py), fill=INK,
                       width=3)

            def top(px=px, py=py, seat=seat, me=me):
                _pawn(d, view, seat, (px, py), radius, me)
            lines.append(line)
            tops.append(top)
            if tag_size and me:
                tops.append(_name_tag(d, view, seat, px, py, outer + 3, space, tag_size))


def _name_tag(d, view, seat, px, py, gap, space, size):
    """The acting player's name on a white tag beside their pawn where it covers nothing:
    placed now, drawn by the step returned (nothing when there is no room)."""
    name = _name(view, seat, 200, size, True)
    nb = _tbox((0, 0), name, size, True, "lm")
    w, h = nb[2] - nb[0] + 16, max(nb[3] - nb[1], size) + 12
    cands = [(px + gap, py - h / 2), (px - gap - w, py - h / 2), (px - w / 2, py - gap - h),
             (px - w / 2, py + gap), (px + gap * 0.7, py - gap * 0.7 - h),
             (px + gap * 0.7, py + gap * 0.7), (px - gap * 0.7 - w, py - gap * 0.7 - h),
             (px - gap * 0.7 - w, py + gap * 0.7)]
    boxes = [(x0, y0, x0 + w, y0 + h) for x0, y0 in cands]
    box = next((b for b in boxes if space.free(_grow(b, 1))), None)
    if box is None:
        return lambda: None
    space.take(_grow(box, 1))

    def step():
        d.rounded_rectangle(box, radius=7, fill=WHITE, outline=seat_rgb(view, seat), width=3)
        icon = mark(d, box)
        text(d, (box[0] + 8 - nb[0], (box[1] + box[3]) / 2), name, size=size, bold=True,
             anchor="lm", owner=icon)
    return step


def _label(d, space, x, y, r, s, size, bold=True, far=False) -> bool:
    """A place name beside its symbol (radius r) where it covers nothing; ``far``: it may also
    stand a line above or below. Returns whether it was drawn."""
    gap = 3
    cands = [((x + r + gap, y), "lm"), ((x - r - gap, y), "rm"), ((x, y + r + gap), "mt"),
             ((x, y - r - gap), "mb")]
    if far:
        for dy in (-1, 1):
            cands += [((x + r * 0.6, y + dy * (r + size * 0.8)), "lm"),
                      ((x - r * 0.6, y + dy * (r + size * 0.8)), "rm")]
    for xy, anchor in cands:
        box = _tbox(xy, s, size, bold, anchor, STROKE)
        if space.free(_grow(box, 1)):
            space.take(_grow(box, 1))
            stroked(d, xy, s, size=size, bold=bold, anchor=anchor, stroke_width=STROKE)
            return True
    return False
