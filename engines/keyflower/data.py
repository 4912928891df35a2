"""Every Keyflower (+ The Farmers) fact the engine uses, in one place.

Source: docs/rules/keyflower.md (sections 2, 11, 12, 15). Values marked [L] there are best
guesses; correct them here (one line each), never in engine code.

Tile effect vocabulary (one dict per side, "front" / "back"):
  vp            fixed points printed on that side
  gain          {wood, stone, iron, gold, skill, worker, green, wheat, sheep, pig, cow: n}
  choose        list of gain dicts: the user takes exactly one of them (Workshop, Farm yard front)
  pay           {"skill": 1} any skill, {"saw"/"pick"/"anvil": 1}, {"worker": 1} any colour,
                {"worker_blue"/"worker_red"/"worker_yellow": 1}: paid before the gain
  transport     [move points, upgrades]
  swap          n: return one own skill, draw n skills (Hiring fair)
  score_on_tile {"accepts": [...], "vp": n}: end scoring of resources lying on the tile
  shelter_vp    points per sheep on the Sheep shelter
Upgrade cost keys: wood, stone, iron, gold, saw, pick, anvil, any_res (any mix), any_skill.
Edges: six characters in clockwise order, R road, P plain, W water (both sides share them).
"""
from __future__ import annotations

RESOURCES = ("wood", "stone", "iron", "gold")
SKILLS = ("saw", "pick", "anvil")
COLOURS = ("blue", "red", "yellow", "green")
ANIMALS = ("sheep", "pig", "cow")
SEASONS = ("spring", "summer", "autumn", "winter")

# Which season an animal first comes from is a property of the tiles that produce it.
FIELD_VP = {"sheep": 1, "pig": 2, "cow": 3}

# Limited supplies (section 1).
SUPPLY = {"wood": 24, "stone": 24, "iron": 24, "gold": 48, "wheat": 30,
          "sheep": 32, "pig": 24, "cow": 12}
SKILL_COUNT = {"saw": 16, "pick": 16, "anvil": 16}
BAG_WORKERS = {"blue": 40, "red": 40, "yellow": 40}
GREEN_WORKERS = 20
START_WORKERS = 8

# Section 2.2: per player count.
SETUP = {
    2: {"season_tiles": 6, "winter_base": 3, "winter_farmers": 4, "turn_order": 1},
    3: {"season_tiles": 7, "winter_base": 3, "winter_farmers": 4, "turn_order": 2},
    4: {"season_tiles": 8, "winter_base": 3, "winter_farmers": 4, "turn_order": 3},
    5: {"season_tiles": 9, "winter_base": 2, "winter_farmers": 3, "turn_order": 4},
    6: {"season_tiles": 10, "winter_base": 2, "winter_farmers": 3, "turn_order": 4},
}

# Rule defaults of section 15 that the texts leave open (one line each).
RULES = {
    "sea_bastion_max_steps": 200000,   # search budget for the closed road route
    "bid_count_options": 24,           # how many bid sizes one select offers (UI limit)
}

_H = "home"


def _home(num, cost):
    return {"name": "Home {n}", "set": "base", "season": _H, "num": num, "edges": "WRRRRR",
            "front": {"vp": 0, "transport": [1, 1]}, "cost": cost,
            "back": {"vp": 5, "transport": [2, 1]}}


def _t(name, st, season, edges, front, cost=None, back=None, **extra):
    d = {"name": name, "set": st, "season": season, "edges": edges, "front": front,
         "cost": cost, "back": back}
    d.update(extra)
    return d


