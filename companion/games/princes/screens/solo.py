"""What the solo page shows: the one physical step the engine waits for, with exactly the
controls that step needs, and the table as everyone sees it (Wolfgang has no screen of his own).

Plain data built from a game state for templates/princes/solo/. The step comes from the engine
(`solo_prompt`): its sentence is shown in the reader's language (`words()`), and its data decide
the buttons, so the page never offers a move the engine is not waiting for. The solo player is the only person at the table, so
the page may show their own purse next to Wolfgang's public one.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.lang import N_, _, words
from companion.games.princes.rules import (
    CORRECTABLE,
    READ_FIELDS,
    Refusal,
    apply_in_place,
    automa_card,
    in_play,
    means,
    modifier_key,
    solo_of,
    solo_prompt,
    solo_view,
)
from companion.games.princes.rules.catalog import (
    ACTIONS_PER_TURN,
    AUTOMA_DECK,
    GRID_SIZE,
    LANDSCAPES,
    MINIMUM_WORK_VALUE,
    NAME_KEYS,
    OBJECT_NAMES,
    PALAZZO_CELLS,
    PROFESSION_TAUGHT_KEYS,
    RECRUITING_CARD,
    SOLO_FINAL_AUCTION_PRICE,
    SOLO_FREEDOMS_OF_EACH,
    SOLO_STARTING_MONEY,
    STARTING_HAND,
    WOLFGANG_STARTING_MONEY,
)
from companion.games.princes.teaching import (
    AUTOMA_ACTION_WORDS,
    automa_editor,
    group_of_round,
    same_card_choices,
)
from companion.games.princes.words import (
    and_,
    bonus_name,
    building_name,
    difficulty_name,
    freedom_name,
    object_name,
    prestige_name,
    profession_card_name,
)
from companion.games.princes.words.automa import dice_words, entry_words
from companion.games.princes.words.solo import step_words

from . import dice

ME, WOLFGANG = 0, 1
AUTOMA_ACTION_NAMES = AUTOMA_ACTION_WORDS


# -- names -----------------------------------------------------------------------------------


def profession_name(catalogs, pid) -> str:
    """A Profession card's name for the reader, from the first of `catalogs` that knows it."""
    for catalog in catalogs:
        card = catalog.professions.get(pid) if isinstance(pid, str) else None
        if card is not None:
            return profession_card_name(card)
    return str(pid)


def card_name(deck: str, card: str) -> str:
    """A Prestige or Bonus card's printed name in the reader's edition."""
    return prestige_name(card) if deck == "prestige" else bonus_name(card)


# -- the parts of the page -------------------------------------------------------------------


def known_professions(state, learned) -> dict:
    """Every Profession card this game or this installation knows: id -> Profession."""
    out = dict(learned.professions)
    out.update(state.catalog.professions)
    return out


def unseen_professions(state, learned) -> list[dict]:
    """Cards that may still lie face down somewhere (the deck has one of each): not in a hand,
    not on a table, not already seen in Wolfgang's row or a dummy column."""
    cards = known_professions(state, learned)
    return sorted(
        (
            {
                "id": pid,
                "name": profession_card_name(card),
                "building": building_name(card.building),
                "landscape": object_name(card.landscape),
                "freedom": freedom_name(card.freedom),
            }
            for pid, card in cards.items()
            if not in_play(state, pid)
        ),
        key=lambda c: c["name"].casefold(),
    )


MISREADS_SHOWN = 4


