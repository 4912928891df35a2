"""Libertalia board and hand images, drawn only from ``ENGINE.view``.

``render_board(view, tr)`` uses the public view (view(None)): the ship of the day in rank
order, the six loot spaces of the campaign, every den (characters face up, loot as counts),
doubloons and scores. ``render_hand(view, tr)`` draws one seat's private hand."""
from __future__ import annotations

from engines.base import Text
from render.common import (INK, MUTED, PAPER, canvas, finish, fit, rounded, seat_badge, text,
                           text_width, wrap)

WIDTH = 1400
MARGIN = 30

SEA = (38, 84, 124)
DECK = (150, 105, 62)
CARD = (252, 248, 236)
DEN_BG = (236, 228, 210)
DIM = (214, 208, 196)

# token look: fill colour, text colour (labels come through tr)
TOKEN_STYLE = {
    "chest": ((196, 148, 40), INK),
    "jewels": ((110, 160, 220), INK),
    "goods": ((205, 180, 140), INK),
    "map": ((235, 222, 180), INK),
    "relic": ((90, 60, 110), (255, 255, 255)),
    "saber": ((170, 170, 175), INK),
    "officer": ((190, 50, 50), (255, 255, 255)),
}
TOKEN_ORDER = list(TOKEN_STYLE)

def _token_name(tr, t: str) -> str:
    names = {
        "chest": tr("Chest"), "jewels": tr("Jewels"), "goods": tr("Goods"), "map": tr("Map"),
        "relic": tr("Relic"), "saber": tr("Saber"), "officer": tr("Officer"),
    }
    return names[t]


def _text_of(tr, data) -> str:
    if isinstance(data, dict) and "msg" in data:
        return tr(Text.from_json(data))
    return tr(str(data))


def _seat_index(view, seat) -> int:
    return view["seats"].index(seat)


def _chip(d, x, y, tr, t, n, size=16) -> int:
    """A token chip "Chest ×2"; returns its width."""
    fill, ink = TOKEN_STYLE[t]
    label = f"{_token_name(tr, t)} ×{n}"
    w = text_width(label, size, True) + 18
    rounded(d, (x, y, x + w, y + size + 14), fill=fill, radius=8, width=1)
    text(d, (x + 9, y + 6), label, size=size, fill=ink, bold=True)
    return w


def _chip_layout(tr, tokens: dict, x0: int, y0: int, width: int):
    """Positions (x, y, token, count) of chips flowing left to right within width."""
    out, x, y = [], x0, y0
    for t in TOKEN_ORDER:
        k = tokens.get(t, 0)
        if not k:
            continue
        w = text_width(f"{_token_name(tr, t)} ×{k}", 15, True) + 18
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + 32
        out.append((x, y, t, k))
        x += w + 5
    return out