B, F = "base", "farmers"
TILES = {
    "home1": _home(1, {"wood": 1, "stone": 1}),
    "home2": _home(2, {"stone": 1, "iron": 1}),
    "home3": _home(3, {"wood": 1, "iron": 1}),
    "home4": _home(4, {"wood": 1, "stone": 1}),
    "home5": _home(5, {"stone": 1, "iron": 1}),
    "home6": _home(6, {"wood": 1, "iron": 1}),
    # ---- spring (base) ----
    "alehouse": _t("Alehouse", B, "spring", "RRRRPP", {"vp": 0, "gain": {"worker": 1}},
                   {"wood": 1, "stone": 1, "iron": 1}, {"vp": 0, "gain": {"worker": 2}}),
    "apprentice_hall": _t("Apprentice hall", B, "spring", "RRPRRP", {"vp": 0, "gain": {"skill": 1}},
                          {"wood": 1, "stone": 1}, {"vp": 3, "gain": {"skill": 2}}),
    "gold_mine": _t("Gold mine", B, "spring", "RPRRPR", {"vp": 0, "gain": {"gold": 1}},
                    {"iron": 1, "stone": 1}, {"vp": 3, "gain": {"gold": 2}}),
    "key_mine": _t("Key mine", B, "spring", "RPPRRR", {"vp": 0, "gain": {"iron": 1}},
                   {"anvil": 1}, {"vp": 3, "gain": {"iron": 3}}),
    "keystone_quarry": _t("Keystone quarry", B, "spring", "RPRRRP", {"vp": 0, "gain": {"stone": 1}},
                          {"pick": 1}, {"vp": 3, "gain": {"stone": 3}}),
    "keywood": _t("Keywood", B, "spring", "RRPRRP", {"vp": 0, "gain": {"wood": 1}},
                  {"saw": 1}, {"vp": 3, "gain": {"wood": 3}}),
    "miner": _t("Miner", B, "spring", "RRPRPR", {"vp": 0, "gain": {"iron": 2}},
                {"anvil": 1}, {"vp": 3, "gain": {"iron": 1, "gold": 1}}),
    "peddler": _t("Peddler", B, "spring", "RPRRRP",
                  {"vp": 0, "pay": {"worker_yellow": 1}, "gain": {"green": 1}},
                  {"gold": 1}, {"vp": 0, "pay": {"worker_yellow": 1}, "gain": {"green": 2}}),
    "quarryman": _t("Quarryman", B, "spring", "RPRRPR", {"vp": 0, "gain": {"stone": 2}},
                    {"pick": 1}, {"vp": 3, "gain": {"stone": 1, "gold": 1}}),
    "stable": _t("Stable", B, "spring", "RRPRPR", {"vp": 0, "transport": [2, 1]},
                 {"wood": 1, "iron": 1}, {"vp": 5, "transport": [4, 2]}),
    "woodcutter": _t("Woodcutter", B, "spring", "RRRRPP", {"vp": 0, "gain": {"wood": 2}},
                     {"saw": 1}, {"vp": 3, "gain": {"wood": 1, "gold": 1}}),
    "workshop": _t("Workshop", B, "spring", "RPPRRR",
                   {"vp": 0, "choose": [{"wood": 1}, {"stone": 1}, {"iron": 1}]},
                   {"any_res": 2}, {"vp": 3, "gain": {"wood": 1, "stone": 1, "iron": 1}}),
    # ---- spring (Farmers) [L numbers, L edges] ----
    "farm_yard": _t("Farm yard", F, "spring", "RRPRRP",
                    {"vp": 0, "choose": [{"sheep": 1}, {"skill": 1}, {"wheat": 1}]},
                    {"wood": 1, "stone": 1}, {"vp": 3, "gain": {"sheep": 1, "skill": 1, "wheat": 1}}),
    "paddock": _t("Paddock", F, "spring", "RRPRRP",
                  {"vp": 0, "gain": {"wheat": 1}, "transport": [1, 1]},
                  {"wood": 1, "iron": 1}, {"vp": 4, "gain": {"wheat": 2}, "transport": [2, 1]}),
    "sheep_fold": _t("Sheep fold", F, "spring", "RRPRRP", {"vp": 0, "gain": {"sheep": 2}},
                     {"wood": 1, "stone": 1}, {"vp": 3, "gain": {"sheep": 3}}),
    "wheat_field": _t("Wheat field", F, "spring", "RRPRRP", {"vp": 0, "gain": {"wheat": 2}},
                      {"wood": 1, "stone": 1}, {"vp": 3, "gain": {"wheat": 3}}),
    # ---- summer (base) ----
    "brewer": _t("Brewer", B, "summer", "PRRPRP", {"vp": 0, "pay": {"skill": 1}, "gain": {"worker": 2}},
                 {"stone": 1, "iron": 1}, {"vp": 3, "pay": {"skill": 1}, "gain": {"worker": 3}}),
    "carpenter": _t("Carpenter", B, "summer", "PRPRRP", {"vp": 0, "pay": {"saw": 1}, "gain": {"wood": 3}},
                    {"wood": 3}, {"vp": 7, "pay": {"saw": 1}, "gain": {"gold": 3}}),
    "mason": _t("Mason", B, "summer", "PRRPPR", {"vp": 0, "pay": {"pick": 1}, "gain": {"stone": 3}},
                {"stone": 3}, {"vp": 7, "pay": {"pick": 1}, "gain": {"gold": 3}}),
    "smelter": _t("Smelter", B, "summer", "RRPRPP", {"vp": 0, "pay": {"anvil": 1}, "gain": {"iron": 3}},
                  {"iron": 3}, {"vp": 7, "pay": {"anvil": 1}, "gain": {"gold": 3}}),
    "store": _t("Store", B, "summer", "RPPRPR", {"vp": 0, "pay": {"worker_blue": 1}, "gain": {"green": 1}},
                {"gold": 1}, {"vp": 3, "pay": {"worker_blue": 1}, "gain": {"green": 2}}),
    "farrier": _t("Farrier", B, "summer", "RPRPPR", {"vp": 0, "transport": [3, 1]},
                  {"any_res": 2}, {"vp": 5, "transport": [5, 2]}),
    "hiring_fair": _t("Hiring fair", B, "summer", "PPRRPR", {"vp": 0, "swap": 2},
                      {"wood": 1, "iron": 1}, {"vp": 5, "swap": 3}),
    "tavern": _t("Tavern", B, "summer", "PRPPRR", {"vp": 0, "pay": {"worker": 1}, "gain": {"worker": 2}},
                 {"wood": 1, "stone": 1, "iron": 1}, {"vp": 0, "pay": {"worker": 1}, "gain": {"worker": 3}}),
    "boat1": _t("Boat 1", B, "summer", "WPPWPP", None, summer_boat=["1a", "1b"]),
    "boat2": _t("Boat 2", B, "summer", "WPPWPP", None, summer_boat=["2a", "2b"]),
    "boat3": _t("Boat 3", B, "summer", "WPPWPP", None, summer_boat=["3a", "3b"]),
    "boat4": _t("Boat 4", B, "summer", "WPPWPP", None, summer_boat=["4a", "4b"]),
    # ---- summer (Farmers) [L] ----
    "boat5": _t("Boat 5", F, "summer", "WPPWPP", None, summer_boat=["5a", "5b"]),
    "boat6": _t("Boat 6", F, "summer", "WPPWPP", None, summer_boat=["6a", "6b"]),
    "shepherds_hut": _t("Shepherd's hut", F, "summer", "RPRPRP", {"vp": 0, "gain": {"sheep": 1, "wheat": 1}},
                        {"wood": 1, "stone": 1}, {"vp": 3, "gain": {"sheep": 1, "wheat": 2}}),
    "pigsty": _t("Pigsty", F, "summer", "RPRPRP", {"vp": 0, "gain": {"pig": 2}},
                 {"wood": 1, "stone": 1}, {"vp": 3, "gain": {"pig": 3}}),
    # ---- autumn (base) ----
    "inn": _t("Inn", B, "autumn", "RPPPRP", {"vp": 0, "gain": {"worker": 1}},
              {"any_res": 1, "any_skill": 1}, {"vp": 0, "gain": {"worker": 3}}),
    "barn": _t("Barn", B, "autumn", "RRPPPP", {"vp": 0, "score_on_tile": {"accepts": list(RESOURCES), "vp": 1}},
               {"any_skill": 1}, {"vp": 0, "score_on_tile": {"accepts": list(RESOURCES), "vp": 2}}),
    "blacksmith": _t("Blacksmith", B, "autumn", "PPRRPP", {"vp": 0, "score_on_tile": {"accepts": ["iron", "gold"], "vp": 2}},
                     {"anvil": 1}, {"vp": 0, "score_on_tile": {"accepts": ["iron", "gold"], "vp": 3}}),
    "stone_yard": _t("Stone yard", B, "autumn", "PRPRPP", {"vp": 0, "score_on_tile": {"accepts": ["stone", "gold"], "vp": 2}},
                     {"pick": 1}, {"vp": 0, "score_on_tile": {"accepts": ["stone", "gold"], "vp": 3}}),
    "timber_yard": _t("Timber yard", B, "autumn", "PRPPPR", {"vp": 0, "score_on_tile": {"accepts": ["wood", "gold"], "vp": 2}},
                      {"saw": 1}, {"vp": 0, "score_on_tile": {"accepts": ["wood", "gold"], "vp": 3}}),
    "fair": _t("Fair", B, "autumn", "PPPPRR", {"vp": 0, "pay": {"worker_red": 1}, "gain": {"green": 1}},
               {"gold": 1}, {"vp": 5, "pay": {"worker_red": 1}, "gain": {"green": 2}}),
    "wainwright": _t("Wainwright", B, "autumn", "PPRPRP", {"vp": 0, "transport": [4, 2]},
                     {"any_res": 2}, {"vp": 5, "transport": [6, 2]}),
    "forge": _t("Forge", B, "autumn", "RPRPPP", {"vp": 3}, {"iron": 3}, {"vp": 10}),
    "goldsmith": _t("Goldsmith", B, "autumn", "PRPPRP", {"vp": 0}, {"gold": 2}, {"vp": 7}),
    "sawmill": _t("Sawmill", B, "autumn", "RPPRPP", {"vp": 3}, {"wood": 3}, {"vp": 10}),
    "sculptor": _t("Sculptor", B, "autumn", "PPRPPR", {"vp": 3}, {"stone": 3}, {"vp": 10}),
    "well": _t("Well", B, "autumn", "PPPRPR", {"vp": 3}, {"any_res": 3}, {"vp": 7}),
    # ---- autumn (Farmers) [L] ----
    "cow_shed": _t("Cow shed", F, "autumn", "RPPRPP", {"vp": 0, "gain": {"cow": 1}},
                   {"wood": 1, "stone": 1, "iron": 1}, {"vp": 3, "gain": {"cow": 2}}),
    "piggery": _t("Piggery", F, "autumn", "RPPRPP", {"vp": 0, "gain": {"pig": 1, "wheat": 1}},
                  {"wood": 1, "stone": 1}, {"vp": 3, "gain": {"pig": 1, "wheat": 2}}),
    "ranch": _t("Ranch", F, "autumn", "RPPRPP", {"vp": 0, "gain": {"cow": 1, "wheat": 1}},
                {"wood": 1, "iron": 1}, {"vp": 3, "gain": {"cow": 1, "wheat": 2}}),
    "sheep_shelter": _t("Sheep shelter", F, "autumn", "PPPPPP", {"vp": 0, "shelter_vp": 2},
                        {"wood": 1, "stone": 1}, {"vp": 0, "shelter_vp": 3}),
    # ---- winter (base); score kinds are interpreted by the final-scoring code ----
    "apothecary": _t("Apothecary", B, "winter", "RPPPPP", {"vp": 0}, winter="apothecary"),
    "craftsmans_guild": _t("Craftsman's guild", B, "winter", "RPPPPP", {"vp": 0}, winter="craftsmans_guild"),
    "jeweller": _t("Jeweller", B, "winter", "RPPPPP", {"vp": 0}, winter="jeweller"),
    "key_guild": _t("Key guild", B, "winter", "RPPPPP", {"vp": 0}, winter="key_guild"),
    "keythedral": _t("Keythedral", B, "winter", "RPPPPP", {"vp": 0}, winter="keythedral"),
    "key_market": _t("Key market", B, "winter", "RPPPPP", {"vp": 0}, winter="key_market"),
    "mercers_guild": _t("Mercer's guild", B, "winter", "RPPPPP", {"vp": 0}, winter="mercers_guild"),
    "scholar": _t("Scholar", B, "winter", "RPPPPP", {"vp": 0}, winter="scholar"),
    "scribes": _t("Scribes", B, "winter", "RPPPPP", {"vp": 0}, winter="scribes"),
    "village_hall": _t("Village hall", B, "winter", "RPPPPP", {"vp": 0}, winter="village_hall"),
    "watermill": _t("Watermill", B, "winter", "RPPPPP", {"vp": 0}, winter="watermill"),
    "windmill": _t("Windmill", B, "winter", "RPPPPP", {"vp": 0}, winter="windmill"),
    # ---- winter (Farmers) ----
    "bakery": _t("Bakery", F, "winter", "RPPPPP", {"vp": 0}, winter="bakery"),
    "dairy": _t("Dairy", F, "winter", "RPPPPP", {"vp": 0}, winter="dairy", field_vp={"cow": 7}),
    "granary": _t("Granary", F, "winter", "RPPPPP", {"vp": 0}, winter="granary"),
    "hillside": _t("Hillside", F, "winter", "RPPPPP", {"vp": 0}, winter="hillside"),
    "truffle_orchard": _t("Truffle orchard", F, "winter", "RPPPPP", {"vp": 0}, winter="truffle_orchard", field_vp={"pig": 5}),
    "weaver": _t("Weaver", F, "winter", "RPPPPP", {"vp": 0}, winter="weaver", field_vp={"sheep": 3}),
    # ---- base boats (section 12.2): face A up in face_a seasons, face B otherwise ----
    "keyflower_boat": _t("Keyflower", B, "boat", "WPPWPP", {"vp": 0}, min_players=2,
                         face_a=["spring", "summer"], boat_score="transport",
                         contents={"spring": [7, 1], "summer": [7, 1], "autumn": [3, 2]}),
    "sea_bastion": _t("Sea Bastion", B, "boat", "WPPWPP", {"vp": 0}, min_players=2,
                      face_a=["spring", "summer", "autumn"], boat_score="road_loop",
                      contents={"spring": [6, 2], "summer": [6, 2], "autumn": [6, 2]}),
    "sea_breese": _t("Sea Breese", B, "boat", "WPPWPP", {"vp": 0}, min_players=3,
                     face_a=["spring"], boat_score="river",
                     contents={"spring": [6, 1], "summer": [4, 1], "autumn": [4, 1]}),
    "flipper": _t("Flipper", B, "boat", "WPPWPP", {"vp": 2}, min_players=4,
                  face_a=["spring", "summer"], boat_score="flipper",
                  contents={"spring": [5, 2], "summer": [5, 2], "autumn": [2, 2]}),
    "ianvincible": _t("Ianvincible", B, "boat", "WPPWPP", {"vp": 5}, min_players=5,
                      face_a=["spring", "summer"], boat_score="fixed",
                      contents={"spring": [5, 1], "summer": [5, 1], "autumn": [3, 1]}),
    "white_wind": _t("White Wind", B, "boat", "WPPWPP", {"vp": 0}, min_players=6,
                     face_a=["spring", "summer"], boat_score="workers",
                     contents={"spring": [4, 2], "summer": [4, 2], "autumn": [4, 1]}),
    # ---- turn-order tiles: num, roads; Farmers ones carry a bonus [L] ----
    "to1": _t("Turn order 1", B, "turn_order", "PPPRPP", {"vp": 0}, num=1),
    "to2": _t("Turn order 2", B, "turn_order", "RPPRPP", {"vp": 0}, num=2),
    "to3": _t("Turn order 3", B, "turn_order", "PRPRPR", {"vp": 0}, num=3),
    "to4": _t("Turn order 4", B, "turn_order", "PRRPRR", {"vp": 0}, num=4),
    "fto1": _t("Farmers turn order 1", F, "turn_order", "PPPRPP", {"vp": 0}, num=1, bonus={"wheat": 1}),
    "fto2": _t("Farmers turn order 2", F, "turn_order", "RPPRPP", {"vp": 0}, num=2, bonus={"wood": 1, "wheat": 1}),
    "fto3": _t("Farmers turn order 3", F, "turn_order", "PRPRPR", {"vp": 0}, num=3, bonus={"stone": 1, "wheat": 1}),
}

