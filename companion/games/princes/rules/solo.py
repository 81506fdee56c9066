"""Solo play against Wolfgang, the Automa (rulebook: "SOLO RULES").

The table plays with cardboard and tells Palazzo only facts: which Automa card was drawn, what
the die showed, which Profession a flipped card shows, which cards were drawn for Wolfgang, and
what you chose. Wolfgang's decisions are worked out here from those facts (see `automa.py`),
never typed in, so the log replays his game exactly.

At every moment the engine knows the one physical step it waits for: `solo_of(state).need`,
phrased for the phone by `solo_prompt`. An event that is not that step (or one of the few that
may come any time: selling fame, teaching a card, a correction, using a Recruiting card) is
refused with `not_expected_now`. Like every handler, these check everything before they change
anything.

Seats: 0 is you, 1 is Wolfgang. The dummy players are no seats: their columns of Profession
cards live in `SoloState.columns`, Wolfgang's row of cards in `SoloState.row` (solo_state.py).
"""

from __future__ import annotations

from . import automa
from .anytime import check_recruiter, check_recruiting, recruit
from .auction import gain_object, pay_price
from .automa import WOLFGANG_SEAT
from .catalog import (
    AUCTION_STACKS,
    AUTOMA_DECK,
    BONUS_CARDS,
    BUILDER_PRESTIGE,
    BUILDINGS,
    BUILDINGS_OF_EACH_TYPE,
    FREEDOMS,
    LANDSCAPES,
    MAX_BUILDERS,
    MINIMUM_WORK_VALUE,
    OBJECT_NAMES,
    PRESTIGE_CARDS,
    PRESTIGE_FOR_BEST_WORK,
    PRESTIGE_FOR_BUILDING,
    PRESTIGE_FOR_REPEATED_LANDSCAPE,
    PROFESSION_DECK,
    RECRUITING_CARD,
    ROUNDS,
    SOLO_DUMMIES,
    SOLO_FINAL_AUCTION_PRICE,
    SOLO_FORCED_BUY_ROLLS,
    SOLO_FREEDOMS_OF_EACH,
    SOLO_STARTING_MONEY,
    STARTING_HAND,
    WOLFGANG,
    WOLFGANG_STARTING_MONEY,
    CatalogError,
    automa_card_from_dict,
)
from .checks import means, seat
from .module import Event, Handler, Module, Move, Phase, register
from .principality import check_room, empty_spaces
from .refusals import N_, Named, listed, ngettext, refuse, said, said_data
from .rounds import end_phase, next_turn
from .setup import in_play, player_names
from .solo_state import SOLO, SoloState, is_solo, solo_of
from .state import GameState, Player, _copy
from .work import profession_id, profession_named

ME = 0
UNKNOWN = "unknown"  # a face-down Profession card nobody has seen yet
DIE_SOURCES = ("table", "app")
ROUND_GROUPS = {"1-2": (1, 2), "3-4": (3, 4), "5-7": (5, 7)}

# Events that may come whenever the rules allow them, whatever step the app is waiting for.
ANY_TIME = {
    "fame_sold",
    "correction",
    "profession_taught",
    "landscape_taught",
    "recruiting_card_used",
    "solo_step_done",
    "die_mode_changed",
}
SETUP_STEP = 0  # the setup checklist's number in `SoloState.done`
DISCARD_AUTOMA_CARD = N_("Discard the Automa card")
# The base game's bidding: in solo play you auction against the Automa card instead.
BIDDING = {"auction_opened", "bid_raised", "bid_passed", "last_player_took", "last_player_declined"}
YOUR_TURN = [
    "work_completed",
    "building_built",
    "profession_taken",
    "freedom_introduced",
    "bonus_card_taken",
    "recruiting_card_used",
    "turn_ended",
]
EXPECT = {
    "starting_hand": ["starting_hand_chosen"],
    "auction_card": ["automa_card_drawn"],
    "choose_object": ["solo_auction_offered", "auctions_left"],
    "roll": ["die_rolled"],
    "buy_or_decline": ["solo_bought", "solo_declined"],
    "your_choice": ["landscape_placed", "prestige_card_chosen"],
    "reveal": ["automa_profession_revealed"],
    "dummy_flip": ["automa_profession_revealed"],
    "offer": ["automa_cards_offered"],
    "tie": ["automa_tie_broken"],
    "your_turn": YOUR_TURN,
    "wolfgang_card": ["automa_card_drawn"],
    "over": [],
}


# --- hooks the base engine calls -------------------------------------------------------------


def start_solo(state: GameState, ev: Event) -> None:
    """`game_started` with `solo`: two seats, Wolfgang's money by difficulty, 2 Freedoms of
    each type, and the Profession cards dealt face down to Wolfgang and the dummies."""
    options = ev.get("solo")
    if not isinstance(options, dict):
        refuse("bad_solo_setup", N_("solo is {difficulty: easy|standard|hard, dummies: 2|3}"))
    difficulty, dummies = options.get("difficulty"), options.get("dummies")
    if not isinstance(difficulty, str) or difficulty not in WOLFGANG_STARTING_MONEY:
        refuse("bad_solo_setup", N_("Choose Wolfgang's difficulty: easy, standard or hard"))
    if dummies not in SOLO_DUMMIES or isinstance(dummies, bool):
        refuse("bad_solo_setup", N_("Play with 2 or 3 dummy players (a 4- or 5-player game)"))
    names = ev.get("players")
    if not isinstance(names, list) or len(names) != 2:
        refuse(
            "bad_player_count",
            N_("A solo game has two seats: you and %(wolfgang)s"),
            wolfgang=WOLFGANG,
        )
    names = player_names(names)
    if names[1] != WOLFGANG:
        refuse("bad_solo_setup", N_("Seat 1 of a solo game is %(wolfgang)s"), wolfgang=WOLFGANG)
    expansions = ev.get("expansions") or {}
    if not isinstance(expansions, dict) or any(expansions.values()):
        refuse("expansion_not_supported", N_("The expansions cannot be used in the solo game"))
    if ev.get("freedoms") is not None:
        refuse(
            "bad_freedom_supply",
            N_("The solo game uses %(each)s of each Freedom"),
            each=SOLO_FREEDOMS_OF_EACH,
        )
    start = ev.get("start_player", 0)
    if start not in (0, 1) or isinstance(start, bool):
        refuse("unknown_player", N_("start_player is 0 (you) or 1 (Wolfgang), chosen at random"))
    grid = ev.get("grid", False)
    if not isinstance(grid, bool):
        refuse("bad_event", N_("Say whether the game has a grid: grid is true or false"))
    # all checks passed
    state.players = [
        Player(names[0], SOLO_STARTING_MONEY),
        Player(WOLFGANG, WOLFGANG_STARTING_MONEY[difficulty]),
    ]
    state.start_player = start
    state.grid = grid
    state.freedom_supply = {f: SOLO_FREEDOMS_OF_EACH for f in FREEDOMS}
    state.stacks = dict(AUCTION_STACKS)
    state.building_supply = {b: BUILDINGS_OF_EACH_TYPE for b in BUILDINGS}
    # Your 3 kept cards leave the deck when you choose them (starting_hand_chosen).
    state.profession_deck = PROFESSION_DECK - STARTING_HAND * (1 + dummies)
    state.bonus_deck = list(BONUS_CARDS)
    state.prestige_deck = list(PRESTIGE_CARDS)
    state.parts[SOLO] = SoloState(
        difficulty=difficulty,
        dummies=dummies,
        players=2 + dummies,
        row=[_unknown_card() for _ in range(STARTING_HAND)],
        columns=[
            [{"card": None, "face_up": False} for _ in range(STARTING_HAND)] for _ in range(dummies)
        ],
    )
    _sync(state)


