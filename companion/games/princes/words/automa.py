"""Wolfgang's decisions and the table's moves in words: the engine's decision log keeps facts
only (`rules.told`: a code and its numbers and ids), and this module words each code, one
marked message per code, in the reader's language (shown with `companion.core.lang.words`).

Most codes are one message whose `%(name)s` parameters are the fact's own numbers, with the
catalog's things named (`THINGS`) and the parts of a decision (its reason, its payment)
worded the same way; the codes that choose among messages have a teller (`TELLERS`). What
follows from a decision (`then`) is told after it (`THEN`)."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.lang import N_, _, words
from companion.core.refusal import Named, listed, ngettext, said
from companion.games.princes.rules import GameState, card_name, object_named, profession_named
from companion.games.princes.rules.catalog import BUILDINGS, LANDSCAPES, OBJECT_NAMES

ME, WOLFGANG = 0, 1  # the seats of the solo game

MESSAGES = {
    "take_florin": N_("Take %(money)s Florin from Wolfgang"),
    "give_change": N_("Give him %(change)s Florin change"),
    "you_bought_it": N_("you bought it"),
    "none_left": N_("none is left"),
    "max_builders": N_("he has %(builders)s Builders"),
    "none_he_could_buy": N_("none he could buy"),
    "no_face_down_profession_to_show": N_("he has no face-down Profession card to show one"),
    "no_face_down_card": N_("he has no face-down card"),
    "no_face_down_profession": N_("he has no face-down Profession card"),
    "building_none_left": N_("his %(profession)s shows the %(building)s, none left"),
    "freedom_none_left": N_("his %(profession)s shows %(freedom)s, none left"),
    "profession_deck_empty": N_("the Profession deck is empty"),
    "bonus_deck_empty": N_("the Bonus deck is empty"),
    "no_face_down_card_for_bonus": N_("he has no face-down card to put it on"),
    "forced_work": N_(
        "forced: he has as many face-down cards as rounds remain, so the card is ignored"
    ),
    "negative_fame_disk_out": N_(
        "He is at %(fame)s PP now, below 0: mark it on the Fame track with a second Fame "
        "disk of another colour (his negative Fame disk)"
    ),
    "negative_fame_disk_moved": N_("Move his negative Fame disk to %(fame)s PP"),
    "negative_fame_disk_away": N_("He is back at %(fame)s PP: put his negative Fame disk away"),
    "discard_automa_card": N_("Discard the Automa card"),
    "dummy_turns_up": N_("Dummy player %(column)s turns up the %(profession)s"),
    "you_recruit_from_wolfgang": N_(
        "You recruit the %(profession)s from Wolfgang's row; your Recruiting card goes "
        "face down to the right of his row"
    ),
    "you_recruit_from_dummy": N_(
        "You recruit the %(profession)s from dummy player %(column)s; your Recruiting "
        "card is discarded"
    ),
    "you_buy": N_("You buy the %(object)s for %(price)s"),
    "you_leave_auctions": N_("You leave the auctions this round"),
    "pawns_off": N_("Take the Pawns off the Fame track"),
    "reveal_prestige": N_("Reveal and score the Prestige cards"),
    "round_marker": N_("Move the Round marker to round %(round)s (minimum Work Value %(minimum)s)"),
    "put_landscape": N_("Put a %(landscape)s in his Principality"),
    "turn_back_face_down": N_("Turn the %(profession)s back face down"),
    "give_jester": N_("Give him a Jester"),
    "give_builder": N_("Give him a Builder"),
    "put_recruiting_card": N_("Put a Recruiting card face down to the right of his row"),
    "put_prestige_card": N_("Put \u201c%(card)s\u201d face up by his board"),
    "discard_from_supply": N_("Discard a %(object)s from the supply (%(left)s left)"),
    "nobody_bought": N_("Nobody bought a %(object)s: discard one from the supply (%(left)s left)"),
    "put_bonus_card": N_("Put \u201c%(card)s\u201d on his leftmost face-down card"),
    "put_profession_card": N_("Put the top Profession card face down to the right of his row"),
    "deal_dummy_column": N_("Put the next one face down on dummy column %(column)s"),
    "does_nothing": N_("Wolfgang does nothing: %(why)s"),
    "takes_profession": N_(
        "Wolfgang takes a Profession card (%(why)s): %(payment)s; the top card goes "
        "face down to the right of his row"
    ),
    "acquires_bonus": N_(
        "Wolfgang acquires a Bonus card (%(why)s): %(payment)s; he takes %(card)s and "
        "puts it on his leftmost face-down card"
    ),
    "builds": N_(
        "Wolfgang builds %(building)s (%(why)s; his leftmost face-down Profession card, "
        "the %(profession)s, shows it): %(payment)s; he scores %(pp)s PP"
    ),
    "introduces": N_(
        "Wolfgang introduces %(freedom)s (%(why)s; his leftmost face-down Profession "
        "card, the %(profession)s, shows it): %(payment)s"
    ),
    "put_building": N_("Put %(building)s in his Principality"),
    "put_freedom": N_("Put the %(freedom)s Freedom in his Principality"),
    "give_florin": N_("Give him %(florin)s Florin"),
    "pawn_on_best_work": N_(
        "Put his Pawn on %(value)s on the Fame track (his best Work this round)"
    ),
}

# What follows from a decision, told after its words (`%(words)s`).
THEN = {
    "repeated_landscape": N_("%(words)s; he already had one, so it scores %(pp)s PP"),
    "builder_scores": N_("%(words)s; his Builder number %(builders)s scores %(pp)s PP"),
    "recruiting_face_down": N_("%(words)s; it goes face down to the right of his row"),
    "takes_card": N_("%(words)s; of the cards drawn he takes %(card)s"),
    "dummies_dealt": N_("%(words)s; one card face down on each dummy column (%(columns)s)"),
    "dummies_flip": N_(
        "%(words)s; then flip one face-down card in each dummy column (%(columns)s)"
    ),
}

# What Wolfgang would do, in the words of "not %(action)s" (`action_chosen`).
ACTION_NAMES = {
    "work": N_("not complete a Work: %(why)s"),
    "build": N_("not build a Building: %(why)s"),
    "profession": N_("not take a Profession card: %(why)s"),
    "freedom": N_("not introduce a Freedom: %(why)s"),
    "bonus": N_("not acquire a Bonus card: %(why)s"),
}

SEMICOLONS = N_("%(one)s; %(other)s")


def _a(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _columns(columns: list[int]) -> str:
    return ", ".join(str(c) for c in columns)


# A fact's key -> the message's parameter and how the thing it names is named.
THINGS: dict[str, tuple[str, Callable[[GameState, object], object]]] = {
    "object": ("object", lambda state, o: object_named(str(o))),
    "profession": ("profession", profession_named),
    "building": ("building", lambda state, b: Named("buildings", str(b), BUILDINGS[str(b)][0])),
    "a_building": (  # the English name with its article
        "building",
        lambda state, b: Named("buildings", str(b), _a(BUILDINGS[str(b)][0])),
    ),
    "freedom": ("freedom", lambda state, f: Named("freedoms", str(f), str(f).title())),
    "landscape": ("landscape", lambda state, o: Named("landscapes", str(o), OBJECT_NAMES[str(o)])),
    "prestige_card": ("card", lambda state, c: card_name("prestige", str(c))),
    "bonus_card": ("card", lambda state, c: card_name("bonus", str(c))),
    "columns": ("columns", lambda state, c: _columns(c)),  # type: ignore[arg-type]
}


def _params(fact: dict, state: GameState) -> dict[str, object]:
    """A fact's numbers as a message's parameters: things named, parts worded."""
    out: dict[str, object] = {}
    for key, value in fact.items():
        if key in ("code", "then"):
            continue
        if key in THINGS:
            name, named = THINGS[key]
            out[name] = named(state, value)
        elif isinstance(value, dict) and "code" in value:
            out[key] = tell(value, state)
        else:
            out[key] = value
    return out


def tell(fact: dict, state: GameState) -> Named:
    """A fact of the decision log (`rules.told`) as a marked sentence: `words()` shows it in
    the reader's language. `state` names the Profession cards as the table taught them."""
    code = fact["code"]
    teller = TELLERS.get(code)
    told = teller(fact, state) if teller else said(MESSAGES[code], **_params(fact, state))
    for then in fact.get("then") or ():
        told = said(THEN[then["code"]], words=told, **_params(then, state))
    return told


