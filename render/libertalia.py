"""Libertalia board and hand images, drawn only from ``ENGINE.view``.

``render_board(view, tr)`` uses the public view (view(None)): who is awaited, the ship of the
day in rank order, the six loot spaces of the campaign, every den (characters face up, loot
as counts), doubloons and scores. ``render_hand(view, tr)`` draws one seat's private hand.

Made to be read at Discord's preview width (about 550 px on a laptop, 360 px on a phone):
the image is 1000 px wide and its important texts are 19 px and more. Every seat is shown
by its player's name (``view["names"]``) beside a badge in the seat's card colour
(``view["seat_colours"]``), the colour the bot's seat legend names."""
from __future__ import annotations

from core.i18n import SEAT_PARAMS
from engines.base import T, Text
from render.common import (ALT_MAX, INK, MUTED, PAPER, canvas, clip, finish, fit, ink_on, player_tag,
                           rounded, seat_badge, seat_name, seat_rgb, text, text_width, wrap)

WIDTH = 1000
MARGIN = 20
GAP = 10

SEA = (38, 84, 124)
DECK = (150, 105, 62)
CARD = (252, 248, 236)
DEN_BG = (236, 228, 210)
TODAY = (255, 236, 170)
DIM = (222, 216, 204)
WHITE = (255, 255, 255)

# token look: fill colour, text colour (labels come through tr)
TOKEN_STYLE = {
    "chest": ((196, 148, 40), INK),
    "jewels": ((110, 160, 220), INK),
    "goods": ((205, 180, 140), INK),
    "map": ((235, 222, 180), INK),
    "relic": ((90, 60, 110), WHITE),
    "saber": ((170, 170, 175), INK),
    "officer": ((190, 50, 50), WHITE),
}
TOKEN_ORDER = list(TOKEN_STYLE)

CHIP_SIZE = 19      # loot chips
CHIP_H = 30
CHIP_STEP = 35
DEN_SIZE = 19       # den characters
NAME_ONLY = "{name}"    # a player's name put where an engine text has a seat


def _token_count(tr, t: str, n: int) -> str:
    """A loot chip: n tokens of a kind, in short words ("2 maps")."""
    return tr({
        "chest": T("{n} chest", plural="{n} chests", n=n),
        # its own message: the catalog may shorten the chip, never the full "{n} jewels"
        "jewels": T("{n} jewel", plural="{n} jewels", context="loot chip", n=n),
        "goods": T("{n} goods", plural="{n} goods", n=n),
        "map": T("{n} map", plural="{n} maps", n=n),
        "relic": T("{n} relic", plural="{n} relics", n=n),
        "saber": T("{n} saber", plural="{n} sabers", n=n),
        "officer": T("{n} officer", plural="{n} officers", n=n),
    }[t])


def _hidden_count(tr, n: int) -> str:
    return tr(T("{n} hidden token", plural="{n} hidden tokens", n=n))


def _card_colour(tr, colour: str) -> str:
    """What a seat's cards are called (its colour in the bot's seat legend)."""
    names = {"yellow": T("Yellow cards"), "red": T("Red cards"), "blue": T("Blue cards"),
             "green": T("Green cards"), "black": T("Black cards"), "white": T("White cards")}
    return tr(names[colour]) if colour in names else ""


def _text_of(tr, data, view=None) -> str:
    """An engine text (a Text as JSON) translated, with players' names for its seats."""
    if isinstance(data, dict) and "msg" in data:
        t = Text.from_json(data)
        return tr(_named(view, t) if view is not None else t)
    return tr(str(data))


def _name_text(view, v):
    if isinstance(v, str) and v in (view.get("seats") or []):
        return Text(NAME_ONLY, {"name": seat_name(view, v)})
    if isinstance(v, list):
        return [_name_text(view, x) for x in v]
    return v


def _named(view, t: Text) -> Text:
    """t with the seats in its seat parameters replaced by the players' names of the view
    (as texts of their own, so that a translator with names does not replace them again)."""
    params = {}
    for k, v in t.params.items():
        if isinstance(v, Text):
            params[k] = _named(view, v)
        elif isinstance(v, list):
            params[k] = [_named(view, x) if isinstance(x, Text) else
                         (_name_text(view, x) if k in SEAT_PARAMS else x) for x in v]
        elif k in SEAT_PARAMS:
            params[k] = _name_text(view, v)
        else:
            params[k] = v
    return Text(t.msg, params, t.plural, t.context)


