"""The alt text of a Keyflower board."""
from __future__ import annotations

from engines.keyflower import texts as X
from render.common import clauses
from render.keyflower.auction import _auction, _bids_text, _turn_order
from render.keyflower.header import _title, _turn
from render.keyflower.layout import (_name, _num, _order, _safe_counts, _tile_name, _workers_text,
                                     COLOURS)
from render.keyflower.players import _facts


def board_alt(view: dict, tr) -> str:
    """The position in words; players first so that every one is named within 1024 chars."""
    label, seats, what = _turn(view, tr)
    turn = " ".join(x for x in (label, ", ".join(_name(view, s) for s in seats),
                                ("— " + what) if what and not view.get("finished") else what)
                    if x)
    parts = [f"{_title(view, tr)}. {turn.rstrip('.')}." if turn else f"{_title(view, tr)}."]
    players = view.get("players") or {}
    scores = (view.get("outcome") or {}).get("scores") or {}
    for seat in _order(view) or list(view.get("seats") or []):
        p = players.get(seat) or {}
        bits = _facts(view, tr, p)
        if p.get("purple"):
            bits.append(tr("start player"))
        if view.get("phase") == "winter_pick":
            bits.append(tr("winter tiles offered") if p.get("winter_done")
                        else tr("choosing winter tiles"))
        if seat in scores:
            bits.append(tr(X.vp(_num(scores[seat]))))
        parts.append(f"{_name(view, seat)}: " + ", ".join(bits) + ".")
    items = []
    for t in _auction(view):
        b = _bids_text(view, tr, t)
        items.append(f"{_tile_name(tr, t)} ({b})" if b else _tile_name(tr, t))
    if items:
        parts.append(tr("On auction: {items}.", items=", ".join(items)))
    order = []
    for t in _turn_order(view):
        b = _bids_text(view, tr, t)
        if b:
            order.append(f"{_tile_name(tr, t)} ({b})")
    if order:
        parts.append(tr("Turn-order bids: {items}.", items=", ".join(order)))
    boats = []
    for b in view.get("boats") or []:
        if not isinstance(b, dict):
            continue
        name = tr(str(b.get("name") or b.get("id") or "?"))
        if b.get("owner"):
            boats.append(tr("{boat} taken by {name}", boat=name, name=_name(view, b["owner"])))
        else:
            w = _safe_counts(b.get("workers"), COLOURS)
            boats.append(tr("{boat}: {workers}", boat=name, workers=_workers_text(tr, w)) if w
                         else tr("{boat}: empty", boat=name))
    if boats:
        parts.append(tr("Boats: {items}.", items=clauses(tr, boats)))
    return " ".join(parts)