def begin_solo_round(state: GameState) -> None:
    solo_of(state).auction = {
        "card": None,
        "offers": [],
        "bought": None,
        "left": False,
        "rolls": [],
        "wolfgang": None,
        "discarded": [],
    }
    solo_of(state).facts = {}
    solo_of(state).turn = {}
    solo_of(state).running = None
    state.auction["opener"] = ME
    _wait(state, "auction_card")


def wolfgang_counts(state: GameState) -> dict:
    return automa.wolfgang_counts(state)


def recruit_from_wolfgang(state: GameState, s: int, pid: str) -> None:
    """The base checks passed: the card leaves his row, your Recruiting card goes face down to
    the right of it (a card he will Work with, like any of his face-down cards)."""
    solo = solo_of(state)
    i = next(i for i, e in enumerate(solo.row) if e["face_up"] and e["card"] == pid)
    p = state.players[s]
    p.hand.remove(RECRUITING_CARD)
    p.hand.append(pid)
    del solo.row[i]
    solo.row.append(_recruiting_card())
    _sync(state)
    _log(
        state,
        "you",
        said(
            N_(
                "You recruit the %(profession)s from Wolfgang's row; your Recruiting card goes "
                "face down to the right of his row"
            ),
            profession=profession_named(state, pid),
        ),
    )


def recruit_from_dummy(state: GameState, ev: Event) -> None:
    """`recruiting_card_used {player: 0, from_dummy: i, profession}`: a face-up card of a dummy
    player's column; the Recruiting card is discarded."""
    s = seat(state, ev)
    p = state.players[s]
    check_recruiter(state, s)
    d = ev.get("from_dummy")
    columns = solo_of(state).columns
    if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d < len(columns):
        refuse(
            "unknown_player", N_("There is no such dummy column: 1 to %(last)s"), last=len(columns)
        )
    pid = ev.get("profession")
    column = columns[d]
    i = next((i for i, e in enumerate(column) if e["face_up"] and e["card"] == pid), None)
    if i is None:
        refuse(
            "not_on_table",
            N_("Dummy player %(column)s has no face-up %(profession)s"),
            column=d + 1,
            profession=profession_named(state, pid),
        )
    pid = column[i]["card"]
    p.hand.remove(RECRUITING_CARD)
    p.hand.append(pid)
    del column[i]
    _log(
        state,
        "you",
        said(
            N_(
                "You recruit the %(profession)s from dummy player %(column)s; your Recruiting "
                "card is discarded"
            ),
            profession=profession_named(state, pid),
            column=d + 1,
        ),
    )


def after_player_choice(state: GameState) -> bool:
    """Your Landscape is placed or your Prestige card chosen: now Wolfgang buys."""
    if not state.auction["pending"] and solo_of(state).need["step"] == "your_choice":
        _close_your_auction(state)
    return True


def solo_recruiting_card_used(state: GameState, ev: Event) -> None:
    """From an opponent's table (Wolfgang's row) as in the base game, or from a dummy column."""
    if "from_dummy" in ev:
        return recruit_from_dummy(state, ev)
    s, src, pid = check_recruiting(state, ev)
    if src == WOLFGANG_SEAT:
        return recruit_from_wolfgang(state, s, pid)
    recruit(state, s, src, pid)


def gate(state: GameState, ev: Event) -> None:
    """Every event of a solo game passes here first (engine.apply_in_place)."""
    kind = ev.get("type")
    if kind in BIDDING:
        refuse(
            "not_solo",
            N_("In the solo game nobody bids: offer an object against the Automa card"),
        )
    if state.phase == "over":
        return  # the handlers themselves say the game is over
    if ev.get("player") == WOLFGANG_SEAT and kind != "correction":
        refuse(
            "not_expected_now",
            N_("Palazzo works out Wolfgang's moves itself from what the table reports: %(step)s"),
            step=solo_prompt(state)["say"],
        )
    if kind in ANY_TIME:
        return
    if kind not in EXPECT[solo_of(state).need["step"]]:
        refuse("not_expected_now", N_("Not now. %(step)s"), step=solo_prompt(state)["say"])


# --- the solo Auction phase -----------------------------------------------------------------


def automa_card_drawn(state: GameState, ev: Event) -> None:
    need = _need(state, "auction_card", "wolfgang_card")
    number, card, catalog = _check_automa_card(state, ev)
    # all checks passed
    solo = solo_of(state)
    if catalog is not None:
        state.taught.setdefault("automa_cards", {})[number] = card
        state.catalog = catalog
    solo.drawn.append(number)
    solo.digital = ev.get("source") == "app"
    if need["step"] == "auction_card":
        solo.auction["card"] = number
        _choose_next(state)
    else:
        solo.turn["card"] = number
        solo.facts = {}
        solo.running = "action"
        _advance(state)


def _check_automa_card(state, ev):
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
        if card is None:
            refuse(
                "automa_card_unknown",
                N_(
                    "Palazzo does not know Automa card %(number)s yet: transcribe its three "
                    "panels once"
                ),
                number=number,
            )
    first, last = ROUND_GROUPS[card["rounds"]]
    if not first <= state.round <= last:
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


