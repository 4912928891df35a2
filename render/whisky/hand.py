"""A Whisky player's own image and text (render_hand, private_text)."""
from __future__ import annotations

from engines.base import T
from render.common import (canvas, clip, finish, MUTED, own_seat, PAPER, rounded, seat_name, text,
                           wrap)
from render.shapes import compact
from render.whisky.layout import (_card_name, _card_text, _colours, _field_name, _ingredients, _int,
                                  _name, _region_name, CARD_BG, PHASE_NAMES, TS, WIDTH)
from render.whisky.map import _badge
from render.whisky.texts import _goal_line


# ----------------------------------------------------------------------------- private
def render_hand(view: dict, tr):
    """The seat's special cards, own lost-distillery values and true total; None for a
    spectator or when the seat holds nothing private."""
    seat, p = own_seat(view)
    if p is None:
        return None
    hand = list(view.get("hand") or [])
    lost = list(view.get("lost_values") or [])
    ticket = view.get("return_ticket_flights") or 0
    if not hand and not lost and not ticket:
        return None
    rows = []
    for cid in hand:
        rows.append((_card_name(view, tr, cid), _card_text(view, tr, cid)))
    if ticket:
        rows.append((tr("Return ticket"), tr(T("{n} flight left", plural="{n} flights left",
                                               n=_int(ticket)))))
    wrapped = []
    for name, desc in rows:
        wrapped.append((wrap(name, 880, TS + 2, True, max_lines=2),
                        wrap(desc, 880, TS, max_lines=3) if desc else []))
    x, width = 36 + 2 * 22 + 14, WIDTH - 36 - 2 * 22 - 14 - 40
    total = view.get("points_total", p.get("points_visible", 0))
    head = wrap(tr("{player}: your private view", player=_name(view, seat, 600, 28, True)),
                width, 28, True, max_lines=2)
    points = wrap(tr(T("{n} point including your face-down bottles",
                       plural="{n} points including your face-down bottles", n=_int(total))),
                  width, 22, True, max_lines=2)
    lost_line = wrap(tr("Your lost distillery bottles: {values}",
                        values=" ".join(map(str, lost)) if lost else tr("none")), width, TS,
                     max_lines=2)
    goal = wrap(tr("Goal reached!") if view.get("goal_reached") else _goal_line(view, tr), width,
                TS, max_lines=2)
    top_h = 24 + 36 * len(head) + 30 * len(points) + 26 * (len(lost_line) + len(goal)) + 24
    height = top_h + sum(20 + 28 * len(n) + 26 * len(ls) + 8 for n, ls in wrapped) + 24
    img, d = canvas(WIDTH, height, PAPER)
    _badge(d, view, seat, (36 + 22, 24 + 20), 22)
    y = 24
    for line in head:
        text(d, (x, y), line, size=28, bold=True)
        y += 36
    for line in points:
        text(d, (x, y), line, size=22, bold=True)
        y += 30
    for line in lost_line:
        text(d, (x, y), line, size=TS)
        y += 26
    for line in goal:
        text(d, (x, y), line, size=TS, fill=MUTED)
        y += 26
    y = top_h
    for names, lines in wrapped:
        box = (36, y, WIDTH - 36, y + 12 + 28 * len(names) + 26 * len(lines) + 8)
        rounded(d, box, fill=CARD_BG, radius=10, width=2)
        ty = y + 10
        for line in names:
            text(d, (56, ty), line, size=TS + 2, bold=True, within=box)
            ty += 28
        for line in lines:
            text(d, (56, ty), line, size=TS, within=box)
            ty += 26
        y = box[3] + 8
    alt = tr(T("{player}: {n} point; special cards: {cards}; lost bottles: {values}",
               plural="{player}: {n} points; special cards: {cards}; lost bottles: {values}",
               player=clip(seat_name(view, seat), 60), n=_int(total),
               cards=", ".join(name for name, _ in rows) or tr(T("none", context="special cards")),
               values=" ".join(map(str, lost)) or tr("none")))
    return finish(compact(img, _colours()), alt, "whisky_private.png")


def private_text(view: dict, tr) -> str:
    seat, p = own_seat(view)
    if p is None:
        return tr("You are not playing at this table.")
    lines = []          # the caller puts the game, table and seat in front
    char = tr(str(p.get("character_name") or p.get("character") or ""))
    ability = tr(str(p.get("ability"))) if p.get("ability") else ""
    lines.append(tr("Character: **{name}** — {ability}", name=char, ability=ability))
    if p.get("position_name"):
        lines.append(tr("You are at {place}.", place=tr(str(p["position_name"]))))
    total = view.get("points_total", p.get("points_visible", 0))
    lost = list(view.get("lost_values") or [])
    lines.append(tr("Points: **{points}** (others see {visible})", points=total,
                    visible=p.get("points_visible", 0)))
    if lost:
        lines.append(tr("Your lost distillery bottles: {values}",
                        values=", ".join(map(str, lost))))
    # "none" with a context each: Greek agrees it with the noun (cards and regions are feminine)
    regs = ", ".join(_region_name(view, tr, r) for r in p.get("regions") or []) \
        or tr(T("none", context="regions"))
    lines.append(tr("Regions: {list}", list=regs))
    lines.append(tr("Goal reached!") if view.get("goal_reached") else _goal_line(view, tr))
    lines.append(tr("Ingredients: {items}", items=_ingredients(tr, p.get("ingredients") or {})))
    hand = list(view.get("hand") or [])
    lines.append(tr("Special cards: {cards}",
                    cards=", ".join(_card_name(view, tr, c) for c in hand)
                    or tr(T("none", context="special cards"))))
    if view.get("return_ticket_flights"):
        lines.append(tr(T("Return ticket: {n} flight left", plural="Return ticket: {n} flights left",
                          n=_int(view["return_ticket_flights"]))))
    if seat in (view.get("to_act") or []):
        kind = (view.get("pending") or {}).get("kind") or ""
        lines.append("➡ " + tr("Your turn ({what}).", what=tr(PHASE_NAMES.get(kind, str(kind)))))
        moves = view.get("move_options") or []
        if moves:
            lines.append(tr("Where to? The letters are on the board:"))
            for o in moves[:10]:
                if not isinstance(o, dict):
                    continue
                place = tr(_field_name(view, o.get("to")))
                n = _int(o.get("ingredients"))
                letter = o.get("letter") or "?"
                if n:
                    lines.append("• " + tr(T("{letter} — {place}, +{n} ingredient",
                                             plural="{letter} — {place}, +{n} ingredients",
                                             letter=letter, place=place, n=n)))
                else:
                    lines.append("• " + tr("{letter} — {place}", letter=letter, place=place))
            if len(moves) > 10:
                lines.append(tr(T("… and {n} more", plural="… and {n} more", n=len(moves) - 10)))
    out = "\n".join(lines)
    return out if len(out) < 1500 else out[:1496] + "…"
