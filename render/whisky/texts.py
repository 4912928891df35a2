"""The Whisky texts: status, goal, the question box, the players' lines, tags and cells."""
from __future__ import annotations

from engines.base import T
from render.common import (clip, fit, hyphenated_lines, INK, mark, MUTED, rounded, seat_name, text,
                           text_width, wrap)
from render.shapes import ink_for
from render.whisky.layout import (_int, _name, _points, BADGE_R, DARK, DISC_R, EFFECT_NAMES, EMPTY,
                                  HILITE, PHASE_NAMES, QBOX, QOLD, REGION_COLOUR, TS, WHITE)
from render.whisky.map import _badge, _is_empty


# ----------------------------------------------------------------------------- texts
def _status_lines(view, tr, width=560, size=22) -> list[str]:
    """Round and whose turn (the players' names shortened to fit ``width``)."""
    if view.get("finished") or view.get("phase") == "over":
        out = [tr("Game over")]
        winners = [s for s in (view.get("outcome") or {}).get("winners") or []]
        if winners:
            each = max(60, (width - 120) // len(winners))
            out.append(tr(T("Winner: {winners}", plural="Winners: {winners}", n=len(winners),
                            winners=[_name(view, s, each, size, True) for s in winners])))
        return out
    kind = (view.get("pending") or {}).get("kind") or ""
    line = tr("Round {round}", round=view.get("round", 1))
    if view.get("final_round"):
        line += " · " + tr("final round")
    out = [line]
    seat = (view.get("to_act") or [None])[0] or view.get("current")
    who = _name(view, seat, max(60, width // 2), size, True) if seat else "-"
    if kind:
        out.append(tr("{player} to play ({what})", player=who,
                      what=tr(PHASE_NAMES.get(kind, str(kind)))))
    else:
        out.append(tr("{player} to play", player=who))
    return out


def _goal_line(view, tr) -> str:
    g = view.get("goal") or {}
    return tr(T("Goal: {points} with bottles from {regions}", points=_points(g.get("points")),
                regions=T("{n} region", plural="{n} regions", n=_int(g.get("regions")))))


def _question_head(view, tr, q, width, size) -> str:
    """"Easy question for Ann at Springbank: the bottle worth 1 point", one whole sentence
    per difficulty."""
    who = _name(view, q.get("seat"), max(80, width // 3), size, True) if q.get("seat") else "?"
    place = tr(str(q.get("distillery_name") or q.get("distillery") or "?"))
    n = _int(q.get("value"))
    level = q.get("level")
    if level == "easy":
        t = T("Easy question for {player} at {place}: the bottle worth {n} point",
              plural="Easy question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    elif level == "medium":
        t = T("Medium question for {player} at {place}: the bottle worth {n} point",
              plural="Medium question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    elif level == "hard":
        t = T("Hard question for {player} at {place}: the bottle worth {n} point",
              plural="Hard question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    else:
        t = T("Question for {player} at {place}: the bottle worth {n} point",
              plural="Question for {player} at {place}: the bottle worth {n} points",
              player=who, place=place, n=n)
    return tr(t)


QUESTION_BADGE = 2 * BADGE_R + 10        # the room the asked player's badge takes in the box
LINE_GAP = 7                             # between two lines of text


def _question_lines(view, tr, width, compact_=False,
                    badge=0) -> list[tuple[str, int, bool, tuple]]:
    """Lines of the question box: (text, size, bold, colour), every one at least TS px.
    ``compact_``: fewer lines (the posted board's box); ``badge``: pixels kept free at the end
    of the head's lines for the player's badge (see ``_question_box``)."""
    q = view.get("question")
    out: list[tuple[str, int, bool, tuple]] = []
    hs, qs, os_ = TS + 1, TS, TS
    q_lines, o_lines = (6, 2) if compact_ else (8, 3)
    if isinstance(q, dict):
        head = _question_head(view, tr, q, width - badge, hs)
        for line in wrap(head, width - badge, hs, True, max_lines=3 if compact_ else 2):
            out.append((line, hs, True, INK))
        for line in wrap(str(q.get("question") or ""), width, qs, max_lines=q_lines):
            out.append((line, qs, False, INK))
        for o in q.get("options") or []:
            letter = o.get("letter") or "?"
            label = f"{letter}. {o.get('text', '')}"
            colour = INK
            if o.get("removed"):
                label += "  " + tr("(removed)")
                colour = MUTED
            elif o.get("wrong"):
                label += "  " + tr("(wrong)")
                colour = HILITE
            for k, line in enumerate(wrap(label, width - 20, os_, True, max_lines=o_lines)):
                out.append((("    " if k else "") + line, os_, k == 0, colour))
        extra = []
        if q.get("smuggler"):
            extra.append(tr("smuggler declared"))
        limit = _int(q.get("timeout_s") or view.get("question_timeout_s"))
        if limit:
            extra.append(tr(T("{n} second to answer", plural="{n} seconds to answer", n=limit)))
        if extra:
            out += [(line, TS, False, MUTED) for line in _joined(extra, width, TS)[:2]]
        return out
    last = view.get("last_question")
    if isinstance(last, dict) and last.get("question"):
        who = _name(view, last.get("seat", "?"), max(80, width // 3), TS, True)
        if last.get("result") == "right":
            head = tr("Last question: {player} was right", player=who)
        else:
            head = tr("Last question: {player} was wrong", player=who)
        for line in wrap(head, width - badge, TS, True, max_lines=2):
            out.append((line, TS, True, MUTED))
        for line in wrap(str(last.get("question")), width, TS, max_lines=3):
            out.append((line, TS, False, MUTED))
        if last.get("answer") is not None:
            answer = tr("Answer: {answer}", answer=str(last.get("answer")))
            for line in wrap(answer, width, TS, True, max_lines=2):
                out.append((line, TS, True, MUTED))
    return out


def _question_box(d, view, box, lines, open_q) -> None:
    """The question box with its lines and the asked player's badge in its top right
    corner."""
    x0, y0, x1, y1 = box
    rounded(d, box, fill=QBOX if open_q else QOLD, radius=10, width=3 if open_q else 1)
    _draw_lines(d, x0 + 12, y0 + 10, lines, within=box)
    q = view.get("question") if open_q else view.get("last_question")
    seat = q.get("seat") if isinstance(q, dict) else None
    if seat in (view.get("seats") or []):
        _badge(d, view, seat, (x1 - 8 - BADGE_R, y0 + 8 + BADGE_R))


def _draw_lines(d, x, y, lines, within=None) -> int:
    for s, size, bold, colour in lines:
        text(d, (x, y), s, size=size, bold=bold, fill=colour, within=within)
        y += size + LINE_GAP
    return y


def _lines_height(lines) -> int:
    return sum(size + LINE_GAP for _, size, _, _ in lines)


def _bottle_label(b: dict) -> str:
    v, p = _int(b.get("value")), _int(b.get("points", b.get("value")))
    return str(p) if p == v or not v else f"{p} (×{p // v})"


def _where(view, tr, p) -> str:
    if p.get("position_name") or p.get("position"):
        return tr("at {place}", place=tr(str(p.get("position_name") or p.get("position"))))
    return tr("not on the board yet")


def _effects(tr, p) -> list[str]:
    """Running effects, each a whole label."""
    out = []
    for e in p.get("effects") or []:
        if e == "skip":
            out.append(tr(T("misses {n} turn", plural="misses {n} turns",
                            n=_int(p.get("skip_turns"), 1))))
        else:
            out.append(tr(EFFECT_NAMES.get(e, str(e))))
    travel = p.get("travel")
    if isinstance(travel, dict) and travel.get("kind") == "flight":
        out.append(tr("checked in for a flight"))
    elif isinstance(travel, dict) and travel.get("kind") == "sea":
        out.append(tr("at sea"))
    return out


def _lost_bits(tr, p) -> list[str]:
    """A seat's lost-distillery and bonus bottles, each a whole label."""
    bits = []
    hidden = _int(p.get("lost_hidden"))
    if hidden:
        bits.append(tr(T("{n} face-down lost distillery bottle",
                         plural="{n} face-down lost distillery bottles", n=hidden)))
    rev = p.get("lost_revealed") or []
    if rev:
        bits.append(tr("Lost distillery bottles shown: {values}",
                       values=" ".join(map(str, rev))))
    if not bits:
        bits.append(tr("No lost distillery bottles"))
    bonus = p.get("bonus_cards") or []
    if bonus:
        bits.append(tr(T("{n} bonus bottle", plural="{n} bonus bottles", n=len(bonus))))
    return bits


def _stock_tail(view, tr, fid, lost: bool) -> str:
    """What a distillery still holds, as drawn in the legends: "1 3 5", "×2" or "—"."""
    stock = view.get("distillery_stock") or {}
    counts = view.get("distilleries") or {}
    if lost:
        return tr("lost")
    if fid in stock:
        vals = stock[fid] or []
        if vals and any(vals):
            return " ".join(str(v) for v in vals)
        return "×" + str(len(vals)) if vals else "—"
    if fid in counts:
        return "×" + str(counts[fid]) if counts[fid] else "—"
    return ""


def _joined(parts: list[str], width: int, size: int, bold=False) -> list[str]:
    """Whole labels on lines of at most width pixels, " · " between two on a line; a label
    too long for a line wraps between words."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + " · " + part, size, bold) <= width:
            lines[-1] += " · " + part
        else:
            lines += wrap(part, width, size, bold, max_lines=3)
    return lines


def _cell_lines(s: str, width: int, size: int = TS, bold=False, max_lines: int = 3,
                lang: str = "en") -> list[str]:
    """s in at most max_lines lines of a narrow cell: broken between words, else a word too
    long for a line hyphenated ("Bunna-" / "habhain"); cut with an ellipsis only when even
    that does not hold it."""
    if all(text_width(w, size, bold) <= width for w in s.split()):
        lines = wrap(s, width, size, bold, max_lines=max(max_lines, 8))
        if len(lines) <= max_lines:
            return lines
    for hy in dict.fromkeys((lang, "hu", "en", "de")):   # place names are Gaelic or Scots
        lines = hyphenated_lines(s, width, size, bold, max_lines, hy)
        if lines:
            return lines
    return wrap(s, width, size, bold, max_lines=max_lines)


def _number_disc(d, view, fields, numbers, fid, cx, cy, r=DISC_R) -> None:
    """A distillery's map number in a disc of its region's colour (dark: a lost one)."""
    f = fields.get(fid) or {}
    lost = f.get("type") == "lost"
    col = DARK if lost else (EMPTY if _is_empty(view, fid) else
                             REGION_COLOUR.get(f.get("region"), REGION_COLOUR[None]))
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col, outline=INK, width=2)
    icon = mark(d, (cx - r, cy - r, cx + r, cy + r))
    text(d, (cx, cy), str(numbers.get(fid, "")), size=TS, bold=True, anchor="mm",
         fill=WHITE if lost else INK, owner=icon)


def _square(d, box, fill, label=None, size=TS, width=1) -> None:
    """A coloured square (a region, an ingredient) marked as an icon, with its count on it."""
    d.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=width)
    icon = mark(d, box)
    if label is not None:
        text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(label), size=size, bold=True,
             anchor="mm", fill=ink_for(fill), owner=icon)


def _name_lines(view, seat, first: int, width: int, size: int, bold=True,
                max_lines: int = 2, lang: str = "en") -> list[str]:
    """A player's name in at most max_lines lines, the first ``first`` px wide (beside the
    badge), the others ``width``: broken between its words (or hyphenated, when the lines are
    equally wide), the rest cut anywhere (a name)."""
    name = clip(seat_name(view, seat), 200)
    if first == width:
        hy = hyphenated_lines(name, width, size, bold, max_lines, lang)
        if hy:
            return hy
    lines: list[str] = []
    words = name.split()
    while words and len(lines) < max_lines:
        room_ = first if not lines else width
        line = words.pop(0)
        while words and text_width(line + " " + words[0], size, bold) <= room_:
            line += " " + words.pop(0)
        if text_width(line, size, bold) > room_ or (words and len(lines) == max_lines - 1):
            line = fit(" ".join([line] + words), room_, size, bold, name=True)
            words = []
        lines.append(line)
    return lines or [""]


def _tag(d, view, seat, x, y, width, size, bold=True, within=None) -> int:
    """A seat's badge (colour and letter) and its player's name, fitted into width pixels from
    x (the badge's left edge; y the middle). Returns the x after the name."""
    _badge(d, view, seat, (x + BADGE_R, y))
    nx = x + 2 * BADGE_R + 8
    name = _name(view, seat, max(0, x + width - nx), size, bold)
    box = text(d, (nx, y), name, size=size, bold=bold, anchor="lm", within=within)
    return box[2]
