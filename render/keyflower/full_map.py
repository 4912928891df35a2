"""The full Keyflower map (render_full_board): every village as a hex map, the legend, then
the auction."""
from __future__ import annotations

from dataclasses import dataclass

from render.common import canvas, finish, PAPER
from render.shapes import compact
from render.keyflower.alt import board_alt
from render.keyflower.auction import _draw_auction, _middle
from render.keyflower.header import _draw_header, _header_height
from render.keyflower.layout import _colours, _order, _remembering, FULL, MAX_HEIGHT, Style
from render.keyflower.legend import _draw_legend
from render.keyflower.players import (_draw_player, _head_height, _key_height, _numbered,
                                      _panel_height, _village_units)


@dataclass
class Villages:
    """The full map's villages: rows of one or two panels, each row with its hex size."""
    rows: list[list[str]]
    widths: list[list[int]]     # each panel's width
    heights: list[int]          # a row's height
    sizes: list[float]          # a row's hex size

    @property
    def height(self) -> int:
        return sum(h + 16 for h in self.heights)


PAIR_MIN = 60           # two villages share a row when their hexes can be this large


MAP_MIN = 36            # smaller village hexes have no room for what lies on them


def _village_layout(view, tr, order, budget, st: Style) -> Villages:
    """The villages in rows, two side by side (each panel as wide as its village needs) when
    their hexes can be PAIR_MIN large, and a hex size per row: the largest, up to a cap (at
    most ``st.village_max``) lowered until the villages fit in ``budget`` pixels; when even
    MAP_MIN is too large, the villages' tiles listed by name instead of maps."""
    players = view.get("players") or {}
    inner = st.width - 2 * st.margin
    both = inner - 16
    units = {x: _village_units(view, x)[0] for x in order}
    heads: dict = {}

    def panel(x, w, s):
        if (x, w) not in heads:
            heads[x, w] = _head_height(view, tr, x, players.get(x) or {}, w, st)
        if not s:
            return _panel_height(view, tr, x, players.get(x) or {}, w, s, st)
        return (heads[x, w] + int(_village_units(view, x)[1] * s) + 16
                + _key_height(_numbered(view, tr, x, players.get(x) or {}, s), w - 32) + 8)

    def pair(a, b, cap):
        if not cap:
            return 0, [both // 2, both - both // 2]
        ua, ub = units[a], units[b]
        s = min(cap, (both - 24) / (ua + ub))
        wa = int(min(max(ua * s + 12 + (both - (ua + ub) * s - 24) / 2, 0.4 * both), 0.6 * both))
        wb = both - wa
        return int(min(s, (wa - 12) / ua, (wb - 12) / ub)), [wa, wb]

    lay = Villages([], [], [], [])
    for cap in [*range(int(st.village_max), MAP_MIN - 1, -2), 0]:
        lay = Villages([], [], [], [])
        i = 0
        while i < len(order):
            row = None
            if i + 1 < len(order):
                s, widths = pair(order[i], order[i + 1], cap)
                if s >= min(cap, PAIR_MIN) and (s >= MAP_MIN or not cap):
                    row = order[i:i + 2]
                    i += 2
            if row is None:
                row, widths = order[i:i + 1], [inner]
                s = int(min(cap, (inner - 12) / units[order[i]]))
                s = s if s >= MAP_MIN else 0
                i += 1
            lay.rows.append(row)
            lay.widths.append(widths)
            lay.sizes.append(s)
            lay.heights.append(max(panel(x, w, s) for x, w in zip(row, widths)))
        if lay.height <= budget:
            break
    return lay


GOOD_VILLAGE = 64       # the full map leaves out the auction rather than draw villages smaller


def render_full_board(view: dict, tr):
    """Every village as a hex map and a legend, then the auction, the turn-order tiles and
    the boats when they leave the villages large enough (the close-up shows them too)."""
    view = view or {}
    tr = _remembering(tr)
    st = FULL
    order = _order(view)
    players = view.get("players") or {}
    farmers = bool((view.get("options") or {}).get("farmers", True))
    inner = st.width - 2 * st.margin
    head = _header_height(view, tr, st)
    legend_h = _draw_legend(None, tr, st.margin, 0, inner, farmers, measure=True)
    auction_h = _draw_auction(None, view, tr, st.margin, 0, inner, farmers, st, measure=True)
    middle_h = _middle(None, view, tr, 0, farmers, st, measure=True)
    extra = (auction_h + 14 if auction_h else 0) + middle_h + 10
    top = head + legend_h + 24
    lay = _village_layout(view, tr, order, MAX_HEIGHT - top - extra, st)
    more = top + lay.height + extra <= MAX_HEIGHT and min(lay.sizes, default=99) >= GOOD_VILLAGE
    if not more:
        lay = _village_layout(view, tr, order, MAX_HEIGHT - top, st)
    if order and not any(lay.sizes):        # no maps, no legend of their symbols
        top, legend_h = head + 10, 0
    img, d = canvas(st.width, top + lay.height + (extra if more else 0), PAPER)
    y = _draw_header(d, view, tr, st)
    for row, widths, h, s in zip(lay.rows, lay.widths, lay.heights, lay.sizes):
        x = st.margin
        for seat, w in zip(row, widths):
            _draw_player(d, view, tr, seat, players.get(seat) or {}, (x, y, x + w, y + h), s,
                         farmers, st)
            x += w + 16
        y += h + 16
    if legend_h:
        _draw_legend(d, tr, st.margin, y, inner, farmers)
        y += legend_h + 14
    if more:
        if auction_h:
            _draw_auction(d, view, tr, st.margin, y, inner, farmers, st)
            y += auction_h + 14
        _middle(d, view, tr, y, farmers, st)
    return finish(compact(img, _colours()), board_alt(view, tr), "keyflower_map.png")
