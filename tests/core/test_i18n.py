import json

from core import i18n
from engines.base import T, Text


def test_english_formats_params_and_nested_texts():
    assert i18n.tr(T("{who} took {what}.", who="Anna", what=T("Jewels"))) == "Anna took Jewels."
    assert i18n.tr("Picks: {x}", x=[T("a"), "b"]) == "Picks: a, b"


def test_missing_parameter_never_crashes():
    assert i18n.tr("Hello {name}") == "Hello {name}"


def test_catalog_translation_and_locale_fallback(tmp_path, monkeypatch):
    (tmp_path / "el.json").write_text(json.dumps({"Join": "Συμμετοχή", "{n} seats": "{n} θέσεις"}),
                                      encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.catalog.cache_clear()
    try:
        assert i18n.tr("Join", "el") == "Συμμετοχή"
        assert i18n.tr(Text("{n} seats", {"n": 3}), "el") == "3 θέσεις"
        assert i18n.tr("Join", "hu") == "Join"           # no Hungarian catalog: English
        assert i18n.language("en-US") == "en" and i18n.language("el") == "el"
        assert i18n.translator("el")("Join") == "Συμμετοχή"
    finally:
        i18n.catalog.cache_clear()


def test_english_catalog_is_current():
    """locales/en.json lists every message id in the code: run `python -m core.i18n extract`."""
    stored = json.loads((i18n.LOCALES / "en.json").read_text(encoding="utf-8"))
    assert sorted(stored) == sorted(set(i18n.extract()) | i18n.data_strings())


def test_data_table_names_are_in_the_catalog():
    names = i18n.data_strings()
    assert "Quarry" in names            # a Glen More tile
    assert "Gunner" in names            # a Libertalia character (a Text in its table)


def test_text_json_round_trip():
    t = T("{a} and {b}", a=T("x"), b=[T("y"), 3])
    assert Text.from_json(json.loads(json.dumps(t.to_json()))) == t
