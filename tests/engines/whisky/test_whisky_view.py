"""The view a renderer and the Discord panels use; labels, prompts and status lines."""
import importlib
import json

from core.i18n import translator

from whisky_helpers import current, dests, dice, do, make_engine, new_game, place, roll  # noqa: F401


tr = translator("en")


def resolve(ref):
    mod, _, attr = ref.partition(":")
    return getattr(importlib.import_module(mod), attr)


def test_view_has_everything_a_renderer_needs(dice):
    eng = make_engine()
    st = new_game(eng, ("A", "B", "C"), seed=3)
    seat = current(eng, st)
    place(st, seat, "SC_EDINBURGH", hand=["faker", "fifty"], bottles=[{"d": "IY_ARDBEG", "v": 3}],
          lost=[{"v": 6, "revealed": False, "at": "IY_LOST_LOSSIT"}], hangover=True)
    v = eng.view(st, None)
    for key in ("game", "seats", "phase", "to_act", "round", "board", "players", "question",
                "distilleries", "pending", "finished", "outcome", "decks", "bag", "goal"):
        assert key in v, key
    assert v["to_act"] == [seat] and v["pending"] == {"kind": "ready", "seat": seat}
    board = resolve(v["board"]["ref"])
    assert {"fields", "edges", "sea_routes", "airports", "canvas"} <= set(board)
    assert v["board"]["occupants"]["SC_EDINBURGH"]
    pv = v["players"][seat]
    for key in ("position", "character", "bottles", "points_visible", "lost_hidden", "ingredients",
                "special_cards", "effects", "regions"):
        assert key in pv, key
    assert pv["bottles"]["ISLAY"] == [{"distillery": "IY_ARDBEG", "value": 3, "points": 3}]
    assert pv["points_visible"] == 3 and pv["lost_hidden"] == 1 and pv["special_cards"] == 2
    assert pv["effects"] == ["hangover"] and pv["regions"] == ["ISLAY"]
    assert len(v["distilleries"]) == 45 and v["distilleries"]["IY_ARDBEG"] == 3
    assert "6" not in json.dumps(pv)
    mine = eng.view(st, seat)
    assert mine["you"] == seat and mine["hand"] == ["faker", "fifty"] and mine["lost_values"] == [6]
    assert mine["points_total"] == 9
    other = eng.view(st, [s for s in st["seats"] if s != seat][0])
    assert other["hand"] == [] and other["lost_values"] == []
    roll(eng, st, dice, 5)
    mine = eng.view(st, seat)
    assert {o["to"] for o in mine["move_options"]} == set(dests(eng, st))


def test_labels_prompts_and_status_name_places(dice):
    eng = make_engine()
    st = new_game(eng, seed=3)
    seat = current(eng, st)
    place(st, seat, "IY_KILDALTON")
    assert eng.label(st, seat, {"type": "roll"}).msg == "Roll the die"
    roll(eng, st, dice, 1)
    lab = eng.label(st, seat, {"type": "move", "to": "IY_LAGAVULIN"})
    assert lab.msg == "{letter} — Move to {place} ({kind})"
    assert lab.params["place"].msg == "Lagavulin" and lab.params["kind"].msg == "distillery"
    letter = {o["to"]: o["letter"] for o in eng.view(st, None)["move"]["options"]}
    assert lab.params["letter"] == letter["IY_LAGAVULIN"]
    prompt = eng.prompt(st, seat)
    assert prompt.msg == "You move {n} field: choose where to go (the letters on the map)."
    assert prompt.params["n"] == 1 and prompt.plural
    do(eng, st, {"type": "move", "to": "IY_LAGAVULIN"})
    lab = eng.label(st, seat, {"type": "ask", "level": "hard"})
    assert lab.msg == "Take a hard question for the bottle worth {n} point" and lab.params["n"] == 5
    assert tr(lab) == "Take a hard question for the bottle worth 5 points"
    assert tr(eng.label(st, seat, {"type": "ask", "level": "easy"})) == \
        "Take an easy question for the bottle worth 1 point"
    do(eng, st, {"type": "ask", "level": "hard"})
    q = st["question"]
    rec = eng.bank(st)[q["id"]]
    lab = eng.label(st, seat, {"type": "answer", "option": 0})
    assert lab.params["letter"] == "A" and lab.params["text"] == rec["options"][q["order"][0]]
    assert eng.prompt(st, seat).params["question"] == rec["question"]
    status = eng.status(st)
    assert status.params["player"] == seat and "question" not in json.dumps(status.to_json())
    other = [s for s in st["seats"] if s != seat][0]
    assert eng.prompt(st, other).msg == "Waiting for {player}."
