"""Every Glen More fact the engine uses, once: tiles, cards, market, scoring tables.

Source: docs/rules/glen_more.md (appendices A-C, sections 7, 8, 11, 12, 13, 15).
Values that the rules file marks as uncertain keep its best value here, with a note:

* T55 (large fair) has **no road** (tile photo; rules file Q1). Flip ``edges`` to "road" if a
  printed copy shows one.
* Fair values for 1 and 2 resources (1 and 3 VP) come from the tile photos only (S7).
* The difference-to-VP table 0/1/2/3/5/8 is read off the printed board (S10).
* Hats on cards: Mey, Stalker, Moil, Donan, Armadale 1 each, Cawdor 3 (S9).
* Taverns cost 1 whisky barrel (S3); river/road flags as photographed (S4, S8).

Tile ids T01-T67 are the rules file's own numbering; "START" is the start village.
Names are English message ids (translated by the platform).
"""
from __future__ import annotations

# Resources in the printed order of the warehouse rows.
RESOURCES = ("wood", "stone", "sheep", "cattle", "grain")

# --- tiles ------------------------------------------------------------------------------
# edges: "river" = river on the N and S edges, "road" = road on the W and E edges,
# "none" = plain on all four, "both" = the start village (river N-S and road W-E).
TILES_LIST = [
    {"id": "T01", "stack": 0, "name": "Quarry", "type": "quarry", "colour": "yellow", "cost": {}, "edges": "road"},
    {"id": "T02", "stack": 0, "name": "Forest", "type": "forest", "colour": "yellow", "cost": {}, "edges": "river"},
    {"id": "T03", "stack": 0, "name": "Meadow", "type": "meadow", "colour": "green", "cost": {}, "edges": "river"},
    {"id": "T04", "stack": 0, "name": "Village", "type": "village", "colour": "grey", "cost": {}, "edges": "road"},
    {"id": "T05", "stack": 0, "name": "Grain field", "type": "grain_field", "colour": "green", "cost": {}, "edges": "road"},
    {"id": "T06", "stack": 0, "name": "Pasture", "type": "pasture", "colour": "green", "cost": {}, "edges": "river"},
    {"id": "T07", "stack": 0, "name": "Quarry", "type": "quarry", "colour": "yellow", "cost": {}, "edges": "river"},
    {"id": "T08", "stack": 0, "name": "Forest", "type": "forest", "colour": "yellow", "cost": {}, "edges": "road"},
    {"id": "T09", "stack": 1, "name": "Loch Lochy", "type": "loch", "colour": "blue", "cost": {}, "edges": "river", "card": "Loch Lochy"},
    {"id": "T10", "stack": 1, "name": "Butcher (sheep)", "type": "butcher_sheep", "colour": "brown", "cost": {}, "edges": "none"},
    {"id": "T11", "stack": 1, "name": "Distillery", "type": "distillery", "colour": "yellow", "cost": {"stone": 1}, "edges": "none"},
    {"id": "T12", "stack": 1, "name": "Meadow", "type": "meadow", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T13", "stack": 1, "name": "Fair (small, 3)", "type": "fair", "colour": "brown", "cost": {"wood": 1}, "edges": "none", "max_types": 3},
    {"id": "T14", "stack": 1, "name": "Village", "type": "village", "colour": "grey", "cost": {"stone": 1}, "edges": "river"},
    {"id": "T15", "stack": 1, "name": "Distillery", "type": "distillery", "colour": "yellow", "cost": {"stone": 1}, "edges": "road"},
    {"id": "T16", "stack": 1, "name": "Village", "type": "village", "colour": "grey", "cost": {"stone": 1}, "edges": "none"},
    {"id": "T17", "stack": 1, "name": "Fair (small, 3)", "type": "fair", "colour": "brown", "cost": {"wood": 1}, "edges": "road", "max_types": 3},
    {"id": "T18", "stack": 1, "name": "Grain field", "type": "grain_field", "colour": "green", "cost": {}, "edges": "road"},
    {"id": "T19", "stack": 1, "name": "Village", "type": "village", "colour": "grey", "cost": {"stone": 1}, "edges": "road"},
    {"id": "T20", "stack": 1, "name": "Village", "type": "village", "colour": "grey", "cost": {"wood": 1}, "edges": "river"},
    {"id": "T21", "stack": 1, "name": "Pasture", "type": "pasture", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T22", "stack": 1, "name": "Grain field", "type": "grain_field", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T23", "stack": 1, "name": "Quarry", "type": "quarry", "colour": "yellow", "cost": {}, "edges": "none"},
    {"id": "T24", "stack": 1, "name": "Forest", "type": "forest", "colour": "yellow", "cost": {}, "edges": "none"},
    {"id": "T25", "stack": 1, "name": "Quarry", "type": "quarry", "colour": "yellow", "cost": {}, "edges": "none"},
    {"id": "T26", "stack": 1, "name": "Castle Moil", "type": "castle", "colour": "grey", "cost": {"wood": 1, "stone": 1, "grain": 1}, "edges": "none", "card": "Castle Moil"},
    {"id": "T27", "stack": 1, "name": "Castle Stalker", "type": "castle", "colour": "grey", "cost": {"wood": 1, "stone": 1}, "edges": "river", "card": "Castle Stalker"},
    {"id": "T28", "stack": 1, "name": "Forest", "type": "forest", "colour": "yellow", "cost": {}, "edges": "none"},
    {"id": "T29", "stack": 1, "name": "Village", "type": "village", "colour": "grey", "cost": {"wood": 1}, "edges": "none"},
    {"id": "T30", "stack": 1, "name": "Armadale Castle", "type": "castle", "colour": "grey", "cost": {"wood": 1, "stone": 1}, "edges": "none", "card": "Armadale Castle"},
    {"id": "T31", "stack": 1, "name": "Butcher (cattle)", "type": "butcher_cattle", "colour": "brown", "cost": {}, "edges": "none"},
    {"id": "T32", "stack": 2, "name": "Quarry", "type": "quarry", "colour": "yellow", "cost": {}, "edges": "none"},
    {"id": "T33", "stack": 2, "name": "Tavern (3)", "type": "tavern", "colour": "brown", "cost": {"whisky": 1}, "edges": "none", "vp": 3},
    {"id": "T34", "stack": 2, "name": "Butcher (sheep+cattle)", "type": "butcher_mixed", "colour": "brown", "cost": {"wood": 1}, "edges": "none"},
    {"id": "T35", "stack": 2, "name": "Loch Morar", "type": "loch", "colour": "blue", "cost": {}, "edges": "river", "card": "Loch Morar"},
    {"id": "T36", "stack": 2, "name": "Distillery", "type": "distillery", "colour": "yellow", "cost": {"stone": 1}, "edges": "none"},
    {"id": "T37", "stack": 2, "name": "Loch Ness", "type": "loch", "colour": "blue", "cost": {"clansman_or_chieftain": 1}, "edges": "river", "card": "Loch Ness"},
    {"id": "T38", "stack": 2, "name": "Castle of Mey", "type": "castle", "colour": "grey", "cost": {"wood": 1, "stone": 1, "cattle": 1}, "edges": "none", "card": "Castle of Mey"},
    {"id": "T39", "stack": 2, "name": "Pasture", "type": "pasture", "colour": "green", "cost": {}, "edges": "road"},
    {"id": "T40", "stack": 2, "name": "Forest", "type": "forest", "colour": "yellow", "cost": {}, "edges": "road"},
    {"id": "T41", "stack": 2, "name": "Village", "type": "village", "colour": "grey", "cost": {"wood": 1}, "edges": "road"},
    {"id": "T42", "stack": 2, "name": "Tavern (3)", "type": "tavern", "colour": "brown", "cost": {"whisky": 1}, "edges": "none", "vp": 3},
    {"id": "T43", "stack": 2, "name": "Duart Castle", "type": "castle", "colour": "grey", "cost": {"wood": 1, "stone": 1, "sheep": 1}, "edges": "none", "card": "Duart Castle"},
    {"id": "T44", "stack": 2, "name": "Village", "type": "village", "colour": "grey", "cost": {"stone": 1}, "edges": "river"},
    {"id": "T45", "stack": 2, "name": "Village", "type": "village", "colour": "grey", "cost": {"wood": 1}, "edges": "none"},
    {"id": "T46", "stack": 2, "name": "Grain field", "type": "grain_field", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T47", "stack": 2, "name": "Grain field", "type": "grain_field", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T48", "stack": 2, "name": "Iona Abbey", "type": "iona_abbey", "colour": "yellow", "cost": {"wood": 1, "stone": 1, "sheep": 1}, "edges": "road", "card": "Iona Abbey"},
    {"id": "T49", "stack": 2, "name": "Fair (medium, 4)", "type": "fair", "colour": "brown", "cost": {"wood": 1}, "edges": "road", "max_types": 4},
    {"id": "T50", "stack": 2, "name": "Meadow", "type": "meadow", "colour": "green", "cost": {}, "edges": "river"},
    {"id": "T51", "stack": 3, "name": "Cawdor Castle", "type": "castle", "colour": "grey", "cost": {"wood": 1, "stone": 1, "cattle": 1}, "edges": "none", "card": "Cawdor Castle"},
    {"id": "T52", "stack": 3, "name": "Loch Shiel", "type": "loch", "colour": "blue", "cost": {}, "edges": "river", "card": "Loch Shiel"},
    {"id": "T53", "stack": 3, "name": "Forest", "type": "forest", "colour": "yellow", "cost": {}, "edges": "none"},
    {"id": "T54", "stack": 3, "name": "Grain field", "type": "grain_field", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T55", "stack": 3, "name": "Fair (large, 5)", "type": "fair", "colour": "brown", "cost": {"wood": 1}, "edges": "none", "max_types": 5},
    {"id": "T56", "stack": 3, "name": "Grocer", "type": "grocer", "colour": "brown", "cost": {"stone": 1}, "edges": "none"},
    {"id": "T57", "stack": 3, "name": "Meadow", "type": "meadow", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T58", "stack": 3, "name": "Village", "type": "village", "colour": "grey", "cost": {"wood": 1}, "edges": "river"},
    {"id": "T59", "stack": 3, "name": "Distillery", "type": "distillery", "colour": "yellow", "cost": {"stone": 1}, "edges": "road"},
    {"id": "T60", "stack": 3, "name": "Loch Oich", "type": "loch", "colour": "blue", "cost": {"distinct_resources": 2}, "edges": "river", "card": "Loch Oich"},
    {"id": "T61", "stack": 3, "name": "Village", "type": "village", "colour": "grey", "cost": {"stone": 1}, "edges": "road"},
    {"id": "T62", "stack": 3, "name": "Village", "type": "village", "colour": "grey", "cost": {"stone": 1}, "edges": "none"},
    {"id": "T63", "stack": 3, "name": "Tavern (4)", "type": "tavern", "colour": "brown", "cost": {"whisky": 1}, "edges": "none", "vp": 4},
    {"id": "T64", "stack": 3, "name": "Donan Castle", "type": "castle", "colour": "grey", "cost": {"wood": 1, "stone": 1, "grain": 1}, "edges": "road", "card": "Donan Castle"},
    {"id": "T65", "stack": 3, "name": "Pasture", "type": "pasture", "colour": "green", "cost": {}, "edges": "none"},
    {"id": "T66", "stack": 3, "name": "Bridge", "type": "bridge", "colour": "brown", "cost": {}, "edges": "river"},
    {"id": "T67", "stack": 3, "name": "Quarry", "type": "quarry", "colour": "yellow", "cost": {}, "edges": "road"},
]

START_VILLAGE = {"id": "START", "stack": None, "name": "Start village", "type": "start_village",
                 "colour": "grey", "cost": {}, "edges": "both"}

TILES = {t["id"]: t for t in TILES_LIST}
TILES["START"] = START_VILLAGE

STACK_SIZES = {0: 8, 1: 23, 2: 19, 3: 17}

# Edge type per side for each edges value: N, E, S, W.
EDGES = {
    "river": {"N": "river", "S": "river", "E": "plain", "W": "plain"},
    "road": {"N": "plain", "S": "plain", "E": "road", "W": "road"},
    "none": {"N": "plain", "S": "plain", "E": "plain", "W": "plain"},
    "both": {"N": "river", "S": "river", "E": "road", "W": "road"},
}

# --- tile effects -----------------------------------------------------------------------
# Production tiles: resource produced onto the tile when activated.
PRODUCTION = {"quarry": "stone", "forest": "wood", "meadow": "sheep", "pasture": "cattle",
              "grain_field": "grain"}
GREY_TYPES = ("village", "castle", "start_village")     # +1 movement point when activated
VILLAGE_TYPES = ("village", "start_village")             # counted by Duart Castle
GREEN_COLOUR = "green"                                   # counted by Loch Morar
YELLOW_COLOUR = "yellow"                                 # counted by Iona Abbey

# Paid activations with fixed options: list of (payment, VP, whisky).
FIXED_ACTIVATIONS = {
    "butcher_sheep": [({"sheep": 1}, 2, 0), ({"sheep": 2}, 4, 0)],
    "butcher_cattle": [({"cattle": 1}, 2, 0), ({"cattle": 2}, 4, 0)],
    "butcher_mixed": [({"sheep": 1, "cattle": 1}, 5, 0)],
    "bridge": [({"stone": 1, "wood": 1}, 7, 0)],
    "distillery": [({"grain": 1}, 0, 1)],
}
# Fair: VP by number of different resources paid (index k-1), per max_types.
FAIR_VP = {3: [1, 3, 5], 4: [1, 3, 5, 8], 5: [1, 3, 5, 8, 12]}
GROCER_RESOURCES = 3
GROCER_VP = 8
# Tavern VP is in the tile row ("vp").
TILE_CUBE_CAP = 3

# One-time bonuses on placement.
BONUS_CLANSMEN = {"village": 1, "castle": 1}
BONUS_WHISKY = {"distillery": 1}

# Score categories for a tile's activation VP (Outcome breakdown).
ACTIVATION_CATEGORY = {
    "fair": "Fairs", "butcher_sheep": "Butchers", "butcher_cattle": "Butchers",
    "butcher_mixed": "Butchers", "grocer": "Grocer", "bridge": "Bridge", "tavern": "Taverns",
}

# --- special-location cards ----------------------------------------------------------------
# timing: immediate / game_end / each_own_turn / each_scoring.  Effects keyed by "effect".
CARDS = {
    "Loch Lochy": {"tile": "T09", "timing": "immediate", "effect": "lochy", "resources": 2, "hats": 0},
    "Loch Morar": {"tile": "T35", "timing": "game_end", "effect": "per_green", "vp": 2, "hats": 0},
    "Loch Ness": {"tile": "T37", "timing": "each_own_turn", "effect": "ness", "hats": 0},
    "Loch Shiel": {"tile": "T52", "timing": "immediate", "effect": "shiel", "hats": 0},
    "Loch Oich": {"tile": "T60", "timing": "immediate", "effect": "oich", "hats": 0},
    "Iona Abbey": {"tile": "T48", "timing": "game_end", "effect": "per_yellow", "vp": 2, "hats": 0},
    "Castle Stalker": {"tile": "T27", "timing": "immediate", "effect": "clansman", "clansmen": 1, "hats": 1},
    "Castle Moil": {"tile": "T26", "timing": "immediate", "effect": "whisky", "whisky": 1, "hats": 1},
    "Armadale Castle": {"tile": "T30", "timing": "immediate", "effect": "coins", "coins": 3, "hats": 1},
    "Donan Castle": {"tile": "T64", "timing": "immediate", "effect": "whisky", "whisky": 2, "hats": 1},
    "Duart Castle": {"tile": "T43", "timing": "game_end", "effect": "per_village", "vp": 3, "hats": 0},
    "Castle of Mey": {"tile": "T38", "timing": "each_scoring", "effect": "double_chieftains", "hats": 1},
    "Cawdor Castle": {"tile": "T51", "timing": "each_scoring", "effect": "hats", "hats": 3},
}
CARD_ORDER = list(CARDS)

# --- board ------------------------------------------------------------------------------
RONDEL_SPACES = 14
START_COINS = 6
START_CLANSMEN = 1
WAREHOUSE_VALUES = (1, 2, 3)                 # values of the three spaces of a row
WAREHOUSE_START_FILLED = {2: 1, 3: 1, 4: 0, 5: 0}   # filled spaces per row by player count
DIE_FACES = (1, 1, 1, 2, 2, 3)
DIE_PLAYER_COUNTS = (2, 3)
DIFFERENCE_VP = (0, 1, 2, 3, 5, 8)          # index = difference, last value for 5 or more
TILE_PENALTY = 3                            # VP lost per tile above the smallest display
VP_PER_COIN = 1


def difference_vp(d: int) -> int:
    return DIFFERENCE_VP[min(d, len(DIFFERENCE_VP) - 1)]
