"""Hidden-information leak test for every engine.

Seeded random games (uniform choice among the legal moves of a random seat to act). At a
sample of the steps a seat P is picked and a *perturbed twin* of the position is built in
which only P's hidden data differs, consistently with everything public (see each adapter's
``perturb``). Then everything another seat or a spectator can see must be identical in both
positions — view(None), view(S) for every other seat S, status, to_act, prompt/legal/labels
of every other seat, and for a public decision its actions, labels, prompt, timer and
fingerprint — and stay identical after the same move is applied to both, together with the
move's public events and the private events to other seats. Moves that reveal the hidden
data by the rules themselves are listed per game in ``REVEALS`` (one line of reason each).

Sizes: 10 games per engine by default, 200 per engine with ``-m slow``. Each step of a game
is checked with probability ``SAMPLE[game]`` / ``SLOW_SAMPLE[game]`` (drawn from a generator
of its own, so sampling never changes the games); at a checked step the seats are tried in
random order and the first one with hidden data to perturb is P.
A failure names the game, seed, step, seat, perturbation, check and a compact diff; replay
it with ``play_and_check(<Adapter>, seed)``.
"""
from __future__ import annotations

import pytest

from engines.glen_more import ENGINE as GLEN
from engines.glen_more.engine import PARTS as GLEN_PARTS
from engines.keyflower import ENGINE as KEY
from engines.keyflower import data as KD
from engines.libertalia import ENGINE as LIB
from engines.libertalia import data as LD
from engines.whisky import data as WD
from engines.whisky.engine import WhiskyEngine

from leaks import Adapter, compare, compare_events, play_and_check, public_side, seen_events

SEATS = list("ABCDEF")


# ============================================================================ Libertalia
class LibertaliaLeaks(Adapter):
    """Hidden: the character picked at sunrise until the reveal; the card a Surgeon takes
    back to hand; the tokens a Spanish Spy draws into the den (rules §14). Everything else
    (hands as dealt and played, graveyards as discarded, den loot picked at dusk) is public.

    Perturbations of seat P:
      pick     P has picked today: P's pick is another card of P's hand.
      surgeon  P's Surgeon took card c back earlier: c in hand is exchanged with another card
               g that lay in P's graveyard at that moment (g goes back to the graveyard if
               the campaign is still running; after cleanup it simply left the game).
      loot     one of P's secret (Spy-drawn) tokens is exchanged with a token of another
               type from the bag (whose content nobody sees).
    """
    name = "libertalia"
    engine = LIB
    wants_before = True
    ABILITY_REVEALS = (LD.MONKEY, LD.SPANISH_SPY, LD.MERCHANT, LD.ARMORER)
    REVEALS = {
        "pick": [
            ("kind", "reveal", "sunrise: the last pick reveals every character on the ship"),
        ],
        "surgeon": [],
        "loot": [
            ("kind", "scoring", "end of campaign: every den's loot, secret tokens included, "
                                "is counted in the open"),
            ("ability", ABILITY_REVEALS, "Monkey, Spanish Spy, Merchant and Armorer use the "
                                         "den's tokens, secret ones too (rules §9: den loot "
                                         "is shown when an ability needs it)"),
            ("to_other", "Your {card} drew: {tokens}.", "another seat's Spy draws from the "
                                                         "bag, which holds the tokens P's "
                                                         "secret loot does not"),
        ],
    }

    def __init__(self, seed):
        super().__init__(seed)
        self.secrets: dict[str, list[dict]] = {}

    def new(self):
        n = 2 + self.seed % 5
        opts = {"influence": "seat_rotation"} if self.seed % 3 == 2 else None
        return LIB.new(SEATS[:n], seed=self.seed, options=opts)

    def observe(self, before, seat, action, events, after):
        for e in events:
            if e.to == seat and e.text.msg == "Your {card} brought back {new}." \
                    and action.get("type") == "surgeon":
                c = e.data["card"]
                grave = set(before["players"][seat]["grave"])
                lst = self.secrets.setdefault(seat, [])
                # a second Surgeon in the same campaign: keep only the newest (simpler,
                # never inconsistent)
                lst[:] = [x for x in lst if x["campaign"] != before["campaign"]]
                if grave - {c}:
                    lst.append({"card": c, "cands": sorted(grave - {c}),
                                "campaign": before["campaign"]})

    def perturb(self, st, seat, rng):
        kinds = ["pick", "surgeon", "loot"]
        rng.shuffle(kinds)
        for k in kinds:
            if getattr(self, "_" + k)(st, seat, rng):
                return k, st
        return None

    def _pick(self, st, seat, rng):
        if st["phase"] != "pick" or seat not in st["picks"]:
            return False
        other = [c for c in st["players"][seat]["hand"] if c != st["picks"][seat]]
        if not other:
            return False
        st["picks"][seat] = rng.choice(other)
        return True

    def _surgeon(self, st, seat, rng):
        p = st["players"][seat]
        opts = []
        for sec in self.secrets.get(seat, []):
            c = sec["card"]
            if c not in p["hand"] or st["picks"].get(seat) == c:
                continue          # played since (no longer secret) or being played today
            for g in sec["cands"]:
                if g in p["hand"]:
                    continue
                if sec["campaign"] == st["campaign"] and g not in p["grave"]:
                    continue
                opts.append((c, g, sec["campaign"] == st["campaign"]))
        if not opts:
            return False
        c, g, same = rng.choice(opts)
        p["hand"] = sorted([x for x in p["hand"] if x != c] + [g])
        if same:
            p["grave"][p["grave"].index(g)] = c
        return True

    def _loot(self, st, seat, rng):
        p = st["players"][seat]
        mine = [t for t, n in p["secret"].items() if n > 0]
        if not mine:
            return False
        t = rng.choice(mine)
        bag = [u for u, n in st["bag"].items() if n > 0 and u != t]
        if not bag:
            return False
        u = rng.choice(bag)
        for d, k, n in ((p["secret"], t, -1), (p["secret"], u, 1), (st["bag"], u, -1),
                        (st["bag"], t, 1)):
            d[k] = d.get(k, 0) + n
            if d[k] == 0:
                del d[k]
        return True

    def rule_matches(self, rule, seat, mover, action, events):
        if rule[0] != "ability":
            return super().rule_matches(rule, seat, mover, action, events)
        names = [LD.CHARACTERS[r].name for r in rule[1]]
        return any(e.to is None and e.text.params.get("seat") == seat
                   and e.text.params.get("card") in names for e in events)


