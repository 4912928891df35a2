"""The view holds what a renderer needs, and only what the viewer may see."""
import json

from engines.base import Text
from engines.keyflower import ENGINE as E

from .helpers import act, add_animals, bid, home, put, table, use


def test_view_has_everything_a_renderer_needs():
    st = table()
    put(st, "A", "keywood", 0, 1, 0)
    add_animals(st, f"{home(st, 'A')}:0", sheep=2)
    bid(st, "A", "woodcutter", 2, colour="red")
    v = E.view(st, "A")
    json.dumps(v)
    for k in ("game", "seats", "phase", "season", "round", "to_act", "start_player", "auction",
              "turn_order", "boats", "players", "finished", "geometry", "bag_count", "supply", "you", "private"):
        assert k in v, k
    wc = next(t for t in v["auction"] if t["id"] == "woodcutter")
    assert wc["site"]["bids"]["A"] == {"colour": "red", "n": 2} and wc["site"]["colour"] == "red"
    va = v["players"]["A"]
    kw = next(t for t in va["village"] if t["id"] == "keywood")
    assert kw["pos"] == [0, 1] and len(kw["edges"]) == 6 and kw["regions"]
    assert any(f["animals"]["sheep"] == 2 for f in va["fields"])
    assert v["private"]["workers"] == st["players"]["A"]["workers"]
    assert all("workers" in b and "skills" in b for b in v["boats"])


def test_public_view_hides_screens_and_winter_hands():
    st = table()
    pub = E.view(st, None)
    assert "private" not in pub and "you" not in pub
    blob = json.dumps(pub)
    for s in st["seats"]:
        for t in st["players"][s]["winter"]:
            assert f'"{t}"' not in blob
        assert pub["players"][s]["winter_hand_count"] == len(st["players"][s]["winter"])
    vb = json.dumps(E.view(st, "B"))
    for t in st["players"]["A"]["winter"]:
        assert f'"{t}"' not in vb


def test_private_draws_are_private_events():
    st = table(auction=("alehouse",))
    evs = use(st, "A", "alehouse", "auction", 1, colour="blue")
    priv = [e for e in evs if e.to is not None]
    assert priv and all(e.to == "A" for e in priv)
    pub = [e for e in evs if e.to is None]
    assert all("blue" not in e.text.params for e in pub)


def test_prompt_label_status_are_text():
    st = table()
    assert isinstance(E.prompt(st, "A"), Text)
    assert E.prompt(st, "B").msg.startswith("Waiting")
    assert isinstance(E.status(st), Text)
    for a in E.legal(st, "A"):
        assert E.label(st, "A", a).msg != "Unknown choice"
    act(st, "A", {"type": "bid"})
    labels = [E.label(st, "A", a) for a in E.legal(st, "A")]
    assert any(t.msg == "{tile} — no bids yet" for t in labels)
    act(st, "A", {"type": "cancel"})
    bid(st, "A", "keywood", 2, colour="red")
    act(st, "B", {"type": "bid"})
    labels = [E.label(st, "B", a) for a in E.legal(st, "B")]
    assert any(t.plural == "{tile} — highest bid: {n} workers" and t.params["n"] == 2
               for t in labels)