def solo_auction_offered(state: GameState, ev: Event) -> None:
    _need(state, "choose_object")
    obj = ev.get("object")
    if not isinstance(obj, str) or obj not in AUCTION_STACKS:
        refuse(
            "unknown_object",
            N_("That is not an auction object: one of %(objects)s (each Landscape is its own)"),
            objects=listed(
                [automa.object_named(o) for o in AUCTION_STACKS], N_("%(one)s, %(other)s")
            ),
        )
    auc = solo_of(state).auction
    card = automa.automa_card(state, auc["card"])
    item = automa.card_item(state, card, obj)
    name = automa.object_named(obj)
    if item is None:
        refuse(
            "not_on_automa_card",
            N_("The %(object)s is not on Automa card %(number)s: it has no price this round"),
            object=name,
            number=auc["card"],
        )
    if any(o["object"] == obj for o in auc["offers"]):
        refuse(
            "object_already_offered",
            N_(
                "You already auctioned the %(object)s this round: each time choose an object "
                "you have not chosen yet"
            ),
            object=name,
        )
    if state.stacks[obj] <= 0:
        refuse("stack_exhausted", N_("The %(object)s stack is exhausted"), object=name)
    if obj == "builder" and state.players[ME].builders >= MAX_BUILDERS:
        refuse("builder_cap", N_("You already have %(builders)s Builders"), builders=MAX_BUILDERS)
    if obj in LANDSCAPES:  # bought means placed at once (ruling 17); Wolfgang needs no room
        check_room(
            state.players[ME],
            Named("landscapes", obj, str(name)),
            state.catalog.landscape_cells[obj],
            state.grid,
            state.catalog.landscape_cells,
        )
    final = len(auc["offers"]) == solo_of(state).players - 1
    if final and obj in automa.protected_objects(state, card):
        refuse(
            "protected_in_final_auction",
            N_(
                "The %(object)s has one of the two highest die modifiers: it cannot be bought "
                "in the final auction; choose another object or leave"
            ),
            object=name,
        )
    # all checks passed
    modifier = item[automa.modifier_key(state)]
    offer = {
        "object": obj,
        "modifier": modifier,
        "final": final,
        "roll": None,
        "last_bid": None,
        "price": None,
        "forced": False,
        "result": None,
    }
    auc["offers"].append(offer)
    if final:
        offer["price"] = SOLO_FINAL_AUCTION_PRICE
        _wait(state, "buy_or_decline", object=obj)
    else:
        _wait(state, "roll", who="you", object=obj, modifier=modifier)


def die_rolled(state: GameState, ev: Event) -> None:
    need = _need(state, "roll")
    value, source = ev.get("value"), ev.get("source")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        refuse("bad_die", N_("A die shows 1 to 6"))
    if source is not None and source not in DIE_SOURCES:
        refuse("bad_die", N_("source is table (the physical die) or app (the app's die)"))
    mode = solo_of(state).die
    if source is not None and mode is not None and source != mode:
        refuse(
            "bad_die",
            N_("Palazzo rolls the die in this game now")
            if mode == "app"
            else N_("This game uses the physical die now: tap the number it shows"),
        )
    # all checks passed
    solo = solo_of(state)
    auc = solo.auction
    modifier = need["modifier"]
    bid = automa.last_bid(modifier, value)
    auc["rolls"].append(
        {
            "for": need["who"],
            "object": need["object"],
            "value": value,
            "modifier": modifier,
            "last_bid": bid,
            **({"source": source} if source else {}),
        }
    )
    if need["who"] == "you":
        offer = auc["offers"][-1]
        offer.update(
            roll=value,
            last_bid=bid,
            price=bid + 100,
            forced=modifier is None and value in SOLO_FORCED_BUY_ROLLS,
        )
        _wait(state, "buy_or_decline", object=need["object"])
    else:
        solo.facts["roll"] = {"object": need["object"], "value": value}
        _advance(state)


def solo_bought(state: GameState, ev: Event) -> None:
    offer = _answering_offer(state, ev)
    price = offer["price"]
    if price > means(state, ME):
        p = state.players[ME]
        refuse(
            "bid_beyond_means",
            N_("You cannot pay %(price)s: %(money)s Florin plus %(fame)s PP to sell is %(means)s"),
            price=price,
            money=p.money,
            fame=p.fame,
            means=means(state, ME),
        )
    # all checks passed
    pay_price(state.players[ME], price)
    obj = offer["object"]
    offer["result"] = "bought"
    auc = solo_of(state).auction
    auc["bought"] = obj
    gain_object(state, ME, obj, price)
    _log(
        state,
        "you",
        said(
            N_("You buy the %(object)s for %(price)s"), object=automa.object_named(obj), price=price
        ),
    )
    if state.auction["pending"]:
        _wait(state, "your_choice", object=obj)
    else:
        _close_your_auction(state)


def solo_declined(state: GameState, ev: Event) -> None:
    offer = _answering_offer(state, ev)
    name = automa.object_named(offer["object"])
    if offer["forced"] and offer["price"] <= means(state, ME):
        refuse(
            "forced_buy",
            N_(
                "You rolled %(roll)s for the %(object)s, which has no die modifier: you must "
                "buy it for %(price)s"
            ),
            roll=offer["roll"],
            object=name,
            price=offer["price"],
        )
    # all checks passed
    offer["result"] = "declined"
    auc = solo_of(state).auction
    _log(
        state,
        "you",
        said(
            N_("You decline the %(object)s; if Wolfgang buys it he pays %(bid)s"),
            object=name,
            bid=offer["last_bid"],
        )
        if offer["last_bid"]
        else said(N_("You decline the %(object)s"), object=name),
    )
    if len(auc["offers"]) >= solo_of(state).players:
        _close_your_auction(state)
    else:
        _choose_next(state)


def solo_auctions_left(state: GameState, ev: Event) -> None:
    """`auctions_left {player: 0}`: you remove yourself from the auctions; Wolfgang buys."""
    s = seat(state, ev)
    _need(state, "choose_object")
    if s != ME:
        refuse("not_expected_now", N_("Only you leave the auctions; Wolfgang always buys"))
    state.players[ME].left_auctions = True
    solo_of(state).auction["left"] = True
    _log(state, "you", said(N_("You leave the auctions this round")))
    _close_your_auction(state)


def _answering_offer(state, ev) -> dict:
    _need(state, "buy_or_decline")
    offer = solo_of(state).auction["offers"][-1]
    if ev.get("object") != offer["object"]:
        refuse(
            "not_expected_now",
            N_("The object on offer is the %(object)s"),
            object=automa.object_named(offer["object"]),
        )
    return offer


def _choose_next(state):
    _wait(state, "choose_object", auction=len(solo_of(state).auction["offers"]) + 1)


def _close_your_auction(state):
    solo_of(state).running = "buy"
    solo_of(state).facts = {}
    state.auction["opener"] = WOLFGANG_SEAT
    _advance(state)


