"""Every village tile of the data table: its effect on both sides, its upgrade and its points."""
import pytest

from engines.keyflower import ENGINE as E
from engines.keyflower import hexes
from engines.keyflower.data import ANIMALS, RESOURCES, SKILLS, TILES
from engines.keyflower.scoring import score_player

from .helpers import act, give_res, give_skills, home, put, screen, table, use

PRODUCERS = [t for t, d in TILES.items()
             if d["front"] and any(k in d["front"] for k in ("gain", "choose", "pay", "transport", "swap"))
             and d["season"] != "home"]


def place_next_to_home(st, seat, tid, up=False):
    vil = E.village(st, seat)
    spots = hexes.placements(vil, tid)
    hx = sorted(spots)[0]
    q, r = hexes.unkey(hx)
    put(st, seat, tid, q, r, spots[hx][0], up=up)


def set_home(st, seat, hid):
    """Give seat the home tile hid (swapping with whoever has it)."""
    old = st["players"][seat]["home"]
    if old == hid:
        return
    for s in st["seats"]:
        if st["players"][s]["home"] == hid:
            st["players"][s]["home"] = old
    st["players"][seat]["home"] = hid
    a, b = st["tiles"][old], st["tiles"].get(hid)
    st["tiles"][hid] = a
    if b is not None:
        st["tiles"][old] = b
    else:
        del st["tiles"][old]
    # swap ownership back where needed
    for s in st["seats"]:
        h = st["players"][s]["home"]
        st["tiles"][h]["owner"] = s


def snapshot(st, seat, tid):
    p = st["players"][seat]
    fm, cont = E.field_contents(st, seat)
    return {"res": dict(st["tiles"][tid]["res"]), "workers": sum(p["workers"].values()),
            "green": p["workers"]["green"], "skills": sum(p["skills"].values()), "wheat": p["wheat"],
            "animals": {a: sum(c[a] for c in cont.values()) for a in ANIMALS}}


@pytest.mark.parametrize("up", [False, True])
@pytest.mark.parametrize("tid", PRODUCERS)
def test_tile_effect(tid, up):
    st = table(auction=())
    st["opts"]["farmers"] = True
    screen(st, "A", blue=4, red=2, yellow=2)
    give_skills(st, "A", saw=1, pick=1, anvil=1)
    place_next_to_home(st, "A", tid, up)
    side = TILES[tid]["back" if up else "front"]
    if "transport" in side:
        give_res(st, home(st, "A"), wood=1)   # something to move, so the transport step is offered
    before = snapshot(st, "A", tid)
    use(st, "A", tid, "A", 1, colour="blue")
    workers_used = 1
    expected = dict(side.get("gain", {}))
    if "choose" in side:
        legal = E.legal(st, "A")
        assert [a["type"] for a in legal] == ["choose"] * len(side["choose"])
        act(st, "A", legal[-1])
        expected = dict(side["choose"][-1])
    if "pay" in side:
        what = next(iter(side["pay"]))
        opts = [a for a in E.legal(st, "A") if a["type"] == "pay"]
        assert opts and {"type": "skip"} in E.legal(st, "A")
        act(st, "A", opts[0])
        if what.startswith("worker"):
            workers_used += 1
    if "swap" in side:
        act(st, "A", {"type": "swap", "skill": "saw"})
        expected = {"skill": side["swap"] - 1}
    if "transport" in side:
        step = st["ctx"]["queue"][0]
        assert step["k"] == "transport"
        assert [step["pts"], step["ups"]] == side["transport"]
        act(st, "A", {"type": "t_end"})
    while st["ctx"] and st["ctx"]["queue"] and st["ctx"]["queue"][0]["k"] == "animal":
        act(st, "A", E.legal(st, "A")[0])
    after = snapshot(st, "A", tid)
    for r in RESOURCES:
        assert after["res"][r] - before["res"][r] == expected.get(r, 0), r
    assert after["wheat"] - before["wheat"] == expected.get("wheat", 0) - (0 if "transport" not in side else 0)
    gained_workers = expected.get("worker", 0) + expected.get("green", 0)
    assert after["workers"] - before["workers"] == gained_workers - workers_used
    assert after["green"] - before["green"] == expected.get("green", 0)
    pay_skill = 1 if "pay" in side and not next(iter(side["pay"])).startswith("worker") else 0
    assert after["skills"] - before["skills"] == expected.get("skill", 0) - pay_skill
    for a in ANIMALS:
        assert after["animals"][a] - before["animals"][a] == expected.get(a, 0), a
    assert st["turn"] == 1   # the turn is over


def test_known_numbers_from_the_rules():
    t = TILES
    assert t["keywood"]["back"]["gain"] == {"wood": 3}
    assert t["miner"]["back"]["gain"] == {"iron": 1, "gold": 1}
    assert t["stable"]["back"]["transport"] == [4, 2]
    assert t["wainwright"]["front"]["transport"] == [4, 2]
    assert t["farm_yard"]["back"]["gain"] == {"sheep": 1, "skill": 1, "wheat": 1}
    assert t["peddler"]["front"]["pay"] == {"worker_yellow": 1}
    assert t["alehouse"]["cost"] == {"wood": 1, "stone": 1, "iron": 1}


UPGRADABLE = [t for t, d in TILES.items() if d.get("back") is not None]


def pay_for(st, seat, tid):
    cost = TILES[tid]["cost"]
    for r in RESOURCES:
        if cost.get(r):
            give_res(st, tid, **{r: cost[r]})
    if cost.get("any_res"):
        give_res(st, tid, wood=cost["any_res"])
    give_skills(st, seat, **{s: cost[s] for s in SKILLS if cost.get(s)})
    if cost.get("any_skill"):
        give_skills(st, seat, anvil=cost["any_skill"])