def entry_words(entry: dict, state: GameState) -> dict:
    """An entry of the decision log with its words: `told` (the decision or move, marked)
    and `moves` (the physical moves it asks of the table, marked)."""
    return {
        **entry,
        "told": tell(entry["told"], state),
        **({"moves": [tell(m, state) for m in entry["moves"]]} if entry.get("moves") else {}),
    }


def dice_words(modifier: int | None) -> Named:
    """The roll, as the Automa card prints it ("6+1D6"); the German edition writes W6."""
    if modifier is None:
        return said(N_("1D6"))
    return said(N_("%(modifier)s+1D6"), modifier=modifier)


# --- the codes that choose among messages -------------------------------------------------


def _pays(fact: dict, state: GameState) -> Named:
    amount, money, spaces, change = fact["amount"], fact["money"], fact["spaces"], fact["change"]
    if not spaces:
        return said(N_("he pays %(amount)s"), amount=amount)
    if money:
        told = ngettext(
            "he pays his %(money)s Florin and moves %(num)s space back on the Fame track for "
            "%(amount)s",
            "he pays his %(money)s Florin and moves %(num)s spaces back on the Fame track for "
            "%(amount)s",
            spaces,
            money=money,
            amount=amount,
        )
    else:
        told = ngettext(
            "he has no money: moves %(num)s space back on the Fame track for %(amount)s",
            "he has no money: moves %(num)s spaces back on the Fame track for %(amount)s",
            spaces,
            amount=amount,
        )
    if change:
        return said(N_("%(payment)s, %(change)s Florin change"), payment=told, change=change)
    return told