def _wolfgang_buys(state) -> dict | None:
    """One step of "Wolfgang buys an object"; returns what it needs, or None when done."""
    solo = solo_of(state)
    d = automa.purchase(state)
    if "need" in d:
        return _need_from(d)
    card = None
    if d["object"] == "prestige":
        card = _chosen_card(state, "prestige")
        if isinstance(card, dict):
            return card
    p = state.players[WOLFGANG_SEAT]
    obj = d["object"]
    moves: list[Named] = []
    if obj is None:
        words = automa.purchase_words(d, None, state)
    else:
        price = d["last_bid"]
        pay = automa.payment(p.money, price)
        words = automa.purchase_words(d, pay, state)
        moves += automa.payment_moves(pay)
        _pay(p, pay)
        state.stacks[obj] -= 1
        if obj in LANDSCAPES:
            moves.append(
                said(
                    N_("Put a %(landscape)s in his Principality"),
                    landscape=Named("landscapes", obj, OBJECT_NAMES[obj]),
                )
            )
            if p.landscapes[obj]:
                p.fame += PRESTIGE_FOR_REPEATED_LANDSCAPE
                words = said(
                    N_("%(words)s; he already had one, so it scores %(pp)s PP"),
                    words=words,
                    pp=PRESTIGE_FOR_REPEATED_LANDSCAPE,
                )
                moves.append(_fame_forward(PRESTIGE_FOR_REPEATED_LANDSCAPE))
            p.landscapes[obj] += 1
            slot = automa.leftmost_face_down_profession(state)
            if slot is not None and solo.row[slot]["card"]:
                moves.append(
                    said(
                        N_("Turn the %(profession)s back face down"),
                        profession=profession_named(state, solo.row[slot]["card"]),
                    )
                )
        elif obj == "jester":
            p.jesters += 1
            moves.append(said(N_("Give him a Jester")))
        elif obj == "builder":
            gain = BUILDER_PRESTIGE[p.builders]
            p.builders += 1
            moves.append(said(N_("Give him a Builder")))
            if gain:
                p.fame += gain
                words = said(
                    N_("%(words)s; his Builder number %(builders)s scores %(pp)s PP"),
                    words=words,
                    builders=p.builders,
                    pp=gain,
                )
                moves.append(_fame_forward(gain))
        elif obj == RECRUITING_CARD:
            solo.row.append(_recruiting_card())
            words = said(N_("%(words)s; it goes face down to the right of his row"), words=words)
            moves.append(said(N_("Put a Recruiting card face down to the right of his row")))
        elif obj == "prestige":
            assert isinstance(card, str)  # chosen above
            words = said(
                N_("%(words)s; of the cards drawn he takes %(card)s"),
                words=words,
                card=_card_choice_words(state, "prestige", card),
            )
            state.prestige_deck.remove(card)
            p.prestige_cards.append(card)
            moves.append(
                said(
                    N_("Put \u201c%(card)s\u201d face up by his board"),
                    card=automa.card_name("prestige", card),
                )
            )
            moves += _under_the_deck(state, "prestige")
        p.acquired = obj
        state.auction["taken"].append(obj)
        state.auction.setdefault("results", []).append(
            {"player": WOLFGANG_SEAT, "object": obj, "price": price}
        )
        _sync(state)
    auc = solo.auction
    auc["wolfgang"] = {"object": obj, "price": d.get("last_bid"), "card": card}
    discards = []
    for kind in (RECRUITING_CARD, "builder"):
        if kind not in (auc["bought"], obj) and state.stacks[kind] > 0:
            state.stacks[kind] -= 1
            auc["discarded"].append(kind)
            moves.append(
                said(
                    N_("Discard a %(object)s from the supply (%(left)s left)"),
                    object=automa.object_named(kind),
                    left=state.stacks[kind],
                )
            )
            discards.append(
                said(
                    N_("Nobody bought a %(object)s: discard one from the supply (%(left)s left)"),
                    object=automa.object_named(kind),
                    left=state.stacks[kind],
                )
            )
    moves += _discard(state)
    _log(state, "wolfgang", words, moves)
    for say in discards:
        _log(state, "table", say)
    solo.running = None
    solo.facts = {}
    state.auction["opener"] = None
    end_phase(state)
    return None


def _chosen_card(state, deck: str):
    """The card he takes of those drawn: his best now, a recorded random pick among ties."""
    facts = solo_of(state).facts
    offered = facts.get("offered")
    if offered is None:
        return {"step": "offer", "deck": deck, "count": automa.offer_size(state, deck)}
    values = facts["values"]
    top = max(values.values())
    best = [c for c in offered if values[c] == top]
    if len(best) > 1 and facts.get("tie") is None:
        return {"step": "tie", "deck": deck, "cards": best, "value": top}
    return facts.get("tie") or best[0]


def _card_choice_words(state, deck: str, card: str) -> Named:
    facts = solo_of(state).facts
    value, name = facts["values"][card], automa.card_name(deck, card)
    tied = bool(facts.get("tie"))
    if deck == "prestige":
        message = (
            N_("\u201c%(card)s\u201d (worth %(value)s PP now, the most (tied; picked at random))")
            if tied
            else N_("\u201c%(card)s\u201d (worth %(value)s PP now, the most)")
        )
    else:
        message = (
            N_(
                "\u201c%(card)s\u201d (worth %(value)s to the Work, the most (tied; picked at "
                "random))"
            )
            if tied
            else N_("\u201c%(card)s\u201d (worth %(value)s to the Work, the most)")
        )
    return said(message, card=name, value=value)


# --- Wolfgang's turn ------------------------------------------------------------------------


def _start_turn(state):
    solo = solo_of(state)
    solo.running = None
    if state.turn == ME:
        solo.turn = {}
        _wait(state, "your_turn")
    else:
        solo.turn = _new_turn(1)
        _wait(state, "wolfgang_card", action=1)


def _new_turn(n: int) -> dict:
    return {"action": n, "card": None, "decision": None, "done": False, "flips": []}