# ============================================================================ Glen More
class GlenMoreLeaks(Adapter):
    """Hidden: running scores (option secret_scores, on by default: the face-down VP tokens)
    and, from everybody, the order of the face-down tile stacks.

    Perturbations: score — P's running score (and one of its score categories) is a few
    points higher or lower; stacks (seatless) — the tiles left in each stack are shuffled."""
    name = "glen_more"
    engine = GLEN
    seatless = True
    REVEALS = {
        "score": [("kind", "game_end", "final scoring shows every score")],
        "stacks": [("msg", "New tiles at the end of the chain: {tiles}.",
                    "tiles drawn from a stack are laid face up in the chain")],
    }

    def new(self):
        n = 2 + self.seed % 4
        return GLEN.new(SEATS[:n], seed=self.seed,
                        options={"oich_movement": self.seed % 3 != 1})

    def perturb(self, st, seat, rng):
        if seat is None:
            piles = [p for p in st["stacks"] if len(set(p)) > 1]
            if not piles:
                return None
            for p in piles:
                old = list(p)
                while p == old:
                    rng.shuffle(p)
            return "stacks", st
        p = st["players"][seat]
        d = rng.choice([1, 2, 3, 5, 8])
        if rng.random() < 0.5 and p["vp"] >= d:
            d = -d
        p["vp"] += d
        part = rng.choice(GLEN_PARTS)
        p["parts"][part] = p["parts"].get(part, 0) + d
        return "score", st


