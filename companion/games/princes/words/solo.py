"""The solo game's words for the step the engine waits for: one sentence from the engine's
prompt (`rules.solo.solo_prompt`: the step's data, worked out there once), marked for the
reader's language. The engine says no sentence of its own."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.lang import N_, words
from companion.games.princes.rules import (
    GameState,
    Named,
    card_name,
    listed,
    ngettext,
    object_named,
    said,
)
from companion.games.princes.rules.catalog import LANDSCAPES, OBJECT_NAMES
from companion.games.princes.words.automa import dice_words


def step_words(state: GameState, prompt: dict) -> str:
    """The step's sentence in the reader's language."""
    return words(step_said(state, prompt))


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


def step_said(state: GameState, prompt: dict) -> Named:
    """The sentence for the step the engine waits for (`solo_prompt`), marked for the reader's
    language: shown with `companion.core.lang.words()`. Made from the prompt's data alone
    (and the state for names), so the step is worked out once, by the engine."""
    step = prompt["step"]
    if step is None:
        return said(N_("This is not a solo game"))
    if step == "over":
        return _final_words(state)
    told = STEP_WORDS.get(step)
    return said(N_("Nothing to do")) if told is None else told(prompt)


def _starting_hand_words(prompt: dict) -> Named:
    return said(
        N_(
            "Deal yourself 4 Profession cards and keep 3; deal Wolfgang 3 face down in a row "
            "and each of the %(dummies)s dummy players a column of 3 face down"
        ),
        dummies=prompt["dummies"],
    )


def _auction_card_words(prompt: dict) -> Named:
    return said(
        N_(
            "Draw the top Automa card for the auction (its top panel prices the "
            "objects): which number is it?"
        )
    )


def _wolfgang_card_words(prompt: dict) -> Named:
    """The Automa card for one of Wolfgang's actions; `forced`: he completes a Work whatever
    it shows (as many face-down cards as rounds left)."""
    first = prompt["action"] == 1
    if prompt["forced"]:
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


def _roll_words(prompt: dict) -> Named:
    name = object_named(prompt["object"])
    dice = dice_words(prompt["modifier"])
    if prompt["who"] == "you":
        if prompt["modifier"] is None:
            return said(
                N_(
                    "%(object)s: roll the die (%(dice)s) (no modifier: on a 1 or 2 you must buy it)"
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


def _buy_or_decline_words(prompt: dict) -> Named:
    name = object_named(prompt["object"])
    if prompt["final"]:
        return said(
            N_("%(object)s: final auction — buy for %(price)s or decline"),
            object=name,
            price=prompt["price"],
        )
    if prompt["expect"] == ["solo_bought"]:
        return said(
            N_("%(object)s: rolled %(roll)s with no modifier — you must buy it for %(price)s"),
            object=name,
            roll=prompt["roll"],
            price=prompt["price"],
        )
    return said(
        N_(
            "%(object)s: last bid %(bid)s — buy for %(price)s or decline (if you decline, "
            "Wolfgang would pay %(bid)s for it)"
        ),
        object=name,
        bid=prompt["last_bid"],
        price=prompt["price"],
    )


def _your_choice_words(prompt: dict) -> Named:
    obj = prompt["object"]
    if obj == "prestige":
        return said(N_("Draw the top 5 Prestige cards and keep one: which?"))
    return said(N_("Place your %(object)s in your Principality"), object=object_named(obj))


def _reveal_words(prompt: dict) -> Named:
    return said(REVEAL_PURPOSES[prompt["purpose"]])


def _dummy_flip_words(prompt: dict) -> Named:
    cols = prompt["columns"]
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


def _offer_words(prompt: dict) -> Named:
    return said(
        N_("Draw the top %(count)s Prestige cards for Wolfgang: which are they?")
        if prompt["deck"] == "prestige"
        else N_("Draw the top %(count)s Bonus cards for Wolfgang: which are they?"),
        count=prompt["count"],
    )


def _tie_words(prompt: dict) -> Named:
    names = listed(
        [
            said(N_("\u201c%(card)s\u201d"), card=card_name(prompt["deck"], c))
            for c in prompt["cards"]
        ],
        N_("%(one)s, %(other)s"),
    )
    return said(
        N_(
            "Wolfgang values %(cards)s equally (%(value)s each): pick one at random with the "
            "app's die"
        ),
        cards=names,
        value=prompt["value"],
    )


def _your_turn_words(prompt: dict) -> Named:
    left = prompt["actions_left"]
    if left:
        return ngettext(
            "Your turn: %(num)s action left, then end your turn",
            "Your turn: %(num)s actions left, then end your turn",
            left,
        )
    return said(N_("Your turn: both actions done — end your turn"))


def _choose_words(prompt: dict) -> Named:
    n, total = prompt["auction"], prompt["auctions"]
    options, protected = prompt["options"], prompt["protected"]
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
                price=prompt["price"],
            )
        barred = sorted(
            {"landscape" if o in LANDSCAPES else o for o in protected},
            key=lambda o: OBJECT_NAMES[o],
        )
        names = [said(N_("the %(object)s"), object=object_named(o)) for o in barred]
        return said(
            N_(
                "Final auction (%(auction)s of %(auctions)s): choose an object to buy for "
                "%(price)s, except %(barred)s (the highest die modifiers), or leave the auctions"
            ),
            auction=n,
            auctions=total,
            price=prompt["price"],
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


# The words of each step the engine may wait for, by its name (`solo_prompt`'s "step").
STEP_WORDS: dict[str, Callable[[dict], Named]] = {
    "starting_hand": _starting_hand_words,
    "auction_card": _auction_card_words,
    "wolfgang_card": _wolfgang_card_words,
    "choose_object": _choose_words,
    "roll": _roll_words,
    "buy_or_decline": _buy_or_decline_words,
    "your_choice": _your_choice_words,
    "reveal": _reveal_words,
    "dummy_flip": _dummy_flip_words,
    "offer": _offer_words,
    "tie": _tie_words,
    "your_turn": _your_turn_words,
}
