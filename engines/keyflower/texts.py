"""Keyflower's counted nouns and the sentences that name a colour, a species or a skill
(pure; shared by the engine and the renderer so that both say a thing the same way).

Every counted noun is one counted message taking its count as ``n`` (each language picks its
own form: Hungarian keeps the singular after a number, Greek has two forms). A list of
amounts is a list of such whole items, never "{n} {what}" with a translated noun. A colour,
an animal or a skill inside a sentence gets a sentence of its own, because the words around
it agree with it in many languages ("a sheep", "an anvil", "2 red workers")."""
from __future__ import annotations

from typing import Mapping

from engines.base import T, Text

from . import data as D


def good(k: str, n: int, obj: bool = False) -> Text:
    """"2 wood", "1 green worker": an amount of one good as one counted message. ``obj``: as
    the object of a verb ("Add 1 red worker"), which Greek and Hungarian decline."""
    if obj:
        return good_object(k, n)
    if k == "wood":
        return T("{n} wood", plural="{n} wood", n=n)
    if k == "stone":
        return T("{n} stone", plural="{n} stone", n=n)
    if k == "iron":
        return T("{n} iron", plural="{n} iron", n=n)
    if k == "gold":
        return T("{n} gold", plural="{n} gold", n=n)
    if k == "wheat":
        return T("{n} wheat", plural="{n} wheat", n=n)
    if k == "sheep":
        return T("{n} sheep", plural="{n} sheep", n=n)
    if k == "pig":
        return T("{n} pig", plural="{n} pigs", n=n)
    if k == "cow":
        return T("{n} cow", plural="{n} cows", n=n)
    if k == "saw":
        return T("{n} saw", plural="{n} saws", n=n)
    if k == "pick":
        return T("{n} pick axe", plural="{n} pick axes", n=n)
    if k == "anvil":
        return T("{n} anvil", plural="{n} anvils", n=n)
    if k == "skill":
        return T("{n} skill tile", plural="{n} skill tiles", n=n)
    if k == "worker":
        return T("{n} worker", plural="{n} workers", n=n)
    if k == "any_res":
        return T("{n} resource of any kind", plural="{n} resources of any kind", n=n)
    if k == "any_skill":
        return T("{n} skill tile of any kind", plural="{n} skill tiles of any kind", n=n)
    if k.startswith("worker_"):
        return workers(k.split("_", 1)[1], n)
    if k == "green":                    # a gain of green workers (from the supply)
        return workers("green", n)
    return T("{n} × {what}", n=n, what=T(str(k)))      # never in the game's data


def good_object(k: str, n: int) -> Text:
    """``good`` as the object of a verb (Greek accusative "1 κόκκινο εργάτη", Hungarian
    "1 piros munkást"): the same English, the context tells the case."""
    if k == "wood":
        return T("{n} wood", plural="{n} wood", n=n, context="object of a verb")
    if k == "stone":
        return T("{n} stone", plural="{n} stone", n=n, context="object of a verb")
    if k == "iron":
        return T("{n} iron", plural="{n} iron", n=n, context="object of a verb")
    if k == "gold":
        return T("{n} gold", plural="{n} gold", n=n, context="object of a verb")
    if k == "wheat":
        return T("{n} wheat", plural="{n} wheat", n=n, context="object of a verb")
    if k == "sheep":
        return T("{n} sheep", plural="{n} sheep", n=n, context="object of a verb")
    if k == "pig":
        return T("{n} pig", plural="{n} pigs", n=n, context="object of a verb")
    if k == "cow":
        return T("{n} cow", plural="{n} cows", n=n, context="object of a verb")
    if k == "saw":
        return T("{n} saw", plural="{n} saws", n=n, context="object of a verb")
    if k == "pick":
        return T("{n} pick axe", plural="{n} pick axes", n=n, context="object of a verb")
    if k == "anvil":
        return T("{n} anvil", plural="{n} anvils", n=n, context="object of a verb")
    if k == "skill":
        return T("{n} skill tile", plural="{n} skill tiles", n=n, context="object of a verb")
    if k in ("worker_blue", "blue"):
        return T("{n} blue worker", plural="{n} blue workers", n=n, context="object of a verb")
    if k in ("worker_red", "red"):
        return T("{n} red worker", plural="{n} red workers", n=n, context="object of a verb")
    if k in ("worker_yellow", "yellow"):
        return T("{n} yellow worker", plural="{n} yellow workers", n=n, context="object of a verb")
    if k in ("worker_green", "green"):
        return T("{n} green worker", plural="{n} green workers", n=n, context="object of a verb")
    if k == "worker":
        return T("{n} worker", plural="{n} workers", n=n, context="object of a verb")
    return good(k, n)


