"""The alt text of a Whisky board."""
from __future__ import annotations

from engines.base import T
from render.common import clauses, clip, seat_name
from render.whisky.layout import _board, _fields, _int, _move, _points, _region_name
from render.whisky.texts import _goal_line, _status_lines


def board_alt(view: dict, tr) -> str:
    """The position in words: status, the open question (shortened), the move menu, then
    every seat; the whole stays within Discord's 1024 characters so that every seat is
    named."""
    parts = [tr("The Whisky Game") + ": " + ". ".join(_status_lines(view, tr, 1600)) + ". "
             + _goal_line(view, tr) + "."]
    q = view.get("question")
    if isinstance(q, dict):
        opts = clauses(tr, [f"{o.get('letter', '?')}. {clip(o.get('text', ''), 100)}"
                            for o in q.get("options") or [] if not o.get("removed")])
        qt = tr("Question for {player}: {question} Options: {options}.",
                player=clip(seat_name(view, q.get("seat", "?")), 40), options=opts,
                question=clip(q.get("question") or "", 300))
        parts.append(clip(qt, 400))
    mv = _move(view)
    if mv:
        fields = _fields(_board(view))
        dests = ", ".join(f"{o.get('letter', '?')} {clip(tr(str((fields.get(o.get('to')) or {}).get('name') or o.get('to'))), 30)}"
                          for o in mv["options"][:12] if isinstance(o, dict))
        parts.append(clip(tr(T("{player} moves {n} field: {destinations}.",
                               plural="{player} moves {n} fields: {destinations}.",
                               player=clip(seat_name(view, mv.get("seat")), 40),
                               n=_int(mv.get("value")), destinations=dests)), 300))
    players = view.get("players") or {}
    order = [s for s in (view.get("order") or []) if s in players]
    order += [s for s in view.get("seats") or [] if s not in order]
    many = len(order) > 4
    for seat in order:
        p = players.get(seat)
        name = clip(seat_name(view, seat), 40)
        if not isinstance(p, dict):
            parts.append(f"{name}.")
            continue
        regions = p.get("regions") or []
        if many:
            regs = tr(T("{n} region", plural="{n} regions", n=len(regions)))
        else:
            regs = tr("regions: {list}", list=", ".join(_region_name(view, tr, r)
                                                        for r in regions) or tr("none"))
        bits = [tr(_points(p.get("points_visible", 0))), regs]
        if p.get("position_name"):
            bits.insert(0, tr("at {place}", place=tr(str(p["position_name"]))))
        if p.get("lost_hidden"):
            bits.append(tr(T("{n} face-down lost bottle", plural="{n} face-down lost bottles",
                             n=_int(p["lost_hidden"]))))
        bits.append(tr(T("{n} special card", plural="{n} special cards",
                         n=_int(p.get("special_cards")))))
        parts.append(f"{name} ({tr(str(p.get('character_name') or ''))}): " + ", ".join(bits)
                     + ".")
    return " ".join(parts)