def _names(view, seats) -> list[str]:
    """The players' names of some seats, each cut to a line's length."""
    return [clip(seat_name(view, s), 60) for s in seats]


# --------------------------------------------------------------------------- pieces
def _chip(d, x, y, label: str, t: str, size: int = CHIP_SIZE) -> int:
    """A token chip ("2 maps") with its left edge at x; returns its width."""
    fill, ink = TOKEN_STYLE[t]
    w = text_width(label, size, True) + 18
    rounded(d, (x, y, x + w, y + CHIP_H), fill=fill, radius=8, width=1)
    text(d, (x + 9, y + CHIP_H // 2), label, size=size, fill=ink, bold=True, anchor="lm")
    return w


def _flow(items, x0: int, width: int, step: int):
    """Positions (x, row, item) of (width, item) pairs flowing left to right within width."""
    out, x, row = [], x0, 0
    for w, item in items:
        w = min(w, width)
        if x > x0 and x + w > x0 + width:
            x, row = x0, row + 1
        out.append((x, row, item))
        x += w + step
    return out


def _loot_items(tr, tokens: dict, hidden: int = 0):
    """(width, (label, token kind)) of the chips of some loot, in token order."""
    items = []
    for t in TOKEN_ORDER:
        k = tokens.get(t, 0)
        if k:
            label = _token_count(tr, t, k)
            items.append((text_width(label, CHIP_SIZE, True) + 18, (label, t)))
    if hidden:
        label = _hidden_count(tr, hidden)
        items.append((text_width(label, CHIP_SIZE, True) + 18, (label, None)))
    return items


def _draw_loot(d, placed, x_max: int, y0: int) -> None:
    for x, row, (label, t) in placed:
        y = y0 + row * CHIP_STEP
        if t is None:           # hidden tokens: a plain outlined chip
            w = min(text_width(label, CHIP_SIZE, True) + 18, x_max - x)
            rounded(d, (x, y, x + w, y + CHIP_H), fill=CARD, radius=8, width=1)
            text(d, (x + 9, y + CHIP_H // 2), fit(label, w - 14, CHIP_SIZE, True),
                 size=CHIP_SIZE, fill=MUTED, bold=True, anchor="lm")
        else:
            _chip(d, x, y, label, t)


def _den_items(tr, den):
    items = []
    for c in den:
        name = clip(tr(c["name"]), 60)
        w = text_width(str(c["rank"]), DEN_SIZE + 1, True) + text_width(name, DEN_SIZE) + 26
        items.append((w, (c["rank"], name)))
    return items


def _draw_den(d, placed, x_max: int, y0: int, rgb) -> None:
    for x, row, (rank, name) in placed:
        y = y0 + row * 40
        rw = text_width(str(rank), DEN_SIZE + 1, True)
        w = min(rw + text_width(name, DEN_SIZE) + 26, x_max - x)
        rounded(d, (x, y, x + w, y + 34), fill=CARD, radius=7, width=1)
        d.rectangle((x + 2, y + 3, x + 7, y + 31), fill=rgb, outline=MUTED)  # the card colour
        text(d, (x + 10, y + 17), str(rank), size=DEN_SIZE + 1, bold=True, anchor="lm")
        text(d, (x + 16 + rw, y + 17), fit(name, max(0, w - rw - 24), DEN_SIZE), size=DEN_SIZE,
             anchor="lm")


def _ship_card(d, box, view, e, tr, show_influence: bool) -> None:
    """A character on the ship: its rank on a band of its owner's card colour, its name,
    and the player who played it."""
    x0, y0, x1, y1 = box
    seat = e["seat"]
    rgb = seat_rgb(view, seat)
    d.rounded_rectangle(box, radius=10, fill=CARD)
    d.rounded_rectangle((x0, y0, x1, y0 + 50), radius=10, fill=rgb)
    d.rectangle((x0, y0 + 30, x1, y0 + 50), fill=rgb)
    d.line((x0, y0 + 50, x1, y0 + 50), fill=INK, width=2)
    d.rounded_rectangle(box, radius=10, outline=INK, width=2)
    text(d, (x0 + 10, y0 + 25), str(e["rank"]), size=34, bold=True, fill=ink_on(rgb),
         anchor="lm")
    w = x1 - x0 - 16
    lines = wrap(tr(e["name"]), w, 21, True, max_lines=2)
    for i, line in enumerate(lines):
        text(d, (x0 + 8, y0 + 58 + i * 25), line, size=21, bold=True)
    if show_influence:
        text(d, (x0 + 8, y0 + 112), fit(tr("Influence {n}", n=e["influence"]), w, 16), size=16,
             fill=MUTED)
    player_tag(d, (x0 + 6, y1 - 22), view, seat, x1 - x0 - 12, 19)


def _tags(d, x, y, view, seats, x_max, size=22, each=None) -> int:
    """Player tags side by side from x; returns the x after them."""
    each = each or 210
    for s in seats:
        if x + 60 > x_max:
            break
        x = player_tag(d, (x, y), view, s, min(each, x_max - x), size, True) + 22
    return x


# --------------------------------------------------------------------------- the board
def _den_layout(tr, view, width):
    """Per seat: (den chips placed, loot chips placed, den rows, loot rows)."""
    out = {}
    for s in view["seats"]:
        p = view["players"][s]
        den = _flow(_den_items(tr, p["den"]), 0, width, 8)
        loot = _flow(_loot_items(tr, p["loot"], p.get("hidden_loot", 0)), 0, width, 6)
        out[s] = (den, loot, 1 + max((r for _, r, _ in den), default=0),
                  1 + max((r for _, r, _ in loot), default=0))
    return out


def render_board(view: dict, tr):
    seats = view["seats"]
    finished = bool(view.get("finished"))
    inner = WIDTH - 2 * MARGIN

    # --- sizes first (the image grows with what it holds) ------------------------------------
    cols = 1 if len(seats) == 1 else 2
    den_w = (inner - (cols - 1) * GAP) // cols
    dens = _den_layout(tr, view, den_w - 24)
    rows = [seats[i:i + cols] for i in range(0, len(seats), cols)]
    row_h = [108 + max(dens[s][2] for s in r) * 40 + 8 + max(dens[s][3] for s in r) * CHIP_STEP
             + 10 for r in rows]
    day_w = (inner - 5 * 8) // 6
    days = view.get("loot_days") or []
    day_now = view.get("day", 0)
    day_flows = [_flow(_loot_items(tr, sp["tokens"]), 0, day_w - 12, 6) for sp in days]
    day_rows = max([1] + [1 + max((r for _, r, _ in f), default=0)
                          for sp, f in zip(days, day_flows) if sp["day"] >= day_now])
    loot_h = 44 + day_rows * CHIP_STEP + 6
    outcome = view.get("outcome") if finished else None
    tiebreak = (_text_of(tr, outcome["tiebreak"], view)
                if outcome and outcome.get("tiebreak") else "")
    tb_lines = wrap(tiebreak, inner, 18, max_lines=2) if tiebreak else []
    ship_top = 112 + 24 * len(tb_lines)
    if finished:
        ship_h = 40 + 56 * len(seats) + 12
    elif view.get("ship"):
        ship_h = 234
    else:                   # who has chosen, three players a row, above the deck
        ship_h = 84 + 44 * ((len(seats) + 2) // 3) + 46
    loot_top = ship_top + ship_h + 14
    # at the end the loot spaces are of no more use: the final scores take their place
    den_top = loot_top + (0 if finished else 30 + loot_h + 16)
    height = den_top + sum(row_h) + GAP * (len(rows) - 1) + MARGIN
    img, d = canvas(WIDTH, height, PAPER)

    # --- header: game, campaign and day, who is awaited -----------------------------------------
    text(d, (MARGIN, 14), tr("Libertalia"), size=30, bold=True)
    if finished:
        head = tr("Game over")
    else:
        head = tr("Campaign {c} of 3 — day {d} of 6", c=view["campaign"], d=view["day"])
    left = MARGIN + text_width(tr("Libertalia"), 30, True) + 24
    text(d, (WIDTH - MARGIN, 18), fit(head, WIDTH - MARGIN - left, 26, True), size=26, bold=True,
         anchor="ra")
    _awaited(d, view, tr, 78, outcome, tb_lines)

    # --- the ship -----------------------------------------------------------------------------
    top = ship_top
    rounded(d, (MARGIN, top, WIDTH - MARGIN, top + ship_h), fill=SEA, radius=16, width=2)
    if finished and outcome:
        _final(d, view, tr, top, outcome)
    else:
        _ship(d, view, tr, top, ship_h)

    # --- loot spaces --------------------------------------------------------------------------
    top = loot_top
    if not finished:
        text(d, (MARGIN, top), tr("Loot of this campaign"), size=22, bold=True)
    for i, (space, placed) in enumerate(zip(days, day_flows) if not finished else []):
        x0 = MARGIN + i * (day_w + 8)
        day = space["day"]
        past = day < day_now
        today = bool(space.get("current"))
        fill = TODAY if today else (DIM if past else DEN_BG)
        rounded(d, (x0, top + 32, x0 + day_w, top + 32 + loot_h), fill=fill, radius=10,
                width=4 if today else 1)
        label = tr("Today") if today else tr("Day {d}", d=day)
        text(d, (x0 + 10, top + 40), fit(label, day_w - 20, 20, True), size=20, bold=True,
             fill=MUTED if past else INK)
        if past:
            continue            # what is left of a past day is of no more use
        if not space["tokens"]:
            text(d, (x0 + 10, top + 78), fit(tr("nothing left"), day_w - 20, 17), size=17,
                 fill=MUTED)
        _draw_loot(d, [(x0 + 6 + x, r, it) for x, r, it in placed], x0 + day_w - 6, top + 72)

    # --- dens ---------------------------------------------------------------------------------
    y0 = den_top
    acting = set(view.get("to_act") or [])
    for r, h in zip(rows, row_h):
        for c, s in enumerate(r):
            x0 = MARGIN + c * (den_w + GAP)
            _den(d, view, tr, s, (x0, y0, x0 + den_w, y0 + h), dens[s],
                 s in acting and not finished)
        y0 += h + GAP
    return finish(img, board_alt(view, tr), "libertalia.png")


def _awaited(d, view, tr, y, outcome, tb_lines) -> None:
    """The line under the title: the winner, the decision being taken, or who still picks."""
    x_max = WIDTH - MARGIN
    if outcome:
        winners = outcome.get("winners") or []
        label = tr(T("Winner:", plural="Winners:", n=len(winners)))
        x = text(d, (MARGIN, y), fit(label, 300, 24, True), size=24, bold=True, anchor="lm")[2]
        _tags(d, x + 14, y, view, winners, x_max, 24,
              (x_max - x) // max(1, len(winners)) - 36)
        for i, line in enumerate(tb_lines):
            text(d, (MARGIN, y + 26 + i * 24), line, size=18, fill=MUTED)
        return
    pend = view.get("pending")
    if pend:
        x = MARGIN
        if pend.get("seat") in view["seats"]:       # the badge of the seat deciding
            seat_badge(d, (MARGIN + 14, y), view["seats"].index(pend["seat"]), 14,
                       colour=seat_rgb(view, pend["seat"]))
            x = MARGIN + 30
        line = _text_of(tr, pend.get("text", ""), view)
        text(d, (x + 8, y), fit(line, x_max - x - 8, 22, True), size=22, bold=True, anchor="lm")
        return
    waiting = [s for s in view.get("to_act") or [] if s in view["seats"]]
    if view.get("phase") == "pick" and waiting:
        if len(waiting) > 3:        # the ship below names them all
            line = tr(T("Waiting for {n} player to choose a character.",
                        plural="Waiting for {n} players to choose a character.", n=len(waiting)))
            text(d, (MARGIN, y), fit(line, x_max - MARGIN, 22, True), size=22, bold=True,
                 anchor="lm")
            return
        label = tr("Waiting for:")
        x = text(d, (MARGIN, y), fit(label, 300, 22, True), size=22, bold=True, anchor="lm")[2]
        _tags(d, x + 14, y, view, waiting, x_max, 22, (x_max - x) // len(waiting) - 36)


def _ship(d, view, tr, top, ship_h) -> None:
    x_max = WIDTH - MARGIN - 14
    d.polygon([(MARGIN + 14, top + ship_h - 40), (x_max, top + ship_h - 40),
               (x_max - 40, top + ship_h - 8), (MARGIN + 54, top + ship_h - 8)], fill=DECK,
              outline=INK)
    text(d, (MARGIN + 16, top + 10), tr("The ship today, lowest to highest"), size=20, fill=WHITE,
         bold=True)
    ship = view.get("ship") or []
    if ship:
        n = len(ship)
        cw = min(230, (x_max - MARGIN - 14 - (n - 1) * 8) // n)
        ranks = [e["rank"] for e in ship]
        x = MARGIN + 14
        for e in ship:
            _ship_card(d, (x, top + 40, x + cw, top + 40 + 168), view, e, tr,
                       ranks.count(e["rank"]) > 1)
            x += cw + 8
        return
    if view.get("phase") == "pick":
        text(d, (MARGIN + 16, top + 52), tr("Characters are being chosen in secret."), size=21,
             fill=WHITE)
        picked = set(view.get("picked") or [])
        per = 3
        cell = (x_max - MARGIN - 16) // per
        for i, s in enumerate(view["seats"]):
            col, row = i % per, i // per
            x, y = MARGIN + 16 + col * cell, top + 104 + row * 44
            rounded(d, (x, y - 19, x + cell - 12, y + 19), fill=CARD, radius=8, width=1)
            mark = "✓" if s in picked else "…"
            text(d, (x + cell - 24, y), mark, size=26, bold=True, anchor="rm",
                 fill=(20, 120, 50) if s in picked else INK)
            player_tag(d, (x + 6, y), view, s, cell - 56, 20)
    else:
        text(d, (MARGIN + 16, top + 52), tr("The ship is empty."), size=21, fill=WHITE)


def _final(d, view, tr, top, outcome) -> None:
    """The end: every player by final rank, with the score."""
    text(d, (MARGIN + 16, top + 10), tr("Final scores"), size=20, fill=WHITE, bold=True)
    scores = outcome.get("scores") or {}
    ranks = outcome.get("ranks") or {}
    order = sorted(view["seats"], key=lambda s: (ranks.get(s, 99), view["seats"].index(s)))
    for i, s in enumerate(order):
        y = top + 40 + i * 56
        rounded(d, (MARGIN + 14, y, WIDTH - MARGIN - 14, y + 48),
                fill=TODAY if ranks.get(s) == 1 else CARD, radius=8, width=1)
        text(d, (MARGIN + 30, y + 24), str(ranks.get(s, "")), size=26, bold=True, anchor="lm")
        player_tag(d, (MARGIN + 72, y + 24), view, s, 520, 24, True)
        p = view["players"].get(s, {})
        camp = " + ".join(str(x) for x in p.get("campaign_scores") or [])
        pts = tr(T("{n} point", plural="{n} points", n=scores.get(s, p.get("score", 0))))
        x = text(d, (WIDTH - MARGIN - 30, y + 24), pts, size=26, bold=True, anchor="rm")[0]
        if camp:
            text(d, (x - 16, y + 24), fit(camp, x - 16 - (MARGIN + 600), 18), size=18,
                 fill=MUTED, anchor="rm")


def _den(d, view, tr, s, box, layout, acting: bool) -> None:
    x0, y0, x1, y1 = box
    p = view["players"][s]
    rgb = seat_rgb(view, s)
    rounded(d, box, fill=TODAY if acting else DEN_BG, radius=12, width=5 if acting else 2)
    pts = tr(T("{n} point", plural="{n} points", n=p["score"]))
    pw = text_width(pts, 24, True)
    text(d, (x1 - 14, y0 + 24), pts, size=24, bold=True, anchor="rm")
    player_tag(d, (x0 + 10, y0 + 24), view, s, x1 - x0 - pw - 40, 24, True)
    coins = tr(T("{n} doubloon", plural="{n} doubloons", n=p["doubloons"]))
    cx = text(d, (x0 + 14, y0 + 60), fit(coins, (x1 - x0) // 2, 21, True), size=21, bold=True,
              anchor="lm")[2]
    camp = p.get("campaign_scores") or []
    if camp:
        label = tr("Campaigns: {scores}", scores=" + ".join(str(x) for x in camp))
        text(d, (x1 - 14, y0 + 60), fit(label, x1 - cx - 40, 17), size=17, fill=MUTED,
             anchor="rm")
    facts = [_card_colour(tr, (view.get("seat_colours") or {}).get(s, "")),
             tr("Hand: {count}", count=p["hand_size"]),
             tr("Graveyard: {count}", count=p["graveyard_size"])]
    line = "  ·  ".join(f for f in facts if f)
    text(d, (x0 + 14, y0 + 88), fit(line, x1 - x0 - 28, 17), size=17, fill=MUTED, anchor="lm")
    den, loot, den_rows, _ = layout
    y = y0 + 108
    if den:
        _draw_den(d, [(x0 + 12 + x, r, it) for x, r, it in den], x1 - 12, y, rgb)
    else:
        text(d, (x0 + 14, y + 17), fit(tr("No characters in the den"), x1 - x0 - 28, 18),
             size=18, fill=MUTED, anchor="lm")
    y += den_rows * 40 + 8
    if loot:
        _draw_loot(d, [(x0 + 12 + x, r, it) for x, r, it in loot], x1 - 12, y)
    else:
        text(d, (x0 + 14, y + CHIP_H // 2), fit(tr("No loot"), x1 - x0 - 28, 18), size=18,
             fill=MUTED, anchor="lm")


def board_alt(view: dict, tr) -> str:
    """The attachment description: the position in words, players by name (every player
    keeps a share of Discord's 1024 characters)."""
    head = []
    finished = bool(view.get("finished"))
    if finished:
        head.append(tr("Libertalia, game over."))
        winners = (view.get("outcome") or {}).get("winners") or []
        if winners:
            head.append(tr(T("Winner: {names}.", plural="Winners: {names}.", n=len(winners),
                             names=_names(view, winners))))
    else:
        head.append(tr("Libertalia, campaign {c}, day {d}.", c=view["campaign"], d=view["day"]))
    if view.get("ship"):
        ship = [T("{name}: {card} ({rank})", name=_names(view, [e["seat"]])[0],
                  card=T(e["name"]), rank=e["rank"]) for e in view["ship"]]
        head.append(tr("Ship: {ship}.", ship=ship))
    elif view.get("phase") == "pick" and not finished:
        head.append(tr("Choosing in secret; waiting for: {names}.",
                       names=_names(view, view.get("to_act") or []) or "-"))
    if view.get("pending"):
        head.append(_text_of(tr, view["pending"].get("text", ""), view))
    for sp in view.get("loot_days", []):
        if sp.get("current") and not finished:
            loot = [_token_count(tr, t, k) for t in TOKEN_ORDER if (k := sp["tokens"].get(t, 0))]
            head.append(tr("Today's loot: {loot}.", loot=loot or T("nothing")))
    head = [clip(x, 300) for x in head]
    seats = view["seats"]
    share = max(60, (ALT_MAX - sum(len(x) + 1 for x in head)) // max(1, len(seats)) - 1)
    players = []
    for s in seats:
        p = view["players"][s]
        den = [T(c["name"]) for c in p["den"]] or T("empty")
        loot = [_token_count(tr, t, k) for t in TOKEN_ORDER if (k := p["loot"].get(t, 0))]
        if p.get("hidden_loot"):
            loot.append(_hidden_count(tr, p["hidden_loot"]))
        players.append(clip(tr(T("{name}: {n} point; doubloons: {doubloons}; den: {den}; "
                                 "loot: {loot}.",
                                 plural="{name}: {n} points; doubloons: {doubloons}; den: {den}; "
                                        "loot: {loot}.",
                                 name=_names(view, [s])[0], n=p["score"],
                                 doubloons=p["doubloons"], den=den, loot=loot or T("none"))),
                            share))
    return " ".join(head + players)


# --------------------------------------------------------------------------- the hand
def render_hand(view: dict, tr):
    """One seat's private image: the hand (with effects), today's pick, graveyard and secret
    loot. Send it only to that seat."""
    seat = view["you"]
    hand = view.get("hand", [])
    per_row = 4
    cw, ch = (WIDTH - 2 * MARGIN - (per_row - 1) * 12) // per_row, 200
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    height = 110 + rows * (ch + 12) + 110
    img, d = canvas(WIDTH, height, PAPER)
    rgb = seat_rgb(view, seat)
    x = player_tag(d, (MARGIN, 30), view, seat, 420, 26, True)
    title = tr(T("Your hand: {n} card", plural="Your hand: {n} cards", n=len(hand)))
    text(d, (x + 24, 30), fit(title, WIDTH - MARGIN - x - 24, 26, True), size=26, bold=True,
         anchor="lm")
    prompt = _text_of(tr, view.get("prompt", ""), view) if view.get("prompt") else ""
    text(d, (MARGIN, 74), fit(prompt, WIDTH - 2 * MARGIN, 20), size=20, fill=MUTED)
    pick = view.get("my_pick")
    for i, c in enumerate(hand):
        r, col = divmod(i, per_row)
        x0 = MARGIN + col * (cw + 12)
        y0 = 108 + r * (ch + 12)
        chosen = c["rank"] == pick
        rounded(d, (x0, y0, x0 + cw, y0 + ch), fill=TODAY if chosen else CARD, radius=12,
                width=5 if chosen else 2)
        d.rectangle((x0 + 3, y0 + 3, x0 + 9, y0 + ch - 3), fill=rgb)
        text(d, (x0 + 16, y0 + 6), str(c["rank"]), size=32, bold=True)
        text(d, (x0 + cw - 10, y0 + 14), fit(tr("Influence {n}", n=c["influence"]), cw - 80, 15),
             size=15, fill=MUTED, anchor="ra")
        text(d, (x0 + 16, y0 + 46), fit(tr(c["name"]), cw - 26, 21, True), size=21, bold=True)
        eff = _text_of(tr, c.get("effect", "")) if c.get("effect") else ""
        lines = wrap(eff, cw - 26, 17, max_lines=5 if not chosen else 4)
        for j, line in enumerate(lines):
            text(d, (x0 + 16, y0 + 76 + j * 22), line, size=17)
        if chosen:
            text(d, (x0 + 16, y0 + ch - 28), fit(tr("Today's pick"), cw - 26, 18, True), size=18,
                 bold=True)
    y = 108 + rows * (ch + 12) + 8
    grave = [T("{card} ({rank})", card=T(c["name"]), rank=c["rank"])
             for c in view.get("graveyard", [])]
    text(d, (MARGIN, y), fit(tr("Graveyard: {cards}", cards=grave or T("empty")),
                             WIDTH - 2 * MARGIN, 20), size=20)
    secret = view.get("secret_loot") or {}
    label = tr("Secret loot:")
    x = MARGIN + text(d, (MARGIN, y + 56), fit(label, 300, 20, True), size=20, bold=True,
                      anchor="lm")[2] - MARGIN + 12
    if not secret:
        text(d, (x, y + 56), tr("none"), size=20, fill=MUTED, anchor="lm")
    placed = _flow(_loot_items(tr, secret), x, WIDTH - MARGIN - x, 6)
    _draw_loot(d, [(px, 0, it) for px, _, it in placed], WIDTH - MARGIN, y + 56 - CHIP_H // 2)
    cards = [T("{card} ({rank})", card=T(c["name"]), rank=c["rank"]) for c in hand]
    alt = tr("Your hand: {cards}.", cards=cards)
    if pick:
        alt += " " + tr("Today's pick: {card}.", card=next(
            (T(c["name"]) for c in hand if c["rank"] == pick), str(pick)))
    return finish(img, alt, "libertalia_hand.png")


def private_text(view: dict, tr) -> str:
    """A short text version of the seat's own hidden information (for My view / DMs)."""
    lines = []
    hand = view.get("hand") or []
    cards = [T("{card} ({rank})", card=T(c["name"]), rank=c["rank"]) for c in hand]
    lines.append(tr(T("Your hand, {n} card: {cards}", plural="Your hand, {n} cards: {cards}",
                      n=len(hand), cards=cards or "—")))
    pick = view.get("my_pick")
    if pick is not None:
        rank = pick.get("rank") if isinstance(pick, dict) else pick
        name = next((c["name"] for c in hand if c["rank"] == rank), None)
        card = T("{card} ({rank})", card=T(name), rank=rank) if name else str(rank)
        lines.append(tr("Today's pick: {card}", card=card))
    secret = view.get("secret_loot") or {}
    if secret:
        loot = [_token_count(tr, t, k) for t in TOKEN_ORDER if (k := secret.get(t, 0))]
        lines.append(tr("Your hidden loot: {loot}", loot=loot))
    return "\n".join(lines)
