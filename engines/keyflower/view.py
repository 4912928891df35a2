"""Keyflower: what players see — the view (public and private parts), the labels of the
choices, the prompts."""
from __future__ import annotations

from engines.base import T, Text

from . import data, fields, hexes
from . import texts as X
from .data import TILES
from .common import _qty, _tn, _w0, page_of

BUTTONS = 5          # a decision of this many choices or fewer is shown as buttons (no details)


def _tile_view(eng, st, tid):
    t = st["tiles"][tid]
    d = TILES[tid]
    v = {"id": tid, "name": d["name"], "num": d.get("num"), "season": d["season"], "set": d["set"],
         "up": t["up"], "owner": t["owner"], "pos": t["pos"], "rot": t["rot"],
         "edges": list(hexes.edges_of(tid, t["rot"])),
         "regions": [[(s + 2 * t["rot"]) % 12 for s in reg] for reg in fields.regions_printed(tid)],
         "res": dict(t["res"]), "animals": {k: dict(a) for k, a in t["animals"].items()},
         "shelter": t["shelter"], "face": t["face"],
         "vp": (eng.side(st, tid).get("vp", 0) or 0),
         "usable": eng._usable(st, tid),
         "upgradable": d.get("back") is not None and not t["up"],
         "cost": d.get("cost"), "front": d.get("front"), "back": d.get("back"),
         "bonus": d.get("bonus")}
    if t["face"]:
        v["face_help"] = data.SUMMER_BOAT_FACES[t["face"]]["help"]
    site = st["site"].get(tid)
    if site:
        v["site"] = {"colour": site["colour"], "uses": list(site["uses"]), "on": dict(site["on"]),
                     "bids": {s: dict(b) for s, b in site["bids"].items()},
                     "leader": eng._winner(site)}
    else:
        v["site"] = {"colour": None, "uses": [], "on": _w0(), "bids": {}, "leader": None}
    return v


