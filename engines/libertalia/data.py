"""Every Libertalia (2012) fact in one place: characters, loot, colours, influence, and the
rules decisions ([D] in docs/rules/libertalia.md, §18) that the engine reads.

Names and short effect texts are ``Text`` message ids so that the extractor finds them and
translators can localise them; the engine passes them as ``T(...)`` params."""
from __future__ import annotations

from dataclasses import dataclass

from engines.base import T, Text

# --- game shape -------------------------------------------------------------------------------
CAMPAIGNS = 3
DAYS = 6
START_DOUBLOONS = 10
FIRST_HAND = 9
LATER_DEAL = 6
LOOT_PER_PLAYER_PER_DAY = 1
RANKS = list(range(1, 31))

# --- rules switches (§18 of the rules file) -------------------------------------------------
# Each key below is read by the engine (engine.py looks it up as RULES["key"]; a test checks
# that every key is read and each switch is tested both ways). Rules decisions that have no
# switch are fixed in the engine and listed in the engine docstring and in §18 of the rules
# file (Parrot with an empty hand stays, the Beggar's receiver gets only what is paid, Topman
# ties all gain, the First Mate counts himself, the Cook takes his second token after an
# officer, one Merchant exchange, one global Night order, public doubloons, re-triggering a
# card played again). Mandatory or optional abilities (Q4) is the table option "abilities".
RULES = {
    # Q3: the French Officer gains 5 only with fewer than this many doubloons (i.e. <= 8).
    "french_officer_below": 9,
    # Q8: the Gunner pays even when no den holds a character he may aim at (False: he pays
    # only when he has a target).
    "gunner_pays_without_target": True,
    # Q8: the Gunner may aim at his own den (False: only at the other players' dens).
    "gunner_own_den": True,
    # Q12: the Spy returns his officers to the bag before drawing, so he may redraw one
    # (False: he draws first, then returns them).
    "spy_returns_before_draw": True,
    # Q14: end-of-campaign doubloon changes: "net_then_floor" = netted per player, doubloons
    # floored at 0 once; "sequential" = one by one in descending rank, floored after each.
    # Either way the loot values are added next (relics -3 each), the result floored at 0.
    "end_of_campaign": "net_then_floor",
    # Q19: halving losses are rounded down (the Carpenter with 7 loses 3; False: loses 4).
    "halving_loss_rounds_down": True,
    # Q21: a Mutineer with no other character in his den neither discards nor gains (True:
    # he still gains his 2 doubloons).
    "mutineer_alone_gains": False,
}

# --- loot -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Token:
    key: str
    name: Text
    count: int
    value: int           # per token at scoring (maps score by sets instead)
    take: Text           # the label of "take this token" at Dusk


TOKENS: dict[str, Token] = {t.key: t for t in (
    Token("chest", T("Treasure chest"), 4, 5, T("Take a treasure chest (+5)")),
    Token("jewels", T("Jewels"), 6, 3, T("Take jewels (+3)")),
    Token("goods", T("Goods"), 10, 1, T("Take goods (+1)")),
    Token("map", T("Treasure map"), 8, 0, T("Take a treasure map (3 maps = 12)")),
    Token("relic", T("Cursed relic"), 10, -3, T("Take a cursed relic (-3)")),
    Token("saber", T("Saber"), 6, 0, T("Take a saber (discard a neighbour's character)")),
    Token("officer", T("Spanish officer"), 6, 0, T("Take a Spanish officer (lose this character)")),
)}
TOKEN_ORDER = list(TOKENS)


def token_count(key: str, n: int) -> Text:
    """n loot tokens of one kind, as a counted noun ("2 treasure maps")."""
    return {
        "chest": T("{n} treasure chest", plural="{n} treasure chests", n=n),
        "jewels": T("{n} jewel", plural="{n} jewels", n=n),
        "goods": T("{n} bale of goods", plural="{n} bales of goods", n=n),
        "map": T("{n} treasure map", plural="{n} treasure maps", n=n),
        "relic": T("{n} cursed relic", plural="{n} cursed relics", n=n),
        "saber": T("{n} saber", plural="{n} sabers", n=n),
        "officer": T("{n} Spanish officer", plural="{n} Spanish officers", n=n),
    }[key]

MAP_SET = 3
MAP_SET_VALUE = 12
TREASURER_TYPES = ("goods", "jewels", "chest")

# --- colours and influence ----------------------------------------------------------------------
COLOURS = ["yellow", "red", "blue", "green", "black", "white"]
COLOUR_NAMES = {
    "yellow": T("Yellow"), "red": T("Red"), "blue": T("Blue"),
    "green": T("Green"), "black": T("Black"), "white": T("White"),
}