def _fame_back(fact: dict, state: GameState) -> Named:
    return ngettext(
        "Move his Fame disk back %(num)s space",
        "Move his Fame disk back %(num)s spaces",
        fact["num"],
    )


def _fame_forward(fact: dict, state: GameState) -> Named:
    return ngettext(
        "Move his Fame disk forward %(num)s space",
        "Move his Fame disk forward %(num)s spaces",
        fact["num"],
    )


def _under_the_deck(fact: dict, state: GameState) -> Named:
    if fact["deck"] == "prestige":
        return ngettext(
            "Put the other %(num)s Prestige card face down at the bottom of the Prestige deck",
            "Put the other %(num)s Prestige cards face down at the bottom of the Prestige deck",
            fact["num"],
        )
    return ngettext(
        "Put the other %(num)s Bonus card face down at the bottom of the Bonus deck",
        "Put the other %(num)s Bonus cards face down at the bottom of the Bonus deck",
        fact["num"],
    )


def _worked_card(fact: dict, state: GameState) -> Named:
    if fact["profession"] is None:
        return said(N_("a Recruiting card"))
    return said(N_("the %(profession)s"), profession=profession_named(state, fact["profession"]))


def _turn_face_up(fact: dict, state: GameState) -> Named:
    card = tell(fact["card"], state)
    if not fact["num"]:
        return said(N_("Turn %(card)s face up"), card=card)
    return ngettext(
        "Turn %(card)s face up with the Bonus card on it",
        "Turn %(card)s face up with the Bonus cards on it",
        fact["num"],
        card=card,
    )


CARD_CHOICE = {
    ("prestige", False): N_("\u201c%(card)s\u201d (worth %(value)s PP now, the most)"),
    ("prestige", True): N_(
        "\u201c%(card)s\u201d (worth %(value)s PP now, the most (tied; picked at random))"
    ),
    ("bonus", False): N_("\u201c%(card)s\u201d (worth %(value)s to the Work, the most)"),
    ("bonus", True): N_(
        "\u201c%(card)s\u201d (worth %(value)s to the Work, the most (tied; picked at random))"
    ),
}


def _card_choice(fact: dict, state: GameState) -> Named:
    deck = fact["deck"]
    return said(
        CARD_CHOICE[deck, fact["tied"]], card=card_name(deck, fact["card"]), value=fact["value"]
    )


def _you_decline(fact: dict, state: GameState) -> Named:
    name = object_named(fact["object"])
    if fact["bid"]:
        return said(
            N_("You decline the %(object)s; if Wolfgang buys it he pays %(bid)s"),
            object=name,
            bid=fact["bid"],
        )
    return said(N_("You decline the %(object)s"), object=name)


def _die_mode(fact: dict, state: GameState) -> Named:
    if fact["die"] == "app":
        return said(N_("From now on Palazzo rolls the die"))
    return said(N_("From now on you roll the physical die and tap what it shows"))


