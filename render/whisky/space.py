"""Where things go on the Whisky map: the projection, the close-up's window, free room for
labels."""
from __future__ import annotations

from functools import lru_cache
import math

from render.common import font
from render.whisky.layout import (_acting, _board, _fields, _int, _move, CROP, MAP_H, MAP_W,
                                  MIN_SIDE, PAD)


# ----------------------------------------------------------------------------- geometry
class _Proj:
    """Board coordinates -> pixels: (x - x0) * k + ox."""

    def __init__(self, x0=0.0, y0=0.0, k=1.0, ox=0.0, oy=0.0):
        self.x0, self.y0, self.k, self.ox, self.oy = x0, y0, k, ox, oy

    def __call__(self, f) -> tuple[float, float]:
        return (self.ox + (_int(f.get("x")) - self.x0) * self.k,
                self.oy + (_int(f.get("y")) - self.y0) * self.k)


def crop_window(view: dict) -> dict:
    """The part of the map the posted board shows: a square of ``side`` board units from
    (x0, y0), drawn at ``scale`` pixels per unit into a CROP x CROP window. It holds the acting
    player's field (``focus``) and every point in ``points`` (the move menu's destinations,
    the question's distillery, the airports of a flight, the start fields at the start) with
    PAD pixels to spare."""
    board = _board(view)
    fields = _fields(board)
    canvas_ = board.get("canvas") or {}
    cw, ch = _int(canvas_.get("width"), MAP_W), _int(canvas_.get("height"), MAP_H)
    seat = _acting(view)
    players = view.get("players") or {}
    pos = (players.get(seat) or {}).get("position") if seat else None
    focus = pos if pos in fields else None
    points: list[str] = [focus] if focus else []
    mv = _move(view)
    if mv:
        points += [o.get("to") for o in mv["options"] if isinstance(o, dict)]
    q = view.get("question")
    if isinstance(q, dict):
        points.append(q.get("distillery"))
    kind = (view.get("pending") or {}).get("kind")
    if kind == "fly":
        points += list(board.get("airports") or [])
    if kind == "start" or not points:
        points += [fid for fid, f in fields.items() if f.get("type") == "start"]
    pts = [fields[p] for p in points if p in fields]
    if pts:
        xs = [_int(f.get("x")) for f in pts]
        ys = [_int(f.get("y")) for f in pts]
        bx0, bx1, by0, by1 = min(xs), max(xs), min(ys), max(ys)
    else:
        bx0, bx1, by0, by1 = 0, cw, 0, ch
    extent = max(bx1 - bx0, by1 - by0)
    side = max(MIN_SIDE, extent / (1 - 2 * PAD / CROP))
    x0 = (bx0 + bx1) / 2 - side / 2
    y0 = (by0 + by1) / 2 - side / 2
    if side <= cw:                      # stay on the board where it is large enough
        x0 = min(max(x0, 0), cw - side)
    if side <= ch:
        y0 = min(max(y0, 0), ch - side)
    return {"x0": x0, "y0": y0, "side": side, "scale": CROP / side, "focus": focus,
            "points": [p for p in points if p in fields], "seat": seat}


# ----------------------------------------------------------------------------- placement
@lru_cache(maxsize=8192)
def _rel_box(s: str, size: int, bold: bool, anchor: str, stroke: int) -> tuple:
    return font(size, bold).getbbox(s, anchor=anchor, stroke_width=stroke)


def _tbox(xy, s: str, size: int, bold=False, anchor: str = "la", stroke: int = 0) -> tuple:
    """The box ``text`` will draw s in (what the recorder sees)."""
    l, t, r, b = _rel_box(s, int(size), bool(bold), anchor, int(stroke))
    return (xy[0] + l, xy[1] + t, xy[0] + r, xy[1] + b)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _grow(box, n):
    return (box[0] - n, box[1] - n, box[2] + n, box[3] + n)


class _Space:
    """What is already on a map — the symbols of its fields (with their field), and what was
    placed (names, letters, pawns) — and whether a box is free: inside ``area`` and over
    nothing. Boxes are kept in a grid, so that a full map's hundreds stay quick to test."""

    CELL = 64

    def __init__(self, area, reserved=()):
        self.area = area
        self._grid: dict[tuple[int, int], list[tuple[tuple, object]]] = {}
        for box in reserved:
            self.take(box)

    def _cells(self, box):
        c = self.CELL
        for gx in range(int(box[0] // c), int(box[2] // c) + 1):
            for gy in range(int(box[1] // c), int(box[3] // c) + 1):
                yield gx, gy

    def _add(self, box, owner) -> None:
        for cell in self._cells(box):
            self._grid.setdefault(cell, []).append((box, owner))

    def icon(self, box, fid) -> None:
        """A field's symbol (``fid``: the field, whose own number may lie on it)."""
        self._add(box, fid)

    def take(self, box) -> None:
        self._add(box, None)

    def inside(self, box) -> bool:
        x0, y0, x1, y1 = self.area
        return box[0] >= x0 and box[1] >= y0 and box[2] <= x1 and box[3] <= y1

    def hits(self, box, own=None) -> int:
        seen = set()
        for cell in self._cells(box):
            for b, fid in self._grid.get(cell, ()):
                if (own is None or fid != own) and _overlap(box, b):
                    seen.add((b, fid))
        return len(seen)

    def free(self, box, own=None) -> bool:
        return self.inside(box) and not self.hits(box, own)

    def cost(self, box) -> int:
        return (0 if self.inside(box) else 1000) + self.hits(box)


def _ring(dist, n=8):
    return [(dist * math.cos(a), dist * math.sin(a))
            for a in [-math.pi / 4 + j * 2 * math.pi / n for j in range(n)]]


def _best(space, boxes):
    """The first free box, else the one over the least."""
    for b in boxes:
        if space.free(b):
            return b
    return min(boxes, key=space.cost)