def workers(colour: str, n: int, obj: bool = False) -> Text:
    """"2 red workers" (``obj``: as the object of a verb)."""
    if obj:
        return good_object(colour, n)
    if colour == "blue":
        return T("{n} blue worker", plural="{n} blue workers", n=n)
    if colour == "red":
        return T("{n} red worker", plural="{n} red workers", n=n)
    if colour == "yellow":
        return T("{n} yellow worker", plural="{n} yellow workers", n=n)
    if colour == "green":
        return T("{n} green worker", plural="{n} green workers", n=n)
    return good("worker", n)


def workers_short(colour: str, n: int) -> Text:
    """"2 red": a count of workers of a colour where "workers" goes without saying (a
    boat's load)."""
    if colour == "blue":
        return T("{n} blue", plural="{n} blue", n=n, context="workers")
    if colour == "red":
        return T("{n} red", plural="{n} red", n=n, context="workers")
    if colour == "yellow":
        return T("{n} yellow", plural="{n} yellow", n=n, context="workers")
    return T("{n} green", plural="{n} green", n=n, context="workers")


ORDER = (*D.RESOURCES, "wheat", *D.ANIMALS, *D.SKILLS, "skill", "worker", "green")


def goods(counts: Mapping[str, int], order=ORDER) -> list[Text]:
    """The non-zero amounts of a dict of goods as a list of whole counted items."""
    keys = [k for k in order if counts.get(k)] + [k for k in counts if k not in order and counts[k]]
    return [good(k, counts[k]) for k in keys]


def worker_list(counts: Mapping[str, int]) -> list[Text]:
    """[3 blue workers, 1 green worker]: the non-zero colours as counted items."""
    return [workers(c, counts[c]) for c in D.COLOURS if counts.get(c)]


def vp(n: int) -> Text:
    return T("{n} VP", plural="{n} VP", n=n)


def tiles(n: int) -> Text:
    return T("{n} tile", plural="{n} tiles", n=n)


def winter_in_hand(n: int) -> Text:
    return T("{n} winter tile in hand", plural="{n} winter tiles in hand", n=n)


def transport_points(n: int) -> Text:
    return T("{n} transport point", plural="{n} transport points", n=n)


def upgrades(n: int) -> Text:
    return T("{n} upgrade", plural="{n} upgrades", n=n)


# --- sentences that name a colour --------------------------------------------------------
# The log lines of placed workers also carry the colour as a parameter ("colour"): the text
# does not use it, the hidden-information test reads it (placing workers shows their colour).
def says_bid(colour: str, n: int, player: str, tile: Text) -> Text:
    """The log line of a new bid."""
    p = {"n": n, "player": player, "tile": tile, "colour": T(colour)}
    if colour == "blue":
        return T("{player} bids {n} blue worker on {tile}.",
                 plural="{player} bids {n} blue workers on {tile}.", **p)
    if colour == "red":
        return T("{player} bids {n} red worker on {tile}.",
                 plural="{player} bids {n} red workers on {tile}.", **p)
    if colour == "yellow":
        return T("{player} bids {n} yellow worker on {tile}.",
                 plural="{player} bids {n} yellow workers on {tile}.", **p)
    return T("{player} bids {n} green worker on {tile}.",
             plural="{player} bids {n} green workers on {tile}.", **p)


def says_raise(colour: str, n: int, player: str, tile: Text) -> Text:
    """The log line of a bid raised to n workers in all."""
    p = {"n": n, "player": player, "tile": tile, "colour": T(colour)}
    if colour == "blue":
        return T("{player} raises the bid on {tile} to {n} blue worker.",
                 plural="{player} raises the bid on {tile} to {n} blue workers.", **p)
    if colour == "red":
        return T("{player} raises the bid on {tile} to {n} red worker.",
                 plural="{player} raises the bid on {tile} to {n} red workers.", **p)
    if colour == "yellow":
        return T("{player} raises the bid on {tile} to {n} yellow worker.",
                 plural="{player} raises the bid on {tile} to {n} yellow workers.", **p)
    return T("{player} raises the bid on {tile} to {n} green worker.",
             plural="{player} raises the bid on {tile} to {n} green workers.", **p)


