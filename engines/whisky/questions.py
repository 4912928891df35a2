"""Questions (rules 5.4, 11): drawing a question card, answering, the rescues after a wrong
answer (Jim McEwan, Billy Walker / David Stewart, expert cards, 50/50), settling the result,
giving the bottle and the Smuggler's choice of distillery."""
from __future__ import annotations

from engines.base import public, rng, T, Text

from . import data as D
from .common import LETTERS, level_name, _event


class Questions:
    """Question cards and their outcome (mixin of WhiskyEngine)."""

    def _draw_question(self, state, level, field):
        pools = state["pools"]
        order = {"easy": ["easy", "medium", "hard"], "medium": ["medium", "easy", "hard"],
                 "hard": ["hard", "medium", "easy"]}[level]
        bank = self.bank(state)
        for lv in order:
            pool = pools[lv]
            pool[:] = [q for q in pool if q in bank]   # a card removed from the bank is skipped
            if not pool:
                continue
            pick = 0
            if state["options"]["prefer_distillery_questions"]:
                for i, q in enumerate(pool):
                    if bank.get(q, {}).get("distillery") == field:
                        pick = i
                        break
            return pool.pop(pick), lv
        return None, None

    def _ask(self, state, seat, field, level, smug, ev, prev):
        qid, drawn_lv = self._draw_question(state, level, field)
        if qid is None:
            self._finish(state, ev, "questions")
            return
        state["used_questions"].append(qid)
        rec = self.bank(state)[qid]
        order = [0, 1, 2, 3]
        if not state["options"]["keep_option_order"] and not rec.get("ordered_options"):
            rng(state).shuffle(order)
        q = {"id": qid, "seat": seat, "distillery": field, "level": level,
             "value": D.LEVEL_VALUE[level], "order": order, "removed": [], "wrong": [],
             "status": "asking", "smuggler": smug, "roll_used": False, "prev": prev}
        state["question"] = q
        if drawn_lv != level:
            ev.append(public("No “{level}” questions are left: this one is a “{other}” question, "
                             "still worth {n} point.",
                             plural="No “{level}” questions are left: this one is a “{other}” "
                                    "question, still worth {n} points.",
                             level=level_name(level), other=level_name(drawn_lv),
                             n=D.LEVEL_VALUE[level]))
        self._push(state, "question", seat)
        qv = self._question_view(state)
        ev.append(_event(self._asked(seat, level, self._fname(field), rec["question"]),
                         kind="question", data=qv))

    @staticmethod
    def _asked(seat, level, place, question) -> Text:
        """The public line that reads a question out, one whole sentence per difficulty."""
        n = D.LEVEL_VALUE[level]
        if level == "easy":
            return T("{player} is asked an easy question at {place} for the bottle worth {n} "
                     "point: {question}",
                     plural="{player} is asked an easy question at {place} for the bottle worth "
                            "{n} points: {question}",
                     player=seat, place=place, n=n, question=question)
        if level == "medium":
            return T("{player} is asked a medium question at {place} for the bottle worth {n} "
                     "point: {question}",
                     plural="{player} is asked a medium question at {place} for the bottle "
                            "worth {n} points: {question}",
                     player=seat, place=place, n=n, question=question)
        return T("{player} is asked a hard question at {place} for the bottle worth {n} "
                 "point: {question}",
                 plural="{player} is asked a hard question at {place} for the bottle worth {n} "
                        "points: {question}",
                 player=seat, place=place, n=n, question=question)

    def _ch_question(self, state, seat, p, dec):
        q = state["question"]
        out = []
        if q["status"] == "asking":
            for i in range(4):
                if i not in q["removed"]:
                    out.append({"type": "answer", "option": i})
            if "fifty" in p["hand"] and not q["removed"]:
                out.append({"type": "play", "card": "fifty"})
        else:
            ch = D.CHARACTERS[p["character"]]["kind"]
            if ch == "swap" and not state["turn"]["mcewan_used"]:
                out.append({"type": "rescue", "how": "swap"})
            if ch == "rescue_roll" and not q["roll_used"]:
                out.append({"type": "rescue", "how": "roll"})
            out.append({"type": "accept"})
        for e in D.EXPERTS:
            if e in p["hand"]:
                out.append({"type": "play", "card": e})
        out.append({"type": "timeout"})
        return out

    def _do_question(self, state, seat, dec, a, ev):
        q = state["question"]
        p = self._p(state, seat)
        typ = a["type"]
        if typ == "play" and a["card"] == "fifty":
            p["hand"].remove("fifty")
            self._discard(state, "fifty")
            correct = self._correct(state, q)
            wrong = [i for i in range(4) if i != correct]
            keep = rng(state).choice(wrong)
            q["removed"] = sorted(i for i in wrong if i != keep)
            first, second = (LETTERS[i] for i in q["removed"])
            ev.append(public("{player} plays 50/50: options {first} and {second} are removed.",
                             player=seat, first=first, second=second,
                             data={"removed": q["removed"]}))
            return
        if typ == "play":  # expert card
            p["hand"].remove(a["card"])
            self._discard(state, a["card"])
            ev.append(public("{player} calls on the expert {card} and gets the bottle.",
                             player=seat, card=self._cname(a["card"])))
            self._settle(state, seat, True, ev, how="expert")
            return
        if typ == "answer":
            if a["option"] == self._correct(state, q):
                ev.append(public("{player} answers {letter}: right!", player=seat,
                                 letter=LETTERS[a["option"]]))
                self._settle(state, seat, True, ev, how="answer")
                return
            q["wrong"].append(a["option"])
            ev.append(public("{player} answers {letter}: not correct.", player=seat,
                             letter=LETTERS[a["option"]]))
            self._after_wrong(state, seat, ev)
            return
        if typ == "timeout":
            if q["status"] == "asking":
                ev.append(public("Time is up for {player}: that counts as a wrong answer.", player=seat))
                self._after_wrong(state, seat, ev)
            else:
                self._settle(state, seat, False, ev, how="wrong")
            return
        if typ == "accept":
            self._settle(state, seat, False, ev, how="wrong")
            return
        if typ == "rescue" and a["how"] == "roll":
            q["roll_used"] = True
            face = rng(state).randint(1, 6)
            if face <= 2:
                ev.append(public("{player} rolls {face}: the bottle is won after all!",
                                 player=seat, face=face))
                self._settle(state, seat, True, ev, how="roll")
            else:
                ev.append(public("{player} rolls {face}: no luck.", player=seat, face=face))
                self._after_wrong(state, seat, ev)
            return
        if typ == "rescue" and a["how"] == "swap":
            state["turn"]["mcewan_used"] = True
            face = rng(state).randint(1, 6)
            if face % 2 == 0:
                ev.append(public("{player} rolls {face}: a new question of the same difficulty.",
                                 player=seat, face=face))
                self._pop(state, dec)
                prev = q["prev"] + [{"id": q["id"], "order": q["order"], "wrong": q["wrong"]}]
                state["question"] = None
                self._ask(state, seat, q["distillery"], q["level"], q["smuggler"], ev, prev=prev)
                if state["question"] is not None:
                    state["question"]["roll_used"] = q["roll_used"]
            else:
                ev.append(public("{player} rolls {face}: no new question.", player=seat, face=face))
                self._after_wrong(state, seat, ev)
            return

    def _correct(self, state, q) -> int:
        """The right option of question ``q`` (index in the order shown). A world sampled
        for a seat that is not asked (``determinize``) carries its own sampled answer as
        ``answer_at``; a real game never has that key and reads the bank."""
        at = q.get("answer_at")
        if at is not None:
            return at
        return q["order"].index(self.bank(state)[q["id"]]["answer"])

    def knowledge_decision(self, state, seat):
        """Answering the question put to this seat (not a rescue by another player's card):
        answered with the AI level's accuracy, never searched (engines/base.py)."""
        q = state.get("question")
        return bool(q and q["seat"] == seat and q["status"] != "rescue"
                    and any(a.get("type") == "answer" for a in self.legal(state, seat)))

    def _known_answer(self, state, seat):
        """What ``ai_view`` adds for ``seat``: the right option (index in the order shown)
        of the question that seat is being asked now, else None."""
        q = state.get("question")
        if not q or q["seat"] != seat:
            return None
        return self._correct(state, q)

    def _after_wrong(self, state, seat, ev):
        q = state["question"]
        q["status"] = "rescue"
        p = self._p(state, seat)
        options = self._ch_question(state, seat, p, None)
        # the answer is held back for a rescue ability (public) or for any card holder (an
        # expert card is secret, so every card holder is asked alike)
        if not self._card_count(p) and not any(o["type"] == "rescue" for o in options):
            self._settle(state, seat, False, ev, how="wrong")

    def _settle(self, state, seat, right, ev, how):
        q = state["question"]
        dec = self._top(state)
        if dec and dec["kind"] == "question":
            self._pop(state, dec)
        p = self._p(state, seat)
        bank = self.bank(state)
        rec = bank[q["id"]]
        correct = self._correct(state, q)
        revealed = []
        for old in q["prev"]:
            orec = bank[old["id"]]
            revealed.append({"id": old["id"], "question": orec["question"],
                             "correct": old["order"].index(orec["answer"]),
                             "answer": orec["options"][orec["answer"]], "info": orec["info"]})
        last = {"id": q["id"], "seat": seat, "distillery": q["distillery"], "level": q["level"],
                "value": q["value"], "question": rec["question"],
                "options": [rec["options"][i] for i in q["order"]], "correct": correct,
                "answer": rec["options"][q["order"][correct]], "info": rec["info"],
                "result": "right" if right else "wrong", "how": how, "wrong": q["wrong"],
                "earlier": revealed}
        state["last_question"] = last
        state["question"] = None
        ev.append(public("The answer was {letter}: {answer}. {info}", kind="answer", data=last,
                         letter=LETTERS[correct], answer=last["answer"], info=rec["info"]))
        d = q["distillery"]
        p["last_failed"] = None if right else d
        if q["smuggler"]:
            self._discard(state, "smuggler")
        if right:
            if q["smuggler"]:
                if self._smuggler_targets(state, seat, q["value"]):
                    self._push(state, "smuggle", seat, value=q["value"])
                else:
                    ev.append(public("No bottle of that value is left anywhere for {player}.", player=seat))
            else:
                self._give_bottle(state, seat, d, q["value"], ev)

    def _give_bottle(self, state, seat, d, value, ev):
        p = self._p(state, seat)
        self._stock_take(state, d, value)
        p["bottles"].append({"d": d, "v": value})
        ev.append(public("{player} wins the bottle worth {n} point from {place}.",
                         plural="{player} wins the bottle worth {n} points from {place}.",
                         player=seat, n=value, place=self._fname(d),
                         data={"distillery": d, "value": value}))

    def _ch_smuggle(self, state, seat, p, dec):
        return [{"type": "take", "distillery": d}
                for d in self._smuggler_targets(state, seat, dec["value"])]

    def _do_smuggle(self, state, seat, dec, a, ev):
        self._pop(state, dec)
        self._give_bottle(state, seat, a["distillery"], dec["value"], ev)

    def _smuggler_targets(self, state, seat, value):
        own = self._owned_distilleries(self._p(state, seat))
        return [d for d in sorted(D.DISTILLERY_IDS)
                if d not in own and self._stock_has(state, d, value)]

    def _answering(self, state, seat) -> bool:
        top = self._top(state)
        q = state.get("question")
        return bool(top and top["seat"] == seat and top["kind"] == "question" and q
                    and q.get("status") == "asking")

    def decision_timer(self, state, seat):
        """The question's time limit: an unanswered question counts as wrong."""
        limit = state["options"]["question_timeout_s"]
        if limit and self._answering(state, seat):
            return float(limit), {"type": "timeout"}
        return None

    def public_decision(self, state, seat):
        """The question is read out to the whole table; only its player may answer."""
        return self._answering(state, seat)

    def public_actions(self, state, seat):
        """Only the answers are offered at the table: card plays (50/50, experts) are
        secret until played and stay in the player's own panel."""
        if not self._answering(state, seat):
            return []
        return [a for a in self.legal(state, seat) if a["type"] == "answer"]