def _view(eng, st, seat):
    seats = st["seats"]
    season = eng.season_name(st)
    out = {
        "game": "keyflower", "seats": list(seats), "phase": st["phase"], "season": season,
        "season_index": st["season"], "round": st["season"] + 1, "to_act": eng.to_act(st),
        "current": seats[st["turn"]] if st["phase"] == "play" else None,
        "start_player": seats[st["start"]], "passes": st["passes"], "options": dict(st["opts"]),
        "bag_count": sum(st["bag"].values()), "green_supply": st["green"], "supply": dict(st["supply"]),
        "skill_pile": sum(st["pile"].values()),
        "geometry": {"coords": "axial q,r; flat-top hexes", "dirs": hexes.DIRS,
                     "edge_order": "edge i faces dirs[i], clockwise from north",
                     "slots": "edge i holds slots 2i and 2i+1, clockwise"},
        "auction": [_tile_view(eng, st, t) for t in st["auction"]],
        "turn_order": [_tile_view(eng, st, t) for t in st["to_tiles"]],
        "boats": [{"id": b, "name": TILES[b]["name"], "owner": v["owner"],
                   "face": "a" if season in TILES[b]["face_a"] else "b",
                   "workers": dict(v["workers"]), "skills": dict(v["skills"]),
                   "scoring": TILES[b]["boat_score"]} for b, v in st["boats"].items()],
        "players": {}, "finished": st["phase"] == "over", "pending": None,
    }
    for s in seats:
        p = st["players"][s]
        fmap, cont = eng.field_contents(st, s)
        groups = fields.groups(fmap)
        tiles_here = [tid for tid, t in st["tiles"].items() if t["owner"] == s]
        out["players"][s] = {
            "home": p["home"], "purple": seats[st["start"]] == s,
            "village": [_tile_view(eng, st, t) for t in sorted(tiles_here) if st["tiles"][t]["pos"] is not None],
            "to_place": [_tile_view(eng, st, t) for t in p["won"]],
            "summer_boats": sorted(eng.faces(st, s)),
            "fields": [{"id": f, "nodes": groups[f], "tiles": sorted({n.split(":")[0] for n in groups[f]}),
                        "animals": cont[f]} for f in sorted(groups)],
            "winter_hand_count": len(p["winter"]),
            "winter_done": p["picked"], "boat_rank": p["boat_rank"],
            # how many workers and skill tiles are behind the screen, and the wheat: every
            # worker or skill gained or spent is counted in the open (only the colours and
            # the skill types are hidden)
            "screen": {"workers": sum(p["workers"].values()), "skills": sum(p["skills"].values()),
                       "wheat": p["wheat"]},
        }
    # public facts of the order of play that an AI rebuilding a position needs: the order in
    # which the tiles came into play and the bids were made, the end-of-season queues
    out["order"] = {"tiles": list(st["tiles"]), "site": list(st["site"])}
    out["end"] = _jcopy(st["end"])
    out["breed"] = _jcopy(st["breed"])
    ctx = st["ctx"]
    if st["phase"] == "play" and ctx:
        pend = {k: v for k, v in ctx.items() if k != "queue"}
        if ctx.get("queue"):
            pend["effect"] = ctx["queue"][0]["k"]
            step = ctx["queue"][0]
            pend["effect_step"] = {k: v for k, v in step.items() if k != "k"}
            if step["k"] == "transport":
                pend["transport"] = {"points": step["pts"], "upgrades": step["ups"]}
        if ctx.get("queue"):
            pend["queue"] = _jcopy(ctx["queue"])
        if seat != seats[st["turn"]]:
            pend = _public_pending(pend)
        out["pending"] = pend
    if st["phase"] == "place":
        out["placing"] = {s: st["players"][s]["placing"] for s in seats}
    if seat is not None and seat in st["players"]:
        p = st["players"][seat]
        out["you"] = seat
        out["private"] = {"workers": dict(p["workers"]), "skills": dict(p["skills"]), "wheat": p["wheat"],
                          "winter_hand": list(p["winter"]), "winter_pick": list(p["pick"]),
                          "page": page_of(st, seat) if seat in out["to_act"] else 0}
        if st["phase"] == "allocate":
            pan = st["allocate"][seat]
            out["private"]["allocation"] = {
                "suggested": pan["best"], "suggested_total": pan["best_total"], "current": pan["cur"],
                "total": eng._alloc_total(st, seat), "confirmed": pan["done"],
                "history": _jcopy(pan["hist"]), "step": _jcopy(pan["step"])}
    if st["phase"] == "over":
        o = eng.outcome(st)
        out["outcome"] = o.to_json()
        out["final"] = {s: {"workers": dict(st["players"][s]["workers"]), "skills": dict(st["players"][s]["skills"]),
                            "wheat": st["players"][s]["wheat"], "purple_as": st["result"][s]["purple"]}
                        for s in seats}
        out["result"] = _jcopy(st["result"])
    return out


def _jcopy(x):
    """A deep copy of plain JSON data (None stays None)."""
    if isinstance(x, dict):
        return {k: _jcopy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_jcopy(v) for v in x]
    return x


def _public_pending(pend):
    """The current player's unfinished decision as the other players see it. How a bid or
    a use is asked depends on the colours behind the screen: the whole turn in one list,
    a tile offered with its only way, a colour step, losing bids one by one. So nothing of
    it shows until the workers are placed (then the log and the table show them); the
    effect steps of a use that follow are public."""
    if pend.get("step") in ("target", "colour", "workers", "mixed"):
        return None
    return pend


