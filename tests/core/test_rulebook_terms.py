"""Terms a reviewer found differing from the seed rulebooks, each rendered as players see it
(``core.i18n.tr``), so that a catalog edit that brings one back fails here."""
from __future__ import annotations

import pytest

from core.i18n import LOCALES, tr
from engines.base import T
from engines.glen_more import data as GD
from engines.keyflower import texts as X


def test_keyflower_fields_are_fields_of_the_rulebook_and_whisky_keeps_its_legend():
    # Keyflower's score line is the bare message (an outcome's breakdown key)
    assert tr("Fields", "el") == "Χωράφια"
    assert tr(T("Fields", context="map legend: kinds of field"), "el") == "Πεδία"
    assert tr("Fields", "hu") == tr(T("Fields", context="map legend: kinds of field"), "hu") == "Mezők"
    assert tr(T("Fields", context="map legend: kinds of field"), "en") == "Fields"


def test_libertalia_phase_and_abilities_follow_the_greek_rulebook():
    assert tr("Today's pick", "el") == "Ανατολή"
    assert tr(T("Today's pick: {card}", card="X"), "el") == "Ανατολή: X"
    assert tr("Today's pick", "hu") == "Napkelte"
    for msg in ("Character abilities", "End-of-campaign abilities"):
        assert "ειδικές ενέργειες" in tr(msg, "el").lower()
    for msg in ("Skip the {card}'s ability", "Use the {card}'s ability",
                "Use your {card}'s ability? ({effect})",
                "{seat} is deciding whether to use the {card}'s ability.",
                "{seat}'s {card} does not use its ability."):
        out = tr(T(msg, card="X", seat="A", effect="e"), "el")
        assert "ειδική ενέργεια" in out and "ικανότητ" not in out, out
    assert tr(T("abilities", context="slash command name"), "el") == "ειδικές-ενέργειες"


def test_tie_break_numbers_and_equal_scores():
    assert tr("Tie-break numbers", "el") == "Αριθμοί επιρροής"
    assert tr("Tie-break numbers", "hu") == "Befolyásszámok"
    assert tr("Equal final scores", "el") == "Ισοπαλία"
    assert tr("Equal final scores", "hu") == "Holtverseny"


@pytest.mark.parametrize("n", [1, 3])
def test_officers_are_officers(n):
    """The loot chip of officers: an officer (αξιωματικός), shortened to fit a day's box,
    never "Ισπανός"."""
    out = tr(T("{n} officer", plural="{n} officers", context="loot chip", n=n), "el")
    assert out == f"{n} αξιωμ."


def test_whisky_cards_are_named_as_the_hungarian_rulebook():
    out = tr(T("The question cards are used up: {winners} ranked first.",
               plural="The question cards are used up: {winners} ranked first.", n=1,
               winners="A"), "hu")
    assert "lepárló kártyák" in out and "kérdéskárty" not in out
    assert tr("Bonus bottle cards", "hu") == "Palack kártyák"


def test_hungarian_glen_more_activation_end_has_a_verb():
    assert tr("Finish activations and end the turn", "hu").startswith("Fejezd be")
    out = tr(T("Finish activations, then spend {n} movement point",
               plural="Finish activations, then spend {n} movement points", n=2), "hu")
    assert out.startswith("Fejezd be") and "költs el 2 mozgáspontot" in out


def test_a_worker_count_after_a_verb_takes_the_object_case():
    red = X.workers("red", 1, obj=True)
    assert tr(T("Add {goods}", goods=red), "el") == "Πρόσθεσε 1 κόκκινο εργάτη"
    assert tr(T("Add {goods}", goods=red), "hu") == "Tegyél hozzá 1 piros munkást"
    assert tr(T("Take off {goods}", goods=X.workers("yellow", 2, obj=True)), "el") \
        == "Αφαίρεσε 2 κίτρινους εργάτες"
    pay = tr(T("pay {goods}: {gain}", goods=X.good("worker_red", 1, obj=True), gain="+2"), "el")
    assert pay == "πλήρωσε 1 κόκκινο εργάτη: +2"
    assert tr(T("pay {goods}: {gain}", goods=X.good("gold", 1, obj=True), gain="+2"), "hu") \
        == "fizess 1 aranyat → +2"
    # a list after a colon stays in the nominative, and English is the same either way
    assert tr(T("Pay {goods}", goods=[X.workers("red", 1)]), "el") == "Πλήρωσε: 1 κόκκινος εργάτης"
    assert tr(red, "en") == tr(X.workers("red", 1), "en") == "1 red worker"


def test_keyflower_labels_put_counts_after_verbs_in_the_object_case():
    from engines.keyflower import ENGINE as E
    st = E.new(["A", "B"], seed=1)
    st["allocate"] = {"A": {"step": None, "cur": {}, "best": {}, "best_total": 0, "hist": []}}
    out = tr(E.label(st, "A", {"type": "alloc_add", "tile": "x", "kind": "red"}), "el")
    assert out == "Πρόσθεσε 1 κόκκινο εργάτη"


def test_a_name_ending_in_a_period_gets_no_second_one():
    name = T("Tullamore D.E.W.")
    for lang in ("en", "el", "hu"):
        out = tr(T("{player} draws {card}.", player="A", card=name), lang)
        assert not out.endswith(".."), out
    assert tr(T("Visit {place}.", place="Tullamore D.E.W."), "en") == "Visit Tullamore D.E.W."
    assert tr(T("Visit {place}.", place="Bushmills"), "en") == "Visit Bushmills."
    assert tr(T("{a}: {b}.", a="St.", b="x"), "en") == "St.: x."


def _summary(lang):
    return (LOCALES / "rules" / lang / "glen_more.md").read_text(encoding="utf-8")


def test_glen_more_summaries_say_what_villages_and_castles_do():
    # what the engine does: a clansman when placed, a movement point when activated
    assert GD.BONUS_CLANSMEN == {"village": 1, "castle": 1}
    assert {"village", "castle"} <= set(GD.GREY_TYPES)
    wrong = {"en": ["villages give clansmen", "castles give movement", "resources or coins"],
             "el": ["τα χωριά δίνουν μέλη", "τα κάστρα πόντους", "υλικά ή νομίσματα"],
             "hu": ["a falvak klántagot adnak", "a várak mozgáspontot", "nyersanyagban vagy érmében"]}
    right = {"en": ["Every village and castle brings one clansman",
                    "every village and castle gives one movement point", "coins only buy"],
             "el": ["Κάθε χωριό και κάστρο φέρνει", "κάθε χωριό και κάστρο έναν πόντο μετακίνησης",
                    "τα νομίσματα μόνο αγοράζουν"],
             "hu": ["Minden falu és vár lerakáskor egy klántagot",
                    "minden falu és vár pedig minden aktiváláskor egy mozgáspontot",
                    "érméért csak a piacon"]}
    for lang in ("en", "el", "hu"):
        text = _summary(lang)
        assert not [w for w in wrong[lang] if w in text], lang
        assert all(r in text for r in right[lang]), lang
