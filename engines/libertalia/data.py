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

# --- rules decisions (§18 of the rules file); the engine reads these, never hard-codes them --
RULES = {
    # Q3: the French Officer gains 5 only with fewer than this many doubloons (i.e. <= 8).
    "french_officer_below": 9,
    # Q4: abilities are mandatory unless the card says "may" (only the Waitress).
    "abilities_mandatory": True,
    # Q5: a Parrot whose owner has no other card stays on the ship as a rank-1 character.
    "parrot_empty_hand_stays": True,
    # Q7 / §8: a payer short of money pays what he has; the receiver gets only that.
    "receiver_gets_only_paid": True,
    # Q8: the Gunner pays even when no den holds a character; his own den is a legal target.
    "gunner_pays_without_target": True,
    "gunner_own_den": True,
    # Q9: every Topman tied for the smallest den gains.
    "topman_ties_gain": True,
    # Q10: the First Mate counts himself.
    "first_mate_counts_self": True,
    # Q11: a Cook that took a Spanish officer still takes his second token.
    "cook_second_token_after_officer": True,
    # Q12: the Spy returns his officers to the bag before drawing (so may redraw one).
    "spy_returns_before_draw": True,
    # Q13: the Merchant makes exactly one exchange, his owner choosing type and 2 or 3.
    "merchant_one_exchange": True,
    # Q14: end-of-campaign doubloon changes are netted per player, doubloons floored at 0,
    # then loot values are added (relics -3 each) and the campaign result floored at 0.
    "end_of_campaign": "net_then_floor",
    # Q15: Night abilities resolve in one global descending (rank, influence) order.
    "night_order": "global_descending",
    # Q17: doubloons are public.
    "doubloons_public": True,
    # Q19: halving losses are rounded down (the Carpenter with 7 loses 3).
    "halving_loss_rounds_down": True,
    # Q20: a card played again re-triggers its Day/Dusk/End abilities (once per play).
    "retrigger_on_replay": True,
    # Q21: a Mutineer with no other character in his den neither discards nor gains.
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
