"""Texts we do not write: a player's name is made plain once, where it enters (core.text,
the Seat), and escaped for markdown wherever it is put into a message (cogs.ui.md, through
the translator), as are the texts of question packs; images and buttons get it plain."""
from __future__ import annotations

from cogs.ui import md
from core.i18n import translator
from core.service import Seat
from core.text import NAME_MAX, player_name
from db.store import SeatRow
from engines.base import T
from engines.whisky.engine import WhiskyEngine


def test_a_name_loses_control_direction_and_invisible_characters_and_is_bounded():
    assert player_name("a\u202eb\u2066c\u2069") == "abc"
    assert player_name("zero\u200bwidth\u200d\ufeff") == "zerowidth"
    assert player_name("line\nbreak\ttab\x00nul\x85") == "line break tabnul"
    assert player_name("  Zoë   🎲  ") == "Zoë 🎲"
    assert player_name("x" * 10_000) == "x" * NAME_MAX
    assert player_name("\u200b\u202e") == "?"
    assert player_name("[x](https://evil.example)") == "[x](https://evil.example)"   # plain: as typed


def test_a_seat_keeps_only_the_plain_name_however_it_is_made():
    assert Seat("A", 1, "a\u202eb" + "c" * 100).name == "ab" + "c" * (NAME_MAX - 2)
    row = SeatRow("B", 1, 2, "zero\u200bwidth", False, None, None)      # stored before this check
    assert Seat.of(row).name == "zerowidth"


def test_markdown_escaping_leaves_no_link_format_or_mention():
    assert md("[x](https://evil.example)") == r"\[x](https:\/\/evil.example)"
    assert md("**bold**") == r"\*\*bold\*\*"
    assert md("@everyone") == "@\u200beveryone"
    assert md("<@123456789012345678>").startswith(r"\<@")
    assert md("<#123>") == r"\<#123>"
    assert md("# heading") == r"\# heading"
    assert md("Zoë 🎲") == "Zoë 🎲"


def test_the_translator_escapes_names_and_pack_texts_only_for_markdown():
    names = {"A": "**bold**", "B": "[x](https://evil.example)"}
    text = T("{player} asks {question} — {answer}. {info}", player="A",
             question="[q](https://evil.example)?", answer="*a*", info="`i`")
    assert translator("en", names, md)(text) == (
        r"\*\*bold\*\* asks \[q](https:\/\/evil.example)? — \*a\*. \`i\`")
    assert translator("en", names)(text) == "**bold** asks [q](https://evil.example)? — *a*. `i`"
    nested = T("{winners} won: {why}", winners=["A", "B"], why=T("{player} scored", player="B"))
    assert translator("en", names, md)(nested) == (
        r"\*\*bold\*\*, \[x](https:\/\/evil.example) won: \[x](https:\/\/evil.example) scored")


def test_a_question_packs_text_is_escaped_where_it_is_read_out():
    rec = {"id": "Q1", "difficulty": "easy", "question": "Is **this** [a link](https://evil.example)?",
           "options": ["_yes_", "no", "maybe", "@everyone"], "answer": 0, "distillery": None,
           "info": "~~struck~~", "ordered_options": False, "source": ""}
    engine = WhiskyEngine(bank={"Q1": rec})
    read_out = translator("en", {"A": "Anna"}, md)(engine._asked("A", "easy", "Islay", rec["question"]))
    assert r"\*\*this\*\* \[a link](https:\/\/evil.example)?" in read_out
    label = T("{letter}: {text}", letter="A", text=rec["options"][3])
    assert translator("en", {}, md)(label) == "A: @\u200beveryone"
    assert translator("en", {})(label) == "A: @everyone"          # a button shows it as it is