# ============================================================================ Keyflower
class KeyflowerLeaks(Adapter):
    """Hidden: the colours of the workers behind a screen (their number can be worked out),
    which skill tiles are behind it, the winter tiles dealt to a player and which of them
    they offer (until everyone has chosen); from everybody, the tiles of later seasons.
    Wheat behind the screen is not perturbed: every wheat taken or spent is announced and
    the wheat supply is on the table, so its amount is public knowledge.

    Perturbations of seat P:
      screen       1-2 of P's workers change colour with workers in the bag.
      skills       one of P's skill tiles is exchanged with one of another type in the pile.
      winter_hand  one dealt winter tile of P is exchanged with an undealt one.
      winter_pick  P offers another set of their winter tiles (non-empty once P is done).
      pools        (seatless) a tile of a later season is exchanged with an unused one."""
    name = "keyflower"
    engine = KEY
    seatless = True
    SEASON_START = "{season} begins: {n} tiles are up for auction."
    REVEALS = {
        "screen": [
            ("to_other", "You drew {blue} blue, {red} red, {yellow} yellow and {green} green.",
             "another seat draws workers from the bag, which holds the colours P's screen "
             "does not"),
            ("msg", SEASON_START, "the boats are filled with workers drawn from the bag"),
            ("kind", "scoring", "final scoring counts the workers behind every screen"),
        ],
        "skills": [
            ("to_other", "You drew skills: {saw} saw, {pick} pick axe, {anvil} anvil.",
             "another seat draws from the skill pile, which holds the tiles P does not"),
            ("msg", SEASON_START, "the boats get skill tiles drawn from the pile"),
            ("kind", "scoring", "final scoring counts the skills behind every screen"),
        ],
        "winter_hand": [
            ("msg", "The winter tiles are revealed: {tiles}.", "the offered winter tiles are "
                                                              "laid out"),
        ],
        "winter_pick": [
            ("msg", "Winter tiles offered: {counts}.", "when everyone has chosen, the counts "
                                                      "and the tiles are revealed"),
        ],
        "pools": [("msg", SEASON_START, "a new season's tiles are laid out")],
    }

    def reveal(self, what, seat, mover, action, ev_a, ev_b):
        why = super().reveal(what, seat, mover, action, ev_a, ev_b)
        if why or what != "screen" or mover != seat:
            return why
        colours = [[e.text.params.get("colour") for e in evs if e.to is None] for evs in (ev_a, ev_b)]
        if colours[0] != colours[1]:
            # the same moves place workers of the colour P has (the only one, picked
            # automatically): placing them shows their colour
            return "workers placed on the table show their colour"
        return None

    def new(self):
        n = 2 + self.seed % 5
        opts = {"farmers": self.seed % 4 != 3, "farmers_variant": self.seed % 4 == 1}
        return KEY.new(SEATS[:n], seed=self.seed, options=opts)

    def perturb(self, st, seat, rng):
        if seat is None:
            return ("pools", st) if self._pools(st, rng) else None
        kinds = ["screen", "skills", "winter_hand", "winter_pick"]
        rng.shuffle(kinds)
        for k in kinds:
            if getattr(self, "_" + k)(st, seat, rng):
                return k, st
        return None

    def _screen(self, st, seat, rng):
        w = st["players"][seat]["workers"]
        done = 0
        for _ in range(rng.choice([1, 1, 2])):
            mine = [c for c in KD.COLOURS if w[c] > 0]
            if not mine:
                break
            c = rng.choice(mine)
            bag = [d for d in KD.COLOURS if d != c and st["bag"][d] > 0]
            if not bag:
                break
            d = rng.choice(bag)
            w[c] -= 1
            w[d] += 1
            st["bag"][d] -= 1
            st["bag"][c] += 1
            done += 1
        return done > 0

    def _skills(self, st, seat, rng):
        sk = st["players"][seat]["skills"]
        mine = [s for s in KD.SKILLS if sk[s] > 0]
        if not mine:
            return False
        s = rng.choice(mine)
        pile = [t for t in KD.SKILLS if t != s and st["pile"][t] > 0]
        if not pile:
            return False
        t = rng.choice(pile)
        sk[s] -= 1
        sk[t] += 1
        st["pile"][t] -= 1
        st["pile"][s] += 1
        return True

    @staticmethod
    def _dealt_winter(st):
        return {t for p in st["players"].values() for t in p["winter"]}

    def _winter_hand(self, st, seat, rng):
        p = st["players"][seat]
        if st["phase"] != "winter_pick" and not p["winter"]:
            return False
        if not p["winter"]:
            return False
        x = rng.choice(p["winter"])
        sets = ["base"] + (["farmers"] if st["opts"]["farmers"] else [])
        if st["opts"]["farmers_variant"]:
            sets = [KD.TILES[x]["set"]] if KD.TILES[x]["set"] == "base" else []
        free = [t for s_ in sets for t in KD.tile_ids("winter", s_)
                if t not in self._dealt_winter(st) and t not in st["tiles"]]
        if not free:
            return False
        y = rng.choice(free)
        p["winter"] = sorted([t for t in p["winter"] if t != x] + [y])
        if x in p["pick"]:
            p["pick"] = sorted([t for t in p["pick"] if t != x] + [y])
        return True

    def _winter_pick(self, st, seat, rng):
        p = st["players"][seat]
        if st["phase"] != "winter_pick" or len(p["winter"]) < 1:
            return False
        lo = 1 if p["picked"] else 0
        for _ in range(10):
            k = rng.randint(lo, len(p["winter"]))
            new = sorted(rng.sample(p["winter"], k))
            if new != p["pick"]:
                p["pick"] = new
                return True
        return False

    def _pools(self, st, rng):
        seasons = [s for s in ("spring", "summer", "autumn") if st["pools"].get(s)]
        if not seasons:
            return False
        season = rng.choice(seasons)
        pool = st["pools"][season]
        i = rng.randrange(len(pool))
        used = {t for s in st["pools"].values() for t in s} | set(st["tiles"])
        free = [t for t in KD.tile_ids(season, KD.TILES[pool[i]]["set"]) if t not in used]
        if not free:
            return False
        pool[i] = rng.choice(free)
        return True