def _label(eng, st, seat, a):
    t = a.get("type")
    ctx = st["ctx"] or {}
    if t == "pass":
        return T("Pass", context="the action")
    if t == "bid":
        return T("Bid for a tile")
    if t == "use":
        w = a["where"]
        if w == "auction":
            return T("Use a tile up for auction")
        if w == seat:
            return T("Use a tile in your village")
        return T("Use a tile in {player}'s village", player=w)
    if t == "shelter":
        return T("Put a sheep on the Sheep shelter")
    if t == "tile":
        tid = a["tile"]
        if ctx.get("intent") == "bid":
            best, own = eng._bid_state(st, seat, tid)
            if own > best:
                return T("{tile} — your bid leads with {n} worker",
                         plural="{tile} — your bid leads with {n} workers", tile=_tn(tid), n=own)
            if best == 0:
                return T("{tile} — no bids yet", tile=_tn(tid))
            return T("{tile} — highest bid: {n} worker", plural="{tile} — highest bid: {n} workers",
                     tile=_tn(tid), n=best)
        need, _ = eng._use_need(st, tid)
        return T("{tile} — needs {n} worker", plural="{tile} — needs {n} workers",
                 tile=_tn(tid), n=need)
    if t == "colour":
        return X.colour_choice(a["colour"], eng._avail(st, seat, a["colour"]))
    if t == "group":
        n = st["site"][a["tile"]]["bids"][seat]["n"]
        return T("Add your {n} worker from the bid on {tile}",
                 plural="Add your {n} workers from the bid on {tile}", n=n, tile=_tn(a["tile"]))
    if t == "place":
        return _placement_label(eng, st, seat, *eng._placement(ctx, a))
    if t == "cancel":
        return T("Cancel")
    if t == "mixed":
        return T("Use {tile} with workers of several colours (boat 4b)",
                 tile=_tn(a.get("tile") or ctx["tile"]))
    if t == "add":
        return X.add_from_screen(a["colour"], eng._mixed_so_far(st, seat).get(a["colour"], 0) + 1)
    if t == "mix_done":
        return T("Place them: {workers}", workers=X.worker_list(eng._mixed_so_far(st, seat)))
    if t == "choose":
        g = ctx["queue"][0]["opts"][a["i"]]
        return T("Take {goods}", goods=X.goods(g))
    if t == "pay":
        if "skill" in a:
            return X.return_skill(a["skill"])
        if a["from"] == "screen":
            return X.pay_from_screen(a["colour"])
        return X.pay_from_bid(a["colour"], _tn(a["from"]), a.get("n", 1))
    if t == "skip":
        return T("Skip")
    if t == "swap":
        return X.swap_skill(a["skill"], ctx["queue"][0]["draw"])
    if t in ("field", "newborn"):
        return _field_label(eng, st, seat, a["field"], short=True)
    if t == "t_from":
        return T("Move resources from {tile}", tile=_tn(a["tile"]))
    if t == "a_from":
        tid, idx = a["node"].split(":")
        animals = X.goods(st["tiles"][tid]["animals"].get(idx, {}))
        return T("Move animals from {tile} ({animals})", animals=animals, tile=_tn(tid))
    if t == "t_move":
        return T("Move {goods} to {tile} (1 transport point)", goods=_qty(a["res"], 1),
                 tile=_tn(a["to"]))
    if t == "a_move":
        step = ctx["queue"][0]
        d = next((d for sp, f, d in eng._animal_moves(st, seat, step["sub"]["node"], step["pts"])
                  if sp == a["sp"] and f == a["to"]), 0)
        return T("{goods} to the {field} ({n} point)", plural="{goods} to the {field} ({n} points)",
                 goods=_qty(a["sp"], 1), field=_field_label(eng, st, seat, a["to"], lower=True,
                                                            short=True), n=d)
    if t == "wheat":
        return T("Spend a wheat for one more transport point")
    if t == "upgrade":
        return T("Upgrade {tile}", tile=_tn(a["tile"]))
    if t == "u_pay":
        step = ctx["queue"][0]
        pay = eng._upgrade_payments(st, seat, step["sub"]["up"])[a["i"]]
        return T("Pay {goods}", goods=X.goods({**pay["res"], **pay["skills"]}))
    if t == "t_back":
        return T("Back to the transport choices")
    if t == "t_end":
        return T("End the transport")
    if t == "winter":
        if a["tile"] in st["players"][seat]["pick"]:
            return T("Keep {tile} in your hand after all", tile=_tn(a["tile"]))
        return T("Offer {tile}", tile=_tn(a["tile"]))
    if t == "winter_done":
        n = len(st["players"][seat]["pick"])
        return T("Offer the {n} chosen winter tile", plural="Offer the {n} chosen winter tiles", n=n)
    if t == "boat":
        return _boat_label(eng, st, a["boat"])
    if t == "place_tile":
        return T("Build {tile} first", tile=_tn(a["tile"]))
    if t == "hex":
        return T("Build it {where}", where=_space_words(eng, st, seat, a["hex"]))
    if t == "rotate":
        return _rotation_label(eng, st, seat, a["rot"])
    if t == "flip":
        return T("Flip {tile} for free", tile=_tn(a["tile"]))
    if t == "page":
        return T("More choices (page {page})", page=a["page"] + 1)
    if t.startswith("alloc_"):
        return eng._alloc_label(st, seat, a)
    return T("Unknown choice")


