"""Keyflower (with The Farmers) board and private images, drawn only from ``ENGINE.view``.

Every image is 1000 px wide (``WIDTH``) and no text in it is smaller than ``SMALL``
(render.common.readable_size: 18 px, 11 px where Discord shows the image 616 px wide). What
does not fit is laid out again, never shrunk: texts wrap, a tile's name takes a third line
or breaks at a hyphenation point of its language, and a name that still does not fit whole
on its hex (or leaves no room for what lies on the tile) gets a numbered badge and is written
in full under its village.

``render_board(view, tr)``: the image posted after each move: the season and whose turn it
is (the players' badges and names); the tiles on auction and the turn-order tiles as cards
(hexes with their roads and water, the name whole on a plate that roads do not cross, what
the visible side does, the colour lock, each bid as badge + name + worker figure and count,
the leader starred, workers placed there by uses); the boats (public workers and skill
tiles, owner); the village of the player to act drawn large (tiles by name and season
colour, the upgraded side with a gold inner border and a star, roads and water on the edges,
The Farmers' field borders, animals where they stand, resources lying on tiles, workers
standing on tiles this season, summer boat faces, the Sheep shelter); a line of public
counts for every other player (tiles, VP printed on the tiles, winter tiles in hand,
animals). When a huge auction leaves no room, the village goes (every player gets a line),
then those lines, then the boats. At the end it is the full board.

``render_full_board(view, tr)``: every village as a hex map (the Full map button), two side
by side when their hexes stay large, and a legend; then the same auction and boats when
they leave the villages large enough; at the end with the scores and the screens the view
reveals.

``render_hand(view, tr)``: the seat's screen (workers by colour, skill tiles, wheat) and its
winter tiles in hand; None for a spectator view.
``private_text(view, tr)``: the same as a short Discord-markdown text.

Every counted noun is one counted message (engines.keyflower.texts); players are named by
their display names (``view["names"]``, render.common.seat_name) beside their badges.

The package, by board area: ``layout`` (sizes, colours, styles, word helpers), ``icons``
(workers, resources, animals, skills), ``tiles`` (a tile as a hex, its name plate and what
lies on it), ``header`` (season, turn, player tags), ``auction`` (the tiles on auction and the
turn-order tiles as cards, the boats), ``players`` (villages and panels), ``legend``,
``board`` (``render_board``), ``full_map`` (``render_full_board``), ``alt`` (``board_alt``)
and ``hand`` (``render_hand``, ``private_text``)."""
from __future__ import annotations

from render.common import as_one_module, PAPER, text_width
from render.shapes import SQRT3
from render.keyflower.auction import _card_layout
from render.keyflower.board import _close_layout, _focus, render_board
from render.keyflower.full_map import render_full_board
from render.keyflower.hand import HAND_HEX, private_text, render_hand
from render.keyflower.layout import _tile_name, CLOSE, FULL, ROAD, SMALL, VILLAGE_MIN
from render.keyflower.tiles import _draw_hex_tile, _village_name_size, name_lines, PLATE_PAD

# what render dispatches to, and what the tests read
__all__ = ["render_board", "render_full_board", "render_hand", "private_text",
           "CLOSE", "FULL", "HAND_HEX", "PAPER", "PLATE_PAD", "ROAD", "SMALL", "SQRT3",
           "VILLAGE_MIN",
           "_card_layout", "_close_layout", "_draw_hex_tile", "_focus", "_tile_name",
           "_village_name_size", "name_lines", "text_width"]


as_one_module(__name__)