# ============================================================================ Whisky
WHISKY = WhiskyEngine()


class WhiskyLeaks(Adapter):
    """Hidden: the special cards in a hand (their number is public), the values of face-down
    lost distillery bottles, and from everybody the order of the face-down decks.

    Perturbations of seat P:
      hand  one of P's held cards is exchanged with a held card of the Special deck's part
            nobody has seen (the deepest one: the drawn and discarded cards go under it).
      lost  the value of one of P's face-down lost bottles is exchanged with a different
            value from the unseen part of the lost deck (the deepest one)."""
    name = "whisky"
    engine = WHISKY
    REVEALS = {
        "hand": [
            ("to_other", "You drew {card}: {text}", "another seat draws the exchanged card"),
        ],
        "lost": [
            ("kind", "game_end", "final scores include the face-down bottles"),
            ("kind", "reveal", "a player who reaches the goal shows their face-down bottles"),
            ("msg", "{player} reveals a lost distillery bottle of {owner}: it is worth {n} point.",
             "the Enthusiast card turns a face-down bottle up"),
            ("to_other", "Your lost distillery bottle is worth {n} point.",
             "another seat buys the exchanged bottle from the lost deck"),
        ],
    }

    def __init__(self, seed):
        super().__init__(seed)
        self.special_left = None
        self.lost_left = None

    def new(self):
        n = 2 + self.seed % 5
        opts = {"question_bank": "generated", "victory_points": 10, "regions_required": 2,
                "max_rounds": 15}
        if self.seed % 3 == 1:
            opts["end_rule"] = "finish_round"
        st = WHISKY.new(SEATS[:n], seed=self.seed, options=opts)
        self.special_left = len(st["special_deck"])
        self.lost_left = len(st["lost_deck"])
        return st

    def observe(self, before, seat, action, events, after):
        for e in events:
            if e.to is None and e.text.msg in ("{player} draws a special card.",
                                               "{player} draws {card}: {text}"):
                self.special_left = max(0, self.special_left - 1)
            if e.to is None and e.text.msg == "{player} buys a lost distillery bottle at {place}.":
                self.lost_left = max(0, self.lost_left - 1)

    def perturb(self, st, seat, rng):
        kinds = ["hand", "lost"]
        rng.shuffle(kinds)
        for k in kinds:
            if getattr(self, "_" + k)(st, seat, rng):
                return k, st
        return None

    def _hand(self, st, seat, rng):
        hand = st["players"][seat]["hand"]
        if not hand:
            return False
        i = rng.randrange(len(hand))
        deck = st["special_deck"]
        for j in range(min(self.special_left, len(deck)) - 1, -1, -1):
            if deck[j] != hand[i] and WD.SPECIALS[deck[j]]["timing"] == "held":
                hand[i], deck[j] = deck[j], hand[i]
                return True
        return False

    def _lost(self, st, seat, rng):
        mine = [x for x in st["players"][seat]["lost"] if not x["revealed"]]
        if not mine:
            return False
        x = rng.choice(mine)
        deck = st["lost_deck"]
        for j in range(min(self.lost_left, len(deck)) - 1, -1, -1):
            if deck[j] != x["v"]:
                x["v"], deck[j] = deck[j], x["v"]
                return True
        return False


