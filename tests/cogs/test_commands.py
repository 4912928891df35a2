"""The slash command tree, built as the bot syncs it, obeys Discord's rules, in English and
with translations; the rules themselves refuse what Discord refuses."""
import asyncio
import copy
import gettext

import pytest

from core import i18n
from cogs.commands import command_name
from scripts.commands import synced_payload
from sandbox.validate import ApiError, validate_commands


class Pseudo(gettext.NullTranslations):
    """A stand-in language: every text gets a Greek prefix."""

    def pgettext(self, context, message):
        return "γ " + message if context != "slash command description" else "γλώσσα: " + message


@pytest.fixture
def greek(monkeypatch):
    i18n.register("el", Pseudo())
    yield
    i18n.unregister("el")


def test_the_real_tree_is_valid_in_english():
    payload = asyncio.run(synced_payload(translated=False))
    validate_commands(payload)
    assert {c["name"] for c in payload} >= {"table", "libertalia", "glenmore", "whisky", "keyflower"}


def test_translations_go_out_as_localizations_discord_accepts(greek):
    payload = asyncio.run(synced_payload())
    validate_commands(payload)
    table = next(c for c in payload if c["name"] == "table")
    assert table["name_localizations"]["el"] == "γ-table"
    assert table["description_localizations"]["el"].startswith("γλώσσα: ")
    new = next(o for o in next(c for c in payload if c["name"] == "libertalia")["options"]
               if o["name"] == "new")
    timer = next(o for o in new["options"] if o["name"] == "timer")
    assert all(ch["name_localizations"]["el"].startswith("γ ") for ch in timer["choices"])
    assert table["name_localizations"]["hu"] == "asztal"          # the real Hungarian catalog


def test_translated_names_are_made_valid():
    assert command_name("Νέο Τραπέζι") == "νέο-τραπέζι"
    assert command_name("Új  asztal!") == "új-asztal"


def refused(payload, why):
    with pytest.raises(ApiError) as e:
        validate_commands(payload)
    assert e.value.status == 400 and e.value.code == 50035 and why in e.value.message


def test_the_rules_refuse_what_discord_refuses():
    good = asyncio.run(synced_payload(translated=False))
    validate_commands(good)
    cmd = copy.deepcopy(next(c for c in good if c["name"] == "libertalia"))
    new = next(o for o in cmd["options"] if o["name"] == "new")

    def variant(change):
        c = copy.deepcopy(cmd)
        change(c, next(o for o in c["options"] if o["name"] == "new"))
        return [c]
    refused(variant(lambda c, n: c.update(name="Libertalia")), "upper-case")
    refused(variant(lambda c, n: c.update(name="two words")), "contains ' '")
    refused(variant(lambda c, n: c.update(description="")), "description")
    refused(variant(lambda c, n: c.update(description="x" * 101)), "description")
    refused(variant(lambda c, n: n["options"].extend(
        {"type": 3, "name": f"o{i}", "description": "d"} for i in range(30))), "at most 25")
    refused(variant(lambda c, n: n["options"].append(
        {"type": 3, "name": "late", "description": "d", "required": True})), "required options")
    refused(variant(lambda c, n: n["options"][0].update(autocomplete=True)), "autocomplete")
    refused(variant(lambda c, n: c.update(name_localizations={"gr": "x"})), "not a Discord locale")
    refused(variant(lambda c, n: c.update(name_localizations={"el": "Μεγάλα"})), "upper-case")
    refused(variant(lambda c, n: n["options"][0].update(
        choices=[{"name": str(i), "value": i} for i in range(26)])), "at most 25")
    refused(variant(lambda c, n: n.update(description="x" * 100, options=[
        {"type": 3, "name": f"o{i}", "description": "y" * 100, "choices": [
            {"name": "z" * 100, "value": "v"}]} for i in range(20)])), "at most 4000")
    assert new["options"]


async def test_the_stand_in_refuses_a_broken_sync_as_discord_does(sb):
    import aiohttp
    url = f"{sb.api_base}/applications/{sb.world.application_id}/commands"
    headers = {"Authorization": f"Bot {sb.token}"} if sb.token else {}
    bad = [{"name": "Table", "description": "Tables", "type": 1}]
    async with aiohttp.ClientSession() as s:
        async with s.put(url, json=bad, headers=headers) as r:
            body = await r.json()
            assert r.status == 400 and body["code"] == 50035 and "upper-case" in body["message"]
        good = await synced_payload()
        async with s.put(url, json=good, headers=headers) as r:
            assert r.status == 200 and len(await r.json()) == len(good)
