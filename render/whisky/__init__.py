"""The Whisky Game board and private images, drawn only from ``ENGINE.view``.

Readable where Discord shows them: every image is ``WIDTH`` (1000) px wide and its smallest
text is ``TS`` (18) px, which the desktop client's 616 px wide preview shows at 11 px. No text
covers another text or a symbol of the map (every symbol is marked for the recorder of
``render.common``), and a game's text is never cut inside a word: it wraps, or is shortened
at a word boundary; only players' names may be cut anywhere.

``render_board(view, tr)`` — the posted board, about 1000 x 900 px: above, the round, the
goal and whose turn it is; on the left a close-up of the map around the player to act
(every destination of the move menu inside it, marked with the menu's letter; the
distilleries' map numbers in their discs; pawns as seat badges, the acting one named; as
many place names as fit beside their fields without covering anything); beside it the
question being asked (or the last one), the move menu's destinations and the close-up's
distilleries with their numbers and bottles left; below, one card per player (name with the
seat's badge, points, character, special cards, position and effects, regions with bottles,
face-down lost bottles, ingredients).

``render_full_board(view, tr)`` — the whole map at one pixel per board unit (1000 px wide,
about 2600 px tall): fields coloured by region, land edges, dashed sea routes, airports,
numbered distilleries, pawns; the round and whose turn in the empty north-west sea, the
legends of regions and of field shapes in the empty west, the numbered distilleries with the
bottles still there in the empty south-east; below the map a table with a column per player
(points, character, position and effects, the bottles of each region, ingredients, special
cards) and a line per player for lost-distillery and bonus bottles. The bot shows it behind a
"Full map" button.

Neither ever draws hidden data: face-down lost-distillery bottles are a count, the open
question's answer is not in the view. Players are named by ``view["names"]`` (the letter
when it is missing) next to their seat's badge.

The board geometry is static data that the view names by reference (``view["board"]["ref"]``,
e.g. "engines.whisky.data:BOARD"); names of regions, characters and cards come from the same
module when the view only carries ids.

``render_hand(view, tr)``: the seat's special cards, own lost-distillery values and true
total. ``private_text(view, tr)``: the same as short Discord markdown.

The package, by board area: ``layout`` (sizes, colours, names, counted texts, the view's
data), ``space`` (the projection, the close-up's window, free room for labels), ``map`` (what
lies on the map: fields, markers, letters, pawns), ``texts`` (status, question, the players'
lines), ``legend`` (the full map's legends, the close-up's move menu), ``players`` (the full
map's table, the close-up's cards), ``full_map`` (``render_full_board``), ``board``
(``render_board``), ``alt`` (``board_alt``) and ``hand`` (``render_hand``, ``private_text``)."""
from __future__ import annotations

from render.common import as_one_module, text
from render.whisky.alt import board_alt
from render.whisky.board import render_board
from render.whisky.full_map import _map_proj, render_full_board
from render.whisky.hand import private_text, render_hand
from render.whisky.layout import (_acting, CROP, HEAD_H, HILITE, MAP_BOTTOM, MARGIN, MAX_ZOOM, PAD,
                                  PANEL_W, TS, WIDTH)
from render.whisky.map import _marker_radius
from render.whisky.space import crop_window
from render.whisky.texts import _question_lines

# what render dispatches to, and what the tests read
__all__ = ["render_board", "render_full_board", "render_hand", "private_text", "board_alt",
           "CROP", "HEAD_H", "HILITE", "MAP_BOTTOM", "MARGIN", "MAX_ZOOM", "PAD", "PANEL_W", "TS",
           "WIDTH", "_acting", "_map_proj", "_marker_radius", "_question_lines", "crop_window",
           "text"]

as_one_module(__name__)