def _card(d, box, view, seat, rank, name, influence, tr, big=True):
    x0, y0, x1, y1 = box
    idx = _seat_index(view, seat)
    rounded(d, box, fill=CARD, radius=10, width=2)
    seat_badge(d, (x0 + 20, y0 + 20), idx, 15)
    text(d, (x1 - 10, y0 + 6), str(rank), size=30 if big else 22, bold=True, anchor="ra")
    w = x1 - x0 - 16
    fs = 16 if big else 15
    lines = wrap(tr(name), w, fs, True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for i, line in enumerate(lines):
        text(d, (x0 + 8, y0 + (46 if big else 38) + i * 18), fit(line, w, fs, True), size=fs,
             bold=True)
    if big:
        text(d, (x0 + 8, y1 - 24), tr("Influence {n}", n=influence), size=14, fill=MUTED)


def render_board(view: dict, tr):
    seats = view["seats"]
    players = view["players"]
    n = len(seats)
    cols = 2 if n <= 4 else 3
    den_w = (WIDTH - 2 * MARGIN - (cols - 1) * 16) // cols
    den_card_w = 118
    per_row = max(1, (den_w - 24) // (den_card_w + 6))
    den_rows = max([1] + [1 + (len(players[s]["den"]) - 1) // per_row if players[s]["den"] else 1
                          for s in seats])
    den_h = 170 + den_rows * 84
    grid_rows = (n + cols - 1) // cols
    sw = (WIDTH - 2 * MARGIN - 5 * 12) // 6
    chip_rows = max([1] + [1 + max((c[1] for c in _chip_layout(tr, sp["tokens"], 0, 0, sw - 12)),
                                   default=0) // 32 for sp in view.get("loot_days", [])])
    loot_h = 40 + chip_rows * 32
    loot_top = 306
    den_top = loot_top + 30 + loot_h + 16
    height = den_top + grid_rows * (den_h + 16) + 60
    img, d = canvas(WIDTH, height, PAPER)

    # --- header ------------------------------------------------------------------------
    text(d, (MARGIN, 18), tr("Libertalia"), size=34, bold=True)
    if view.get("finished"):
        head = tr("Game over")
    else:
        head = tr("Campaign {c} of 3 — day {d} of 6", c=view["campaign"], d=view["day"])
    text(d, (MARGIN + 230, 26), head, size=24, bold=True)
    status = _text_of(tr, view.get("status", ""))
    text(d, (MARGIN, 62), fit(status, WIDTH - 2 * MARGIN, 18), size=18, fill=MUTED)

    # --- ship ----------------------------------------------------------------------------
    top = 96
    rounded(d, (MARGIN, top, WIDTH - MARGIN, top + 196), fill=SEA, radius=18, width=2)
    d.polygon([(MARGIN + 20, top + 150), (WIDTH - MARGIN - 20, top + 150),
               (WIDTH - MARGIN - 70, top + 188), (MARGIN + 70, top + 188)], fill=DECK,
              outline=INK)
    text(d, (MARGIN + 16, top + 10), tr("The ship today (lowest to highest)"), size=18,
         fill=(255, 255, 255), bold=True)
    ship = view.get("ship") or []
    if ship:
        cw = min(160, (WIDTH - 2 * MARGIN - 40 - (len(ship) - 1) * 10) // max(1, len(ship)))
        x = MARGIN + 20
        for e in ship:
            _card(d, (x, top + 38, x + cw, top + 176), view, e["seat"], e["rank"], e["name"],
                  e["influence"], tr)
            x += cw + 10
    else:
        if view.get("phase") == "pick" and not view.get("finished"):
            msg = tr("Characters are being chosen in secret.")
        else:
            msg = tr("The ship is empty.")
        text(d, (MARGIN + 20, top + 50), msg, size=20, fill=(255, 255, 255))
        if view.get("phase") == "pick" and not view.get("finished"):
            x = MARGIN + 20
            text(d, (x, top + 92), tr("Chosen:"), size=18, fill=(255, 255, 255))
            x += text_width(tr("Chosen:"), 18) + 28
            for s in seats:
                seat_badge(d, (x, top + 102), _seat_index(view, s), 15)
                mark = "✓" if s in view.get("picked", []) else "…"
                text(d, (x + 22, top + 91), mark, size=20, fill=(255, 255, 255), bold=True)
                x += 70

    # --- loot spaces -----------------------------------------------------------------------
    top = loot_top
    text(d, (MARGIN, top), tr("Loot of this campaign"), size=20, bold=True)
    for i, space in enumerate(view.get("loot_days", [])):
        x0 = MARGIN + i * (sw + 12)
        day = space["day"]
        past = day < view.get("day", 0)
        fill = (255, 236, 170) if space.get("current") else (DIM if past else DEN_BG)
        rounded(d, (x0, top + 30, x0 + sw, top + 30 + loot_h), fill=fill, radius=10,
                width=3 if space.get("current") else 1)
        text(d, (x0 + 10, top + 36), tr("Day {d}", d=day), size=17, bold=True)
        for (cx, cy, t, k) in _chip_layout(tr, space["tokens"], x0 + 8, top + 62, sw - 12):
            _chip(d, cx, cy, tr, t, k, 15)
        if not space["tokens"]:
            text(d, (x0 + 10, top + 66), tr("nothing left"), size=15, fill=MUTED)

    # --- dens ------------------------------------------------------------------------------
    top = den_top
    for i, s in enumerate(seats):
        p = players[s]
        col, row = i % cols, i // cols
        x0 = MARGIN + col * (den_w + 16)
        y0 = top + row * (den_h + 16)
        acting = s in view.get("to_act", [])
        rounded(d, (x0, y0, x0 + den_w, y0 + den_h), fill=DEN_BG, radius=12,
                width=4 if acting else 2)
        idx = _seat_index(view, s)
        seat_badge(d, (x0 + 26, y0 + 26), idx, 18)
        colour = tr(p["colour"])
        name_w = text(d, (x0 + 52, y0 + 12), fit(s, den_w - 240, 20, True), size=20,
                      bold=True)[2]
        text(d, (name_w + 12, y0 + 15), fit(tr("plays the {colour} cards", colour=colour),
                                             max(40, x0 + den_w - 200 - name_w), 15),
             size=15, fill=MUTED)
        text(d, (x0 + den_w - 12, y0 + 10), tr("Score {n}", n=p["score"]), size=20, bold=True,
             anchor="ra")
        camp = " / ".join(str(x) for x in p["campaign_scores"]) or "–"
        text(d, (x0 + den_w - 12, y0 + 36), tr("Campaigns: {scores}", scores=camp), size=15,
             fill=MUTED, anchor="ra")
        text(d, (x0 + 16, y0 + 50), tr("{n} doubloons", n=p["doubloons"]), size=18, bold=True)
        text(d, (x0 + den_w - 12, y0 + 56), fit(tr("Hand {h} · graveyard {g}", h=p["hand_size"],
                                                   g=p["graveyard_size"]), den_w - 200, 16),
             size=16, fill=MUTED, anchor="ra")
        # den characters
        y = y0 + 80
        x = x0 + 12
        if not p["den"]:
            text(d, (x, y + 8), tr("No characters in the den"), size=16, fill=MUTED)
        for j, c in enumerate(p["den"]):
            if j and j % per_row == 0:
                x, y = x0 + 12, y + 84
            _card(d, (x, y, x + den_card_w, y + 76), view, s, c["rank"], c["name"],
                  c["influence"], tr, big=False)
            x += den_card_w + 6
        # loot
        y = y0 + 80 + den_rows * 84 + 4
        text(d, (x0 + 14, y), tr("Loot:"), size=16, bold=True)
        x = x0 + 14 + text_width(tr("Loot:"), 16, True) + 10
        any_loot = False
        for t in TOKEN_ORDER:
            k = p["loot"].get(t, 0)
            if not k:
                continue
            any_loot = True
            lw = text_width(f"{_token_name(tr, t)} ×{k}", 15, True) + 18
            if x + lw > x0 + den_w - 10:
                x, y = x0 + 14, y + 32
            x += _chip(d, x, y - 4, tr, t, k, 15) + 5
        if p.get("hidden_loot"):
            any_loot = True
            label = tr("{n} hidden", n=p["hidden_loot"])
            if x + text_width(label, 15) + 10 > x0 + den_w - 10:
                x, y = x0 + 14, y + 32
            text(d, (x + 4, y), label, size=15, fill=MUTED, bold=True)
        if not any_loot:
            text(d, (x, y), tr("none"), size=16, fill=MUTED)

    # --- footer: what is awaited -----------------------------------------------------------------
    y = height - 56
    pend = view.get("pending")
    if view.get("finished") and view.get("outcome"):
        o = view["outcome"]
        winners = ", ".join(o.get("winners", []))
        line = tr("Winner: {winners}", winners=winners)
        if o.get("tiebreak"):
            line += " — " + _text_of(tr, o["tiebreak"])
    elif pend:
        line = _text_of(tr, pend.get("text", ""))
    elif view.get("phase") == "pick":
        waiting = ", ".join(view.get("to_act", []))
        line = tr("Waiting for: {seats}", seats=waiting)
    else:
        line = ""
    text(d, (MARGIN, y), fit(line, WIDTH - 2 * MARGIN, 20, True), size=20, bold=True)
    return finish(img, board_alt(view, tr), "libertalia.png")


def board_alt(view: dict, tr) -> str:
    parts = []
    if view.get("finished"):
        parts.append(tr("Libertalia, game over."))
    else:
        parts.append(tr("Libertalia, campaign {c}, day {d}.", c=view["campaign"], d=view["day"]))
    if view.get("ship"):
        ship = ", ".join(tr("{seat} {card} ({rank})", seat=e["seat"], card=tr(e["name"]),
                            rank=e["rank"]) for e in view["ship"])
        parts.append(tr("Ship: {ship}.", ship=ship))
    elif view.get("phase") == "pick" and not view.get("finished"):
        parts.append(tr("Choosing in secret; waiting for: {seats}.",
                        seats=", ".join(view.get("to_act", [])) or "-"))
    for sp in view.get("loot_days", []):
        if sp.get("current"):
            loot = ", ".join(f"{k} {_token_name(tr, t)}" for t, k in sp["tokens"].items())
            parts.append(tr("Today's loot: {loot}.", loot=loot or tr("nothing")))
    for s in view["seats"]:
        p = view["players"][s]
        den = ", ".join(tr(c["name"]) for c in p["den"]) or tr("empty")
        loot = ", ".join(f"{k} {_token_name(tr, t)}" for t, k in p["loot"].items())
        if p.get("hidden_loot"):
            loot = (loot + ", " if loot else "") + tr("{n} hidden", n=p["hidden_loot"])
        parts.append(tr("{seat}: score {score}, {doubloons} doubloons, den {den}, loot {loot}.",
                        seat=s, score=p["score"], doubloons=p["doubloons"], den=den,
                        loot=loot or tr("none")))
    if view.get("pending"):
        parts.append(_text_of(tr, view["pending"].get("text", "")))
    if view.get("finished") and view.get("outcome"):
        parts.append(tr("Winner: {winners}", winners=", ".join(view["outcome"]["winners"])))
    return " ".join(parts)


def render_hand(view: dict, tr):
    """One seat's private image: the hand (with effects), today's pick, graveyard and secret
    loot. Send it only to that seat."""
    seat = view["you"]
    hand = view.get("hand", [])
    per_row = 5
    cw, ch = (WIDTH - 2 * MARGIN - (per_row - 1) * 14) // per_row, 170
    rows = max(1, (len(hand) + per_row - 1) // per_row)
    height = 110 + rows * (ch + 14) + 120
    img, d = canvas(WIDTH, height, PAPER)
    idx = _seat_index(view, seat)
    seat_badge(d, (MARGIN + 20, 38), idx, 20)
    text(d, (MARGIN + 52, 22), tr("Your hand ({n} cards)", n=len(hand)), size=28, bold=True)
    prompt = _text_of(tr, view.get("prompt", "")) if view.get("prompt") else ""
    text(d, (MARGIN, 70), fit(prompt, WIDTH - 2 * MARGIN, 18), size=18, fill=MUTED)
    pick = view.get("my_pick")
    for i, c in enumerate(hand):
        r, col = divmod(i, per_row)
        x0 = MARGIN + col * (cw + 14)
        y0 = 108 + r * (ch + 14)
        chosen = c["rank"] == pick
        rounded(d, (x0, y0, x0 + cw, y0 + ch), fill=(255, 236, 170) if chosen else CARD,
                radius=12, width=4 if chosen else 2)
        text(d, (x0 + 10, y0 + 6), str(c["rank"]), size=30, bold=True)
        text(d, (x0 + cw - 10, y0 + 12), tr("Influence {n}", n=c["influence"]), size=14,
             fill=MUTED, anchor="ra")
        if chosen:
            text(d, (x0 + 10, y0 + ch - 26), tr("Today's pick"), size=16, bold=True)
        text(d, (x0 + 10, y0 + 44), fit(tr(c["name"]), cw - 20, 18, True), size=18, bold=True)
        eff = _text_of(tr, c.get("effect", "")) if c.get("effect") else ""
        for j, line in enumerate(wrap(eff, cw - 20, 15)[:4]):
            text(d, (x0 + 10, y0 + 72 + j * 21), line, size=15)
    y = 108 + rows * (ch + 14) + 6
    grave = ", ".join(f"{tr(c['name'])} ({c['rank']})" for c in view.get("graveyard", []))
    text(d, (MARGIN, y), fit(tr("Graveyard: {cards}", cards=grave or tr("empty")),
                             WIDTH - 2 * MARGIN, 18), size=18)
    secret = view.get("secret_loot") or {}
    x = MARGIN
    text(d, (x, y + 40), tr("Secret loot:"), size=18, bold=True)
    x += text_width(tr("Secret loot:"), 18, True) + 12
    if not secret:
        text(d, (x, y + 40), tr("none"), size=18, fill=MUTED)
    for t in TOKEN_ORDER:
        if secret.get(t):
            x += _chip(d, x, y + 36, tr, t, secret[t], 16) + 6
    alt = tr("Your hand: {cards}.", cards=", ".join(f"{tr(c['name'])} ({c['rank']})" for c in hand))
    if pick:
        alt += " " + tr("Today's pick: {card}.", card=next(
            (tr(c["name"]) for c in hand if c["rank"] == pick), str(pick)))
    return finish(img, alt, "libertalia_hand.png")


def private_text(view: dict, tr) -> str:
    """A short text version of the seat's own hidden information (for My view / DMs)."""
    lines = []
    hand = view.get("hand") or []
    cards = ", ".join(f"{c['rank']} {tr(c['name'])}" for c in hand)
    lines.append(tr("Your hand ({n}): {cards}", n=len(hand), cards=cards or "—"))
    pick = view.get("my_pick")
    if pick is not None:
        rank = pick.get("rank") if isinstance(pick, dict) else pick
        name = next((c["name"] for c in hand if c["rank"] == rank), None)
        lines.append(tr("Today's pick: {card}", card=f"{rank} {tr(name)}" if name else rank))
    secret = view.get("secret_loot") or {}
    if secret:
        lines.append(tr("Your hidden loot: {loot}", loot=", ".join(
            f"{_token_name(tr, k)} ×{n}" for k, n in secret.items() if n)))
    return "\n".join(lines)
