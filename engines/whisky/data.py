"""Every fact of The Whisky Game, once: board, regions, characters, special cards, decks.

The board graph (fields, land edges, sea routes, airports) is the designed board of
rules section 12 and lives in ``board.json`` beside this module, with x/y drawing
coordinates (a 1000 x 1917 canvas, north up, roughly geographic, spread so that no two
fields are closer than about 30 px). Everything else is here.
"""
from __future__ import annotations

import json
from pathlib import Path

_BOARD_PATH = Path(__file__).resolve().parent / "board.json"
BOARD: dict = json.loads(_BOARD_PATH.read_text(encoding="utf-8"))
BOARD_REF = "engines.whisky.data:BOARD"

FIELDS: dict[str, dict] = {f["id"]: f for f in BOARD["fields"]}

ADJ: dict[str, list[str]] = {fid: [] for fid in FIELDS}
for _a, _b in BOARD["edges"]:
    ADJ[_a].append(_b)
    ADJ[_b].append(_a)
for _k in ADJ:
    ADJ[_k].sort()

SEA_ROUTES: dict[str, dict] = {r["sea"]: r for r in BOARD["sea_routes"]}
AIRPORTS: list[str] = list(BOARD["airports"])

REGIONS: dict[str, str] = {
    "IRE": "Ireland",
    "LOW": "Lowlands & Campbeltown",
    "HIGH": "Highlands",
    "ISL": "Islands",
    "ISLAY": "Islay",
    "SPEY": "Speyside",
}
REGION_ORDER = ["IRE", "LOW", "HIGH", "ISL", "ISLAY", "SPEY"]
COUNTRIES = {"IE": "Ireland", "SC": "Scotland"}

TYPE_NAMES = {
    "start": "start", "distillery": "distillery", "lost": "lost distillery", "pub": "pub",
    "port": "port", "airport": "airport", "special": "special field", "ingredient": "ingredients",
    "path": "path", "sea": "sea",
}
# Fields where a move may stop even with steps left (rules 4.3).
STOP_ANYWHERE = frozenset({"distillery", "lost", "port", "airport", "pub"})

DISTILLERY_IDS = frozenset(f for f, d in FIELDS.items() if d["type"] == "distillery")
START_FIELDS = ["SC_EDINBURGH", "IE_DUBLIN"]
LAGAVULIN = "IY_LAGAVULIN"
MACALLAN = "SP_MACALLAN"
BLADNOCH = "LO_BLADNOCH"

INGREDIENTS = ["barley", "water", "yeast"]
LEVELS = ["easy", "medium", "hard"]
LEVEL_VALUE = {"easy": 1, "medium": 3, "hard": 5}
LOST_PRICE = {"barley": 2, "water": 2, "yeast": 2}

# rules 9.3 and 9.4 (designed defaults)
DEFAULT_LOST_DECK = {"1": 2, "2": 3, "3": 5, "4": 3, "5": 2, "6": 1}
DEFAULT_BAG = {"barley": 20, "water": 20, "yeast": 20}


def ports_routes(port: str) -> list[str]:
    """Sea routes (sea field ids) that leave this port."""
    return sorted(s for s, r in SEA_ROUTES.items() if port in r["ports"])


def country(field: str) -> str | None:
    return FIELDS[field]["country"]


def region(field: str) -> str | None:
    return FIELDS[field]["region"]


# --- characters (rules 7) ----------------------------------------------------------------
# kind: "multiplier" (distillery, factor), "rescue_roll" (Walker/Stewart), "swap" (McEwan),
# "double_move" (country), "jump" (Savage), "pour" (Paterson), "any_six" (Cor), "plus_five".
CHARACTERS: dict[str, dict] = {
    "winchester": {"name": "Alan Winchester", "extra": False, "kind": "multiplier",
                   "distillery": "SP_GLENLIVET", "factor": 3,
                   "ability": "Glenlivet bottles score triple."},
    "leighton": {"name": "Billy Leighton", "extra": False, "kind": "multiplier",
                 "distillery": "IE_MIDLETON", "factor": 2,
                 "ability": "Midleton bottles score double."},
    "walker": {"name": "Billy Walker", "extra": False, "kind": "rescue_roll",
               "ability": "After a wrong answer, roll: a 1 or 2 wins the bottle anyway."},
    "stewart": {"name": "David Stewart", "extra": False, "kind": "rescue_roll",
                "ability": "After a wrong answer, roll: a 1 or 2 wins the bottle anyway."},
    "motion": {"name": "Gordon Motion", "extra": False, "kind": "multiplier",
               "distillery": "IS_HIGHLANDPARK", "factor": 2,
               "ability": "Highland Park bottles score double."},
    "mcewan": {"name": "Jim McEwan", "extra": False, "kind": "swap",
               "ability": "After a wrong answer, roll: an even number gives a new question "
                          "of the same difficulty (once per turn)."},
    "quinn": {"name": "John Quinn", "extra": False, "kind": "double_move", "country": "IE",
              "ability": "Starting a turn in Ireland, make two moves."},
    "savage": {"name": "Nick Savage", "extra": False, "kind": "jump",
               "ability": "Standing at The Macallan on your turn, you may jump straight to "
                          "Bladnoch."},
    "barrie": {"name": "Rachel Barrie", "extra": False, "kind": "multiplier",
               "distillery": "HI_GLENDRONACH", "factor": 2,
               "ability": "GlenDronach bottles score double."},
    "paterson": {"name": "Richard Paterson", "extra": False, "kind": "pour",
                 "ability": "Pour out a random bottle of an opponent; each opponent only "
                            "once per game."},
    "cor": {"name": "Friar John Cor", "extra": True, "kind": "any_six",
            "ability": "Pays for a lost distillery bottle with any 6 ingredients."},
    "swan": {"name": "Jim Swan", "extra": True, "kind": "double_move", "country": "SC",
             "ability": "Starting a turn in Scotland, make two moves."},
    "campbell": {"name": "John Campbell", "extra": True, "kind": "multiplier",
                 "distillery": "IY_LAPHROAIG", "factor": 2,
                 "ability": "Laphroaig bottles score double."},
    "jameson": {"name": "John Jameson", "extra": True, "kind": "plus_five",
                "ability": "Every roll made in Ireland moves 5 more fields."},
    "macleod": {"name": "Stephanie Macleod", "extra": True, "kind": "double_move",
                "country": "SC", "ability": "Starting a turn in Scotland, make two moves."},
}