def _wolfgang_acts(state) -> dict | None:
    solo = solo_of(state)
    t = solo.turn
    if t["done"]:
        if t["flips"]:
            return {"step": "dummy_flip", "columns": list(t["flips"])}
        _finish_action(state)
        return None
    panel = "first_action" if t["action"] == 1 else "second_action"
    if t["decision"] is None:
        d = automa.choose_action(state, automa.automa_card(state, t["card"]), panel)
        if "need" in d:
            return _need_from(d)
        t["decision"] = d
    d = t["decision"]
    action = d["action"]
    why = automa.why_words(d, panel)
    p = state.players[WOLFGANG_SEAT]
    if action is None:
        _log(
            state, "wolfgang", said(N_("Wolfgang does nothing: %(why)s"), why=why), _discard(state)
        )
    elif action == "work":
        need = _wolfgang_works(state, why)
        if need:
            return need
    elif action == "bonus":
        card = _chosen_card(state, "bonus")
        if isinstance(card, dict):
            return card
        cost = automa.action_cost(state, "bonus")
        pay = automa.payment(p.money, cost)
        words = said(
            N_(
                "Wolfgang acquires a Bonus card (%(why)s): %(payment)s; he takes %(card)s and "
                "puts it on his leftmost face-down card"
            ),
            why=why,
            payment=automa.payment_words(cost, pay),
            card=_card_choice_words(state, "bonus", card),
        )
        moves = automa.payment_moves(pay)
        moves.append(
            said(
                N_("Put \u201c%(card)s\u201d on his leftmost face-down card"),
                card=automa.card_name("bonus", card),
            )
        )
        moves += _under_the_deck(state, "bonus")
        _pay(p, pay)
        state.bonus_deck.remove(card)
        slot = automa.leftmost_face_down(state)
        assert slot is not None  # possible() offers a Bonus card only then
        solo.row[slot]["bonus"].append(card)
        _sync(state)
        _log(state, "wolfgang", words, [*moves, *_discard(state)])
    elif action == "profession":
        cost = automa.action_cost(state, "profession")
        pay = automa.payment(p.money, cost)
        _pay(p, pay)
        solo.row.append(_unknown_card())
        state.profession_deck -= 1
        dealt = []
        for i, column in enumerate(solo.columns):
            if state.profession_deck > 0:
                column.append({"card": None, "face_up": False})
                state.profession_deck -= 1
                dealt.append(i + 1)
        _sync(state)
        words = said(
            N_(
                "Wolfgang takes a Profession card (%(why)s): %(payment)s; the top card goes "
                "face down to the right of his row"
            ),
            why=why,
            payment=automa.payment_words(cost, pay),
        )
        if dealt:
            words = said(
                N_("%(words)s; one card face down on each dummy column (%(columns)s)"),
                words=words,
                columns=", ".join(str(c) for c in dealt),
            )
        _log(
            state,
            "wolfgang",
            words,
            [
                *automa.payment_moves(pay),
                said(N_("Put the top Profession card face down to the right of his row")),
                *(
                    said(N_("Put the next one face down on dummy column %(column)s"), column=c)
                    for c in dealt
                ),
                *_discard(state),
            ],
        )
    else:  # build or freedom, read off his leftmost card
        cost = automa.action_cost(state, action)
        pay = automa.payment(p.money, cost)
        source = profession_named(state, d["profession"])
        if action == "build":
            b = d["building"]
            _pay(p, pay)
            state.building_supply[b] -= 1
            p.buildings.append(b)
            p.fame += PRESTIGE_FOR_BUILDING
            building = Named("buildings", b, _a(BUILDINGS[b][0]))  # English with its article
            message = N_(
                "Wolfgang builds %(building)s (%(why)s; his leftmost face-down Profession card, "
                "the %(profession)s, shows it): %(payment)s; he scores %(pp)s PP"
            )
            shown: dict[str, object] = {"building": building, "pp": PRESTIGE_FOR_BUILDING}
            placed = [
                said(N_("Put %(building)s in his Principality"), building=building),
                _fame_forward(PRESTIGE_FOR_BUILDING),
            ]
        else:
            f = d["freedom"]
            _pay(p, pay)
            state.freedom_supply[f] -= 1
            p.freedoms.append(f)
            freedom = Named("freedoms", f, f.title())
            message = N_(
                "Wolfgang introduces %(freedom)s (%(why)s; his leftmost face-down Profession "
                "card, the %(profession)s, shows it): %(payment)s"
            )
            shown = {"freedom": freedom}
            placed = [said(N_("Put the %(freedom)s Freedom in his Principality"), freedom=freedom)]
        payment = automa.payment_words(cost, pay)
        _log(
            state,
            "wolfgang",
            said(message, why=why, profession=source, payment=payment, **shown),
            [
                *automa.payment_moves(pay),
                *placed,
                said(N_("Turn the %(profession)s back face down"), profession=source),
                *_discard(state),
            ],
        )
    t["done"] = True
    return None


def _wolfgang_works(state, why: Named) -> dict | None:
    solo = solo_of(state)
    slot = automa.leftmost_face_down(state)
    assert slot is not None  # he works only with a face-down card (automa.possible)
    entry = solo.row[slot]
    if entry["kind"] == "profession" and entry["card"] is None:
        return {"step": "reveal", "owner": "wolfgang", "purpose": "work"}
    wv = automa.work_value(state, slot)
    what = (
        said(N_("a Recruiting card"))
        if entry["kind"] == "recruiting"
        else said(N_("the %(profession)s"), profession=profession_named(state, entry["card"]))
    )
    words = automa.work_words(state, wv, what, why)
    p = state.players[WOLFGANG_SEAT]
    bonus = len(entry["bonus"])
    moves = [
        said(N_("Turn %(card)s face up"), card=what)
        if not bonus
        else ngettext(
            "Turn %(card)s face up with the Bonus card on it",
            "Turn %(card)s face up with the Bonus cards on it",
            bonus,
            card=what,
        )
    ]
    entry["face_up"] = True
    entry["played_bonus"] = list(entry["bonus"])
    entry["bonus"] = []
    p.fame += wv["prestige"]
    p.money += wv["florin"]
    p.best_this_round = max(p.best_this_round, wv["total"])
    p.works.append(
        {
            "round": state.round,
            "profession": entry["card"],
            "value": wv["total"],
            "prestige": wv["prestige"],
            "bonus_cards": list(entry["played_bonus"]),
        }
    )
    _sync(state)
    moves.append(
        said(
            N_("Put his Pawn on %(value)s on the Fame track (his best Work this round)"),
            value=p.best_this_round,
        )
    )
    if wv["prestige"]:
        moves.append(_fame_forward(wv["prestige"]))
    if wv["florin"]:
        moves.append(said(N_("Give him %(florin)s Florin"), florin=wv["florin"]))
    moves += _discard(state)
    solo.turn["flips"] = [
        i for i, col in enumerate(solo.columns) if any(not e["face_up"] for e in col)
    ]
    if solo.turn["flips"]:
        words = said(
            N_("%(words)s; then flip one face-down card in each dummy column (%(columns)s)"),
            words=words,
            columns=", ".join(str(i + 1) for i in solo.turn["flips"]),
        )
    _log(state, "wolfgang", words, moves)
    return None


def _finish_action(state) -> None:
    solo = solo_of(state)
    state.players[WOLFGANG_SEAT].actions += 1
    solo.facts = {}
    solo.running = None
    if solo.turn["action"] == 1:
        solo.turn = _new_turn(2)
        _wait(state, "wolfgang_card", action=2)
        return None
    solo.turn = {}
    next_turn(state)
    if state.phase == "over":
        _wait(state, "over")
    return None


# --- facts about Wolfgang's and the dummies' cards --------------------------------------------


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
            said(
                N_("Dummy player %(column)s turns up the %(profession)s"),
                column=owner + 1,
                profession=profession_named(state, pid),
            ),
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


# --- the round's end, the checklist, the die ---------------------------------------------------


def solo_round_end(state: GameState) -> None:
    """The round's end as a step of the table's checklist (Solo rules, "Round end"): Best
    Work between you and Wolfgang, the Starting Player marker, the Round marker."""
    done = state.rounds[-1]
    r, best, scored = done["round"], done["best_work"], done["scored"]
    forward = {
        ME: N_("Move your Fame disk forward %(pp)s spaces (Best Work %(best)s)"),
        WOLFGANG_SEAT: N_("Move Wolfgang's Fame disk forward %(pp)s spaces (Best Work %(best)s)"),
    }
    moves = [said(forward[x], pp=PRESTIGE_FOR_BEST_WORK, best=best) for x in scored]
    if not scored:
        words = said(
            N_("Round %(round)s ends: nobody completed a Work, so nobody scores the Best Work"),
            round=r,
        )
    elif len(scored) == 1:
        words = said(
            N_("Round %(round)s ends: your Work of %(best)s is the best: %(pp)s PP")
            if scored[0] == ME
            else N_("Round %(round)s ends: Wolfgang's Work of %(best)s is the best: %(pp)s PP"),
            round=r,
            best=best,
            pp=PRESTIGE_FOR_BEST_WORK,
        )
        moves.append(said(N_("Take the Pawns off the Fame track")))
    else:
        words = said(
            N_(
                "Round %(round)s ends: you and Wolfgang tie for the best Work (%(best)s): "
                "%(pp)s PP each"
            ),
            round=r,
            best=best,
            pp=PRESTIGE_FOR_BEST_WORK,
        )
        moves.append(said(N_("Take the Pawns off the Fame track")))
    if r >= ROUNDS:
        _log(
            state,
            "table",
            said(N_("%(words)s; the game is over"), words=words),
            [*moves, said(N_("Reveal and score the Prestige cards"))],
        )
        return
    you = state.start_player == ME
    _log(
        state,
        "table",
        said(
            N_("%(words)s; you start round %(round)s")
            if you
            else N_("%(words)s; Wolfgang starts round %(round)s"),
            words=words,
            round=r + 1,
        ),
        [
            *moves,
            said(N_("Pass the Starting Player marker to you"))
            if you
            else said(N_("Pass the Starting Player marker to Wolfgang")),
            said(
                N_("Move the Round marker to round %(round)s (minimum Work Value %(minimum)s)"),
                round=r + 1,
                minimum=MINIMUM_WORK_VALUE[r + 1],
            ),
            said(N_("Then Palazzo draws round %(round)s's Automa card"), round=r + 1)
            if solo_of(state).digital
            else said(
                N_("Then draw the top Automa card for round %(round)s's auction"), round=r + 1
            ),
        ],
    )