def misreads(events, state, learned, chance) -> list[dict]:
    """The latest facts copied from the table this game that a misread may have got wrong
    (ruling 33): a physical die, an Automa card drawn by hand, a Profession card turned up.
    What Palazzo drew itself is never offered: it is final. `events`: those that still count,
    newest value of each (`phone.effective_events`)."""
    known = known_professions(state, learned)
    names = {pid: profession_card_name(card) for pid, card in known.items()}
    reads = {r["k"]: r for r in solo_of(state).read}
    k = 0
    out = []
    for e in events:
        if e.type in READ_FIELDS:
            k += 1  # the k-th fact read off the table, as the engine numbered it
        if e.type not in CORRECTABLE or e.payload.get("source") == "app":
            continue
        value = e.payload.get(CORRECTABLE[e.type])
        if e.type == "die_rolled":
            entry = {
                "label": _("The die: %(value)s", value=value),
                "fixed": N_("the die shows %(value)s, not %(old)s"),
                "choices": [(n, n) for n in range(1, 7)],
                "number": True,
            }
        elif e.type == "automa_card_drawn" and chance.get("deck") != "app":
            entry = {
                "label": _("Automa card %(num)s", num=value),
                "fixed": N_("the Automa card shows %(value)s, not %(old)s"),
                "number": True,
                "choices": [],
            }
        elif e.type == "automa_profession_revealed":
            entry = {
                "label": _("A card turned up: %(card)s", card=names.get(value, value)),
                "fixed": N_("the card turned up shows %(value)s, not %(old)s"),
                "choices": sorted(names.items(), key=lambda c: c[1].casefold()),
                "number": False,
            }
        else:
            continue
        shown = dict(entry["choices"]) if entry["choices"] and not entry["number"] else {}
        entry["shows"] = lambda v, shown=shown: shown.get(v, v)
        read = reads.get(k) if e.type in READ_FIELDS else None
        if read is not None and (read["type"], read["value"]) == (e.type, value):
            entry["label"] = read_label(read, entry["shows"](value))
        out.append({"seq": e.seq, "value": value, **entry})
    return out[-MISREADS_SHOWN:][::-1]


def read_label(read: dict, value) -> str:
    """Which fact read off the table this is, by what it was for (the engine's `SoloState.read`):
    the round, the die's object and who rolled it, the Automa card's panel, whose card."""
    r, fact = read["round"], read["fact"]
    if fact == "die":
        name = object_name(read["object"])
        if read["who"] == "you":
            return _(
                "Round %(round)s, your die for the %(object)s: %(value)s",
                round=r,
                object=name,
                value=value,
            )
        return _(
            "Round %(round)s, the die for Wolfgang's %(object)s: %(value)s",
            round=r,
            object=name,
            value=value,
        )
    if fact == "automa_card":
        use = {
            "auction": N_("Round %(round)s, the Automa card for the auction: %(value)s"),
            "action_1": N_(
                "Round %(round)s, the Automa card for Wolfgang's first action: %(value)s"
            ),
            "action_2": N_(
                "Round %(round)s, the Automa card for Wolfgang's second action: %(value)s"
            ),
        }[read["use"]]
        return _(use, round=r, value=value)
    if read["owner"] == "wolfgang":
        return _("Round %(round)s, Wolfgang's card turned up: %(value)s", round=r, value=value)
    return _(
        "Round %(round)s, dummy column %(column)s's card turned up: %(value)s",
        round=r,
        column=read["owner"] + 1,
        value=value,
    )


def automa_card_view(state, number, use) -> dict | None:
    card = state.catalog.automa_cards.get(str(number)) if number else None
    if card is None:
        return None
    key = modifier_key(state)
    return {
        "number": number,
        "use": use,
        "rounds": card["rounds"],
        "test_data": bool(card.get("test_data")),
        "top": [
            {
                "object": i["object"],
                "name": object_name(i["object"]),
                "dice": words(dice_words(i[key])),
            }
            for i in card["auction"]
        ],
        "first": [_(AUTOMA_ACTION_NAMES[a]) for a in card["first_action"]],
        "second": [_(AUTOMA_ACTION_NAMES[a]) for a in card["second_action"]],
    }


def wolfgang_view(state, view) -> dict:
    w = view["wolfgang"]
    p = state.players[WOLFGANG]
    cat = [state.catalog]
    row = []
    for e in w["row"]:
        if e["kind"] == "recruiting":
            label = object_name("recruiting")
        elif e["card"]:
            label = profession_name(cat, e["card"])
        else:
            label = "?"
        row.append(
            {
                "label": label,
                "face_up": e["face_up"],
                "kind": e["kind"],
                "seen": bool(e["card"]) and e["kind"] != "recruiting" and not e["face_up"],
                "bonus": [bonus_name(b) for b in e["bonus_cards"]],
            }
        )
    return {
        "money": w["money"],
        "fame": w["fame"],
        "row": row,
        "face_down": w["face_down"],
        "rounds_remaining": w["rounds_remaining"],
        "prestige": [prestige_name(c) for c in w["prestige_cards"]],
        "builders": p.builders,
        "jesters": p.jesters,
        "landscapes": [(object_name(k), n) for k, n in p.landscapes.items() if n],
        "buildings": [building_name(b) for b in p.buildings],
        "freedoms": [freedom_name(f) for f in p.freedoms],
    }


