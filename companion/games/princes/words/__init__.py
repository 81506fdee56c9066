"""Every event told in words, as the table would say it: the one place events become sentences.

Pure: facts from the story (`companion.games.princes.story`) and the state they lead to in, sentences out.
What a sentence may say follows the table: prices paid at auction, Work Values and fame are seen
by everyone; a chosen Prestige card, a Bonus card or Profession card taken, a starting hand and
money are the owner's alone, so they are told only to `viewer` (that seat), and money totals
are never told at all.
"""

from __future__ import annotations

from companion.core.lang import (
    _,
    and_,
    clauses,
    current,
    listing,
    ngettext,
    quoted,
    seat_name,
    thing_name,
    words,
)
from companion.games.princes.rules.catalog import (
    BONUS_CARDS,
    BUILDINGS,
    CHARACTERS,
    DEFAULT_EDITION,
    EDITIONS,
    FLORIN_PER_CHARACTER_SPACE,
    FLORIN_PER_FAME_SOLD,
    FLORIN_PER_PRESTIGE_TAKEN,
    FLORIN_PER_WORK_VALUE,
    OBJECT_NAMES,
    PRESTIGE_CARDS,
    RECRUITING_CARD,
    ROUNDS,
    taught_names,
)
from companion.games.princes.words.automa import cards_offered, difficulty_name
from companion.games.princes.words.automa import (
    die_mode_changed as _die_mode_changed,
)
from companion.games.princes.words.automa import solo_step_done as _solo_step_done
from companion.games.princes.words.automa import tell as tell_fact

RETRACTED = "retracted"


# -- names ------------------------------------------------------------------------------------


def name(state, seat) -> str:
    """A seat's name in this game (core.lang.seat_name over the players' names)."""
    return seat_name([p.name for p in state.players], seat)


def object_name(obj) -> str:
    if not isinstance(obj, str):
        return _("object")
    return thing_name("objects", obj, OBJECT_NAMES.get(obj, obj))


def profession_name(catalog, pid) -> str:
    """A Profession card's printed name; `catalog` is the game's (taught cards included)."""
    if pid == RECRUITING_CARD:
        return thing_name("objects", "recruiting", OBJECT_NAMES["recruiting"])
    card = catalog.professions.get(pid) if isinstance(pid, str) else None
    if card is not None:
        return profession_card_name(card)
    return str(pid).replace("_", " ").title() if isinstance(pid, str) else _("card")


def profession_card_name(card) -> str:
    """A known Profession card's name for its reader: the name the table gave it in the
    reader's language, else the reader's edition's, else the name it was taught with."""
    return thing_name("professions", card.id, card.name, card.names)


def building_name(b) -> str:
    if isinstance(b, str) and b in BUILDINGS:
        return thing_name("buildings", b, BUILDINGS[b][0])
    return str(b)


def freedom_name(f) -> str:
    return thing_name("freedoms", f, str(f).title()) if isinstance(f, str) else str(f)


def bonus_name(card) -> str:
    if isinstance(card, str) and card in BONUS_CARDS:
        return thing_name("bonus_cards", card, BONUS_CARDS[card][0])
    return str(card)


def prestige_name(card) -> str:
    if isinstance(card, str) and card in PRESTIGE_CARDS:
        return thing_name("prestige_cards", card, PRESTIGE_CARDS[card][0])
    return str(card)


def character_name(c) -> str:
    if isinstance(c, str) and c in CHARACTERS:
        return thing_name("characters", c, CHARACTERS[c][0])
    return _("Character")


def a(word: str) -> str:
    """English's indefinite article; the other languages' sentences name the thing bare
    ("Ada hat angelegt: Wald"), as their articles depend on a gender the catalog lacks."""
    if current() != "en":
        return word
    vowel = word[:1] in "AEIOU" and not word.startswith("Uni")  # "a University"
    return ("an " if vowel else "a ") + word


def florin(n: int) -> str:
    return _("%(amount)s Florin", amount=n)


def _own(fact, viewer, key: str = "player") -> bool:
    """May `viewer` read this seat's private details?"""
    return viewer is not None and fact.event.get(key) == viewer


