"""The facts the table reports about cards: the Automa card drawn, a Profession card turned up
(Wolfgang's or a dummy's), the cards drawn for Wolfgang and the app's pick among ties."""

from __future__ import annotations

from .. import automa
from ..catalog import (
    AUTOMA_DECK,
    AUTOMA_GROUP_ROUNDS,
    BONUS_CARDS,
    PRESTIGE_CARDS,
    CatalogError,
    automa_card_from_dict,
)
from ..module import Event
from ..refusals import N_, Named, listed, refuse
from ..setup import in_play
from ..solo_state import solo_of
from ..state import GameState
from ..told import told
from ..work import profession_id, profession_named
from .auction import _choose_next
from .machine import _advance
from .moves import _log
from .row import _sync
from .steps import _need, remember_read


def automa_card_drawn(state: GameState, ev: Event) -> None:
    need = _need(state, "auction_card", "wolfgang_card")
    # A forced Work ignores the card's panels: Palazzo need not know it (nothing to teach).
    forced = need["step"] == "wolfgang_card" and automa.must_work(state)
    number, card, catalog = _check_automa_card(state, ev, forced)
    # all checks passed
    solo = solo_of(state)
    if catalog is not None:
        state.taught.setdefault("automa_cards", {})[number] = card
        state.catalog = catalog
    solo.drawn.append(number)
    solo.digital = ev.get("source") == "app"
    use = "auction" if need["step"] == "auction_card" else f"action_{need['action']}"
    remember_read(state, ev, "automa_card", use=use)
    if need["step"] == "auction_card":
        solo.auction["card"] = number
        _choose_next(state)
    else:
        solo.turn["card"] = number
        solo.facts = {}
        solo.running = "action"
        _advance(state)


def _check_automa_card(state, ev, forced: bool = False):
    number = ev.get("card")
    if isinstance(number, bool) or not (
        isinstance(number, int) or (isinstance(number, str) and number.isdigit())
    ):
        refuse("bad_event", N_("card is the number printed on the Automa card"))
    number = str(int(number))
    if number in solo_of(state).drawn:
        refuse(
            "automa_card_used",
            N_(
                "Automa card %(number)s was already drawn this game: each card is drawn once "
                "(%(deck)s cards, 3 a round)"
            ),
            number=number,
            deck=AUTOMA_DECK,
        )
    panels, catalog = ev.get("panels"), None
    if panels is not None:
        try:
            card = automa_card_from_dict(number, panels)
            catalog = state.catalog.merged({"automa_cards": {number: card}})
        except CatalogError as e:
            refuse("bad_catalog_entry", e.template, **e.params)
        except TypeError:  # a list or object where an id belongs
            refuse(
                "bad_catalog_entry",
                N_("Automa card %(number)s: write its panels in the Automa card format"),
                number=number,
            )
    else:
        card = state.catalog.automa_cards.get(number)
        if card is None and forced:
            return number, None, None  # its round is not printed anywhere Palazzo knows
        if card is None:
            refuse(
                "automa_card_unknown",
                N_(
                    "Palazzo does not know Automa card %(number)s yet: transcribe its three "
                    "panels once"
                ),
                number=number,
            )
    if state.round not in AUTOMA_GROUP_ROUNDS[card["rounds"]]:
        refuse(
            "automa_card_wrong_round",
            N_(
                "Automa card %(number)s is for rounds %(rounds)s and this is round %(round)s: "
                "is the deck stacked 1-2, 3-4, 5-7 from the top?"
            ),
            number=number,
            rounds=card["rounds"],
            round=state.round,
        )
    return number, card, catalog