def dummy_view(state, view) -> list[dict]:
    cat = [state.catalog]
    return [
        {
            "number": i + 1,
            "cards": [profession_name(cat, e["card"]) if e["face_up"] else None for e in column],
        }
        for i, column in enumerate(view["dummy_columns"])
    ]


def offers_view(view) -> list[dict]:
    auc = view["auction"] or {}
    out = []
    for o in auc.get("offers", []):
        if o["final"]:
            text = _("final auction, %(price)s", price=o["price"])
        elif o["roll"] is None:
            text = _("%(dice)s, not rolled yet", dice=words(dice_words(o["modifier"])))
        else:
            text = _(
                "%(dice)s: rolled %(roll)s, last bid %(bid)s, price %(price)s",
                dice=words(dice_words(o["modifier"])),
                roll=o["roll"],
                bid=o["last_bid"],
                price=o["price"],
            )
        result = {"bought": _("bought"), "declined": _("declined")}.get(o["result"], "")
        out.append({"name": object_name(o["object"]), "text": text, "result": result})
    return out


def recruits(state) -> list[dict]:
    """The face-up cards you could recruit now, each tried on a copy of the state first."""
    if RECRUITING_CARD not in state.players[ME].hand:
        return []
    events = []
    for e in solo_of(state).row:
        if e["face_up"] and e["kind"] == "profession" and e["card"]:
            events.append(
                (
                    {
                        "type": "recruiting_card_used",
                        "player": ME,
                        "from_player": WOLFGANG,
                        "profession": e["card"],
                    },
                    _("from Wolfgang's row"),
                )
            )
    for d, column in enumerate(solo_of(state).columns):
        for e in column:
            if e["face_up"] and e["card"]:
                events.append(
                    (
                        {
                            "type": "recruiting_card_used",
                            "player": ME,
                            "from_dummy": d,
                            "profession": e["card"],
                        },
                        _("from dummy column %(column)s", column=d + 1),
                    )
                )
    out = []
    for event, where in events:
        try:
            apply_in_place(state.clone(), event)
        except Refusal:
            continue
        out.append(
            {
                "event": event,
                "where": where,
                "name": profession_name([state.catalog], event["profession"]),
            }
        )
    return out


def grid_cells(state) -> list[list[dict]]:
    """Your Principality's squares for a placing form: what covers each one, if anything."""
    taken = {tuple(c): _("Palazzo") for c in PALAZZO_CELLS}
    for piece, cells in state.players[ME].pieces:
        for r, c in cells:
            taken[(r, c)] = object_name(piece) if piece in OBJECT_NAMES else building_name(piece)
    return [
        [{"r": r, "c": c, "taken": taken.get((r, c))} for c in range(GRID_SIZE)]
        for r in range(GRID_SIZE)
    ]


# -- the step --------------------------------------------------------------------------------


def step_view(state, prompt, learned, chance, refusal, sent) -> dict:
    """The controls for the step the engine waits for (see docs/solo.md's table of steps)."""
    step = prompt["step"]
    s = {"step": step, "say": step_words(state, prompt), "expect": prompt["expect"]}
    controls = STEP_CONTROLS.get(step)
    if controls is not None:
        controls(s, state, prompt, learned, chance, refusal, sent)
    return s


def _starting_hand_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    s["options"] = unseen_professions(state, learned)
    s["keep"] = STARTING_HAND
    s["ticked"] = set(_sent_list(sent, "professions"))
    s["teach"] = teach_profession_form(state, learned, refusal, sent)


def _auction_card_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    s["digital"] = (
        chance["deck"] == "app"
        and bool(chance["seed"])
        and dice.complete_deck(learned.automa_cards)
    )
    # The transcription form opens when the card is unknown, and stays open (with what was
    # typed) when the transcription itself is refused.
    transcribing = sent is not None and "rounds" in sent
    if (
        refusal is not None
        and sent is not None
        and (refusal.code == "automa_card_unknown" or transcribing)
    ):
        number = str(sent.get("card", "")).strip()
        if number.isdigit() and 1 <= int(number) <= 99:
            s["teach_card"] = teach_card_form(
                str(int(number)),
                state.round,
                learned.automa_cards,
                sent if transcribing else None,
            )