def checklist(state: GameState) -> list[dict]:
    """The steps of the table's checklist not ticked off yet, oldest first (the setup, n 0, is
    the web page's: it knows how the die and the deck are played)."""
    solo = solo_of(state)
    return [x for x in solo.log if x.get("moves") and x["n"] not in solo.done]


def solo_step_done(state: GameState, ev: Event) -> None:
    """`solo_step_done {n}`: the table made the physical moves of checklist step `n`."""
    n = ev.get("n")
    solo = solo_of(state)
    if not isinstance(n, int) or isinstance(n, bool):
        refuse("bad_event", N_("n is the number of the step done"))
    if n in solo.done:
        refuse("step_already_done", N_("That step is already ticked off"))
    if n != SETUP_STEP and not any(x["n"] == n and x.get("moves") for x in solo.log):
        refuse("no_such_step", N_("There is no such step on the checklist"))
    # all checks passed
    solo.done.append(n)


def die_mode_changed(state: GameState, ev: Event) -> None:
    """`die_mode_changed {die: table|app}`: who rolls the die from now on (the physical die or
    Palazzo's own); kept in the log so every device and every replay knows."""
    die = ev.get("die")
    if die not in DIE_SOURCES:
        refuse("bad_die", N_("die is table (the physical die) or app (Palazzo rolls)"))
    # all checks passed
    solo_of(state).die = die
    _log(
        state,
        "you",
        said(N_("From now on Palazzo rolls the die"))
        if die == "app"
        else said(N_("From now on you roll the physical die and tap what it shows")),
    )


# --- the machine -----------------------------------------------------------------------------


def _advance(state):
    """Run Wolfgang's procedure until it needs a fact from the table, or hands over."""
    solo = solo_of(state)
    while solo.running:
        step = _wolfgang_buys if solo.running == "buy" else _wolfgang_acts
        need = step(state)
        if need is not None:
            solo.need = need
            return


def _need_from(d: dict) -> dict:
    if d["need"] == "die":
        return {"step": "roll", "who": "wolfgang", "object": d["object"], "modifier": d["modifier"]}
    return {"step": "reveal", "owner": d["owner"], "purpose": d["purpose"]}


def _wait(state, step: str, **context):
    solo_of(state).need = {"step": step, **context}


def _need(state, *steps) -> dict:
    need = solo_of(state).need
    if need["step"] not in steps:
        refuse("not_expected_now", N_("Not now. %(step)s"), step=solo_prompt(state)["say"])
    return need


def _pay(p, pay: dict):
    p.money += pay["change"] - pay["money"]
    p.fame -= pay["spaces"]


def _unknown_card() -> dict:
    return {"kind": "profession", "card": None, "face_up": False, "bonus": []}


def _recruiting_card() -> dict:
    return {"kind": "recruiting", "card": RECRUITING_CARD, "face_up": False, "bonus": []}


def _sync(state):
    """Mirror his row into his Player: face-down cards are his hand, face-up his table."""
    p = state.players[WOLFGANG_SEAT]
    row = solo_of(state).row
    p.hand = [e["card"] or UNKNOWN for e in row if not e["face_up"]]
    p.table = [e["card"] for e in row if e["face_up"]]
    p.bonus_cards = [b for e in row for b in e["bonus"]]


def _log(state, who: str, say: Named, moves: list[Named] | None = None):
    """An entry of the decision log; one with `moves` is a step of the table's checklist.
    `say` and `moves` are the English words; `said` and `moves_said` the same marked for
    the reader's language (JSON-shaped, `said_data`: the log lives in snapshots)."""
    log = solo_of(state).log
    entry = {
        "n": len(log) + 1,
        "round": state.round,
        "phase": state.phase,
        "who": who,
        "say": str(say),
        "said": said_data(say),
    }
    if moves:
        entry["moves"] = [str(m) for m in moves]
        entry["moves_said"] = [said_data(m) for m in moves]
    log.append(entry)


def _discard(state) -> list[Named]:
    """The card in use goes to the discard pile, unless Palazzo drew it (no card to move)."""
    return [] if solo_of(state).digital else [said(DISCARD_AUTOMA_CARD)]


def _fame_forward(n: int) -> Named:
    return ngettext(
        "Move his Fame disk forward %(num)s space", "Move his Fame disk forward %(num)s spaces", n
    )


def _under_the_deck(state, deck: str) -> list[Named]:
    """The cards drawn for Wolfgang that he did not take go to the bottom of their deck."""
    others = len(solo_of(state).facts.get("offered") or []) - 1
    if others <= 0:
        return []
    if deck == "prestige":
        return [
            ngettext(
                "Put the other %(num)s Prestige card face down at the bottom of the Prestige deck",
                "Put the other %(num)s Prestige cards face down at the bottom of the Prestige deck",
                others,
            )
        ]
    return [
        ngettext(
            "Put the other %(num)s Bonus card face down at the bottom of the Bonus deck",
            "Put the other %(num)s Bonus cards face down at the bottom of the Bonus deck",
            others,
        )
    ]