def says_use(colour: str, n: int, player: str, tile: Text) -> Text:
    """The log line of a use."""
    p = {"n": n, "player": player, "tile": tile, "colour": T(colour)}
    if colour == "blue":
        return T("{player} uses {tile} with {n} blue worker.",
                 plural="{player} uses {tile} with {n} blue workers.", **p)
    if colour == "red":
        return T("{player} uses {tile} with {n} red worker.",
                 plural="{player} uses {tile} with {n} red workers.", **p)
    if colour == "yellow":
        return T("{player} uses {tile} with {n} yellow worker.",
                 plural="{player} uses {tile} with {n} yellow workers.", **p)
    return T("{player} uses {tile} with {n} green worker.",
             plural="{player} uses {tile} with {n} green workers.", **p)


def says_pay(colour: str, player: str, n: int = 1) -> Text:
    """The log line of workers paid into the bag (one from the screen, or a whole losing bid)."""
    p = {"player": player, "colour": T(colour)}
    if n == 1:
        if colour == "blue":
            return T("{player} puts a blue worker into the bag.", **p)
        if colour == "red":
            return T("{player} puts a red worker into the bag.", **p)
        if colour == "yellow":
            return T("{player} puts a yellow worker into the bag.", **p)
        return T("{player} puts a green worker into the bag.", **p)
    p["n"] = n
    if colour == "blue":
        return T("{player} puts a whole losing bid into the bag: {n} blue worker.",
                 plural="{player} puts a whole losing bid into the bag: {n} blue workers.", **p)
    if colour == "red":
        return T("{player} puts a whole losing bid into the bag: {n} red worker.",
                 plural="{player} puts a whole losing bid into the bag: {n} red workers.", **p)
    if colour == "yellow":
        return T("{player} puts a whole losing bid into the bag: {n} yellow worker.",
                 plural="{player} puts a whole losing bid into the bag: {n} yellow workers.", **p)
    return T("{player} puts a whole losing bid into the bag: {n} green worker.",
             plural="{player} puts a whole losing bid into the bag: {n} green workers.", **p)


def colour_choice(colour: str, n: int) -> Text:
    """A colour to place workers of, with how many the player may place."""
    if colour == "blue":
        return T("Blue workers — you have {n}", plural="Blue workers — you have {n}", n=n)
    if colour == "red":
        return T("Red workers — you have {n}", plural="Red workers — you have {n}", n=n)
    if colour == "yellow":
        return T("Yellow workers — you have {n}", plural="Yellow workers — you have {n}", n=n)
    return T("Green workers — you have {n}", plural="Green workers — you have {n}", n=n)


def pay_from_screen(colour: str) -> Text:
    if colour == "blue":
        return T("Pay a blue worker from your screen")
    if colour == "red":
        return T("Pay a red worker from your screen")
    if colour == "yellow":
        return T("Pay a yellow worker from your screen")
    return T("Pay a green worker from your screen")


def pay_from_bid(colour: str, tile: Text, n: int) -> Text:
    """Paying with a whole losing bid (its workers stay together, all go into the bag)."""
    if colour == "blue":
        return T("Pay with your losing bid on {tile}: all {n} blue worker into the bag",
                 plural="Pay with your losing bid on {tile}: all {n} blue workers into the bag",
                 tile=tile, n=n)
    if colour == "red":
        return T("Pay with your losing bid on {tile}: all {n} red worker into the bag",
                 plural="Pay with your losing bid on {tile}: all {n} red workers into the bag",
                 tile=tile, n=n)
    if colour == "yellow":
        return T("Pay with your losing bid on {tile}: all {n} yellow worker into the bag",
                 plural="Pay with your losing bid on {tile}: all {n} yellow workers into the bag",
                 tile=tile, n=n)
    return T("Pay with your losing bid on {tile}: all {n} green worker into the bag",
             plural="Pay with your losing bid on {tile}: all {n} green workers into the bag",
             tile=tile, n=n)