def _choose_object_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    s["auction"], s["auctions"] = prompt["auction"], prompt["auctions"]
    s["final"] = prompt["auction"] == prompt["auctions"]
    s["options"] = sorted(
        (
            {
                "object": o,
                "name": object_name(o),
                "dice": words(dice_words(prompt["modifiers"][o])),
                "no_modifier": prompt["modifiers"][o] is None,
            }
            for o in prompt.get("options", [])
        ),
        key=lambda o: card_position(state, o["object"]),
    )
    s["protected"] = sorted(
        {object_name("landscape" if o in LANDSCAPES else o) for o in prompt.get("protected", [])}
    )
    s["why_barred"] = why_barred(state, prompt) if s["final"] else ""


def _roll_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    s["who"] = prompt["who"]
    s["object_name"] = object_name(prompt["object"])
    s["dice"] = words(dice_words(prompt["modifier"]))
    s["app_die"] = chance["die"] == "app" and bool(chance["seed"])


def _buy_or_decline_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    price = prompt["price"]
    s.update(
        object=prompt["object"],
        object_name=object_name(prompt["object"]),
        price=price,
        last_bid=prompt["last_bid"],
        forced=prompt["forced"],
        may_decline="solo_declined" in prompt["expect"],
        affordable=price <= means(state, ME),
        sell=max(0, -(-(price - state.players[ME].money) // 100))
        if price > state.players[ME].money
        else 0,
    )
    if not s["may_decline"]:
        offer = solo_of(state).auction["offers"][-1]
        s["why_forced"] = _(
            "You rolled %(roll)s and the %(object)s has no die modifier on this Automa "
            "card: you must buy it.",
            roll=offer["roll"],
            object=s["object_name"],
        )


def _your_choice_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    obj = prompt["object"]
    s["object"], s["object_name"] = obj, object_name(obj)
    if obj == "prestige":
        s["cards"] = [{"id": c, "name": prestige_name(c)} for c in state.prestige_deck]
    else:
        size = state.catalog.landscape_cells.get(obj) or learned.landscape_cells.get(obj) or 0
        s["grid"] = state.grid
        s["size"] = size
        s["sizes"] = list(range(1, 13))
        if state.grid:
            s["cells"] = grid_cells(state)
            s["ticked"] = set(_sent_list(sent, "cell"))


def _reveal_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    s["options"] = unseen_professions(state, learned)
    if prompt["step"] == "reveal":
        s["owners"] = [{"value": "wolfgang", "label": _("Wolfgang's card")}]
    else:
        s["owners"] = [
            {"value": str(c), "label": _("Dummy column %(column)s", column=c + 1)}
            for c in prompt["columns"]
        ]
    s["teach"] = teach_profession_form(state, learned, refusal, sent)


def _offer_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    deck = prompt["deck"]
    left = state.prestige_deck if deck == "prestige" else state.bonus_deck
    s.update(
        deck=deck,
        count=prompt["count"],
        cards=[{"id": c, "name": words(card_name(deck, c))} for c in left],
        ticked=set(_sent_list(sent, "cards")),
    )


def _tie_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    s.update(
        deck=prompt["deck"],
        value=prompt["value"],
        cards=[{"id": c, "name": words(card_name(prompt["deck"], c))} for c in prompt["cards"]],
    )


def _your_turn_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    s["actions_left"] = ACTIONS_PER_TURN - state.players[ME].actions
    s["recruits"] = recruits(state)


def _over_controls(s, state, prompt, learned, chance, refusal, sent) -> None:
    final = state.final or {}
    s["scores"] = [
        {"name": state.players[x["player"]].name, "total": x["total"], "money": x.get("money")}
        for x in final.get("scores", [])
    ]


# What each step the engine may wait for adds to its view, by the step's name.
STEP_CONTROLS: dict[str, Callable[..., None]] = {
    "starting_hand": _starting_hand_controls,
    "auction_card": _auction_card_controls,
    "wolfgang_card": _auction_card_controls,
    "choose_object": _choose_object_controls,
    "roll": _roll_controls,
    "buy_or_decline": _buy_or_decline_controls,
    "your_choice": _your_choice_controls,
    "reveal": _reveal_controls,
    "dummy_flip": _reveal_controls,
    "offer": _offer_controls,
    "tie": _tie_controls,
    "your_turn": _your_turn_controls,
    "over": _over_controls,
}


def why_barred(state, prompt) -> str:
    """The final auction's exclusions in one sentence, when a tie bars more than two objects
    (ruling S7)."""
    card = automa_card(state, solo_of(state).auction["card"])
    key = modifier_key(state)
    barred = [
        (object_name(item["object"]), item[key])
        for item in card["auction"]
        if any(
            ("landscape" if o in LANDSCAPES else o) == item["object"]
            for o in prompt.get("protected", [])
        )
    ]
    if len(barred) <= 2:
        return ""
    mods = sorted((m for _name, m in barred), reverse=True)
    top = [n for n, m in barred if m == mods[0]]
    if len(top) > 1:
        return _(
            "The %(objects)s all show the highest die modifier (+%(top)s): when objects tie, "
            "all of them are barred from the final auction (Solo rules, Auction phase).",
            objects=and_(top),
            top=mods[0],
        )
    tied = [n for n, m in barred if m == mods[1]]
    return _(
        "The %(first)s shows the highest die modifier (+%(top)s) and the %(tied)s tie for the "
        "second highest (+%(second)s): when objects tie, all of them are barred from the final "
        "auction (Solo rules, Auction phase).",
        first=top[0],
        top=mods[0],
        tied=and_(tied),
        second=mods[1],
    )


def deck_offer(state, learned, chance) -> dict | None:
    """Before the first Automa card is drawn, a game that draws the physical cards may teach
    Palazzo the whole deck (catalog screen) and then let Palazzo draw it."""
    if chance["deck"] == "app" or not chance["seed"] or solo_of(state).drawn:
        return None
    if state.phase not in ("setup", "auction") or state.round > 1:
        return None
    cards = learned.automa_cards
    return {"known": len(cards), "deck": AUTOMA_DECK, "complete": dice.complete_deck(cards)}


def card_position(state, obj: str) -> tuple:
    """Where an object sits on the Automa card in play, so buttons read like the card."""
    card = automa_card(state, solo_of(state).auction["card"])
    wanted = "landscape" if obj in LANDSCAPES else obj
    index = next((i for i, item in enumerate(card["auction"]) if item["object"] == wanted), 99)
    return index, LANDSCAPES.index(obj) if obj in LANDSCAPES else 0


def teach_card_form(number: str, round_number: int, known_cards: dict, sent=None) -> dict:
    """The one Automa card editor, for the card just drawn (its number fixed)."""
    typed = {str(k): str(v) for k, v in sent.items()} if sent is not None else None
    return automa_editor(
        number, known_cards, typed=typed, rounds=group_of_round(round_number), fixed_number=True
    )


def teach_profession_form(state, learned, refusal, sent) -> dict:
    """The teach form as typed when its card was refused (to fix, not to retype), and the
    question "is this the Sculpteur?" when the card has a known card's three wishes; empty
    otherwise (an accepted card's form starts afresh)."""
    sent = sent if refusal is not None and sent is not None and sent.get("teach") else {}
    form = {k: str(sent.get(k) or "")[:40] for k in (*PROFESSION_TAUGHT_KEYS, "owner")}
    # refused because its card has a known card's three wishes and no answer yet: asked
    form.update(same_card_choices(sent, state.catalog, learned))
    form["open"] = any(form[k] for k in ("name", *NAME_KEYS.values()))
    return form


def _sent_list(sent, key) -> list[str]:
    if sent is None:
        return []
    return list(sent.getlist(key)) if hasattr(sent, "getlist") else list(sent.get(key) or [])


# -- the checklist ---------------------------------------------------------------------------


SETUP_STEP = 0


def setup_step(state, view, chance, drawn_start: bool) -> dict:
    """The solo setup as a checklist step (Solo rules, Setup): Wolfgang's money by difficulty,
    the 6 Freedoms, the Automa deck stacked by its backs, the cards dealt, and who starts."""
    starts_you = state.start_player == ME
    if drawn_start:
        say = (
            _("Set up the solo game. You start (Palazzo drew who starts at random).")
            if starts_you
            else _("Set up the solo game. Wolfgang starts (Palazzo drew who starts at random).")
        )
    else:
        say = (
            _("Set up the solo game. You start.")
            if starts_you
            else _("Set up the solo game. Wolfgang starts.")
        )
    deck = (
        _("The Automa deck: Palazzo shuffles and draws it for you; keep the cards aside")
        if chance["deck"] == "app"
        else _(
            "The Automa deck: shuffle the cards of each back apart, then stack them: rounds "
            "5-7 at the bottom, rounds 3-4 on them, rounds 1-2 on top"
        )
    )
    die = (
        _("The die: Palazzo rolls it for you")
        if chance["die"] == "app"
        else _("The die: put it next to the Automa deck")
    )
    difficulty = view["difficulty"]
    dummies = view["dummies"]
    return {
        "n": SETUP_STEP,
        "setup": True,
        "say": say,
        "moves": [
            _(
                "Wolfgang's money: %(money)s Florin (%(difficulty)s); yours: %(yours)s Florin",
                money=WOLFGANG_STARTING_MONEY[difficulty],
                difficulty=difficulty_name(difficulty),
                yours=SOLO_STARTING_MONEY,
            ),
            _(
                "The Freedoms: %(each)s of each type, %(all)s in all",
                each=SOLO_FREEDOMS_OF_EACH,
                all=SOLO_FREEDOMS_OF_EACH * 3,
            ),
            deck,
            die,
            _(
                "The dummy players: %(columns)s columns of %(cards)s face-down Profession cards "
                "beside the board, a %(players)s-player game",
                columns=dummies,
                cards=STARTING_HAND,
                players=2 + dummies,
            ),
            _(
                "Wolfgang: %(cards)s face-down Profession cards in a row below his board; you: "
                "%(dealt)s cards, of which you keep %(keep)s",
                cards=STARTING_HAND,
                dealt=STARTING_HAND + 1,
                keep=STARTING_HAND,
            ),
            _("The Starting Player marker: yours")
            if starts_you
            else _("The Starting Player marker: to Wolfgang"),
        ],
    }


def told(state, entry: dict) -> dict:
    """An entry of Wolfgang's decision log in the reader's language (the engine keeps facts:
    the words package words them, `words.automa.entry_words`)."""
    worded = entry_words(entry, state)
    return {
        **entry,
        "say": words(worded["told"]),
        **({"moves": [words(m) for m in worded["moves"]]} if entry.get("moves") else {}),
    }


def checklist_view(state, view, chance, drawn_start: bool) -> list[dict]:
    """The steps the table still has to make, oldest first: the setup (before the first
    card is kept), then each of Wolfgang's purchases and actions and each round's end. Round
    7's last steps (his last Works, the Best Work) come before "Game over" like any other."""
    steps = []
    if not view["setup_done"] and state.phase == "setup":
        steps.append(setup_step(state, view, chance, drawn_start))
    steps += [
        {"n": x["n"], "setup": False, "say": x["say"], "moves": x["moves"], "who": x["who"]}
        for x in (told(state, e) for e in view["checklist"])
    ]
    return steps


# -- the whole screen ------------------------------------------------------------------------


def build(
    state,
    learned,
    chance,
    *,
    refusal=None,
    sent=None,
    events=(),
    fixed=None,
    drawn_start=False,
) -> dict:
    """Everything templates/princes/solo/page.html needs, from one state."""
    prompt = solo_prompt(state)
    view = solo_view(state)
    difficulty = view["difficulty"]
    steps = checklist_view(state, view, chance, drawn_start)
    me = state.players[ME]
    card = view["automa_card"]
    log = [told(state, x) for x in view["log"]]
    this_round = [x for x in log if x["round"] == state.round]
    # Wolfgang's last turn ends the round: keep it in sight through the next Auction phase.
    last_turns = (
        [x for x in log if x["round"] == state.round - 1 and x["phase"] == "action"]
        if state.phase == "auction"
        else []
    )
    return {
        "step": step_view(state, prompt, learned, chance, refusal, sent),
        "checklist": steps,
        "deck_offer": deck_offer(state, learned, chance),
        "refusal": refusal,
        "round": state.round,
        "phase": state.phase,
        "minimum": MINIMUM_WORK_VALUE.get(state.round),
        "start_player": state.players[state.start_player].name if state.round else None,
        "me": {"name": me.name, "money": me.money, "fame": me.fame},
        "wolfgang": wolfgang_view(state, view),
        "dummies": dummy_view(state, view),
        "automa": automa_card_view(state, card["number"], card["use"]) if card else None,
        "offers": offers_view(view) if state.phase == "auction" else [],
        "decisions": this_round,
        "last_turns": last_turns,
        "earlier": [x for x in log if x["round"] not in (0, state.round)],
        "difficulty": difficulty,
        "difficulty_name": difficulty_name(difficulty),
        "players": view["players"],
        "chance": {"die": chance["die"], "deck": chance["deck"]},
        "die_may_change": state.phase not in ("over",) and bool(chance.get("seed")),
        "misreads": misreads(events, state, learned, chance) if state.phase != "over" else [],
        "fixed": fixed,
        "final_price": SOLO_FINAL_AUCTION_PRICE,
    }