# --- special cards (rules 8, 9.2) -------------------------------------------------------
# timing: "drawn" resolves at once; "held" stays in the hand until played.
# use: "question" (during a question), "distillery" (on asking), "airport" (booking),
# "anytime" (own turn, between moves), "move" (replaces a roll).
EXPERTS = ["gwilt", "paskin", "broom", "maclean", "jackson"]
BONUS_BOTTLES = ["bottle_bunnahabhain25", "bottle_craigellachie31", "bottle_glenfarclas105",
                 "bottle_kilchoman100", "bottle_royalsalute21"]

SPECIALS: dict[str, dict] = {
    # base deck
    "fifty": {"name": "50/50", "set": "base", "copies": 4, "timing": "held", "use": "question",
              "text": "During a question: two wrong options disappear."},
    "gwilt": {"name": "Alwynne Gwilt", "set": "base", "copies": 1, "timing": "held",
              "use": "question", "text": "Expert: hand in for the bottle instead of a right answer."},
    "paskin": {"name": "Becky Paskin", "set": "base", "copies": 1, "timing": "held",
               "use": "question", "text": "Expert: hand in for the bottle instead of a right answer."},
    "broom": {"name": "Dave Broom", "set": "base", "copies": 1, "timing": "held",
              "use": "question", "text": "Expert: hand in for the bottle instead of a right answer."},
    "maclean": {"name": "Charles MacLean", "set": "base", "copies": 1, "timing": "held",
                "use": "question", "text": "Expert: hand in for the bottle instead of a right answer."},
    "birthday": {"name": "Birthday", "set": "base", "copies": 2, "timing": "drawn",
                 "text": "Share a dram: put one of your bottles back (or a random opponent's)."},
    "faker": {"name": "Faker", "set": "base", "copies": 1, "timing": "held", "use": "anytime",
              "text": "Declare one opponent's bottle a fake: it goes back."},
    "feis_ile": {"name": "Fèis Ìle", "set": "base", "copies": 1, "timing": "drawn",
                 "text": "Go at once to any field on Islay and use it."},
    "ticket_one_way": {"name": "Flight ticket (one-way)", "set": "base", "copies": 4,
                       "timing": "held", "use": "airport",
                       "text": "One flight between airports."},
    "ticket_return": {"name": "Flight ticket (return)", "set": "base", "copies": 2,
                      "timing": "held", "use": "airport",
                      "text": "Two flights between airports."},
    "hangover": {"name": "Hangover", "set": "base", "copies": 2, "timing": "drawn",
                 "text": "Every roll moves 2 less until you roll a 6 (that 6 moves 4)."},
    "carriage": {"name": "Horse-drawn Carriage", "set": "base", "copies": 2, "timing": "held",
                 "use": "anytime", "text": "+2 to every roll until you leave the country."},
    "leaking_barrel": {"name": "Leaking Barrel", "set": "base", "copies": 2, "timing": "drawn",
                       "text": "Lose 5 ingredients, picked at random."},
    "enthusiast": {"name": "Lost Distillery Enthusiast", "set": "base", "copies": 1,
                   "timing": "held", "use": "anytime",
                   "text": "Reveal one opponent's hidden lost distillery bottle."},
    "luck_irish": {"name": "Luck of the Irish", "set": "base", "copies": 1, "timing": "held",
                   "use": "move", "text": "Instead of rolling, move 10 fields one way."},
    "prohibition": {"name": "Prohibition", "set": "base", "copies": 1, "timing": "drawn",
                    "text": "Put it on an opponent: no distilleries, lost distilleries or pubs "
                            "until they roll a 6."},
    "smuggler": {"name": "Robbie MacPherson (Smuggler)", "set": "base", "copies": 1,
                 "timing": "held", "use": "distillery",
                 "text": "Declare before a question: if right, take a bottle of that value "
                         "from any distillery."},
    "spirit_speyside": {"name": "Spirit of Speyside", "set": "base", "copies": 1,
                        "timing": "drawn", "text": "Go at once to any field in Speyside and use it."},
    "truck": {"name": "Truck", "set": "base", "copies": 1, "timing": "held", "use": "anytime",
              "text": "Every roll counts double until you leave the country."},
    # add-on deck
    "coffey": {"name": "Aeneas Coffey", "set": "addon", "copies": 1, "timing": "held",
               "use": "anytime", "text": "Double your ingredients."},
    "angels": {"name": "Angels", "set": "addon", "copies": 1, "timing": "held", "use": "anytime",
               "text": "Swap an opponent's 3 or 5 point bottle for the same distillery's "
                       "1 point bottle."},
    "broken_cork": {"name": "Broken Cork", "set": "addon", "copies": 1, "timing": "held",
                    "use": "anytime", "text": "An opponent must discard one bottle you pick."},
    "bottle_bunnahabhain25": {"name": "Bunnahabhain 25", "set": "addon", "copies": 1,
                              "timing": "held", "use": "anytime", "text": "Bank it for extra points."},
    "bottle_craigellachie31": {"name": "Craigellachie 31", "set": "addon", "copies": 1,
                               "timing": "held", "use": "anytime", "text": "Bank it for extra points."},
    "bottle_glenfarclas105": {"name": "Glenfarclas 105", "set": "addon", "copies": 1,
                              "timing": "held", "use": "anytime", "text": "Bank it for extra points."},
    "bottle_kilchoman100": {"name": "Kilchoman 100% Islay", "set": "addon", "copies": 1,
                            "timing": "held", "use": "anytime", "text": "Bank it for extra points."},
    "bottle_royalsalute21": {"name": "Royal Salute 21", "set": "addon", "copies": 1,
                             "timing": "held", "use": "anytime", "text": "Bank it for extra points."},
    "gordon_macphail": {"name": "Gordon & MacPhail", "set": "addon", "copies": 1,
                        "timing": "held", "use": "anytime",
                        "text": "Swap one of your 1 point bottles for the same distillery's "
                                "3 or 5 point bottle."},
    "jackson": {"name": "Michael Jackson", "set": "addon", "copies": 1, "timing": "held",
                "use": "question", "text": "Expert: hand in for the bottle instead of a right answer."},
    "offerman": {"name": "Nick Offerman", "set": "addon", "copies": 1, "timing": "held",
                 "use": "anytime",
                 "text": "Send an opponent to Lagavulin; they miss two turns."},
    "shackleton": {"name": "Shackleton's Whisky", "set": "addon", "copies": 1, "timing": "held",
                   "use": "anytime", "text": "Trade for any bottle still available in the Highlands."},
    "pattisons_crash": {"name": "The Pattison's Crash", "set": "addon", "copies": 1,
                        "timing": "drawn", "text": "Discard two of your bottles."},
    "warehouse": {"name": "Warehouse Collapse", "set": "addon", "copies": 1, "timing": "held",
                  "use": "anytime", "text": "An opponent loses 6 random ingredients."},
    "whisky_show": {"name": "Whisky Show", "set": "addon", "copies": 1, "timing": "drawn",
                    "text": "Off to London: miss your next two turns."},
}

