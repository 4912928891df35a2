"""A Keyflower tile drawn as a hex: its roads, water, fields, name plate and what lies on it."""
from __future__ import annotations

from functools import lru_cache
import math

from render.common import hyphenated_lines, INK, language_of, mark, text, text_width
from render.shapes import dashed_line, hex_corners, hex_edge, SQRT3, stroked
from render.keyflower.icons import _animal, _count_label, _cube, _skill, _star, _worker, _worker_row
from render.keyflower.layout import (_counts, _light, _num, _tile_name, _tile_type, ANIMALS,
                                     COLOURS, FENCE, GOLD, OTHER, PURPLE, RESOURCES, ROAD, SKILLS,
                                     SMALL, TYPE_COLOUR, WATER, WHITE)


# ----------------------------------------------------------------------------- a hex tile
def _slot_point(cx, cy, s, k):
    """Where slot k (edge k // 2, first or second half, clockwise) meets the tile's edge."""
    a, b = hex_edge(cx, cy, s, (k // 2) % 6)
    t = 0.25 if k % 2 == 0 else 0.75
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _edge_mid(cx, cy, s, i):
    a, b = hex_edge(cx, cy, s, i % 6)
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _lerp(p, q, t):
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


def _regions(tile) -> list[list[int]]:
    out = []
    for reg in tile.get("regions") or []:
        if isinstance(reg, (list, tuple)):
            out.append([_num(k) % 12 for k in reg])
    return out

PLATE_PAD = 3           # px of plate on each side of a tile's name


def _plate_width(s: float, size: int, n: int) -> int:
    """How wide n lines of a name at this size may be on a hex of radius s: the plate under
    them stays inside the hex's sides."""
    half = n * (size + 4) / 2 + 3          # half the height of the plate
    return int(min(2 * (s - half / SQRT3) - 2 * PLATE_PAD - 4, 1.66 * s))


def _whole_lines(label: str, width: int, size: int, n: int) -> list[str] | None:
    """label in at most n lines of whole words (bold), or None (nothing is shortened, so a
    layout that is only tried leaves no trace)."""
    lines: list[str] = []
    cur = ""
    for w in label.split():
        if text_width(w, size, True) > width:
            return None
        joined = f"{cur} {w}" if cur else w
        if text_width(joined, size, True) <= width:
            cur = joined
            continue
        lines.append(cur)
        cur = w
        if len(lines) >= n:
            return None
    if cur:
        lines.append(cur)
    return lines


def name_lines(label: str, s: float, size: int, lang: str | None = "en",
               least: int = SMALL) -> tuple[list[str] | None, int]:
    """A tile's name laid out inside a flat-top hex of circumradius s: on one line or two
    at the largest size from ``size`` down to ``least`` (the smallest readable size) that shows
    it whole (never crossing the hex's sides); then on two lines with a long word hyphenated
    in the name's language (``lang``), then on three. Returns the lines and the font size;
    (None, least) when nothing shows it whole: the tile then gets a number, and its name is
    written in full beside the map."""
    lines, sz = _name_lines(" ".join(str(label).split()), round(float(s), 1), int(size),
                            lang or "en", int(least))
    return (list(lines) if lines is not None else None), sz


def _laid_out(label: str, s: float, size: int, lang: str | None) -> tuple[list[str] | None, int]:
    """name_lines for a layout that is only tried (what is drawn goes through name_lines)."""
    lines, sz = _name_lines(" ".join(str(label).split()), round(float(s), 1), int(size),
                            lang or "en", SMALL)
    return (list(lines) if lines is not None else None), sz


@lru_cache(maxsize=8192)
def _name_lines(label: str, s: float, size: int, lang: str, least: int):
    size = max(least, size)
    for sz in range(size, least - 1, -1):
        for n in (1, 2):
            lines = _whole_lines(label, _plate_width(s, sz, n), sz, n)
            if lines:
                return tuple(lines), sz
    for n in (2, 3):
        for sz in range(size, least - 1, -1):
            width = _plate_width(s, sz, n)
            lines = (_whole_lines(label, width, sz, n) if n == 3 else None) or \
                hyphenated_lines(label, width, sz, True, max_lines=n, lang=lang)
            if lines:
                return tuple(lines), sz
    return None, least


def _plate_box(lines: list[str], size: int, cx, cy) -> tuple[float, float, float, float]:
    """The plate under a name's lines centred on (cx, cy)."""
    w = max([text_width(ln, size, True) for ln in lines] + [1]) + 2 * PLATE_PAD
    h = len(lines) * (size + 4) + 4
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def _badge_box(number: int, cx, cy) -> tuple[float, float, float, float]:
    r = max(SMALL * 0.8, text_width(str(number), SMALL, True) / 2 + 6)
    return cx - r, cy - r, cx + r, cy + r


def _number_badge(d, cx, cy, number: int) -> tuple[float, float, float, float]:
    """A dark disc with a tile's number (its name is written beside the map); returns its box."""
    label = str(number)
    box = _badge_box(number, cx, cy)
    d.ellipse(box, fill=INK, outline=WHITE, width=2)
    icon = mark(d, box)
    text(d, (cx, cy), label, size=SMALL, bold=True, fill=WHITE, anchor="mm", owner=icon)
    return box


def _name_plate(d, label, cx, cy, s, fill, size, box_fill=None, lang="en", number=None):
    """The name on a plate in the tile's colour: roads and field borders stop at its edge.
    Returns the plate's box; a name that does not fit whole gets its ``number`` instead."""
    if number is not None:
        return _number_badge(d, cx, cy, number)
    lines, sz = name_lines(label, s, size, lang)
    if lines is None:           # (never on a card or a winter tile: they are large enough)
        return _number_badge(d, cx, cy, 0)
    lh = sz + 4
    box = _plate_box(lines, sz, cx, cy)
    d.rounded_rectangle(box, radius=6, fill=box_fill or _light(fill))
    y = cy - (len(lines) - 1) * lh / 2
    for ln in lines:
        text(d, (cx, y), ln, size=sz, bold=True, anchor="mm")
        y += lh
    return box


def _draw_hex_tile(d, tr, tile: dict, cx, cy, s, farmers=True, outline=INK, outline_w=2,
                   show_name=True, big: str | None = None, name_size: int = 22,
                   number: int | None = None):
    """One tile as a flat-top hex at (cx, cy) with circumradius s, its name on a plate in
    the middle (``big``: a large label instead, the turn-order number; ``number``: what
    stands for a name that does not fit whole). Returns the box of the name (or None)."""
    kind = _tile_type(tile)
    fill = TYPE_COLOUR.get(kind, OTHER)
    corners = hex_corners(cx, cy, s)
    d.polygon(corners, fill=fill)
    edges = list(tile.get("edges") or [])[:6]
    edges += ["P"] * (6 - len(edges))
    regions = _regions(tile)
    region_of = {}
    for idx, reg in enumerate(regions):
        for k in reg:
            region_of[k] = idx
    # water: a band along each water edge; a river through the middle when there are two
    wi = [i for i, e in enumerate(edges) if e == "W"]
    for i in wi:
        a, b = hex_edge(cx, cy, s, i)
        d.polygon([a, b, _lerp(b, (cx, cy), 0.2), _lerp(a, (cx, cy), 0.2)], fill=WATER)
    if len(wi) >= 2:
        for i in wi:
            d.line((_edge_mid(cx, cy, s, i), (cx, cy)), fill=WATER, width=max(6, int(s / 5)))
        d.ellipse((cx - s / 10, cy - s / 10, cx + s / 10, cy + s / 10), fill=WATER)
    # field boundaries (The Farmers): between consecutive slots of different regions
    rw = max(4, int(s / 11))
    if farmers and len(regions) > 1 and region_of:
        for k in range(12):
            k2 = (k + 1) % 12
            if region_of.get(k) == region_of.get(k2):
                continue
            if k % 2 == 0:      # mid-edge boundary: a road, a river or a fence
                e = edges[k // 2]
                p = _edge_mid(cx, cy, s, k // 2)
                if e == "R":
                    d.line((p, (cx, cy)), fill=ROAD, width=rw)
                elif e == "P":
                    dashed_line(d, p, (cx, cy), fill=FENCE, width=3, dash=7, gap=5)
            else:               # a corner boundary
                p = hex_corners(cx, cy, s)[(5 + k // 2) % 6]
                dashed_line(d, p, (cx, cy), fill=FENCE, width=3, dash=7, gap=5)
    # roads that do not divide fields end as stubs
    for i, e in enumerate(edges):
        if e != "R":
            continue
        p = _edge_mid(cx, cy, s, i)
        divides = farmers and len(regions) > 1 and region_of.get(2 * i) != region_of.get(2 * i + 1)
        if not farmers:
            d.line((p, (cx, cy)), fill=ROAD, width=rw)
        elif not divides:
            d.line((p, _lerp(p, (cx, cy), 0.45)), fill=ROAD, width=rw)
    d.polygon(corners, outline=outline, width=outline_w)
    if tile.get("up"):
        d.polygon(hex_corners(cx, cy, s * 0.86), outline=GOLD, width=max(3, int(s / 18)))
        _star(d, cx, cy - s * 0.62, max(7, s * 0.11))
    if not show_name:
        return None
    if big:
        size = max(20, int(s * 0.7))
        w = text_width(big, size, True) + 12
        box = (cx - w / 2, cy - size * 0.62, cx + w / 2, cy + size * 0.62)
        d.rounded_rectangle(box, radius=6, fill=_light(fill))
        text(d, (cx, cy), big, size=size, bold=True, anchor="mm")
        return box
    return _name_plate(d, _tile_name(tr, tile), cx, cy, s, fill, name_size, lang=language_of(tr),
                       number=number)


def _village_name_size(s: float) -> int:
    """The largest font for tile names on a village hex of radius s."""
    return max(SMALL, min(22, int(s * 0.24)))


def _region_point(cx, cy, s, reg: list[int]) -> tuple[float, float]:
    """A point well inside the region's part of the tile (its slots' centroid, pushed out)."""
    if reg and len(reg) < 12:
        pts = [_slot_point(cx, cy, s, k) for k in reg]
        mx = sum(p[0] for p in pts) / len(pts) - cx
        my = sum(p[1] for p in pts) / len(pts) - cy
        dist = math.hypot(mx, my)
        if dist > 1e-6:
            return cx + mx / dist * s * 0.56, cy + my / dist * s * 0.56
    return cx, cy + s * 0.5


def _inside(box, cx, cy, s) -> bool:
    """Is the box inside the flat-top hex (with a small margin)?"""
    r = s - 4
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = abs(x - cx), abs(y - cy)
        if dy > SQRT3 / 2 * r or SQRT3 * dx + dy > SQRT3 * r:
            return False
    return True


def _overlaps(box, boxes) -> bool:
    return any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
               for b in boxes)


_GRID = [(fx / 10, fy / 40) for fx in range(-7, 8) for fy in range(-30, 31, 3)]


def _slot_at(dx, dy) -> int | None:
    """The slot (0-11) whose sector of the tile holds the offset (dx, dy) from the centre."""
    if abs(dx) < 1e-6 and abs(dy) < 1e-6:
        return None
    ang = math.degrees(math.atan2(dy, dx)) % 360
    return int(((ang - 240) % 360) // 30) % 12


def _place(cx, cy, s, w, h, want, boxes, region=None) -> tuple[float, float, bool]:
    """The centre for a w×h item: the free spot inside the tile nearest to the wanted point
    (on a grid of a tenth of the hex size), inside the region's sector (a set of slots) when
    one is given and possible; when nothing is free, the spot that overlaps least, and False
    (the tile is crowded)."""
    wx, wy = (want[0] - cx) / s, (want[1] - cy) / s
    cands = [(wx, wy)] + sorted(_GRID, key=lambda p: (p[0] - wx) ** 2 + (p[1] - wy) ** 2)
    best, best_cost = want, None
    for strict in ((True, False) if region else (False,)):
        for fx, fy in cands:
            if strict and _slot_at(fx, fy) not in region:
                continue
            x, y = cx + fx * s, cy + fy * s
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if not _inside(box, cx, cy, s):
                continue
            if not _overlaps(box, boxes):
                boxes.append(box)
                return x, y, True
            if not strict:      # crowded: remember the spot that overlaps least
                cost = _overlap_area(box, boxes)
                if best_cost is None or cost < best_cost:
                    best, best_cost = (x, y), cost
    boxes.append((best[0] - w / 2, best[1] - h / 2, best[0] + w / 2, best[1] + h / 2))
    return best[0], best[1], False


def _overlap_area(box, boxes) -> float:
    return sum(max(0, min(box[2], b[2]) - max(box[0], b[0]))
               * max(0, min(box[3], b[3]) - max(box[1], b[1])) for b in boxes)


def _tile_contents(tile: dict, cx, cy, s, name_box=None) -> tuple[list, bool]:
    """Where the resources and skills lying on the tile, the workers standing on it this
    season, the boat face, the Sheep shelter and the animals in their regions go, so as not
    to overlap: (what to draw, each a function of the drawing, whether some of it found no
    free spot)."""
    regions = _regions(tile)
    ar = max(10, int(s * 0.14))
    fs = SMALL
    cw = lambda n: text_width(f"×{n}", fs, True) + 4  # noqa: E731
    lh = fs + 6                 # a count's height, its halo included
    boxes = [name_box or (cx - s * 0.62, cy - s * 0.2, cx + s * 0.62, cy + s * 0.2)]
    if tile.get("up"):
        boxes.append((cx - s * 0.13, cy - s * 0.75, cx + s * 0.13, cy - s * 0.5))
    plan: list = []
    free = True

    def place(w, h, want, region=None):
        nonlocal free
        x, y, ok = _place(cx, cy, s, w, h, want, boxes, region)
        free = free and ok
        return x, y

    def place_row(fy, row):
        """Items (width, height, draw(d, x_left, y_centre)) side by side around the row at
        cy + fy·s; each moves on its own to a free spot when the row does not fit."""
        x = cx - sum(w + 4 for w, _, _ in row) / 2
        for w, h, draw in row:
            px, py = place(w, h, (x + w / 2, cy + fy * s))
            plan.append(lambda d, draw=draw, px=px - w / 2, py=py: draw(d, px, py))
            x += w + 4

    # animals where they stand, one group per region (first: they must be in their field)
    animals = tile.get("animals") or {}
    if isinstance(animals, dict):
        for idx in sorted(animals, key=lambda k: _num(k)):
            counts = _counts(animals.get(idx))
            group = [(a, counts[a]) for a in ANIMALS if counts.get(a)]
            if not group:
                continue
            i = _num(idx)
            reg = regions[i] if 0 <= i < len(regions) else []
            w = len(group) * (2 * ar + 4)
            x, y = place(w, 2 * ar + 4, _region_point(cx, cy, s, reg),
                         set(reg) if 0 < len(reg) < 12 else None)

            def herd(d, x=x - w / 2, y=y, group=group):
                for a, n in group:
                    _animal(d, x + ar + 2, y, ar, a, n if n > 1 else None)
                    x += 2 * ar + 4
            plan.append(herd)
    # resources and skills lying on the tile: a row above the name, one item per kind
    res = _counts(tile.get("res"))
    items = [(r, res[r]) for r in RESOURCES if res.get(r)] + \
        [(r, n) for r, n in res.items() if r not in RESOURCES and n]
    skills = _counts(tile.get("skills"))
    cs = max(15, int(s * 0.18))
    row = []
    for r, n in items:          # a cube, its count written on it
        size = cs if n <= 1 else max(cs, SMALL + 6, text_width(str(n), fs, True) + 8)
        row.append((size + 2, size + 2,
                    lambda d, x, y, r=r, n=n, size=size: _cube(d, x + 1, y - size / 2, size, r,
                                                               n if n > 1 else None)))
    for k in SKILLS:
        if skills.get(k):
            n = skills[k]
            row.append((cs + 3 + (cw(n) if n > 1 else 0), max(cs, lh if n > 1 else 0) + 2,
                        lambda d, x, y, k=k, n=n: (_skill(d, x + cs / 2, y, cs // 2 + 1, k),
                                                   n > 1 and _count_label(d, x + cs + 3, y, n,
                                                                          fs))))
    place_row(-0.42, row)
    # workers standing on the tile this season: a row below the name, one item per colour
    # (a lone worker without its count, like a lone cube or animal)
    on = _counts(((tile.get("site") or {}).get("on")))
    h = max(22, int(s * 0.28))
    place_row(0.55, [(h * 0.8 + 2 + cw(on[c]), max(h, lh),
                      lambda d, x, y, c=c: _worker_row(d, x, y, {c: on[c]}, h, fs))
                     if on[c] > 1 else
                     (h * 0.8 + 2, h, lambda d, x, y, c=c: _worker(d, x + h * 0.4 + 1, y, h, c))
                     for c in COLOURS if on.get(c)])
    face = tile.get("face")
    if face:
        fw = text_width(str(face), fs, True) + 6
        x, y = place(fw, lh, (cx + s * 0.5, cy + s * 0.6))
        plan.append(lambda d, x=x, y=y: stroked(d, (x, y), str(face), size=fs, bold=True,
                                                anchor="mm", stroke_width=2))
    shelter = _num(tile.get("shelter"))
    if shelter:
        x, y = place(2 * ar + 12, 2 * ar + 12, (cx, cy + s * 0.4))

        def sheltered(d, x=x, y=y):
            frame = (x - ar - 6, y - ar - 6, x + ar + 6, y + ar + 6)
            d.rounded_rectangle(frame, radius=6, fill=PURPLE, outline=INK, width=2)
            _animal(d, x, y, ar, "sheep", shelter, frame=frame)
        plan.append(sheltered)
    return plan, free


def _draw_tile_contents(d, tr, tile: dict, cx, cy, s, name_box=None) -> None:
    for draw in _tile_contents(tile, cx, cy, s, name_box)[0]:
        draw(d)