BEST_WORK_FAME = {
    ME: N_("Move your Fame disk forward %(pp)s spaces (Best Work %(best)s)"),
    WOLFGANG: N_("Move Wolfgang's Fame disk forward %(pp)s spaces (Best Work %(best)s)"),
}


def _best_work_fame(fact: dict, state: GameState) -> Named:
    return said(BEST_WORK_FAME[fact["seat"]], pp=fact["pp"], best=fact["best"])


def _pass_start_marker(fact: dict, state: GameState) -> Named:
    if fact["seat"] == ME:
        return said(N_("Pass the Starting Player marker to you"))
    return said(N_("Pass the Starting Player marker to Wolfgang"))


def _next_auction_card(fact: dict, state: GameState) -> Named:
    if fact["digital"]:
        return said(N_("Then Palazzo draws round %(round)s's Automa card"), round=fact["round"])
    return said(
        N_("Then draw the top Automa card for round %(round)s's auction"), round=fact["round"]
    )


def _best_work(fact: dict) -> Named:
    scored, r, best, pp = fact["scored"], fact["round"], fact["best"], fact["pp"]
    if not scored:
        return said(
            N_("Round %(round)s ends: nobody completed a Work, so nobody scores the Best Work"),
            round=r,
        )
    if len(scored) == 1:
        return said(
            N_("Round %(round)s ends: your Work of %(best)s is the best: %(pp)s PP")
            if scored[0] == ME
            else N_("Round %(round)s ends: Wolfgang's Work of %(best)s is the best: %(pp)s PP"),
            round=r,
            best=best,
            pp=pp,
        )
    return said(
        N_(
            "Round %(round)s ends: you and Wolfgang tie for the best Work (%(best)s): "
            "%(pp)s PP each"
        ),
        round=r,
        best=best,
        pp=pp,
    )


def _round_ends(fact: dict, state: GameState) -> Named:
    told = _best_work(fact)
    if fact["starts"] is None:
        return said(N_("%(words)s; the game is over"), words=told)
    return said(
        N_("%(words)s; you start round %(round)s")
        if fact["starts"] == ME
        else N_("%(words)s; Wolfgang starts round %(round)s"),
        words=told,
        round=fact["round"] + 1,
    )


def _passed_over(fact: dict, state: GameState) -> object:
    """The objects he passed over on the card, each with why ("" for none)."""
    return listed(
        [
            said(
                N_("not the %(object)s: %(why)s"),
                object=object_named(p["object"]),
                why=tell(p["why"], state),
            )
            for p in fact["passed"]
        ],
        SEMICOLONS,
    )


def _buys_nothing(fact: dict, state: GameState) -> Named:
    skipped = _passed_over(fact, state)
    if skipped:
        return said(N_("Wolfgang buys nothing (%(skipped)s)"), skipped=skipped)
    return said(N_("Wolfgang buys nothing: there is nothing on the card he can buy"))


def _buys(fact: dict, state: GameState) -> Named:
    obj, skipped = fact["object"], _passed_over(fact, state)
    name = object_named(obj)
    why = (
        said(N_("the leftmost object he can buy (%(skipped)s)"), skipped=skipped)
        if skipped
        else said(N_("the leftmost object he can buy"))
    )
    if obj in LANDSCAPES and fact["shown"]:
        why = said(
            N_("%(why)s; his leftmost face-down card, the %(profession)s, shows a %(landscape)s"),
            why=why,
            profession=profession_named(state, fact["shown"]),
            landscape=name,
        )
    mod = fact["modifier"]
    sums = (
        said(N_("%(roll)s + %(modifier)s"), roll=fact["roll"], modifier=mod)
        if mod is not None
        else fact["roll"]
    )
    price = tell(fact["payment"], state)
    if fact["by"] == "you":
        return said(
            N_(
                "Wolfgang buys the %(object)s: %(why)s; your roll of %(sums)s set the last bid "
                "at %(bid)s: %(price)s"
            ),
            object=name,
            why=why,
            sums=sums,
            bid=fact["bid"],
            price=price,
        )
    return said(
        N_("Wolfgang buys the %(object)s: %(why)s; rolled %(sums)s, %(price)s"),
        object=name,
        why=why,
        sums=sums,
        price=price,
    )