def _a(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _card_named(deck: str, card: object) -> Named | str:
    """A card the table named: its name if it is one of the deck's, else as it was typed."""
    cards = PRESTIGE_CARDS if deck == "prestige" else BONUS_CARDS
    return automa.card_name(deck, card) if isinstance(card, str) and card in cards else str(card)


# --- what the app says -------------------------------------------------------------------------


def solo_prompt(state: GameState) -> dict:
    """The next physical step, as data and one sentence (`say`: English as a string, marked
    for the reader's language, `companion.core.lang.words()`):
    {step, expect: [event types], say, ...what the step is about}."""
    if not is_solo(state):
        return {"step": None, "expect": [], "say": said(N_("This is not a solo game"))}
    if state.phase == "over":
        return {"step": "over", "expect": [], "say": _final_words(state)}
    need = solo_of(state).need
    step = need["step"]
    out = _copy(need)
    out["expect"] = list(EXPECT[step])
    out["say"] = _say(state, need, out)
    return out


REVEAL_PURPOSES = {
    "landscape": N_(
        "Flip Wolfgang's leftmost face-down Profession card (it shows the Landscape he buys; "
        "then flip it back face down): which Profession is it?"
    ),
    "build": N_(
        "Flip Wolfgang's leftmost face-down Profession card (it shows the Building he would "
        "build; then flip it back face down): which Profession is it?"
    ),
    "freedom": N_(
        "Flip Wolfgang's leftmost face-down Profession card (it shows the Freedom he would "
        "introduce; then flip it back face down): which Profession is it?"
    ),
    "work": N_(
        "Turn over Wolfgang's leftmost face-down card (he completes a Work with it): which "
        "Profession is it?"
    ),
}


def _say(state, need: dict, out: dict) -> Named:
    step = need["step"]
    solo = solo_of(state)
    if step == "starting_hand":
        return said(
            N_(
                "Deal yourself 4 Profession cards and keep 3; deal Wolfgang 3 face down in a row "
                "and each of the %(dummies)s dummy players a column of 3 face down"
            ),
            dummies=solo.dummies,
        )
    if step in ("auction_card", "wolfgang_card"):
        if step == "auction_card":
            return said(
                N_(
                    "Draw the top Automa card for the auction (its top panel prices the "
                    "objects): which number is it?"
                )
            )
        first = need["action"] == 1
        if automa.must_work(state):
            return said(
                N_(
                    "Draw the top Automa card for Wolfgang's first action (its middle panel): "
                    "which number is it? His face-down cards are as many as the rounds left: "
                    "he will complete a Work whatever it shows."
                )
                if first
                else N_(
                    "Draw the top Automa card for Wolfgang's second action (its bottom panel): "
                    "which number is it? His face-down cards are as many as the rounds left: "
                    "he will complete a Work whatever it shows."
                )
            )
        return said(
            N_(
                "Draw the top Automa card for Wolfgang's first action (its middle panel): which "
                "number is it?"
            )
            if first
            else N_(
                "Draw the top Automa card for Wolfgang's second action (its bottom panel): "
                "which number is it?"
            )
        )
    if step == "choose_object":
        return _choose_words(state, out)
    if step == "roll":
        name = automa.object_named(need["object"])
        dice = automa.dice_words(need["modifier"])
        if need["who"] == "you":
            if need["modifier"] is None:
                return said(
                    N_(
                        "%(object)s: roll the die (%(dice)s) (no modifier: on a 1 or 2 you "
                        "must buy it)"
                    ),
                    object=name,
                    dice=dice,
                )
            return said(N_("%(object)s: roll the die (%(dice)s)"), object=name, dice=dice)
        return said(
            N_("Wolfgang buys the %(object)s: roll the die for his price (%(dice)s)"),
            object=name,
            dice=dice,
        )
    if step == "buy_or_decline":
        offer = solo.auction["offers"][-1]
        name = automa.object_named(offer["object"])
        out.update(price=offer["price"], last_bid=offer["last_bid"], forced=offer["forced"])
        if offer["final"]:
            return said(
                N_("%(object)s: final auction — buy for %(price)s or decline"),
                object=name,
                price=offer["price"],
            )
        if offer["forced"] and offer["price"] <= means(state, ME):
            out["expect"] = ["solo_bought"]
            return said(
                N_("%(object)s: rolled %(roll)s with no modifier — you must buy it for %(price)s"),
                object=name,
                roll=offer["roll"],
                price=offer["price"],
            )
        return said(
            N_(
                "%(object)s: last bid %(bid)s — buy for %(price)s or decline (if you decline, "
                "Wolfgang would pay %(bid)s for it)"
            ),
            object=name,
            bid=offer["last_bid"],
            price=offer["price"],
        )
    if step == "your_choice":
        obj = need["object"]
        if obj == "prestige":
            out["expect"] = ["prestige_card_chosen"]
            return said(N_("Draw the top 5 Prestige cards and keep one: which?"))
        out["expect"] = ["landscape_placed"]
        return said(
            N_("Place your %(object)s in your Principality"), object=automa.object_named(obj)
        )
    if step == "reveal":
        return said(REVEAL_PURPOSES[need["purpose"]])
    if step == "dummy_flip":
        cols = need["columns"]
        if len(cols) == 1:
            return said(
                N_(
                    "Flip one face-down card in dummy column %(column)s: which Profession is "
                    "it? (one column at a time)"
                ),
                column=cols[0] + 1,
            )
        return said(
            N_(
                "Flip one face-down card in each of dummy columns %(columns)s: which Profession "
                "is it? (one column at a time)"
            ),
            columns=listed([str(c + 1) for c in cols], N_("%(one)s and %(other)s")),
        )
    if step == "offer":
        return said(
            N_("Draw the top %(count)s Prestige cards for Wolfgang: which are they?")
            if need["deck"] == "prestige"
            else N_("Draw the top %(count)s Bonus cards for Wolfgang: which are they?"),
            count=need["count"],
        )
    if step == "tie":
        names = listed(
            [
                said(N_("\u201c%(card)s\u201d"), card=automa.card_name(need["deck"], c))
                for c in need["cards"]
            ],
            N_("%(one)s, %(other)s"),
        )
        return said(
            N_(
                "Wolfgang values %(cards)s equally (%(value)s each): pick one at random with the "
                "app's die"
            ),
            cards=names,
            value=need["value"],
        )
    if step == "your_turn":
        left = 2 - state.players[ME].actions
        if left:
            return ngettext(
                "Your turn: %(num)s action left, then end your turn",
                "Your turn: %(num)s actions left, then end your turn",
                left,
            )
        return said(N_("Your turn: both actions done — end your turn"))
    return said(N_("Nothing to do"))


def _choose_words(state, out: dict) -> Named:
    solo = solo_of(state)
    auc = solo.auction
    card = automa.automa_card(state, auc["card"])
    n, total = len(auc["offers"]) + 1, solo.players
    offered = {o["object"] for o in auc["offers"]}
    protected = automa.protected_objects(state, card) if n == total else []
    options = [
        o
        for o in AUCTION_STACKS
        if automa.card_item(state, card, o) is not None
        and o not in offered
        and state.stacks[o] > 0
        and o not in protected
        and not (o == "builder" and state.players[ME].builders >= MAX_BUILDERS)
        and not _no_room(state, o)
    ]
    key = automa.modifier_key(state)
    out.update(
        options=options,
        protected=protected,
        auction=n,
        auctions=total,
        modifiers={o: (automa.card_item(state, card, o) or {}).get(key) for o in options},
    )
    if not options:
        return said(
            N_(
                "Auction %(auction)s of %(auctions)s: nothing is left to auction — leave the auctions"
            ),
            auction=n,
            auctions=total,
        )
    if n == total:
        if not protected:
            return said(
                N_(
                    "Final auction (%(auction)s of %(auctions)s): choose an object to buy for "
                    "%(price)s, or leave the auctions"
                ),
                auction=n,
                auctions=total,
                price=SOLO_FINAL_AUCTION_PRICE,
            )
        barred = sorted(
            {"landscape" if o in LANDSCAPES else o for o in protected},
            key=lambda o: OBJECT_NAMES[o],
        )
        names = [said(N_("the %(object)s"), object=automa.object_named(o)) for o in barred]
        return said(
            N_(
                "Final auction (%(auction)s of %(auctions)s): choose an object to buy for "
                "%(price)s, except %(barred)s (the highest die modifiers), or leave the auctions"
            ),
            auction=n,
            auctions=total,
            price=SOLO_FINAL_AUCTION_PRICE,
            barred=_and_list(names),
        )
    return said(
        N_(
            "Auction %(auction)s of %(auctions)s: choose an object to auction, or leave the auctions"
        ),
        auction=n,
        auctions=total,
    )


def _and_list(items: list) -> object:
    """ "a, b and c": the last two joined by "and", the others by commas."""
    if len(items) <= 2:
        return listed(items, N_("%(one)s and %(other)s"))
    return said(
        N_("%(one)s and %(other)s"),
        one=listed(items[:-1], N_("%(one)s, %(other)s")),
        other=items[-1],
    )


def _no_room(state, obj: str) -> bool:
    if obj not in LANDSCAPES:
        return False
    size = state.catalog.landscape_cells[obj]
    empty = empty_spaces(state.players[ME], state.grid, state.catalog.landscape_cells)
    return bool(size) and empty is not None and empty < size


def _final_words(state) -> Named:
    final = state.final or {}
    scores = {x["player"]: x["total"] for x in final.get("scores", [])}
    winners = [state.players[w].name for w in final.get("winners", [])]
    if not winners:
        return said(N_("The game is over"))
    tally = listed(
        [
            said(N_("%(name)s %(pp)s PP"), name=state.players[s].name, pp=t)
            for s, t in scores.items()
        ],
        N_("%(one)s, %(other)s"),
    )
    if len(winners) == 1:
        return said(N_("The game is over: %(name)s wins (%(tally)s)"), name=winners[0], tally=tally)
    return said(
        N_("The game is over: %(names)s share the victory (%(tally)s)"),
        names=listed(winners, N_("%(one)s and %(other)s")),
        tally=tally,
    )


def solo_view(state: GameState) -> dict:
    """What the whole table may see: Wolfgang's row as it lies, the dummies' columns, the
    Automa card in play, this auction's rolls, and what Wolfgang did and why."""
    solo = solo_of(state)
    seen = set(solo.known_automa_professions)
    p = state.players[WOLFGANG_SEAT]
    row = [
        {
            "position": i,
            "kind": e["kind"],
            "face_up": e["face_up"],
            "card": e["card"]
            if e["face_up"] or e["card"] in seen or e["kind"] == "recruiting"
            else None,
            "bonus_cards": list(e["bonus"]),
        }
        for i, e in enumerate(solo.row)
    ]
    columns = [
        [{"face_up": e["face_up"], "card": e["card"] if e["face_up"] else None} for e in col]
        for col in solo.columns
    ]
    number, use = None, None
    auc = solo.auction or {}
    if solo.turn and solo.turn["card"]:
        number = solo.turn["card"]
        use = "first_action" if solo.turn["action"] == 1 else "second_action"
        if (solo.turn.get("decision") or {}).get("forced"):
            use = "ignored"  # a forced Work: the card is drawn, its panels ignored
    elif state.phase == "auction" and auc.get("card"):
        number, use = auc["card"], "auction"
    card = state.catalog.automa_cards.get(number) if number else None
    return {
        "difficulty": solo.difficulty,
        "dummies": solo.dummies,
        "players": solo.players,
        "wolfgang": {
            "money": p.money,
            "fame": p.fame,
            "row": row,
            "face_down": len(automa.face_down(state)),
            "prestige_cards": list(p.prestige_cards),
            "rounds_remaining": automa.rounds_remaining(state) if state.round else None,
        },
        "dummy_columns": columns,
        "automa_card": {"number": number, "use": use, "card": card} if number else None,
        "automa_cards_drawn": list(solo.drawn),
        "auction": {
            "offers": [dict(o) for o in auc.get("offers", [])],
            "rolls": [dict(r) for r in auc.get("rolls", [])],
            "bought": auc.get("bought"),
            "wolfgang": auc.get("wolfgang"),
            "discarded": list(auc.get("discarded", [])),
        }
        if auc
        else None,
        "log": [dict(x) for x in solo.log],
        "checklist": [dict(x) for x in checklist(state)],
        "setup_done": SETUP_STEP in solo.done,
        "die": solo.die,
        "prompt": solo_prompt(state),
    }


def wolfgang_decisions(state: GameState, since: int = 0) -> list[dict]:
    """The decision log (each entry with `n`, `round`, `who`, `say`) after entry `since`."""
    return [dict(x) for x in solo_of(state).log[since:]] if is_solo(state) else []


# Wolfgang's facts, accepted in both phases the app may ask for them.
FACTS: dict[str, Move | Handler] = {
    "automa_card_drawn": automa_card_drawn,
    "automa_profession_revealed": automa_profession_revealed,
    "automa_cards_offered": automa_cards_offered,
    "automa_tie_broken": automa_tie_broken,
    "recruiting_card_used": solo_recruiting_card_used,
}

register(
    Module(
        name=SOLO,
        title=N_("Solo game against Wolfgang, the Automa"),
        enabled_by=lambda ev: bool(ev.get("solo")),
        foreign=("solo_only", N_("This event belongs to a solo game against Wolfgang")),
        game_part=SoloState,
        anytime={"solo_step_done": solo_step_done, "die_mode_changed": die_mode_changed},
        phases=(
            Phase(
                "auction",
                moves={
                    **FACTS,
                    "solo_auction_offered": solo_auction_offered,
                    "die_rolled": die_rolled,
                    "solo_bought": solo_bought,
                    "solo_declined": solo_declined,
                    "auctions_left": solo_auctions_left,
                },
                begin=begin_solo_round,
            ),
            Phase("action", moves=FACTS),
        ),
        hooks={
            "start": start_solo,
            "gate": gate,
            "turn_start": lambda state: _start_turn(state),
            "round_end": solo_round_end,
            "after_auction_choice": after_player_choice,
            "automated": lambda state, s: s == WOLFGANG_SEAT,
            "placing_rules_apply": lambda state, s: s != WOLFGANG_SEAT,
            "fame_may_go_negative": lambda state, s: s == WOLFGANG_SEAT,
            "professions_out": lambda state: solo_of(state).known_automa_professions,
            "principality_counts": lambda state, s: (
                wolfgang_counts(state) if s == WOLFGANG_SEAT else None
            ),
            "summary": lambda state: {"solo": solo_view(state)},
            "public_view": lambda state: {"solo": solo_view(state)},
        },
    )
)

__all__ = ["solo_prompt", "solo_view", "wolfgang_decisions", "checklist", "start_solo", "gate"]