def _detail(eng, st, seat, a):
    """What a choice's label leaves out (a select option's description), or None."""
    t = a.get("type")
    ctx = st["ctx"] or {}
    if t == "place":
        return _placement_detail(eng, st, seat, *eng._placement(ctx, a))
    if t == "boat":
        return _boat_detail(eng, st, a["boat"])
    if t == "rotate":
        return _rotation_label(eng, st, seat, a["rot"], detail=True)
    if t in ("field", "newborn"):
        return _field_label(eng, st, seat, a["field"])
    if t == "a_move":
        return _field_label(eng, st, seat, a["to"])
    if t.startswith("alloc_"):
        return eng._alloc_detail(st, seat, a)
    return None


def _placement_label(eng, st, seat, intent, tid, colour, groups, k):
    """A complete bid or use, short: the tile, the colour and how many workers in all (and
    how many of them come from losing bids). Where they come from, and whose village the
    tile is in, is the choice's detail."""
    tile = _tn(tid)
    moved = [(st["site"][g]["bids"][seat]["n"], g) for g in groups]
    from_bids = sum(n for n, _ in moved)
    total = k + from_bids
    if intent == "bid" and eng._bid_state(st, seat, tid)[1]:
        base = T("Raise your bid on {tile}: +{workers}", tile=tile, workers=X.workers(colour, total))
    elif intent == "bid":
        base = T("Bid on {tile}: {workers}", tile=tile, workers=X.workers(colour, total))
    else:
        base = T("Use {tile}: {workers}", tile=tile, workers=X.workers(colour, total))
    if not groups:
        return base
    if _ambiguous(eng, st, seat, colour, groups) and len(eng.legal(st, seat)) <= BUTTONS:
        # another losing bid of the same size could take this one's place, and the choices
        # are buttons, which show no detail: the label names the bids
        return T("{choice}, with your bids on {tiles}", choice=base,
                 tiles=[_tn(g) for _, g in moved])
    return T("{choice} ({n} from your bids)", plural="{choice} ({n} from your bids)",
             choice=base, n=from_bids)


def _ambiguous(eng, st, seat, colour, groups) -> bool:
    """Would a way that moves other losing bids of the same sizes read the same?"""
    sizes = [n for g, _, n in eng._losing_groups(st, seat, colour) if g in groups]
    others = [n for g, _, n in eng._losing_groups(st, seat, colour) if g not in groups]
    return any(n in others for n in sizes)


def _placement_detail(eng, st, seat, intent, tid, colour, groups, k):
    """Where the workers of a complete bid or use come from (the losing bids moved along,
    the screen), or else whose village the tile is in when it is another player's."""
    if not groups:
        owner = st["tiles"][tid]["owner"]
        if intent == "use" and owner not in (None, seat):
            return T("In {player}'s village", player=owner)
        return None
    bids = [T("{tile} ({n})", tile=_tn(g), n=st["site"][g]["bids"][seat]["n"]) for g in groups]
    if k:
        return T("From your bids on {bids}; {n} from your screen", bids=bids, n=k)
    return T("From your bids on {bids}", bids=bids)