def hearer(fact, viewer: int | None) -> int | None:
    """Whom `describe` words this fact for: `viewer` where its sentence may differ from the
    whole table's (its own move: `_own`; a card it taught: `_profession_taught`), else None.
    Every teller that reads `viewer` must ask only this (tests/games/princes/test_words_shared.py checks
    every event of a game), so a sentence for None is the one every other seat hears."""
    if viewer is not None and (fact.event.get("player") == viewer or fact.by == str(viewer)):
        return viewer
    return None


def recorder(fact, state) -> str:
    """Who recorded it: a seat's phone, or the host's device."""
    by = fact.by
    if by in (None, "", "host"):
        return _("Host")
    if isinstance(by, str) and by.isdigit():
        return name(state, int(by))
    return str(by)


# -- one event --------------------------------------------------------------------------------


def describe(fact, state, viewer: int | None = None, *, undone=()) -> str:
    """One event in words, with what it set off. `state` is any state of the game at or after
    the event (for names); `viewer` None is the whole table. For a retraction, `undone` holds
    the sentences of the events it took back."""
    event = fact.event
    who = name(state, event.get("player"))
    teller = _TELLERS.get(fact.type)
    if fact.type == RETRACTED:
        # What the undone events set off is in their own sentences: an undo sets off nothing.
        return _retracted(fact, state, undone)
    if teller is not None:
        text = teller(fact, state, who, viewer)
    else:
        said = clauses(words(tell_fact(t, state)) for t in fact.solo_told)
        text = said or str(fact.type or "event").replace("_", " ").capitalize()
        return _with_consequences(text, fact, state, solo=False)
    return _with_consequences(text, fact, state)


def _retracted(fact, state, undone) -> str:
    who = recorder(fact, state)
    if undone:
        return _("%(name)s undid: %(said)s", name=who, said=clauses(undone))
    seqs = fact.event.get("seqs") or []
    # the undone events could not be told (left out of the replay): say how many, not their
    # numbers in the log
    return ngettext(
        "%(name)s took back an earlier move",
        "%(name)s took back %(num)d earlier moves",
        len(seqs),
        name=who,
    )


def _game_started(fact, state, who, viewer):
    names = [p.name for p in state.players] or list(fact.event.get("players") or [])
    text = _("The game began: %(names)s", names=and_(names))
    opening = fact.opening
    if opening:
        text = clauses([text, _("%(name)s starts", name=name(state, opening["start_player"]))])
        if opening["solo"]:
            text += " " + _(
                "(solo against Wolfgang, %(level)s)", level=difficulty_name(opening["solo"])
            )
        if opening.get("edition"):
            text = clauses(
                [text, _("rules: %(edition)s", edition=edition_name(opening["edition"]))]
            )
        if opening["grid"]:
            text = clauses([text, _("played on the grid")])
        if opening["freedoms"]:
            supply = [
                _("%(num)s %(freedom)s", num=n, freedom=freedom_name(f))
                for f, n in opening["freedoms"].items()
            ]
            text = clauses([text, _("Freedoms in the supply: %(list)s", list=listing(supply))])
    return text


def _starting_hand(fact, state, who, viewer):
    if _own(fact, viewer):
        cards = [profession_name(state.catalog, p) for p in fact.event.get("professions") or []]
        return _("%(name)s kept %(cards)s as a starting hand", name=who, cards=and_(cards))
    return _("%(name)s chose a starting hand", name=who)


def _won(state, result, how="won") -> str:
    who, what, price = (
        name(state, result["player"]),
        object_name(result["object"]),
        florin(result["price"]),
    )
    if how == "took":
        return _("%(name)s took the %(object)s for %(price)s", name=who, object=what, price=price)
    return _("%(name)s won the %(object)s for %(price)s", name=who, object=what, price=price)


def _auction_opened(fact, state, who, viewer):
    if fact.settled:
        return _won(state, fact.settled[-1], "took")
    bid = fact.bid if fact.bid is not None else "?"
    return _(
        "%(name)s opened an auction for the %(object)s at %(bid)s",
        name=who,
        object=object_name(fact.event.get("object")),
        bid=bid,
    )


def _bid_raised(fact, state, who, viewer):
    return _("%(name)s raised to %(amount)s", name=who, amount=fact.event.get("amount"))


def _bid_passed(fact, state, who, viewer):
    if fact.settled:
        return clauses([_("%(name)s passed", name=who), _won(state, fact.settled[-1])])
    return _("%(name)s passed", name=who)


def _auctions_left(fact, state, who, viewer):
    return _("%(name)s left the auctions this round", name=who)