def influence(rank: int, colour_index: int) -> int:
    """The silver tie-break number of a card (rules §12; reproduces the whole table)."""
    k = (rank - 1 - (rank - 1) // 6) % 6
    return (k + colour_index) % 6 + 1


# --- the 30 characters --------------------------------------------------------------------------


@dataclass(frozen=True)
class Character:
    rank: int
    name: Text
    times: str          # letters of D (day), K (dusk), N (night), E (end of campaign)
    effect: Text        # one short line in our own words


_FO = RULES["french_officer_below"] - 1

CHARACTERS: dict[int, Character] = {c.rank: c for c in (
    Character(1, T("Parrot"), "D", T("Day: swap it for another card from your hand")),
    Character(2, T("Monkey"), "D", T("Day: pass your cursed relics to your left neighbour")),
    Character(3, T("Beggar"), "D", T("Day: the owner of the top card on the ship pays you 3")),
    Character(4, T("Recruiter"), "D", T("Day: take a character from your den back to hand")),
    Character(5, T("Cabin Boy"), "K", T("Dusk: takes no loot")),
    Character(6, T("Preacher"), "DE", T("Day: keep one loot token, return the rest. End: +5")),
    Character(7, T("Barkeep"), "N", T("Night: +1")),
    Character(8, T("Waitress"), "N", T("Night: may sell a treasure map for 3")),
    Character(9, T("Carpenter"), "DE", T("Day: lose half your doubloons. End: +10")),
    Character(10, T("French Officer"), "D", T("Day: +5 if you have {n} or fewer", n=_FO)),
    Character(11, T("Voodoo Witch"), "D", T("Day: +2 per card in your graveyard")),
    Character(12, T("Freed Slave"), "N", T("Night: +1 per den character ranked above 12")),
    Character(13, T("Mutineer"), "N", T("Night: discard your lowest other den character, +2")),
    Character(14, T("Brute"), "D", T("Day: discard the top character on the ship")),
    Character(15, T("Gunner"), "D", T("Day: pay 3, then discard a character from any den")),
    Character(16, T("Topman"), "E", T("End: +5 if no den is smaller than yours")),
    Character(17, T("Spanish Spy"), "D", T("Day: swap your Spanish officers for bag tokens")),
    Character(18, T("Cook"), "K", T("Dusk: takes two loot tokens")),
    Character(19, T("Bosun"), "D", T("Day: +2 per den character ranked below 19")),
    Character(20, T("Armorer"), "N", T("Night: +1 per saber in your den")),
    Character(21, T("Merchant"), "D", T("Day: trade 2 identical tokens for 3, or 3 for 5")),
    Character(22, T("Surgeon"), "D", T("Day: take a card from your graveyard back to hand")),
    Character(23, T("Treasurer"), "E", T("End: +1 per chest, jewels and goods token")),
    Character(24, T("Gambler"), "DE", T("Day: pay 1 per loot token. End: +8")),
    Character(25, T("Governor's Daughter"), "E", T("End: +6 if she is alone in the dens, else -3")),
    Character(26, T("Quartermaster"), "DE", T("Day: +1 per loot token. End: -8")),
    Character(27, T("Granny Wata"), "N", T("Night: +2 if she is alone in the dens, else all go")),
    Character(28, T("First Mate"), "E", T("End: +1 per character in your den")),
    Character(29, T("Captain"), "DE", T("Day: +3. End: -3 per cursed relic")),
    Character(30, T("Spanish Governor"), "D", T("Day: discard every character in your den")),
)}

# named ranks, so the engine never uses bare numbers
PARROT, MONKEY, BEGGAR, RECRUITER, CABIN_BOY, PREACHER, BARKEEP, WAITRESS, CARPENTER = range(1, 10)
FRENCH_OFFICER, VOODOO_WITCH, FREED_SLAVE, MUTINEER, BRUTE, GUNNER, TOPMAN = range(10, 17)
SPANISH_SPY, COOK, BOSUN, ARMORER, MERCHANT, SURGEON, TREASURER, GAMBLER = range(17, 25)
DAUGHTER, QUARTERMASTER, GRANNY_WATA, FIRST_MATE, CAPTAIN, SPANISH_GOVERNOR = range(25, 31)

# how many loot tokens a character takes at Dusk (default 1)
LOOT_TAKEN = {CABIN_BOY: 0, COOK: 2}

# Day/Night/End amounts (the effects above, as numbers the engine uses)
AMOUNTS = {
    "beggar": 3, "preacher_end": 5, "barkeep": 1, "waitress": 3, "carpenter_end": 10,
    "french_officer": 5, "witch_per_card": 2, "freed_slave_above": 12, "mutineer": 2,
    "gunner_cost": 3, "topman": 5, "bosun_below": 19, "bosun_per_card": 2, "armorer": 1,
    "merchant_2": 3, "merchant_3": 5, "treasurer": 1, "gambler_per_token": 1, "gambler_end": 8,
    "daughter_alone": 6, "daughter_shared": -3, "quartermaster_per_token": 1,
    "quartermaster_end": -8, "granny": 2, "first_mate": 1, "captain_day": 3,
    "captain_per_relic": -3,
}

# Outcome breakdown categories, in display order (English message ids)
CATEGORIES = [
    T("Doubloons"), T("End-of-campaign abilities"), T("Treasure chests"), T("Jewels"),
    T("Goods"), T("Treasure maps"), T("Cursed relics"), T("Floor at zero"),
]
CATEGORY_IDS = [c.msg for c in CATEGORIES]
