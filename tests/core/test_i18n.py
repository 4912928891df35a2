import gettext
import json

import pytest

from core import i18n
from scripts import catalogs
from engines.base import IllegalAction, T, Text, english


def test_english_formats_params_and_nested_texts():
    assert i18n.tr(T("{who} took {what}.", who="Anna", what=T("Jewels"))) == "Anna took Jewels."
    assert i18n.tr("Picks: {x}", x=[T("a"), "b"]) == "Picks: a, b"


@pytest.mark.parametrize("text", [
    T("{who} took {what}.", who="Anna", what=T("{n} jewel", plural="{n} jewels", n=2)),
    T("Picks: {x}", x=[T("{card} ({n})", card=T("Parrot"), n=3), "b"]),
    T("{n} doubloon", plural="{n} doubloons", n=1),
    T("{n} doubloon", plural="{n} doubloons", n="many"),
    T("Pass", context="action"),
])
def test_english_without_catalogs_reads_as_the_english_catalog_shows_it(text):
    assert english(text) == i18n.tr(text, "en")


def test_an_illegal_action_reads_whole_in_english():
    err = IllegalAction("{card} costs {cost}.", card=T("{n} sheep", plural="{n} sheep", n=2),
                        cost=[T("Wood"), T("Stone")])
    assert str(err) == "2 sheep costs Wood, Stone."
    assert str(IllegalAction("{n} turn left.", plural="{n} turns left.", n=3)) == "3 turns left."


def test_missing_parameter_never_crashes():
    assert i18n.tr("Hello {name}") == "Hello {name}"


def test_counted_messages_take_the_plural_form_of_n():
    one, many = T("{n} doubloon", plural="{n} doubloons", n=1), T("{n} doubloon", plural="{n} doubloons", n=3)
    assert (i18n.tr(one), i18n.tr(many)) == ("1 doubloon", "3 doubloons")
    with pytest.raises(ValueError):
        T("{n} coin", plural="{n} coins")          # the count must be given as n


def test_seat_letters_show_as_names():
    text = T("{player} takes {tile} from {owner}.", player="A", tile="B", owner="C")
    assert i18n.tr(text, seat_names={"A": "Anna", "B": "Bruno", "C": "Chloe"}) == "Anna takes B from Chloe."


def _po(tmp_path, lang, body):
    from babel.messages.pofile import read_po
    path = i18n.po_path(lang, tmp_path)
    path.parent.mkdir(parents=True)
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
              '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    path.write_text(header + body, encoding="utf-8")
    with path.open("rb") as f:
        read_po(f)                                   # a valid catalog
    return path


def test_a_language_is_one_po_file(tmp_path, monkeypatch):
    _po(tmp_path, "el", 'msgid "Join"\nmsgstr "Συμμετοχή"\n\n'
        'msgid "{n} seat"\nmsgid_plural "{n} seats"\nmsgstr[0] "{n} θέση"\nmsgstr[1] "{n} θέσεις"\n\n'
        'msgctxt "action"\nmsgid "Pass"\nmsgstr "Πάσο"\n')
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert i18n.tr("Join", "el") == "Συμμετοχή"
        assert i18n.tr(T("{n} seat", plural="{n} seats", n=1), "el") == "1 θέση"
        assert i18n.tr(T("{n} seat", plural="{n} seats", n=4), "el") == "4 θέσεις"
        assert i18n.tr(T("Pass", context="action"), "el") == "Πάσο"
        assert i18n.tr(T("Pass"), "el") == "Pass"          # the other sense is untranslated
        assert i18n.tr("Join", "hu") == "Join"            # no Hungarian catalog: English
        assert i18n.language("en-US") == "en" and i18n.language("el") == "el"
        assert i18n.available() == ["en", "el"]
        assert i18n.translator("el")("Join") == "Συμμετοχή"
    finally:
        i18n.translations.cache_clear()


def test_template_is_current():
    """locales/tablemaster.pot lists every message of the code: run `python -m scripts.catalogs extract`."""
    from babel.messages.pofile import read_po
    with (i18n.LOCALES / "tablemaster.pot").open("rb") as f:
        stored = read_po(f)
    fresh = catalogs.template_catalog()

    def ids(cat):
        return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in cat if m.id}
    assert ids(stored) == ids(fresh)


def test_data_table_names_are_in_the_catalog():
    names = catalogs.data_strings()
    assert "Quarry" in names            # a Glen More tile
    assert "Gunner" in names            # a Libertalia character (a Text in its table)


def test_text_json_round_trip():
    t = T("{a} and {b}", a=T("x"), b=[T("y"), 3])
    assert Text.from_json(json.loads(json.dumps(t.to_json()))) == t
    c = T("{n} coin", plural="{n} coins", n=2, context="money")
    assert Text.from_json(json.loads(json.dumps(c.to_json()))) == c


def test_a_shortened_loot_chip_leaves_the_full_count_whole():
    """The Greek board chip abbreviates "jewels" to fit; a sentence counting jewels does not."""
    from engines.libertalia.data import token_count
    from render.libertalia import _token_count
    assert i18n.tr(token_count("jewels", 3), "el") == "3 κοσμήματα"
    assert _token_count(i18n.translator("el"), "jewels", 3) == "3 κοσμήμ."
    assert _token_count(i18n.translator("en"), "jewels", 3) == "3 jewels"