def _last_player_took(fact, state, who, viewer):
    if fact.settled:
        result = fact.settled[-1]
        return _(
            "%(name)s, the last player, took the %(object)s for %(price)s",
            name=who,
            object=object_name(result["object"]),
            price=florin(result["price"]),
        )
    return _(
        "%(name)s, the last player, took the %(object)s",
        name=who,
        object=object_name(fact.event.get("object")),
    )


def _last_player_declined(fact, state, who, viewer):
    return _("%(name)s, the last player, took nothing this round", name=who)


def _landscape_placed(fact, state, who, viewer):
    kind = object_name(fact.event.get("landscape"))
    text = _("%(name)s placed %(landscape)s", name=who, landscape=a(kind))
    gained = fact.fame_sources.get(fact.player, {}).get("landscapes", 0)
    if gained > 0:
        text += " " + _("(+%(pp)s PP for another %(landscape)s)", pp=gained, landscape=kind)
    return text


def _prestige_chosen(fact, state, who, viewer):
    if _own(fact, viewer):
        return _(
            "%(name)s chose the Prestige card \u201c%(card)s\u201d",
            name=who,
            card=prestige_name(fact.event.get("card")),
        )
    return _("%(name)s chose a Prestige card", name=who)


def _work_completed(fact, state, who, viewer):
    work = fact.work or {}
    value = work.get("value", "?")
    taken = work.get("prestige", fact.event.get("prestige", 0)) or 0
    card = profession_name(state.catalog, fact.event.get("profession"))
    if fact.event.get("princess") is True:
        card = character_name("princess")
    text = _(
        "%(name)s completed a Work with the %(card)s: Work Value %(value)s",
        name=who,
        card=card,
        value=value,
    )
    if isinstance(value, int):
        paid = value * FLORIN_PER_WORK_VALUE - taken * FLORIN_PER_PRESTIGE_TAKEN
        parts = ([_("%(pp)s PP", pp=taken)] if taken else []) + ([florin(paid)] if paid else [])
        text += ", " + _("took %(what)s", what=and_(parts) if parts else _("nothing"))
    bonus = fact.event.get("bonus_cards") or []
    if bonus:  # played face up: the table sees them
        cards = clauses(quoted(bonus_name(b)) for b in bonus)
        text += (
            " ("
            + ngettext("Bonus card: %(cards)s", "Bonus cards: %(cards)s", len(bonus), cards=cards)
            + ")"
        )
    return text


def _building_built(fact, state, who, viewer):
    return _(
        "%(name)s built %(building)s",
        name=who,
        building=a(building_name(fact.event.get("building"))),
    )


def _cooperation_proposed(fact, state, who, viewer):
    e = fact.event
    return _(
        "%(name)s proposed to build %(building)s with %(partner)s, who would pay %(price)s "
        "(Cooperative Building)",
        name=who,
        building=a(building_name(e.get("building"))),
        partner=name(state, e.get("partner")),
        price=florin(e.get("partner_payment")),
    )


def _cooperation_answered(fact, state, who, viewer):
    """The payment was negotiated aloud (ruling C3): the table hears it."""
    offer = fact.proposal
    if offer is None:
        return _("%(name)s answered a proposal", name=who)
    builder, partner = name(state, offer["player"]), name(state, offer["partner"])
    building = a(building_name(offer["building"]))
    if fact.type == "cooperation_declined":
        if fact.event.get("player") == offer["player"]:
            return _(
                "%(builder)s withdrew the proposal to build %(building)s with %(partner)s",
                builder=builder,
                building=building,
                partner=partner,
            )
        return _(
            "%(partner)s declined to build %(building)s with %(builder)s",
            builder=builder,
            building=building,
            partner=partner,
        )
    return _(
        "%(partner)s accepted: %(builder)s and %(partner)s built %(building)s together "
        "(%(partner)s paid %(builder)s %(price)s; 3 PP each)",
        builder=builder,
        building=building,
        partner=partner,
        price=florin(offer["partner_payment"]),
    )


def _profession_taken(fact, state, who, viewer):
    if _own(fact, viewer):
        card = profession_name(state.catalog, fact.event.get("profession"))
        return _("%(name)s took the %(card)s (Profession card)", name=who, card=card)
    return _("%(name)s took a Profession card", name=who)