# --- sentences that name a skill ---------------------------------------------------------
def return_skill(skill: str) -> Text:
    if skill == "saw":
        return T("Return a saw")
    if skill == "pick":
        return T("Return a pick axe")
    return T("Return an anvil")


def says_return_skill(skill: str, player: str) -> Text:
    if skill == "saw":
        return T("{player} returns a saw.", player=player)
    if skill == "pick":
        return T("{player} returns a pick axe.", player=player)
    return T("{player} returns an anvil.", player=player)


def swap_skill(skill: str, n: int) -> Text:
    if skill == "saw":
        return T("Swap a saw for {n} new skill tile", plural="Swap a saw for {n} new skill tiles",
                 n=n)
    if skill == "pick":
        return T("Swap a pick axe for {n} new skill tile",
                 plural="Swap a pick axe for {n} new skill tiles", n=n)
    return T("Swap an anvil for {n} new skill tile", plural="Swap an anvil for {n} new skill tiles",
             n=n)


# --- sentences that name an animal -------------------------------------------------------
def none_left(sp: str) -> Text:
    if sp == "sheep":
        return T("No sheep are left in the supply.")
    if sp == "pig":
        return T("No pigs are left in the supply.")
    return T("No cows are left in the supply.")


def no_field_for(sp: str, player: str, src: Text) -> Text:
    """An animal of a bonus that finds no field."""
    if sp == "sheep":
        return T("{player} has no field for a sheep from {src}.", player=player, src=src)
    if sp == "pig":
        return T("{player} has no field for a pig from {src}.", player=player, src=src)
    return T("{player} has no field for a cow from {src}.", player=player, src=src)


def not_gained(sp: str, player: str) -> Text:
    """An animal of a use that finds no field."""
    if sp == "sheep":
        return T("{player} has no field for the sheep: it is not gained.", player=player)
    if sp == "pig":
        return T("{player} has no field for the pig: it is not gained.", player=player)
    return T("{player} has no field for the cow: it is not gained.", player=player)


def born(sp: str, player: str) -> Text:
    if sp == "sheep":
        return T("A sheep is born in {player}'s village.", player=player)
    if sp == "pig":
        return T("A pig is born in {player}'s village.", player=player)
    return T("A cow is born in {player}'s village.", player=player)


def into_field(sp: str, player: str) -> Text:
    if sp == "sheep":
        return T("{player} puts a sheep into a field.", player=player)
    if sp == "pig":
        return T("{player} puts a pig into a field.", player=player)
    return T("{player} puts a cow into a field.", player=player)


def which_field(sp: str) -> Text:
    if sp == "sheep":
        return T("Which field gets the sheep?")
    if sp == "pig":
        return T("Which field gets the pig?")
    return T("Which field gets the cow?")


def which_newborn(sp: str, n: int) -> Text:
    """Breeding with too few animals left: the player picks the fields that get them."""
    if sp == "sheep":
        return T("Too few sheep are left: choose a field for a newborn sheep ({n} left).",
                 plural="Too few sheep are left: choose a field for a newborn sheep ({n} left).", n=n)
    if sp == "pig":
        return T("Too few pigs are left: choose a field for a newborn pig ({n} left).",
                 plural="Too few pigs are left: choose a field for a newborn pig ({n} left).", n=n)
    return T("Too few cows are left: choose a field for a newborn cow ({n} left).",
             plural="Too few cows are left: choose a field for a newborn cow ({n} left).", n=n)


def add_from_screen(colour: str, n: int) -> Text:
    """Boat 4b mixed use: one more screen worker of a colour (n: that colour's count after)."""
    if colour == "blue":
        return T("Add a blue worker from your screen ({n} blue)",
                 plural="Add a blue worker from your screen ({n} blue)", n=n)
    if colour == "red":
        return T("Add a red worker from your screen ({n} red)",
                 plural="Add a red worker from your screen ({n} red)", n=n)
    if colour == "yellow":
        return T("Add a yellow worker from your screen ({n} yellow)",
                 plural="Add a yellow worker from your screen ({n} yellow)", n=n)
    return T("Add a green worker from your screen ({n} green)",
             plural="Add a green worker from your screen ({n} green)", n=n)