@pytest.mark.parametrize("tid", UPGRADABLE)
def test_upgrade_cost_and_points(tid):
    st = table(auction=())
    st["start"] = 1   # no purple marker for A
    screen(st, "A", blue=4)
    for s in SKILLS:
        st["pile"][s] += st["players"]["A"]["skills"][s]
        st["players"]["A"]["skills"][s] = 0
    if TILES[tid]["season"] == "home":
        set_home(st, "A", tid)
        target = tid
    else:
        place_next_to_home(st, "A", tid)
        target = tid
    h = home(st, "A")
    front = score_player(E, st, "A")["breakdown"]["Tile points"]
    # without the cost: no upgrade offered
    use(st, "A", h, "A", 1)
    assert {"type": "upgrade", "tile": target} not in E.legal(st, "A")
    act(st, "A", {"type": "t_end"}) if st["ctx"] else None
    st["turn"] = 0
    pay_for(st, "A", target)
    skills_before = sum(st["players"]["A"]["skills"].values())
    use(st, "A", h, "A", 2)
    act(st, "A", {"type": "upgrade", "tile": target})
    if st["ctx"] and st["ctx"]["queue"] and st["ctx"]["queue"][0].get("sub"):
        act(st, "A", {"type": "u_pay", "i": 0})
    assert st["tiles"][target]["up"]
    assert sum(st["tiles"][target]["res"].values()) == 0
    assert sum(st["players"]["A"]["skills"].values()) == 0 or skills_before == 0
    back = score_player(E, st, "A")["breakdown"]["Tile points"]
    assert back - front == (TILES[tid]["back"].get("vp", 0) - TILES[tid]["front"].get("vp", 0))


def test_boat_3a_lets_any_resource_pay():
    st = table(auction=())
    put(st, "A", "boat3", 5, 5)
    st["tiles"]["boat3"]["pos"] = None   # owned, not yet placed: powers already active
    st["tiles"]["boat3"]["face"] = "3a"
    place_next_to_home(st, "A", "keywood")
    give_skills(st, "A", saw=0)
    pays = E._upgrade_payments(st, "A", "keywood")
    assert pays == []   # keywood costs a saw (a skill, not a resource)
    h = home(st, "A")
    give_res(st, h, gold=2)
    assert E._upgrade_payments(st, "A", h) == [{"res": {"gold": 2}, "skills": {}}]


def test_boat_2b_doubles_transport():
    st = table(auction=())
    put(st, "A", "boat2", 5, 5)
    st["tiles"]["boat2"]["pos"] = None
    st["tiles"]["boat2"]["face"] = "2b"
    h = home(st, "A")
    give_res(st, h, wood=1)
    place_next_to_home(st, "A", "keywood")
    use(st, "A", h, "A", 1, colour="blue")
    step = st["ctx"]["queue"][0]
    assert (step["pts"], step["ups"]) == (2, 2)


@pytest.mark.parametrize("tid,what,vp", [("blacksmith", "iron", 2), ("stone_yard", "stone", 2),
                                         ("timber_yard", "wood", 2), ("barn", "stone", 1)])
def test_autumn_scoring_tiles(tid, what, vp):
    st = table(auction=())
    st["start"] = 1
    place_next_to_home(st, "A", tid)
    give_res(st, tid, **{what: 2, "gold": 1})
    bd = score_player(E, st, "A")["breakdown"]
    assert bd["Scoring tiles"] == 3 * vp     # gold counts as the matching resource
    assert bd["Gold"] == 0                   # and scores no gold point
    st["tiles"][tid]["up"] = True
    assert score_player(E, st, "A")["breakdown"]["Scoring tiles"] == 3 * (vp + 1)


def test_other_resources_on_blacksmith_go_to_the_pool():
    st = table(auction=())
    st["start"] = 1
    place_next_to_home(st, "A", "blacksmith")
    give_res(st, "blacksmith", wood=1, iron=1)
    place_next_to_home(st, "A", "windmill")
    give_res(st, home(st, "A"), wood=4)
    bd = score_player(E, st, "A")["breakdown"]
    assert bd["Scoring tiles"] == 2
    assert bd["Winter tiles"] == 5      # 4 + the wood lying on the blacksmith


@pytest.mark.parametrize("face,bonus", [("1a", "workers"), ("1b", "green"), ("6a", "wheat"), ("6b", "animals")])
def test_summer_boat_bonuses_when_taking_a_boat(face, bonus):
    st = table()
    tid = "boat" + face[0]
    put(st, "A", tid, 5, 5)
    st["tiles"][tid]["pos"] = None
    st["tiles"][tid]["face"] = face
    p = st["players"]["A"]
    before = (sum(p["workers"].values()), p["workers"]["green"], p["wheat"])
    act(st, "A", {"type": "pass"})
    act(st, "B", {"type": "pass"})
    # A (start player) takes a boat first
    boat = next(b for b in st["boats"])
    wb = sum(st["boats"][boat]["workers"].values())
    act(st, "A", {"type": "boat", "boat": boat})
    while st["phase"] == "boats" and E.legal(st, "A") and E.legal(st, "A")[0]["type"] == "field":
        act(st, "A", E.legal(st, "A")[0])        # 6b: A puts each animal into a field
    fm, cont = E.field_contents(st, "A")
    if bonus == "workers":
        assert sum(p["workers"].values()) == before[0] + wb + 2
    elif bonus == "green":
        assert p["workers"]["green"] >= before[1] + 1
    elif bonus == "wheat":
        assert p["wheat"] == before[2] + 2
    else:
        assert sum(c["pig"] for c in cont.values()) == 1 and sum(c["sheep"] for c in cont.values()) == 1