def _freedom(fact, state, who, viewer):
    return _(
        "%(name)s introduced the %(freedom)s Freedom",
        name=who,
        freedom=freedom_name(fact.event.get("freedom")),
    )


def _bonus_taken(fact, state, who, viewer):
    if _own(fact, viewer):
        return _(
            "%(name)s took the Bonus card \u201c%(card)s\u201d",
            name=who,
            card=bonus_name(fact.event.get("card")),
        )
    return _("%(name)s took a Bonus card", name=who)


def _turn_ended(fact, state, who, viewer):
    return _("%(name)s ended the turn", name=who)


def _recruiting(fact, state, who, viewer):
    card = profession_name(state.catalog, fact.event.get("profession"))
    if "from_dummy" in fact.event:
        column = fact.event.get("from_dummy", 0)
        column = column + 1 if isinstance(column, int) else "?"
        return _(
            "%(name)s used a Recruiting card on dummy player %(column)s's %(card)s",
            name=who,
            column=column,
            card=card,
        )
    other = name(state, fact.event.get("from_player"))
    return _(
        "%(name)s used a Recruiting card to take the %(card)s from %(other)s's table",
        name=who,
        card=card,
        other=other,
    )


def _fame_sold(fact, state, who, viewer):
    points = fact.event.get("points", 0)
    amount = points * FLORIN_PER_FAME_SOLD if isinstance(points, int) else "?"
    return _("%(name)s sold %(pp)s PP for %(price)s", name=who, pp=points, price=florin(amount))


def _correction(fact, state, who, viewer):
    fame, money = fact.event.get("fame", 0) or 0, fact.event.get("money", 0) or 0
    parts = []
    if money:
        parts.append(
            _("money by %(change)s Florin", change=f"{money:+d}")
            if _own(fact, viewer)
            else _("money")
        )
    if fame:
        parts.append(_("fame by %(change)s", change=f"{fame:+d}"))
    what = and_(parts) if parts else _("nothing")
    fixes = fact.event.get("fixes")
    if isinstance(fixes, int):
        what += " " + _("for event %(seq)s", seq=fixes)
    reason = str(fact.event.get("reason") or "").strip()
    text = _(
        "%(host)s corrected %(name)s's %(what)s", host=recorder(fact, state), name=who, what=what
    )
    return text + (f": {reason}" if reason else "")


def _character_bid(fact, state, who, viewer):
    space = fact.event.get("space")
    price = space * FLORIN_PER_CHARACTER_SPACE if isinstance(space, int) else "?"
    card = character_name(fact.event.get("character"))
    return _(
        "%(name)s put their Pawn on the %(card)s, space %(space)s (%(price)s)",
        name=who,
        card=card,
        space=space,
        price=florin(price),
    )


def _character_passed(fact, state, who, viewer):
    return _("%(name)s passed in the Character Auction", name=who)


def _character_used(fact, state, who, viewer):
    e = fact.event
    c = e.get("character")
    gained = fact.fame.get(fact.player, 0)
    if c == "cardinal":
        return _("%(name)s flipped the Cardinal: a third action this turn", name=who)
    if c == "merchant" and e.get("effect") == "pay_object":
        return _(
            "%(name)s flipped the Merchant instead of paying %(price)s",
            name=who,
            price=florin(fact.won_price or 0),
        )
    if c == "merchant":
        return _("%(name)s flipped the Merchant: +%(pp)s PP", name=who, pp=gained)
    if c == "professor":
        prestige = e.get("deck") == "prestige"
        if _own(fact, viewer):
            card = prestige_name(e.get("card")) if prestige else bonus_name(e.get("card"))
            if prestige:
                return _(
                    "%(name)s flipped the Professor for a free Prestige card: \u201c%(card)s\u201d",
                    name=who,
                    card=card,
                )
            return _(
                "%(name)s flipped the Professor for a free Bonus card: \u201c%(card)s\u201d",
                name=who,
                card=card,
            )
        if prestige:
            return _("%(name)s flipped the Professor for a free Prestige card", name=who)
        return _("%(name)s flipped the Professor for a free Bonus card", name=who)
    if c == "banker":
        if not e.get("florin"):
            return _("%(name)s kept their Florin: no exchange with the Banker", name=who)
        return _(
            "%(name)s exchanged %(price)s for %(pp)s PP with the Banker",
            name=who,
            price=florin(e.get("florin")),
            pp=gained,
        )
    return _("%(name)s used the %(card)s", name=who, card=character_name(c))


