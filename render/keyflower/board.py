"""The posted Keyflower board: the close-up of the player to act (render_board)."""
from __future__ import annotations

from dataclasses import dataclass

from render.common import canvas, finish, PAPER
from render.shapes import compact
from render.keyflower.alt import board_alt
from render.keyflower.auction import _draw_auction, _middle
from render.keyflower.full_map import render_full_board
from render.keyflower.header import _draw_header, _header_height
from render.keyflower.layout import (_colours, _order, _remembering, CLOSE, MAX_HEIGHT, Style,
                                     VILLAGE_MIN)
from render.keyflower.players import _draw_others, _draw_player, _panel_height, _village_units


def _focus(view) -> str | None:
    """The player whose village the close-up draws large: the one to play."""
    order = _order(view)
    cur = view.get("current")
    if cur in order:
        return cur
    for s in view.get("to_act") or []:
        if s in order:
            return s
    return view.get("start_player") if view.get("start_player") in order else \
        (order[0] if order else None)


@dataclass
class Close:
    """The close-up's plan: its parts' heights, the village drawn large (``focus``, with hex
    size ``s``) and the players summed up in rows (``others``)."""
    head: int
    auction: int
    middle: int             # 0: the turn-order tiles and the boats are left out
    focus: str | None
    s: float
    panel: int
    others: list[str]
    others_h: int

    @property
    def height(self) -> int:
        return (self.head + self.auction + 14 + (self.middle + 16 if self.middle else 0)
                + (self.panel + 12 if self.focus is not None else 0) + self.others_h + 10)


def _close_layout(view, tr, st: Style, farmers) -> Close:
    """The close-up's parts and the village hex size: the village of the player to act as
    large as the width allows, smaller (down to VILLAGE_MIN) when the image would be taller
    than MAX_HEIGHT; else without that village (every player in a row), then without the rows,
    then without the turn-order tiles and boats. Text never gets smaller."""
    inner = st.width - 2 * st.margin
    players = view.get("players") or {}
    order = _order(view)
    focus = _focus(view)
    head = _header_height(view, tr, st)
    auction_h = _draw_auction(None, view, tr, st.margin, 0, inner, farmers, st, measure=True)
    middle_h = _middle(None, view, tr, 0, farmers, st, measure=True)

    def rows(seats):
        return _draw_others(None, view, tr, seats, st.margin, 0, inner, st, measure=True) \
            if seats else 0

    if focus is not None:
        p = players.get(focus) or {}
        others = [x for x in order if x != focus]
        plan = Close(head, auction_h, middle_h, focus, 0, 0, others, rows(others))
        uw = _village_units(view, focus)[0]
        s = min(st.village_max, (inner - 12) / uw)
        while s >= VILLAGE_MIN:
            plan.s, plan.panel = s, _panel_height(view, tr, focus, p, inner, s, st)
            if plan.height <= MAX_HEIGHT:
                return plan
            s -= 2
    plan = Close(head, auction_h, middle_h, None, 0, 0, order, rows(order))
    for drop in ("others", "middle"):
        if plan.height <= MAX_HEIGHT:
            break
        if drop == "others":
            plan.others, plan.others_h = [], 0
        else:
            plan.middle = 0
    return plan


def _as_board(r):
    r.filename = "keyflower.png"
    return r


def render_board(view: dict, tr):
    """The close-up posted after each move (see the module's docstring); the full board
    at the end."""
    view = view or {}
    tr = _remembering(tr)
    if view.get("finished") or view.get("phase") == "over":
        return _as_board(render_full_board(view, tr))
    farmers = bool((view.get("options") or {}).get("farmers", True))
    st = CLOSE
    plan = _close_layout(view, tr, st, farmers)
    inner = st.width - 2 * st.margin
    img, d = canvas(st.width, plan.height, PAPER)
    y = _draw_header(d, view, tr, st)
    _draw_auction(d, view, tr, st.margin, y, inner, farmers, st)
    y += plan.auction + 14
    if plan.middle:
        _middle(d, view, tr, y, farmers, st)
        y += plan.middle + 16
    if plan.focus is not None:
        box = (st.margin, y, st.width - st.margin, y + plan.panel)
        _draw_player(d, view, tr, plan.focus, (view.get("players") or {}).get(plan.focus) or {},
                     box, plan.s, farmers, st)
        y = box[3] + 12
    _draw_others(d, view, tr, plan.others, st.margin, y, inner, st)
    return finish(compact(img, _colours()), board_alt(view, tr), "keyflower.png")
