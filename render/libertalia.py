"""Libertalia board and hand images, drawn only from ``ENGINE.view``.

``render_board(view, tr)`` uses the public view (view(None)): who is awaited, the ship of the
day in rank order, the six loot spaces of the campaign, every den (characters face up, loot
as counts), doubloons and scores. ``render_hand(view, tr)`` draws one seat's private hand.

Made to be read where Discord shows it (about 616 px wide): both images are 1000 px wide, the
narrowest an image may be, so that the smallest text, 18 px (``readable_size``), is 11 px
there; the image grows taller with what it holds, it is never shrunk. The hand shows three
cards a row, each ability wrapped in full. Every seat is shown by its player's name
(``view["names"]``) beside a badge in the seat's card colour (``view["seat_colours"]``), the
colour the bot's seat legend names, with the seat's letter on it."""
from __future__ import annotations

from core.i18n import SEAT_PARAMS
from engines.base import T, Text
from render.common import (ALT_MAX, INK, MUTED, PAPER, canvas, clip, finish, fit,
                           hyphenated_lines, ink_on, language_of, mark, readable_size, room,
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
SOFT = (88, 86, 80)       # small secondary text: darker than MUTED, legible at 11 px

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

# sizes: nothing under SMALL, the smallest text that is readable at Discord's width
SMALL = readable_size(WIDTH)    # 18 px: the smallest text (muted facts, abilities)
SMALL_LINE = SMALL + 6          # its line height
NAME = 22                       # players' names beside their badges
BADGE_R = SMALL                 # a seat badge's radius: its letter is SMALL px
CHIP_SIZE = SMALL               # loot chips
CHIP_PAD = 8
CHIP_H = 30
CHIP_STEP = 36
DEN_SIZE = SMALL                # den characters: name, rank and card
DEN_RANK = 20
DEN_PAD = 32
DEN_H = 34
DEN_STEP = 40
DEN_FACTS = 92                  # a den box: the centre of its facts line,
DEN_CHARS = 108                 # and the top of its characters
FACT_SEP = "  ·  "
AWAITED = 78                    # the centre of the line under the title
BAND = 48                       # a ship card: its coloured band
SHIP_NAME = 20                  # its character's name
SHIP_LINE = 25
HULL_UNDER = 18                 # its part behind the deck
HAND_PER_ROW = 3                # hand cards
HAND_GAP = 14
HAND_NAME = 22
HAND_LINE = 28
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
        # (a Greek officer, αξιωματικός, is wider than a day's box: the chip may shorten it)
        "officer": T("{n} officer", plural="{n} officers", context="loot chip", n=n),
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
def _tag(d, xy, view, seat, width: int, size: int = NAME, bold: bool = False, fill=INK,
         within=None) -> int:
    """A seat's badge (its card colour and letter, the letter at a readable size) and its
    player's name, fitted into width pixels from xy (the badge's left edge, centred on y).
    Returns the x after the name."""
    seats = view.get("seats") or []
    x, y = xy
    seat_badge(d, (x + BADGE_R, y), seats.index(seat) if seat in seats else 0, BADGE_R,
               colour=seat_rgb(view, seat))
    left = x + 2 * BADGE_R + 8
    name = fit(seat_name(view, seat), max(0, width - 2 * BADGE_R - 8), size, bold, name=True)
    return text(d, (left, y), name, size=size, fill=fill, bold=bold, anchor="lm",
                within=within)[2]


def _game_lines(tr, s: str, width: int, size: int, bold: bool = False,
                max_lines: int = 2) -> list[str]:
    """A game's text (a character's name) in at most max_lines lines of width pixels, never
    cut inside a word: whole words, and a word wider than a line broken at its language's
    hyphenation points ("Felszabadí-" / "tott" / "rabszolga"); only a text that fits
    neither way ends in an ellipsis."""
    s = clip(s, room(width * max_lines, size))
    lang = language_of(tr)
    lines: list[str] = []
    cur = ""
    for w in s.split():
        if text_width(w, size, bold) > width:
            parts = hyphenated_lines(w, width, size, bold, max_lines, lang)
            if not parts:
                break
            lines += [cur] if cur else []
            lines += parts[:-1]
            cur = parts[-1]
        elif cur and text_width(f"{cur} {w}", size, bold) <= width:
            cur = f"{cur} {w}"
        else:
            lines += [cur] if cur else []
            cur = w
    else:
        lines += [cur] if cur else []
        if len(lines) <= max_lines:
            return lines
    return (hyphenated_lines(s, width, size, bold, max_lines, lang)
            or wrap(s, width, size, bold, max_lines=max_lines))


def _chip(d, x, y, label: str, t: str | None, x_max: int) -> int:
    """A token chip ("2 maps") with its left edge at x, in the token's colours (hidden
    tokens: an outlined chip); returns its width."""
    fill, ink = TOKEN_STYLE[t] if t else (CARD, SOFT)
    w = min(text_width(label, CHIP_SIZE, True) + 2 * CHIP_PAD, x_max - x)
    rounded(d, (x, y, x + w, y + CHIP_H), fill=fill, radius=8, width=1)
    chip = mark(d, (x, y, x + w, y + CHIP_H))
    text(d, (x + CHIP_PAD, y + CHIP_H // 2), fit(label, w - 2 * CHIP_PAD + 2, CHIP_SIZE, True),
         size=CHIP_SIZE, fill=ink, bold=True, anchor="lm", owner=chip)
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


def _rows(placed) -> int:
    return 1 + max((r for _, r, _ in placed), default=0)


def _loot_items(tr, tokens: dict, hidden: int = 0):
    """(width, (label, token kind)) of the chips of some loot, in token order."""
    items = []
    for t in TOKEN_ORDER:
        k = tokens.get(t, 0)
        if k:
            label = _token_count(tr, t, k)
            items.append((text_width(label, CHIP_SIZE, True) + 2 * CHIP_PAD, (label, t)))
    if hidden:
        label = _hidden_count(tr, hidden)
        items.append((text_width(label, CHIP_SIZE, True) + 2 * CHIP_PAD, (label, None)))
    return items


def _draw_loot(d, placed, x_max: int, y0: int) -> None:
    for x, row, (label, t) in placed:
        _chip(d, x, y0 + row * CHIP_STEP, label, t, x_max)


def _den_items(tr, den):
    """(width, (rank, name)) of the characters in a den."""
    items = []
    for c in den:
        name = clip(tr(c["name"]), 60)
        w = (text_width(str(c["rank"]), DEN_RANK, True) + text_width(name, DEN_SIZE)
             + DEN_PAD)
        items.append((w, (c["rank"], name)))
    return items


def _draw_den(d, placed, x_max: int, y0: int, rgb) -> None:
    """A den's characters: a card of the seat's colour (a stripe), its rank and its name."""
    for x, row, (rank, name) in placed:
        y = y0 + row * DEN_STEP
        rw = text_width(str(rank), DEN_RANK, True)
        w = min(rw + text_width(name, DEN_SIZE) + DEN_PAD, x_max - x)
        box = (x, y, x + w, y + DEN_H)
        rounded(d, box, fill=CARD, radius=7, width=1)
        d.rectangle((x + 3, y + 4, x + 8, y + DEN_H - 4), fill=rgb, outline=MUTED)
        mark(d, (x + 3, y + 4, x + 8, y + DEN_H - 4))
        text(d, (x + 13, y + DEN_H // 2), str(rank), size=DEN_RANK, bold=True, anchor="lm",
             within=box)
        text(d, (x + 19 + rw, y + DEN_H // 2), fit(name, max(0, w - rw - 27), DEN_SIZE),
             size=DEN_SIZE, anchor="lm", within=box)


def _tags(d, x, y, view, seats, x_max, size=NAME, each=None) -> int:
    """Player tags side by side from x; returns the x after them."""
    each = each or 210
    for s in seats:
        if x + 2 * BADGE_R + 30 > x_max:
            break
        x = _tag(d, (x, y), view, s, min(each, x_max - x), size, True) + 22
    return x


# --------------------------------------------------------------------------- the board
def _facts(tr, view, s) -> list[str]:
    """What the table knows of a seat besides its den: its card colour, hand and graveyard."""
    p = view["players"][s]
    facts = [_card_colour(tr, (view.get("seat_colours") or {}).get(s, "")),
             tr("Hand: {count}", count=p["hand_size"]),
             tr("Graveyard: {count}", count=p["graveyard_size"])]
    return [f for f in facts if f]


def _den_layout(tr, view, s, width):
    """A seat's den box: its facts, den characters and loot chips placed in width pixels
    (x from 0, rows from 0), and the height of the box."""
    p = view["players"][s]
    sep = text_width(FACT_SEP, SMALL)
    facts = _flow([(text_width(f, SMALL), f) for f in _facts(tr, view, s)], 0, width, sep)
    den = _flow(_den_items(tr, p["den"]), 0, width, 8)
    loot = _flow(_loot_items(tr, p["loot"], p.get("hidden_loot", 0)), 0, width, 6)
    height = (DEN_CHARS + (_rows(facts) - 1) * SMALL_LINE + _rows(den) * DEN_STEP + 4
              + _rows(loot) * CHIP_STEP + 10)
    return facts, den, loot, height


def _ship_layout(tr, view):
    """The ship's cards: their width, each one's name in lines, and their height."""
    ship = view.get("ship") or []
    if not ship:
        return 0, [], 0
    n = len(ship)
    cw = min(230, (WIDTH - 2 * MARGIN - 28 - (n - 1) * 8) // n)
    names = [_game_lines(tr, tr(e["name"]), cw - 16, SHIP_NAME, True, 2 if cw >= 200 else 3)
             for e in ship]
    ranks = [e["rank"] for e in ship]
    tie = any(ranks.count(r) > 1 for r in ranks)
    ch = BAND + 8 + max(map(len, names)) * SHIP_LINE + (SMALL_LINE if tie else 0) + 34 + HULL_UNDER
    return cw, names, ch


def render_board(view: dict, tr):
    seats = view["seats"]
    finished = bool(view.get("finished"))
    inner = WIDTH - 2 * MARGIN

    # --- sizes first (the image grows with what it holds) ------------------------------------
    cols = 1 if len(seats) == 1 else 2
    den_w = (inner - (cols - 1) * GAP) // cols
    dens = {s: _den_layout(tr, view, s, den_w - 24) for s in seats}
    rows = [seats[i:i + cols] for i in range(0, len(seats), cols)]
    row_h = [max(dens[s][3] for s in r) for r in rows]
    day_w = (inner - 5 * 8) // 6
    days = view.get("loot_days") or []
    day_now = view.get("day", 0)
    day_flows = [_flow(_loot_items(tr, sp["tokens"]), 0, day_w - 12, 6) for sp in days]
    empty = wrap(tr("nothing left"), day_w - 20, SMALL, max_lines=2)
    day_h = max([CHIP_STEP] + [_rows(f) * CHIP_STEP if sp["tokens"] else len(empty) * SMALL_LINE
                               for sp, f in zip(days, day_flows) if sp["day"] >= day_now])
    loot_h = 42 + day_h + 8
    outcome = view.get("outcome") if finished else None
    above = _above_ship(view, tr, outcome)
    ship_top = AWAITED + 22 + above[2] + 14
    cw, names, ch = _ship_layout(tr, view)
    if finished:
        ship_h = 44 + 56 * len(seats) + 8
    elif view.get("ship"):
        ship_h = 44 + ch + 30
    elif view.get("phase") == "pick":     # who has chosen, three players a row, above the deck
        ship_h = 96 + 48 * ((len(seats) + 2) // 3) + 20
    else:
        ship_h = 96 + 40
    loot_top = ship_top + ship_h + 14
    # at the end the loot spaces are of no more use: the final scores take their place
    den_top = loot_top + (0 if finished else 34 + loot_h + 16)
    height = den_top + sum(row_h) + GAP * (len(rows) - 1) + MARGIN
    img, d = canvas(WIDTH, height, PAPER)

    # --- header: game, campaign and day, who is awaited -----------------------------------------
    title = text(d, (MARGIN, 14), tr("Libertalia"), size=30, bold=True)
    if finished:
        head = tr("Game over")
    else:
        head = tr("Campaign {c} of 3 — day {d} of 6", c=view["campaign"], d=view["day"])
    text(d, (WIDTH - MARGIN, 18), fit(head, WIDTH - MARGIN - title[2] - 24, 26, True), size=26,
         bold=True, anchor="ra")
    _awaited(d, view, tr, AWAITED, outcome, above)

    # --- the ship -----------------------------------------------------------------------------
    top = ship_top
    rounded(d, (MARGIN, top, WIDTH - MARGIN, top + ship_h), fill=SEA, radius=16, width=2)
    if finished and outcome:
        _final(d, view, tr, top, outcome)
    else:
        _ship(d, view, tr, top, ship_h, cw, names, ch)

    # --- loot spaces --------------------------------------------------------------------------
    top = loot_top
    if not finished:
        text(d, (MARGIN, top), fit(tr("Loot of this campaign"), inner, 22, True), size=22,
             bold=True)
    for i, (space, placed) in enumerate(zip(days, day_flows) if not finished else []):
        x0 = MARGIN + i * (day_w + 8)
        box = (x0, top + 34, x0 + day_w, top + 34 + loot_h)
        day = space["day"]
        past = day < day_now
        today = bool(space.get("current"))
        fill = TODAY if today else (DIM if past else DEN_BG)
        rounded(d, box, fill=fill, radius=10, width=4 if today else 1)
        label = tr("Today") if today else tr("Day {d}", d=day)
        text(d, (x0 + 10, top + 42), fit(label, day_w - 20, 20, True), size=20, bold=True,
             fill=MUTED if past else INK, within=box)
        if past:
            continue            # what is left of a past day is of no more use
        if not space["tokens"]:
            for j, line in enumerate(empty):
                text(d, (x0 + 10, top + 78 + j * SMALL_LINE), line, size=SMALL, fill=SOFT,
                     within=box)
        _draw_loot(d, [(x0 + 6 + x, r, it) for x, r, it in placed], x0 + day_w - 6, top + 76)

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


def _above_ship(view, tr, outcome):
    """What the line under the title says: ("winners", tie-break lines, extra height),
    ("pending", lines, extra height), ("waiting", seats, 0) or (None, None, 0)."""
    x_max = WIDTH - MARGIN
    if outcome:
        tiebreak = (_text_of(tr, outcome["tiebreak"], view)
                    if outcome.get("tiebreak") else "")
        lines = wrap(tiebreak, x_max - MARGIN, SMALL, max_lines=2) if tiebreak else []
        return "winners", lines, (10 + SMALL_LINE * len(lines)) if lines else 0
    pend = view.get("pending")
    if pend:
        x = MARGIN + (2 * BADGE_R + 8 if pend.get("seat") in view["seats"] else 0)
        line = _text_of(tr, pend.get("text", ""), view)
        lines = wrap(line, x_max - x, 22, True, max_lines=2)
        return "pending", lines, 28 * (len(lines) - 1)
    waiting = [s for s in view.get("to_act") or [] if s in view["seats"]]
    if view.get("phase") == "pick" and waiting:
        return "waiting", waiting, 0
    return None, None, 0


def _awaited(d, view, tr, y, outcome, above) -> None:
    """The line under the title: the winner, the decision being taken, or who still picks."""
    x_max = WIDTH - MARGIN
    kind, data, _ = above
    if kind == "winners":
        winners = outcome.get("winners") or []
        label = tr(T("Winner:", plural="Winners:", n=len(winners)))
        x = text(d, (MARGIN, y), fit(label, 300, 24, True), size=24, bold=True, anchor="lm")[2]
        _tags(d, x + 14, y, view, winners, x_max, 24,
              (x_max - x) // max(1, len(winners)) - 36)
        for i, line in enumerate(data):
            text(d, (MARGIN, y + 30 + i * SMALL_LINE), line, size=SMALL, fill=SOFT)
    elif kind == "pending":
        pend = view["pending"]
        x = MARGIN
        if pend.get("seat") in view["seats"]:       # the badge of the seat deciding
            seat_badge(d, (MARGIN + BADGE_R, y), view["seats"].index(pend["seat"]), BADGE_R,
                       colour=seat_rgb(view, pend["seat"]))
            x = MARGIN + 2 * BADGE_R + 8
        for i, line in enumerate(data):
            text(d, (x, y + 28 * i), line, size=22, bold=True, anchor="lm")
    elif kind == "waiting":
        if len(data) > 3:        # the ship below names them all
            line = tr(T("Waiting for {n} player to choose a character.",
                        plural="Waiting for {n} players to choose a character.", n=len(data)))
            text(d, (MARGIN, y), fit(line, x_max - MARGIN, 22, True), size=22, bold=True,
                 anchor="lm")
            return
        label = tr("Waiting for:")
        x = text(d, (MARGIN, y), fit(label, 300, 22, True), size=22, bold=True, anchor="lm")[2]
        _tags(d, x + 14, y, view, data, x_max, 22, (x_max - x) // len(data) - 36)


def _hull(d, x0, x1, y0, y1) -> None:
    """The ship's deck under the cards (an icon: no text on it)."""
    d.polygon([(x0, y0), (x1, y0), (x1 - 40, y1), (x0 + 40, y1)], fill=DECK, outline=INK)
    mark(d, (x0, y0, x1, y1))


def _ship(d, view, tr, top, ship_h, cw, names, ch) -> None:
    x0, x_max = MARGIN + 14, WIDTH - MARGIN - 14
    sea = (MARGIN, top, WIDTH - MARGIN, top + ship_h)
    ship = view.get("ship") or []
    title = tr("The ship today, lowest to highest")
    text(d, (MARGIN + 16, top + 10), fit(title, x_max - MARGIN - 16, 20, True), size=20,
         fill=WHITE, bold=True, within=sea)
    if ship:
        y1 = top + 44 + ch
        _hull(d, x0, x_max, y1 - HULL_UNDER + 4, y1 + 18)
        ranks = [e["rank"] for e in ship]
        x = x0
        for e, lines in zip(ship, names):
            _ship_card(d, (x, top + 44, x + cw, y1), view, e, tr, lines,
                       ranks.count(e["rank"]) > 1)
            x += cw + 8
        return
    if view.get("phase") == "pick":
        text(d, (MARGIN + 16, top + 44), fit(tr("Characters are being chosen in secret."),
                                             x_max - MARGIN - 16, 20), size=20, fill=WHITE,
             within=sea)
        picked = set(view.get("picked") or [])
        per = 3
        cell = (x_max - MARGIN - 16) // per
        for i, s in enumerate(view["seats"]):
            col, row = i % per, i // per
            x, y = MARGIN + 16 + col * cell, top + 96 + row * 48
            box = (x, y - 21, x + cell - 12, y + 21)
            rounded(d, box, fill=CARD, radius=8, width=1)
            done = s in picked
            text(d, (x + cell - 24, y), "✓" if done else "…", size=26, bold=True, anchor="rm",
                 fill=(20, 120, 50) if done else INK, within=box)
            _tag(d, (x + 4, y), view, s, cell - 60, 20, within=box)
        _hull(d, x0, x_max, top + ship_h - 36, top + ship_h - 8)
    else:
        text(d, (MARGIN + 16, top + 44), fit(tr("The ship is empty."), x_max - MARGIN - 16, 20),
             size=20, fill=WHITE, within=sea)
        _hull(d, x0, x_max, top + ship_h - 36, top + ship_h - 8)


def _ship_card(d, box, view, e, tr, lines, show_influence: bool) -> None:
    """A character on the ship: its rank on a band of its owner's card colour with the
    owner's badge, its name, and the name of the player who played it."""
    x0, y0, x1, y1 = box
    seat = e["seat"]
    rgb = seat_rgb(view, seat)
    d.rounded_rectangle(box, radius=10, fill=CARD)
    d.rounded_rectangle((x0, y0, x1, y0 + BAND), radius=10, fill=rgb)
    d.rectangle((x0, y0 + BAND - 20, x1, y0 + BAND), fill=rgb)
    d.line((x0, y0 + BAND, x1, y0 + BAND), fill=INK, width=2)
    d.rounded_rectangle(box, radius=10, outline=INK, width=2)
    text(d, (x0 + 10, y0 + BAND // 2), str(e["rank"]), size=32, bold=True, fill=ink_on(rgb),
         anchor="lm", within=box)
    seats = view["seats"]
    bx, by = x1 - 10 - BADGE_R, y0 + BAND // 2
    d.ellipse((bx - BADGE_R - 3, by - BADGE_R - 3, bx + BADGE_R + 3, by + BADGE_R + 3),
              fill=CARD)            # a ring: the badge stands out from a band of its colour
    seat_badge(d, (bx, by), seats.index(seat) if seat in seats else 0, BADGE_R, colour=rgb)
    w = x1 - x0 - 16
    y = y0 + BAND + 8
    for line in lines:
        text(d, (x0 + 8, y), line, size=SHIP_NAME, bold=True, within=box)
        y += SHIP_LINE
    if show_influence:
        text(d, (x0 + 8, y), fit(tr("Influence {n}", n=e["influence"]), w, SMALL), size=SMALL,
             fill=SOFT, within=box)
    name = fit(seat_name(view, seat), w, 20, name=True)
    text(d, (x0 + 8, y1 - HULL_UNDER - 18), name, size=20, anchor="lm", within=box)


def _final(d, view, tr, top, outcome) -> None:
    """The end: every player by final rank, with the score."""
    x_max = WIDTH - MARGIN - 14
    text(d, (MARGIN + 16, top + 10), fit(tr("Final scores"), x_max - MARGIN - 16, 20, True),
         size=20, fill=WHITE, bold=True)
    scores = outcome.get("scores") or {}
    ranks = outcome.get("ranks") or {}
    order = sorted(view["seats"], key=lambda s: (ranks.get(s, 99), view["seats"].index(s)))
    for i, s in enumerate(order):
        y = top + 44 + i * 56
        box = (MARGIN + 14, y, x_max, y + 48)
        rounded(d, box, fill=TODAY if ranks.get(s) == 1 else CARD, radius=8, width=1)
        text(d, (MARGIN + 30, y + 24), str(ranks.get(s, "")), size=26, bold=True, anchor="lm",
             within=box)
        p = view["players"].get(s, {})
        pts = tr(T("{n} point", plural="{n} points", n=scores.get(s, p.get("score", 0))))
        x = text(d, (x_max - 16, y + 24), pts, size=26, bold=True, anchor="rm", within=box)[0]
        camp = " + ".join(str(v) for v in p.get("campaign_scores") or [])
        cw = text_width(camp, SMALL) if camp else 0
        right = x - 16 - cw - 16
        end = _tag(d, (MARGIN + 72, y + 24), view, s, min(520, right - MARGIN - 72), 24, True,
                   within=box)
        if camp:
            text(d, (x - 16, y + 24), fit(camp, x - 16 - end - 16, SMALL), size=SMALL,
                 fill=SOFT, anchor="rm", within=box)


def _den(d, view, tr, s, box, layout, acting: bool) -> None:
    x0, y0, x1, y1 = box
    p = view["players"][s]
    rgb = seat_rgb(view, s)
    rounded(d, box, fill=TODAY if acting else DEN_BG, radius=12, width=5 if acting else 2)
    pts = tr(T("{n} point", plural="{n} points", n=p["score"]))
    pw = text(d, (x1 - 14, y0 + 26), pts, size=24, bold=True, anchor="rm", within=box)[0]
    _tag(d, (x0 + 10, y0 + 26), view, s, pw - x0 - 30, 24, True, within=box)
    coins = tr(T("{n} doubloon", plural="{n} doubloons", n=p["doubloons"]))
    cx = text(d, (x0 + 14, y0 + 64), fit(coins, (x1 - x0) // 2, 22, True), size=22, bold=True,
              anchor="lm", within=box)[2]
    camp = p.get("campaign_scores") or []
    if camp:
        label = tr("Campaigns: {scores}", scores=" + ".join(str(x) for x in camp))
        text(d, (x1 - 14, y0 + 64), fit(label, x1 - cx - 40, SMALL), size=SMALL, fill=SOFT,
             anchor="rm", within=box)
    facts, den, loot, _ = layout
    sep = text_width(FACT_SEP, SMALL)
    for i, (x, row, fact) in enumerate(facts):
        y = y0 + DEN_FACTS + row * SMALL_LINE
        if i and facts[i - 1][1] == row:
            text(d, (x0 + 14 + x - sep, y), FACT_SEP, size=SMALL, fill=SOFT, anchor="lm",
                 within=box)
        text(d, (x0 + 14 + x, y), fit(fact, x1 - x0 - 28 - x, SMALL), size=SMALL, fill=SOFT,
             anchor="lm", within=box)
    y = y0 + DEN_CHARS + (_rows(facts) - 1) * SMALL_LINE
    if p["den"]:
        _draw_den(d, [(x0 + 12 + x, r, it) for x, r, it in den], x1 - 12, y, rgb)
    else:
        text(d, (x0 + 14, y + DEN_H // 2), fit(tr("No characters in the den"), x1 - x0 - 28,
                                               SMALL), size=SMALL, fill=SOFT, anchor="lm",
             within=box)
    y += _rows(den) * DEN_STEP + 4
    if loot:
        _draw_loot(d, [(x0 + 12 + x, r, it) for x, r, it in loot], x1 - 12, y)
    else:
        text(d, (x0 + 14, y + CHIP_H // 2), fit(tr("No loot"), x1 - x0 - 28, SMALL), size=SMALL,
             fill=SOFT, anchor="lm", within=box)


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
LIST_MARK = "\ue000"        # where a translated "Graveyard: {cards}" puts its list


def _list_label(shown: str) -> str:
    """The words a translated message puts before its list ("Graveyard:" of "Graveyard:
    {cards}"), to label chips with; "" when the list comes first."""
    head, _, _ = shown.partition(LIST_MARK)
    return head.strip() if head.strip() and LIST_MARK in shown else ""


def _hand_card(tr, c, cw):
    """A hand card's name and ability in lines."""
    name = _game_lines(tr, tr(c["name"]), cw - 30, HAND_NAME, True, 2)
    eff = _text_of(tr, c.get("effect", "")) if c.get("effect") else ""
    return name, wrap(eff, cw - 30, SMALL, max_lines=6) if eff else []


def render_hand(view: dict, tr):
    """One seat's private image: the hand (with abilities), today's pick, graveyard and
    secret loot. Send it only to that seat."""
    seat = view["you"]
    hand = view.get("hand", [])
    pick = view.get("my_pick")
    inner = WIDTH - 2 * MARGIN
    cw = (inner - (HAND_PER_ROW - 1) * HAND_GAP) // HAND_PER_ROW
    cards = [_hand_card(tr, c, cw) for c in hand]
    rows = [list(range(i, min(i + HAND_PER_ROW, len(hand))))
            for i in range(0, len(hand), HAND_PER_ROW)]
    name_lines = [max(len(cards[i][0]) for i in r) for r in rows]
    heights = [56 + n * HAND_LINE + 6 + max(len(cards[i][1]) for i in r) * SMALL_LINE
               + (34 if any(hand[i]["rank"] == pick for i in r) else 0) + 12
               for r, n in zip(rows, name_lines)]
    prompt = _text_of(tr, view.get("prompt", ""), view) if view.get("prompt") else ""
    prompt_lines = wrap(prompt, inner, 20, max_lines=2) if prompt else []
    # the footer: a label, then chips (the graveyard's characters, the secret loot)
    graveyard = view.get("graveyard", [])
    labels = (_list_label(tr("Graveyard: {cards}", cards=LIST_MARK))
              or tr("Graveyard: {count}", count=len(graveyard)), tr("Secret loot:"))
    lw = min(max(text_width(x, 20, True) for x in labels), 300)
    fx = MARGIN + lw + 14
    grave = _flow(_den_items(tr, graveyard), fx, WIDTH - MARGIN - fx, 8)
    secret = view.get("secret_loot") or {}
    loot = _flow(_loot_items(tr, secret), fx, WIDTH - MARGIN - fx, 6)
    cards_top = 62 + 26 * len(prompt_lines) + 12
    foot = cards_top + sum(heights) + HAND_GAP * len(rows) + 4
    height = foot + _rows(grave) * DEN_STEP + 12 + _rows(loot) * CHIP_STEP + MARGIN
    img, d = canvas(WIDTH, height, PAPER)
    rgb = seat_rgb(view, seat)

    x = _tag(d, (MARGIN, 32), view, seat, 420, 26, True)
    title = tr(T("Your hand: {n} card", plural="Your hand: {n} cards", n=len(hand)))
    text(d, (x + 24, 32), fit(title, WIDTH - MARGIN - x - 24, 26, True), size=26, bold=True,
         anchor="lm")
    for i, line in enumerate(prompt_lines):
        text(d, (MARGIN, 62 + 26 * i), line, size=20)

    y0 = cards_top
    for r, h in zip(rows, heights):
        for col, i in enumerate(r):
            c, (name, eff) = hand[i], cards[i]
            x0 = MARGIN + col * (cw + HAND_GAP)
            box = (x0, y0, x0 + cw, y0 + h)
            chosen = c["rank"] == pick
            rounded(d, box, fill=TODAY if chosen else CARD, radius=12, width=5 if chosen else 2)
            d.rectangle((x0 + 4, y0 + 4, x0 + 10, y0 + h - 4), fill=rgb)   # the card colour
            mark(d, (x0 + 4, y0 + 4, x0 + 10, y0 + h - 4))
            rank = text(d, (x0 + 18, y0 + 8), str(c["rank"]), size=34, bold=True, within=box)
            text(d, (x0 + cw - 12, y0 + 26), fit(tr("Influence {n}", n=c["influence"]),
                                                 x0 + cw - 12 - rank[2] - 16, SMALL),
                 size=SMALL, fill=SOFT, anchor="rm", within=box)
            y = y0 + 56
            for line in name:
                text(d, (x0 + 18, y), line, size=HAND_NAME, bold=True, within=box)
                y += HAND_LINE
            y += 6                  # the ability right under the name
            for line in eff:
                text(d, (x0 + 18, y), line, size=SMALL, within=box)
                y += SMALL_LINE
            if chosen:
                text(d, (x0 + 18, y0 + h - 14), fit(tr("Today's pick"), cw - 30, 20, True),
                     size=20, bold=True, anchor="ls", within=box)
        y0 += h + HAND_GAP

    y = foot
    text(d, (MARGIN, y + DEN_H // 2), fit(labels[0], lw, 20, True), size=20, bold=True,
         anchor="lm")
    if graveyard:
        _draw_den(d, grave, WIDTH - MARGIN, y, rgb)
    else:
        text(d, (fx, y + DEN_H // 2), fit(tr(T("empty")), WIDTH - MARGIN - fx, 20), size=20,
             fill=SOFT, anchor="lm")
    y += _rows(grave) * DEN_STEP + 12
    text(d, (MARGIN, y + CHIP_H // 2), fit(labels[1], lw, 20, True), size=20, bold=True,
         anchor="lm")
    if secret:
        _draw_loot(d, loot, WIDTH - MARGIN, y)
    else:
        text(d, (fx, y + CHIP_H // 2), fit(tr("none"), WIDTH - MARGIN - fx, 20), size=20,
             fill=SOFT, anchor="lm")
    names = [T("{card} ({rank})", card=T(c["name"]), rank=c["rank"]) for c in hand]
    alt = tr("Your hand: {cards}.", cards=names)
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