def automa_profession_revealed(state: GameState, ev: Event) -> None:
    need = _need(state, "reveal", "dummy_flip")
    owner = ev.get("owner")
    if need["step"] == "reveal" and owner != "wolfgang":
        refuse("not_expected_now", N_("Palazzo asked which Profession Wolfgang's card shows"))
    if need["step"] == "dummy_flip" and (
        not isinstance(owner, int) or isinstance(owner, bool) or owner not in need["columns"]
    ):
        refuse(
            "not_expected_now",
            N_("Palazzo asked for a card of dummy column %(columns)s"),
            columns=listed([str(c + 1) for c in need["columns"]], N_("%(one)s or %(other)s")),
        )
    pid = profession_id(state, ev.get("profession"))
    if in_play(state, pid):
        refuse(
            "card_not_available",
            N_("The %(profession)s is already elsewhere: the deck has one of each card"),
            profession=profession_named(state, pid),
        )
    # all checks passed
    solo = solo_of(state)
    solo.known_automa_professions.append(pid)
    remember_read(state, ev, "profession", owner=owner, purpose=need.get("purpose"))
    if owner == "wolfgang":
        # Found again, not remembered: a card recruited from his row meanwhile shifts positions.
        slot = (
            automa.leftmost_face_down(state)
            if need["purpose"] == "work"
            else automa.leftmost_face_down_profession(state)
        )
        assert slot is not None  # the app asked because there is one
        solo.row[slot]["card"] = pid
        _sync(state)
    else:
        assert isinstance(owner, int)  # checked above
        column = solo.columns[owner]
        entry = next(e for e in column if not e["face_up"])
        entry.update(card=pid, face_up=True)
        solo.turn["flips"].remove(owner)
        _log(
            state,
            "table",
            told("dummy_turns_up", column=owner + 1, profession=pid),
        )
    _advance(state)


def automa_cards_offered(state: GameState, ev: Event) -> None:
    need = _need(state, "offer")
    deck = ev.get("deck")
    if deck != need["deck"]:
        refuse(
            "not_expected_now",
            N_("Palazzo asked for the Prestige cards drawn for Wolfgang")
            if need["deck"] == "prestige"
            else N_("Palazzo asked for the Bonus cards drawn for Wolfgang"),
        )
    cards = ev.get("cards")
    left = state.prestige_deck if deck == "prestige" else state.bonus_deck
    if (
        not isinstance(cards, list)
        or len(cards) != need["count"]
        or not all(isinstance(c, str) for c in cards)
        or len(set(cards)) != len(cards)
    ):
        refuse(
            "bad_event",
            N_("Name the %(count)s different cards drawn from the top of the Prestige deck")
            if deck == "prestige"
            else N_("Name the %(count)s different cards drawn from the top of the Bonus deck"),
            count=need["count"],
        )
    missing = [c for c in cards if c not in left]
    if missing:
        refuse(
            "card_not_available",
            N_("%(cards)s is not in the Prestige deck")
            if deck == "prestige"
            else N_("%(cards)s is not in the Bonus deck"),
            cards=listed([_card_named(deck, c) for c in missing], N_("%(one)s, %(other)s")),
        )
    # Valued now, when drawn (ruling 12): a card recruited from his row while the table picks
    # among ties must not change what he wanted.
    values = automa.card_values(state, deck, cards)
    # all checks passed
    solo_of(state).facts.update(offered=list(cards), values=values)
    _advance(state)


def automa_tie_broken(state: GameState, ev: Event) -> None:
    """The app's random pick among cards Wolfgang values equally, recorded so replay agrees."""
    need = _need(state, "tie")
    if ev.get("card") not in need["cards"]:
        refuse(
            "not_tied",
            N_("Wolfgang's tied best cards are %(cards)s"),
            cards=listed(
                [automa.card_name(need["deck"], c) for c in need["cards"]], N_("%(one)s, %(other)s")
            ),
        )
    solo_of(state).facts["tie"] = ev["card"]
    _advance(state)


def _card_named(deck: str, card: object) -> Named | str:
    """A card the table named: its name if it is one of the deck's, else as it was typed."""
    cards = PRESTIGE_CARDS if deck == "prestige" else BONUS_CARDS
    return automa.card_name(deck, card) if isinstance(card, str) and card in cards else str(card)