ANYTIME_CARDS = [c for c, d in SPECIALS.items() if d.get("use") == "anytime"]
TELEPORT_REGION = {"feis_ile": "ISLAY", "spirit_speyside": "SPEY"}
#: field types a player under Prohibition may not enter (end a move or a teleport on)
PROHIBITED_TYPES = frozenset({"distillery", "lost", "pub"})


def special_deck(addon: bool) -> list[str]:
    """The unshuffled Special deck: 30 base cards, 45 with the add-on."""
    out: list[str] = []
    for cid, d in SPECIALS.items():
        if d["set"] == "base" or addon:
            out.extend([cid] * d["copies"])
    return out


def generated_bank(per_level: int = 40) -> dict[str, dict]:
    """A synthetic practice bank (for benchmarks and tests when no real bank is wanted).
    Its texts are placeholders; the real cards come from engines.whisky.qbank."""
    bank: dict[str, dict] = {}
    letters = "ABCD"
    for level in LEVELS:
        for n in range(1, per_level + 1):
            qid = f"G{level[0].upper()}{n:03d}"
            answer = (n * 7 + len(level)) % 4
            bank[qid] = {
                "id": qid, "difficulty": level,
                "question": f"Practice question {n} ({level}): which option is marked right?",
                "options": [f"Option {letters[i]}" for i in range(4)],
                "answer": answer, "distillery": None,
                "info": f"Practice card {qid}: option {letters[answer]} was the right one.",
                "ordered_options": False, "source": "generated",
            }
    return bank