def _purchase(state, bought: dict) -> str:
    text = _(
        "%(name)s bought the %(card)s for %(price)s",
        name=name(state, bought["player"]),
        card=character_name(bought["character"]),
        price=florin(bought["price"]),
    )
    if bought["banker"] is not None:
        text += " " + _("and took the %(price)s on it", price=florin(bought["banker"]))
    return text


def _profession_taught(fact, state, who, viewer):
    """Teaching happens just before the card is used, so naming it could tell the table what
    is in someone's hand: only the seat that taught it hears which card it was. The host's
    change of a known card is said in full, from what to what."""
    e = fact.event
    teller = recorder(fact, state)
    pid = e.get("profession")
    card = (
        thing_name("professions", str(pid), e["name"], taught_names(e))
        if isinstance(e.get("name"), str) and e["name"]
        else profession_name(state.catalog, pid)
    )
    now = wishes(e.get("building"), e.get("landscape"), e.get("freedom"))
    told = fact.by in ("", "host") or (viewer is not None and fact.by == str(viewer))
    if e.get("recalled"):  # copied from this installation's catalog: nobody taught anything
        if not told:
            return _("Palazzo looked a Profession card up in its catalog")
        return _("Palazzo knew the %(card)s from its catalog: %(new)s", card=card, new=now)
    old = wishes(*fact.was) if fact.was else now
    named = bool(fact.was) and old == now and taught_names(e)  # a known card's name, added
    if not told:
        if named:
            return _("%(name)s taught Palazzo a Profession card's name", name=teller)
        return _("%(name)s taught Palazzo a Profession card's preferences", name=teller)
    if named:
        return _(
            "%(name)s taught Palazzo the %(card)s's names: %(names)s",
            name=teller,
            card=card,
            names=listing(taught_names(e).values()),
        )
    if old != now:
        return _(
            "%(name)s changed the %(card)s: %(old)s \u2192 %(new)s",
            name=teller,
            card=card,
            old=old,
            new=now,
        )
    return _("%(name)s taught Palazzo the %(card)s: %(new)s", name=teller, card=card, new=now)


def wishes(building, landscape, freedom) -> str:
    """A Profession card's three wishes, named in the reader's edition."""
    return f"{building_name(building)}, {object_name(landscape)}, {freedom_name(freedom)}"


def _landscape_taught(fact, state, who, viewer):
    kind, cells = fact.event.get("landscape"), fact.event.get("cells")
    teller = recorder(fact, state)
    if fact.was and fact.was != cells:
        return _(
            "%(name)s changed the %(landscape)s's size: %(old)s \u2192 %(new)s squares",
            name=teller,
            landscape=object_name(kind),
            old=fact.was,
            new=cells,
        )
    return _(
        "%(name)s taught Palazzo that %(landscape)s covers %(cells)s squares",
        name=teller,
        landscape=a(object_name(kind)),
        cells=cells,
    )


def _revealed(e, state) -> str:
    owner, card = e.get("owner"), profession_name(state.catalog, e.get("profession"))
    if owner == "wolfgang":
        return _("Wolfgang's card turned up: the %(card)s", card=card)
    column = owner + 1 if isinstance(owner, int) else "?"
    return _("Dummy column %(column)s turned up the %(card)s", column=column, card=card)


def edition_name(edition) -> str:
    """The rules of the box a game is played by, as the host chose them: "2022 edition"."""
    return _(EDITIONS[edition].title) if edition in EDITIONS else _(EDITIONS[DEFAULT_EDITION].title)


_SOLO_TELLERS = {
    "automa_card_drawn": lambda e, s: _("Automa card %(num)s drawn", num=e.get("card")),
    "solo_auction_offered": lambda e, s: _(
        "%(name)s put up the %(object)s", name=name(s, 0), object=object_name(e.get("object"))
    ),
    "die_rolled": lambda e, s: _("The die shows %(value)s", value=e.get("value")),
    "solo_bought": lambda e, s: _(
        "%(name)s bought the %(object)s", name=name(s, 0), object=object_name(e.get("object"))
    ),
    "solo_declined": lambda e, s: _(
        "%(name)s declined the %(object)s", name=name(s, 0), object=object_name(e.get("object"))
    ),
    "automa_profession_revealed": _revealed,
    "automa_cards_offered": cards_offered,
    "automa_tie_broken": lambda e, s: _("Wolfgang's tie broken with the die"),
}