ACTION_SOURCES = {
    ("panel", "middle"): N_("the leftmost possible action of the middle panel"),
    ("panel", "bottom"): N_("the leftmost possible action of the bottom panel"),
    ("fallback", "middle"): N_(
        "nothing on the middle panel was possible, so the first possible of "
        "Profession, Build, Bonus, Freedom"
    ),
    ("fallback", "bottom"): N_(
        "nothing on the bottom panel was possible, so the first possible of "
        "Profession, Build, Bonus, Freedom"
    ),
}


def _action_chosen(fact: dict, state: GameState) -> Named:
    skipped = listed(
        [said(ACTION_NAMES[s["action"]], why=tell(s["why"], state)) for s in fact["skipped"]],
        SEMICOLONS,
    )
    source = ACTION_SOURCES.get((fact["source"], fact["panel"]))
    base = said(source) if source else said(N_("no action was possible"))
    if skipped:
        return said(N_("%(why)s (%(skipped)s)"), why=base, skipped=skipped)
    return base


WORK_PARTS = {
    "minimum": N_("%(value)s (round minimum)"),
    "jesters": N_("%(value)s (Jesters)"),
    "recruiting": N_("%(value)s (Recruiting cards)"),
}


def _works(fact: dict, state: GameState) -> Named:
    parts = fact["parts"]
    bits = [
        said(WORK_PARTS[k], value=parts[k])
        for k in WORK_PARTS
        if k == "minimum" or parts[k]  # the round minimum always, the others if any
    ]
    bits += [
        said(N_("%(value)s (%(card)s)"), value=v, card=card_name("bonus", b))
        for b, v in fact["bonus"]
    ]
    return said(
        N_(
            "Wolfgang completes a Work with %(card)s (%(why)s): %(sum)s = %(total)s; he takes "
            "%(prestige)s PP and %(florin)s Florin"
        ),
        card=tell(fact["card"], state),
        why=tell(fact["why"], state),
        sum=listed(bits, N_("%(one)s + %(other)s")),
        total=fact["total"],
        prestige=fact["prestige"],
        florin=fact["florin"],
    )


TELLERS: dict[str, Callable[[dict, GameState], Named]] = {
    "pays": _pays,
    "fame_back": _fame_back,
    "fame_forward": _fame_forward,
    "under_the_deck": _under_the_deck,
    "worked_card": _worked_card,
    "turn_face_up": _turn_face_up,
    "card_choice": _card_choice,
    "you_decline": _you_decline,
    "die_mode": _die_mode,
    "best_work_fame": _best_work_fame,
    "pass_start_marker": _pass_start_marker,
    "next_auction_card": _next_auction_card,
    "round_ends": _round_ends,
    "buys_nothing": _buys_nothing,
    "buys": _buys,
    "action_chosen": _action_chosen,
    "works": _works,
}


# --- the story's solo steps (`words.describe`) ---------------------------------------------


def solo_step_done(fact, state, who, viewer) -> str:
    """`solo_step_done`: the step of the checklist the table made, in its own words."""
    n = fact.event.get("n")
    if n == 0:
        return _("The table is set up for the solo game")
    log = (state.parts.get("solo").log if "solo" in state.parts else None) or []
    told = next((x["told"] for x in log if x.get("n") == n), None)
    if not told:
        return _("A step is done on the table")
    return _("Done on the table: %(step)s", step=words(tell(told, state)))


def cards_offered(e, state) -> str:
    """`automa_cards_offered`: how many cards the table drew for Wolfgang."""
    n = len(e.get("cards") or [])
    if e.get("deck") == "prestige":
        return words(
            ngettext(
                "%(num)d Prestige card drawn for Wolfgang",
                "%(num)d Prestige cards drawn for Wolfgang",
                n,
            )
        )
    return words(
        ngettext(
            "%(num)d Bonus card drawn for Wolfgang", "%(num)d Bonus cards drawn for Wolfgang", n
        )
    )


def die_mode_changed(fact, state, who, viewer) -> str:
    if fact.event.get("die") == "app":
        return _("From now on Palazzo rolls the die")
    return _("From now on the physical die is rolled")


# Solo play's difficulty levels (Solo rules, Setup), as the solo screens and the story name them.
DIFFICULTIES = {"easy": N_("Easy"), "standard": N_("Standard"), "hard": N_("Hard")}


def difficulty_name(level) -> str:
    return _(DIFFICULTIES[level]) if level in DIFFICULTIES else str(level)