BOAT_ORDER = ["keyflower_boat", "sea_bastion", "sea_breese", "flipper", "ianvincible", "white_wind"]
SEA_BREESE_VP = [0, 2, 4, 8, 16, 32]

# Summer-boat faces: what each face does (interpreted by the engine).
SUMMER_BOAT_FACES = {
    "1a": {"name": "Boat 1a", "help": "Draw 2 extra workers from the bag when you take boat contents or a boat.",
           "bonus": {"worker": 2}},
    "1b": {"name": "Boat 1b", "help": "Take 1 green worker when you take boat contents or a boat.",
           "bonus": {"green": 1}},
    "2a": {"name": "Boat 2a", "help": "Transport across plain edges; place tiles without matching edges."},
    "2b": {"name": "Boat 2b", "help": "Double transport and upgrades; double Keyflower boat score."},
    "3a": {"name": "Boat 3a", "help": "Any resource may replace any other when upgrading."},
    "3b": {"name": "Boat 3b", "help": "At final scoring any resource counts as any other."},
    "4a": {"name": "Boat 4a", "help": "Counter-bid in another colour against blue, red or yellow bids."},
    "4b": {"name": "Boat 4b", "help": "Use an already coloured tile with workers of any colour, even several colours at once."},
    "5a": {"name": "Boat 5a", "help": "Mix animal species in a field; mixed fields still breed."},
    "5b": {"name": "Boat 5b", "help": "At final scoring wheat counts as any resource and any resource as wheat."},
    "6a": {"name": "Boat 6a", "help": "Take 2 wheat when you take boat contents or a boat.",
           "bonus": {"wheat": 2}},
    "6b": {"name": "Boat 6b", "help": "Take 1 pig and 1 sheep when you take boat contents or a boat.",
           "bonus": {"pig": 1, "sheep": 1}},
}

TRANSPORT_TILES = tuple(k for k, v in TILES.items()
                        if v["front"] and "transport" in v["front"])


def tile_ids(season: str, st: str) -> list[str]:
    return [k for k, v in TILES.items() if v["season"] == season and v["set"] == st]


def name(tid: str) -> str:
    return TILES[tid]["name"]