def _boat_label(eng, st, boat):
    if eng.season_name(st) == "winter":
        return T("Take {boat} for your village", boat=_tn(boat))
    b = st["boats"][boat]
    got = [X.workers_short(c, b["workers"][c]) for c in data.COLOURS if b["workers"].get(c)]
    k = sum(b["skills"].values())
    if k:
        got.append(X.good("skill", k))
    if not got:
        return T("Take {boat}: it is empty", boat=_tn(boat))
    return T("Take {boat}: {goods}", boat=_tn(boat), goods=got)


def _boat_detail(eng, st, boat):
    """A summer boat's skill tiles by kind (its label counts them)."""
    if eng.season_name(st) == "winter":
        return None
    b = st["boats"][boat]
    if not sum(b["skills"].values()):
        return None
    return T("Skill tiles: {goods}", goods=X.goods(b["skills"]))


def _direction(d: int, tile: Text) -> Text:
    """Where a space lies seen from a tile, in words (d: a hexes.DIRS index)."""
    if d == 0:
        return T("north of {tile}", tile=tile)
    if d == 1:
        return T("north-east of {tile}", tile=tile)
    if d == 2:
        return T("south-east of {tile}", tile=tile)
    if d == 3:
        return T("south of {tile}", tile=tile)
    if d == 4:
        return T("south-west of {tile}", tile=tile)
    return T("north-west of {tile}", tile=tile)


def _space_words(eng, st, seat, hx):
    """An empty space of a village in words, seen from a neighbouring tile (the home tile
    when it is one): "north-east of Keywood"."""
    q, r = hexes.unkey(hx)
    vil = eng.village(st, seat)
    grid = hexes.grid(vil)
    home = st["players"][seat]["home"]
    near = []
    for d in range(6):
        nq, nr = hexes.neighbour(q, r, d)
        tid = grid.get(hexes.key(nq, nr))
        if tid:
            near.append((tid != home, data.name(tid), (d + 3) % 6, tid))
    if not near:
        return T("away from your village ({hex})", hex=hx)
    _, _, d, tid = min(near)
    return _direction(d, _tn(tid))


def _compass_short(d: int) -> Text:
    """A direction as a compass abbreviation (d: a hexes.DIRS index)."""
    if d == 0:
        return T("N", context="compass, short")
    if d == 1:
        return T("NE", context="compass, short")
    if d == 2:
        return T("SE", context="compass, short")
    if d == 3:
        return T("S", context="compass, short")
    if d == 4:
        return T("SW", context="compass, short")
    return T("NW", context="compass, short")


def _rotation_label(eng, st, seat, rot, detail=False):
    """A way to turn the tile being built: where its roads lead (N, NE…), and how many
    neighbours they join; ``detail``: which neighbours."""
    pl = st["players"][seat]["placing"]
    tid = pl["tile"]
    q, r = hexes.unkey(pl["hex"])
    vil = eng.village(st, seat)
    grid = hexes.grid(vil)
    edges = hexes.edges_of(tid, rot)
    joined = []
    for d in range(6):
        nq, nr = hexes.neighbour(q, r, d)
        other = grid.get(hexes.key(nq, nr))
        if other and edges[d] == "R" and hexes.edges_of(other, vil[other]["rot"])[(d + 3) % 6] == "R":
            joined.append(_tn(other))
    roads = [_compass_short(d) for d in range(6) if edges[d] == "R"]
    if detail:
        if not joined:
            return None
        return T("Its roads join {tiles}", tiles=joined)
    if joined:
        return T("Turn {turn}: roads {dirs}, joining {n} neighbour",
                 plural="Turn {turn}: roads {dirs}, joining {n} neighbours", turn=rot + 1,
                 dirs=roads, n=len(joined))
    if roads:
        return T("Turn {turn}: roads {dirs}, joining no neighbour", turn=rot + 1, dirs=roads)
    return T("Turn {turn}", turn=rot + 1)