def _solo_step(words):
    """Solo play's own steps: the one human is seat 0; Wolfgang answers in the engine's words
    (appended by `_with_consequences`)."""

    def tell_step(fact, state, who, viewer):
        return words(fact.event, state)

    return tell_step


_TELLERS = {
    **{kind: _solo_step(words) for kind, words in _SOLO_TELLERS.items()},
    "game_started": _game_started,
    "starting_hand_chosen": _starting_hand,
    "auction_opened": _auction_opened,
    "bid_raised": _bid_raised,
    "bid_passed": _bid_passed,
    "auctions_left": _auctions_left,
    "last_player_took": _last_player_took,
    "last_player_declined": _last_player_declined,
    "landscape_placed": _landscape_placed,
    "prestige_card_chosen": _prestige_chosen,
    "work_completed": _work_completed,
    "building_built": _building_built,
    "profession_taken": _profession_taken,
    "freedom_introduced": _freedom,
    "bonus_card_taken": _bonus_taken,
    "turn_ended": _turn_ended,
    "recruiting_card_used": _recruiting,
    "fame_sold": _fame_sold,
    "correction": _correction,
    "profession_taught": _profession_taught,
    "landscape_taught": _landscape_taught,
    "cooperation_proposed": _cooperation_proposed,
    "cooperation_accepted": _cooperation_answered,
    "cooperation_declined": _cooperation_answered,
    "solo_step_done": _solo_step_done,
    "die_mode_changed": _die_mode_changed,
    "character_bid": _character_bid,
    "character_passed": _character_passed,
    "character_used": _character_used,
}


def round_ended(state, done: dict) -> str:
    if done.get("scored"):
        names = and_(name(state, s) for s in done["scored"])
        return _(
            "Round %(round)s ends: best Work %(value)s by %(names)s (+3 PP)",
            round=done["round"],
            value=done["best_work"],
            names=names,
        )
    return _("Round %(round)s ends without a Work", round=done["round"])


def _with_consequences(text: str, fact, state, *, solo: bool = True) -> str:
    """What the event set off: Wolfgang's answer, the auctions ending, a round scored, the
    game over, whose turn it is now."""
    extra = [_purchase(state, bought) for bought in fact.purchases]
    if solo and fact.solo_told:
        extra.append(clauses(words(tell_fact(t, state)) for t in fact.solo_told))
    extra.extend(round_ended(state, done) for done in fact.rounds_ended)
    if fact.final is not None:
        extra.append(final_words(state, fact.final))
    elif fact.round_began:
        extra.append(
            _("Round %(round)s of %(rounds)s begins", round=fact.round_began, rounds=ROUNDS)
        )
    elif fact.auctions_over:
        extra.append(_("The auctions are over; %(name)s's turn", name=name(state, fact.turn)))
    elif fact.phase == "character_auction" and fact.phase_before == "auction":
        extra.append(
            _(
                "The auctions are over; the Character Auction begins with %(name)s",
                name=name(state, fact.turn),
            )
        )
    elif fact.phase == "action" and fact.phase_before == "character_auction":
        extra.append(
            _("The Character Auction is over; %(name)s's turn", name=name(state, fact.turn))
        )
    elif fact.phase == "banker_exchange" and fact.phase_before != "banker_exchange":
        extra.append(_("The last round is over; the Banker's holder may exchange Florin for PP"))
    elif fact.type == "turn_ended" and fact.new_turn and fact.phase == "action":
        extra.append(_("%(name)s's turn", name=name(state, fact.turn)))
    return ". ".join([text] + extra)


def final_words(state, final: dict | None = None) -> str:
    """The winner(s), with every total: all is revealed at the end."""
    final = final if final is not None else (state.final or {})
    winners = [name(state, w) for w in final.get("winners", [])]
    if not winners:
        return _("The game is over")
    tally = listing(
        _("%(name)s %(pp)s PP", name=name(state, x["player"]), pp=x["total"])
        for x in final.get("scores", [])
    )
    return ngettext(
        "The game is over: %(winners)s wins (%(tally)s)",
        "The game is over: %(winners)s share the victory (%(tally)s)",
        len(winners),
        winners=and_(winners),
        tally=tally,
    )