# ============================================================================ the tests
ADAPTERS = {"libertalia": LibertaliaLeaks, "glen_more": GlenMoreLeaks,
            "keyflower": KeyflowerLeaks, "whisky": WhiskyLeaks}
# Fraction of the steps checked (each step independently, from a seeded generator separate
# from the game's, so the games themselves do not depend on it). A check costs about four
# times (players + 1) views plus two moves; Keyflower's views are the heaviest and its games
# the longest, hence the sampling that keeps the default run of this file under 30 s.
SAMPLE = {"libertalia": 1.0, "glen_more": 0.3, "keyflower": 0.1, "whisky": 0.5}
SLOW_SAMPLE = {"libertalia": 1.0, "glen_more": 1.0, "keyflower": 0.25, "whisky": 1.0}
DEFAULT_GAMES = 10
SLOW_GAMES = 200
CHUNKS = 4


@pytest.mark.parametrize("game", list(ADAPTERS))
def test_no_hidden_information_leaks(game):
    for seed in range(DEFAULT_GAMES):
        play_and_check(ADAPTERS[game], seed, sample=SAMPLE[game])


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", list(ADAPTERS))
def test_no_hidden_information_leaks_long(game, chunk):
    per = SLOW_GAMES // CHUNKS
    for seed in range(1000 + chunk * per, 1000 + (chunk + 1) * per):
        play_and_check(ADAPTERS[game], seed, sample=SLOW_SAMPLE[game])


# ============================================================================ the leaks found
# Each leak the random games found, as a fixed pair of twin positions (they failed before the
# engine fix).
def _same_public(E, a, b, seat, action=None):
    ctx = {"seed": "-", "step": "-", "seat": seat, "what": "twin", "mover": seat,
           "action": action}
    compare(E.name, ctx, "after the move" if action else "before the move",
            public_side(E, a, seat), public_side(E, b, seat))


def _both(E, a, b, seat, action):
    ev_a, ev_b = E.apply(a, seat, dict(action)), E.apply(b, seat, dict(action))
    ctx = {"seed": "-", "step": "-", "seat": seat, "what": "twin", "mover": seat,
           "action": action}
    compare_events(E.name, ctx, seen_events(ev_a, seat), seen_events(ev_b, seat))
    _same_public(E, a, b, seat, action)


def _libertalia_night(secret, loot, den):
    s = LIB.new(["A", "B"], seed=3)
    p = s["players"]["A"]
    p["den"], p["loot"], p["secret"] = list(den), dict(loot), dict(secret)
    for t, n in list(loot.items()) + list(secret.items()):
        s["bag"][t] -= n
    s.update(phase="night", ship=[], pending=None, night=[["A", r] for r in den])
    LIB._run(s, [])
    return s


def test_libertalia_waitress_does_not_show_a_secret_map():
    """A Waitress owner was asked (and "kept the maps") only when a map lay in the den, a
    secret one included: now whenever a map may be among the secret tokens."""
    a = _libertalia_night({"map": 1}, {"goods": 1}, [LD.WAITRESS])
    b = _libertalia_night({"jewels": 1}, {"goods": 1}, [LD.WAITRESS])
    _same_public(LIB, a, b, "A")
    assert a["pending"]["kind"] == b["pending"]["kind"] == "waitress"
    _both(LIB, a, b, "A", {"type": "waitress", "sell": False})


def test_libertalia_preacher_keeps_the_visible_token():
    """Keeping goods with visible and secret goods in the den kept the secret one, so the
    visible goods vanished from the table: now the visible one is kept."""
    def day(secret):
        s = LIB.new(["A", "B"], seed=3)
        p = s["players"]["A"]
        p["loot"], p["secret"] = {"goods": 1, "relic": 1}, dict(secret)
        s.update(phase="day", pending={"kind": "preacher", "seat": "A", "rank": LD.PREACHER},
                 ship=[{"seat": "A", "rank": LD.PREACHER, "inf": 0, "day_done": True,
                        "take": None, "officer": False}])
        return s
    a, b = day({"goods": 1}), day({"chest": 1})
    _same_public(LIB, a, b, "A")
    _both(LIB, a, b, "A", {"type": "keep", "token": "goods"})