def _field_label(eng, st, seat, f, lower=False, short=False):
    """A field in words: the tiles it lies on (the first two, and how many more, when
    ``short``) and its animals (none when ``short``)."""
    fmap, cont = eng.field_contents(st, seat)
    tiles = sorted({n.split(":")[0] for n, g in fmap.items() if g == f})
    names = [_tn(t) for t in tiles[:3]]
    if short:
        names = [_tn(t) for t in tiles[:2]]
        if len(tiles) > 2:
            names.append(T("+{n} more", plural="+{n} more", n=len(tiles) - 2))
        if lower:
            return T("field on {tiles}", tiles=names)
        return T("Field on {tiles}", tiles=names)
    animals = X.goods(cont.get(f, {}))
    if animals:
        if lower:
            return T("field on {tiles} with {animals}", tiles=names, animals=animals)
        return T("Field on {tiles} with {animals}", tiles=names, animals=animals)
    if lower:
        return T("empty field on {tiles}", tiles=names)
    return T("Empty field on {tiles}", tiles=names)


def _prompt(eng, st, seat):
    ph = st["phase"]
    if ph == "over":
        return T("The game is over.")
    if seat not in eng.to_act(st):
        return T("Waiting for {players}.", players=eng.to_act(st))
    if ph == "winter_pick":
        return T("Choose the winter tiles you offer (at least one).")
    if ph == "boats":
        if st["end"].get("animals"):
            return X.which_field(st["end"]["animals"][0]["sp"])
        return T("Choose a boat.")
    if ph == "breed":
        _, sp, _ = eng._breed_pick(st)
        return X.which_newborn(sp, st["supply"][sp])
    if ph == "place":
        return T("Build your new tile into your village.")
    if ph == "flip":
        return T("Flipper: choose a tile to upgrade for free.")
    if ph == "allocate":
        return eng._alloc_prompt(st, seat)
    ctx = st["ctx"]
    if ctx is None:
        return T("{season}: bid, use a tile or pass.", season=T(eng.season_name(st).capitalize()))
    step = ctx["step"]
    if step == "mixed":
        placed = eng._mixed_so_far(st, seat)
        if sum(placed.values()):
            return T("Boat 4b: workers for {tile} so far: {workers}. Add more or place them.",
                     tile=_tn(ctx["tile"]), workers=X.worker_list(placed))
        return T("Boat 4b: choose the workers for {tile}, in any colours.", tile=_tn(ctx["tile"]))
    if step == "target":
        return T("Which tile do you bid on?") if ctx["intent"] == "bid" else T("Which tile do you use?")
    if step in ("colour", "workers"):
        legal = eng.legal(st, seat)
        if any(a["type"] == "colour" for a in legal):
            return T("Which colour of workers for {tile}?", tile=_tn(ctx["tile"]))
        if any(a["type"] == "group" for a in legal):
            return T("Add your losing bids, then choose how many workers from your screen go "
                     "to {tile}.", tile=_tn(ctx["tile"]))
        if ctx["intent"] == "bid":
            return T("How do you bid on {tile}?", tile=_tn(ctx["tile"]))
        return T("How do you use {tile}?", tile=_tn(ctx["tile"]))
    k = ctx["queue"][0]["k"]
    if k == "transport":
        s = ctx["queue"][0]
        return T("Transport: {left} left.", left=[X.transport_points(s["pts"]), X.upgrades(s["ups"])])
    if k == "animal":
        return X.which_field(ctx["queue"][0]["sp"])
    if k == "pay":
        return T("Pay to use {tile}, or skip.", tile=_tn(ctx["tile"]))
    if k == "swap":
        return T("Which skill do you swap?")
    return T("Choose what you take.")