def _keyflower_table(workers, skills=None):
    from keyflower.helpers import give_skills, put, table
    st = table(2, seed=1, auction=("keywood", "woodcutter", "gold_mine"))
    for c in KD.COLOURS:
        st["bag"][c] += st["players"]["A"]["workers"][c]
        st["players"]["A"]["workers"][c] = 0
    for c, n in workers.items():
        st["bag"][c] -= n
        st["players"]["A"]["workers"][c] = n
    give_skills(st, "A", **(skills or {}))
    put(st, "A", "carpenter", 0, -1, 0)
    return st


def test_keyflower_colour_step_is_not_shown():
    """The colour is asked only when more than one colour behind the screen could be used:
    the public view showed that step (and the colour picked automatically otherwise)."""
    a = _keyflower_table({"blue": 3})
    b = _keyflower_table({"blue": 2, "red": 1})
    _same_public(KEY, a, b, "A")
    _both(KEY, a, b, "A", {"type": "use", "where": "auction"})
    _both(KEY, a, b, "A", {"type": "tile", "tile": "keywood"})
    assert a["ctx"]["step"] == "workers" and b["ctx"]["step"] == "colour"
    assert KEY.view(b, "A")["pending"]["step"] == "colour"     # the player still sees it


def test_keyflower_payment_is_asked_whatever_skill_is_held():
    """Using the Carpenter (pay a saw) asked for the payment only when a saw was behind the
    screen, and ended the turn at once otherwise: now anyone holding a skill is asked."""
    a = _keyflower_table({"blue": 3}, {"saw": 1})
    b = _keyflower_table({"blue": 3}, {"pick": 1})
    for act in ({"type": "use", "where": "A"}, {"type": "tile", "tile": "carpenter"},
                {"type": "place", "n": 1}):
        _both(KEY, a, b, "A", act)
    assert KEY.legal(b, "A") == [{"type": "skip"}]
    _both(KEY, a, b, "A", {"type": "skip"})


def _keyflower_upgrader(skills, tile):
    from keyflower.helpers import home, put
    st = _keyflower_table({"blue": 3}, skills)
    put(st, "A", tile, 1, -1, 0)
    return st, home(st, "A")


def test_keyflower_transport_waits_whatever_skill_is_held():
    """A transport with nothing to move ended at once unless a skill behind the screen paid
    for an upgrade (Blacksmith: an anvil): now it waits whenever an upgrade might be paid."""
    a, h = _keyflower_upgrader({"anvil": 1}, "blacksmith")
    b, _ = _keyflower_upgrader({"saw": 1}, "blacksmith")
    for act in ({"type": "use", "where": "A"}, {"type": "tile", "tile": h},
                {"type": "place", "n": 1}):
        _both(KEY, a, b, "A", act)
    assert {"type": "upgrade", "tile": "blacksmith"} in KEY.legal(a, "A")
    assert KEY.legal(b, "A") == [{"type": "t_end"}]
    _both(KEY, a, b, "A", {"type": "t_end"})


def test_keyflower_upgrade_paid_with_any_skill_always_asks_how():
    """The Barn's upgrade (any skill) was done at once with one kind of skill held and asked
    how to pay with two kinds: now it always asks."""
    a, h = _keyflower_upgrader({"saw": 1, "pick": 1}, "barn")
    b, _ = _keyflower_upgrader({"saw": 2}, "barn")
    for act in ({"type": "use", "where": "A"}, {"type": "tile", "tile": h},
                {"type": "place", "n": 1}, {"type": "upgrade", "tile": "barn"}):
        _both(KEY, a, b, "A", act)
    assert len(KEY.legal(a, "A")) == 3 and len(KEY.legal(b, "A")) == 2    # u_pay..., t_back
    _both(KEY, a, b, "A", {"type": "u_pay", "i": 0})
    assert a["tiles"]["barn"]["up"] and b["tiles"]["barn"]["up"]
