"""Teaching Palazzo what the cards print and the rulebook does not: one flow for every screen.

The seat's phone, the solo page and the catalog screen all read a taught Profession card, a
Landscape size or an Automa card through these functions, so "Café Owner" gets one id
everywhere and a refusal says the same thing wherever it was typed. No Flask here: the screens
hand in their form (any mapping with `get`/`getlist`) and show the `TeachError` as a question to
fix, keeping what was typed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from companion.core.lang import LANGUAGE_NAMES, N_, _, current, translate

from .rules.catalog import (
    AUCTION_STACKS,
    AUTOMA_ACTIONS,
    AUTOMA_DECK,
    AUTOMA_DECK_SHAPE,
    AUTOMA_GROUP_ROUNDS,
    AUTOMA_ROUND_GROUPS,
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    NAME_KEYS,
    NAME_LANGUAGES,
    NAME_MAX,
    PROFESSION_TAUGHT_KEYS,
    RECRUITING_CARD,
    TWO_PLAYER_LANDSCAPE_OBJECT,
    CatalogError,
    automa_card_from_dict,
)
from .words import building_name, freedom_name, object_name, profession_name

NAME_TEXT = re.compile(r"[\w' ’.&-]{1,40}")  # letters of any language, digits, ' - . &
CELLS_MAX = 12
# The Automa card's top panel: every auction object but the three Landscapes, which it shows
# together as one entry (Rulebook, Solo rules, Auction phase, p. 12).
AUTOMA_OBJECTS = tuple(
    o for o in AUCTION_STACKS if o not in LANDSCAPES and o != TWO_PLAYER_LANDSCAPE_OBJECT
) + (TWO_PLAYER_LANDSCAPE_OBJECT,)
AUTOMA_SLOTS = len(AUTOMA_OBJECTS)
AUTOMA_ACTION_SLOTS = 3
MODIFIER_CHOICES = tuple(range(0, 13))


# Refusals that are really Palazzo's first-time questions: the screen asks them as questions
# (the teach form), never in a red error box.
FIRST_TIME_QUESTIONS = {"profession_unknown", "landscape_size_unknown", "automa_card_unknown"}


class TeachError(CatalogError):
    """What to fix in a taught entry, in the player's words."""


# -- names and ids ----------------------------------------------------------------------------


def card_name(raw) -> str:
    """A card's name as typed, tidied: one space between words, at most 40 characters."""
    return " ".join(str(raw or "").split())[:NAME_MAX]


def profession_id(name: str) -> str:
    """The catalog's one id for a card named on the table: 'Café Owner' -> 'cafe_owner',
    'Master Builder 2' -> 'master_builder_2' (accents dropped, digits kept)."""
    text = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:NAME_MAX]


@dataclass(frozen=True)
class TaughtProfession:
    pid: str
    name: str  # the name it is taught with: shown where its reader's language has none
    building: str
    landscape: str
    freedom: str
    names: tuple[tuple[str, str], ...] = ()  # (language, name) for each language given

    def entry(self, source: str = "taught at the table") -> dict:
        return {
            "name": self.name,
            **{NAME_KEYS[language]: name for language, name in self.names},
            "building": self.building,
            "landscape": self.landscape,
            "freedom": self.freedom,
            "source": source,
            "verified": True,
        }

    def event(self, source: str = "taught at the table") -> dict:
        return {"type": "profession_taught", "profession": self.pid, **self.entry(source)}

    def same_as(self, known) -> bool:
        """Whether a known catalog entry prints the same three preferences."""
        return (known.building, known.landscape, known.freedom) == (
            self.building,
            self.landscape,
            self.freedom,
        )


def read_profession(form, pid: str | None = None) -> TaughtProfession:
    """A Profession card from a teach form: its printed name and three taps. The name is given
    in one or more languages (`name_en`, `name_de`, `name_fr`: at least one), or as one
    `name` of no particular language (the deck pass, a form from before). The card's id and
    its taught name come from `name`, else the English name, else the German, else the
    French; `pid` fixes the id when the move already names the card."""
    names = {
        language: card_name(form.get(key))
        for language, key in NAME_KEYS.items()
        if card_name(form.get(key))
    }
    name = card_name(form.get("name")) or next(iter(names.values()), "")
    building, landscape, freedom = (
        str(form.get(k) or "") for k in ("building", "landscape", "freedom")
    )
    problems = []
    if not all(_readable(n) for n in (name, *names.values())):
        problems.append(
            _("Type the card's name as printed on it (letters, accents and digits allowed).")
        )
    if building not in BUILDINGS:
        problems.append(_("Tap the Building the card shows."))
    if landscape not in LANDSCAPES:
        problems.append(_("Tap the Landscape the card shows."))
    if freedom not in FREEDOMS:
        problems.append(_("Tap the Freedom the card shows."))
    pid = pid or profession_id(name)
    if name and not pid:
        problems.append(_("Give the name in letters Palazzo can read."))
    if pid == RECRUITING_CARD:
        problems.append(_("That is the Recruiting card, not a Profession card."))
    if problems:
        raise TeachError(" ".join(problems))  # whole sentences, each translated
    return TaughtProfession(pid, name, building, landscape, freedom, tuple(names.items()))


def _readable(name: str) -> bool:
    return bool(NAME_TEXT.fullmatch(name)) and any(ch.isalpha() for ch in name)


def name_languages(reader: str) -> list[tuple[str, str]]:
    """The languages a card's name is taught in, the reader's first: (code, its own name)."""
    order = sorted(NAME_LANGUAGES, key=lambda language: language != reader)
    return [(language, LANGUAGE_NAMES[language]) for language in order]


def typed_card(form, suffix: str = "") -> dict:
    """What a teach form carried, to draw it again as typed (bounded): the card, and the
    answer to "is this the Sculpteur?" (`same`) when Palazzo asked it."""
    typed = {k: str(form.get(k + suffix) or "")[:60] for k in PROFESSION_TAUGHT_KEYS}
    typed[SAME] = str(form.get(SAME + suffix) or "")[:NAME_MAX]
    return typed


# -- one card, many names -----------------------------------------------------------------------

SAME = "same"  # the teach form's answer to "is this the Sculpteur?": that card's id, or ANOTHER
ANOTHER = "another"


class SameCardQuestion(TeachError):
    """A card taught under a new name with the same three wishes as a card Palazzo knows:
    maybe that card, taught before in another language. A question for the player (the teach
    form asks it with two buttons), not a mistake."""

    def __init__(self, matches: list[str]):
        super().__init__(N_("Is this a card Palazzo already knows?"))
        self.matches = matches


def same_wishes(card: TaughtProfession, *catalogs) -> list[str]:
    """The cards known under another id that print `card`'s three wishes: a French phone's
    "Sculpteur" when a German phone teaches "Bildhauer". None when the id itself is known."""
    known = [c for c in catalogs if c is not None]
    if any(card.pid in c.professions for c in known):
        return []
    found: list[str] = []
    for catalog in known:
        for pid, entry in catalog.professions.items():
            if pid != RECRUITING_CARD and card.same_as(entry) and pid not in found:
                found.append(pid)
    return found


def same_card_question(form, *catalogs) -> list[str]:
    """What the teach form asks before teaching its card: the known cards it may be (empty
    when the form is not complete yet, is answered, or matches nothing). Every screen that
    teaches a card asks it: the seat's phone, the solo page, the catalog screen."""
    if form.get(SAME):
        return []
    try:
        card = read_profession(form)
    except TeachError:
        return []
    return same_wishes(card, *catalogs)


def same_card_choices(form, *catalogs) -> dict:
    """The question as a screen draws it (templates/princes/teach/_fields.html, same_card):
    `same`, the known cards the form's card may be, by id and name in the reader's language,
    and `typed_name`, the new name as typed (empty `same`: nothing to ask)."""
    found = [c for c in catalogs if c is not None]
    same = same_card_question(form, *found)
    return {
        "same": [
            {
                "id": pid,
                "name": profession_name(next(c for c in found if pid in c.professions), pid),
            }
            for pid in same
        ],
        "typed_name": card_name(
            next((form.get(k) for k in (*NAME_KEYS.values(), "name") if form.get(k)), "")
        ),
    }


def match_known(card: TaughtProfession, form, *catalogs) -> tuple[TaughtProfession, bool]:
    """The card a teach form means, and whether it is a known card gaining a name. A new name
    with a known card's three wishes is asked about first (SameCardQuestion): answered with
    that card's id, it is that card, with the name added in each language it has none in (a
    name it has is kept: a seat never renames a card); answered ANOTHER, a card of its own."""
    matches = same_wishes(card, *catalogs)
    answer = str(form.get(SAME) or "")
    if not matches or answer == ANOTHER:
        return card, False
    if answer not in matches:
        raise SameCardQuestion(matches)
    known = next(
        c.professions[answer] for c in catalogs if c is not None and answer in c.professions
    )
    names = dict(known.names)
    given = dict(card.names) or {current(): card.name}
    added = {language: name for language, name in given.items() if language not in names}
    named = TaughtProfession(
        answer,
        known.name,
        known.building,
        known.landscape,
        known.freedom,
        tuple({**names, **added}.items()),
    )
    return named, bool(added)


def known_differently(card: TaughtProfession, *catalogs) -> str | None:
    """Why a seat may not teach this card: a catalog already knows it with other wishes."""
    for catalog in catalogs:
        known = catalog.professions.get(card.pid) if catalog is not None else None
        if known is not None and not card.same_as(known):
            return _(
                "Palazzo already knows the %(card)s: %(building)s, %(landscape)s, %(freedom)s. "
                "Check the card; if Palazzo has it wrong, the host can change it on the catalog "
                "screen.",
                card=profession_name(catalog, card.pid),
                building=building_name(known.building),
                landscape=object_name(known.landscape),
                freedom=freedom_name(known.freedom),
            )
    return None


def needs_teaching(card: TaughtProfession, game, installed) -> bool:
    """Whether a seat's move must teach this card first. Raises TeachError when a catalog
    knows it with other wishes (changing it is the host's act) and CatalogError when the
    installation already knows a whole deck."""
    clash = known_differently(card, game, installed)
    if clash:
        raise TeachError(clash)
    known = any(c is not None and card.pid in c.professions for c in (game, installed))
    if not known and installed is not None:
        installed.merged({"professions": {card.pid: card.entry()}})  # 21 at most
    return not known


def read_cells(raw, kind: str | None = None) -> int:
    """A Landscape tile's size as tapped; `kind` names the tile in the question."""
    value = str(raw or "").strip()
    if not value.isdigit() or not 1 <= int(value) <= CELLS_MAX:
        if kind in LANDSCAPES:
            raise TeachError(
                _(
                    "Tap how many squares a %(landscape)s covers (1 to %(most)s).",
                    landscape=object_name(kind),
                    most=CELLS_MAX,
                )
            )
        raise TeachError(_("Tap how many squares the tile covers (1 to %(most)s).", most=CELLS_MAX))
    return int(value)


# -- the Automa deck --------------------------------------------------------------------------


def read_automa_card(form) -> tuple[str, dict]:
    """(number, the catalog's card format) from the compact editor: a row per object with its
    place on the card from the left (`at_<object>`, 1-5), its die modifier (`mod4_<object>`)
    and the 5-player one (`mod5_<object>`: "same" when the card shows one value, "Where just
    one value is shown, it applies to both", Rulebook, Solo rules, Auction phase, p. 12; "more"
    for one more; "other" for the value in `mod5x_<object>`). An object with no place is not on
    the card; one left without a place while the others fill every place but one takes it."""
    number = str(form.get("card") or "").strip()
    if not number.isdigit() or not 1 <= int(number) <= 99:
        raise TeachError(_("Type the number printed on the Automa card (1 to 99)."))
    number = str(int(number))
    rows = {o: _automa_row(form, o) for o in AUTOMA_OBJECTS}
    placed = {o: r["at"] for o, r in rows.items() if r["at"] is not None}
    unplaced = [o for o in AUTOMA_OBJECTS if o not in placed]
    free = [n for n in range(1, AUTOMA_SLOTS + 1) if n not in placed.values()]
    if len(unplaced) == 1 and len(free) == 1:
        placed[unplaced[0]] = free[0]
    seen: dict[int, str] = {}
    for o, at in placed.items():
        if at in seen:
            raise TeachError(
                _(
                    "Automa card %(number)s: the %(first)s and the %(second)s are both at place "
                    "%(place)s; tap each object's own place, left to right.",
                    number=number,
                    first=object_name(seen[at]),
                    second=object_name(o),
                    place=at,
                )
            )
        seen[at] = o
    for o in AUTOMA_OBJECTS:
        if o not in placed and rows[o]["mod4"] is not None:
            raise TeachError(
                _(
                    "Automa card %(number)s: tap where the %(name)s is on the card, counting "
                    "from the left.",
                    number=number,
                    name=object_name(o),
                )
            )
    auction = []
    for o in sorted(placed, key=placed.get):
        row = rows[o]
        mod5 = row["mod5"]
        if mod5 == "same":
            auction.append({"object": o, "mod": row["mod4"]})
        else:
            auction.append({"object": o, "mod4": row["mod4"], "mod5": mod5})
    panels = {"rounds": str(form.get("rounds") or ""), "auction": auction}
    for key, prefix in (("first_action", "first"), ("second_action", "second")):
        panels[key] = [
            a
            for a in (
                str(form.get(f"{prefix}_{i}") or "").strip() for i in range(AUTOMA_ACTION_SLOTS)
            )
            if a and a != "none"
        ]
    try:
        return number, automa_card_from_dict(number, panels)
    except CatalogError as e:
        raise TeachError(_plain_automa_error(e, number)) from e


def _modifier(raw: str) -> int | None:
    if raw in ("", "none"):
        return None
    if raw.isdigit() and int(raw) in MODIFIER_CHOICES:
        return int(raw)
    raise TeachError(
        _(
            'A die modifier is a number from 0 to %(last)s, not "%(given)s".',
            last=MODIFIER_CHOICES[-1],
            given=raw[:10],
        )
    )


def _automa_row(form, obj: str) -> dict:
    """One object's row of the editor: its place (or None), its modifiers."""
    at_raw = str(form.get(f"at_{obj}") or "").strip()
    if at_raw and not (at_raw.isdigit() and 1 <= int(at_raw) <= AUTOMA_SLOTS):
        raise TeachError(
            _("A place on the card is 1 to %(last)s, counted from the left.", last=AUTOMA_SLOTS)
        )
    mod4 = _modifier(str(form.get(f"mod4_{obj}") or "").strip())
    how = str(form.get(f"mod5_{obj}") or "same").strip()
    if how == "same":
        mod5: int | None | str = "same"
    elif how == "more":
        mod5 = (mod4 or 0) + 1
        if mod5 not in MODIFIER_CHOICES:
            raise TeachError(
                _("A die modifier is a number from 0 to %(last)s.", last=MODIFIER_CHOICES[-1])
            )
    elif how == "other":
        mod5 = _modifier(str(form.get(f"mod5x_{obj}") or "").strip())
    else:
        raise TeachError(_("With 5 players the modifier is the same, one more, or another."))
    return {"at": int(at_raw) if at_raw else None, "mod4": mod4, "mod5": mod5}


def _plain_automa_error(error: CatalogError, number: str) -> str:
    """The catalog's checks, said as what to tap on the card."""
    for needle, words in (
        (
            "rounds must be",
            N_("Automa card %(number)s: tap the rounds printed on the card's back."),
        ),
        (
            "top panel needs",
            N_("Automa card %(number)s: tap the objects of the top panel, left to right."),
        ),
        ("appears twice", N_("Automa card %(number)s: each object appears once in the top panel.")),
        (
            "first_action",
            N_(
                "Automa card %(number)s: tap Wolfgang's first action (middle panel), left to right."
            ),
        ),
        (
            "second_action",
            N_("Automa card %(number)s: tap his second action (bottom panel), left to right."),
        ),
    ):
        if needle in str(error):
            return _(words, number=number)
    return translate(error.template, error.params)


def deck_problems(cards: dict, adding: tuple[str, dict] | None = None) -> list[str]:
    """The deck's counts by back: 6 cards for rounds 1-2, 6 for 3-4, 9 for 5-7 (21 in all).
    With `adding`, whether that card would still fit."""
    counts = {g: 0 for g in AUTOMA_ROUND_GROUPS}
    for number, card in cards.items():
        if adding is not None and str(number) == adding[0]:
            continue
        if card.get("rounds") in counts:
            counts[card["rounds"]] += 1
    if adding is not None:
        group = adding[1]["rounds"]
        if counts[group] >= AUTOMA_DECK_SHAPE[group]:
            return [
                _(
                    "The deck has %(deck)s cards with rounds %(rounds)s on the back, and Palazzo "
                    "knows %(known)s already: check this card's back and number.",
                    deck=AUTOMA_DECK_SHAPE[group],
                    rounds=group,
                    known=counts[group],
                )
            ]
        return []
    return [
        _("rounds %(rounds)s: %(known)s of %(deck)s", rounds=g, known=counts[g], deck=want)
        for g, want in AUTOMA_DECK_SHAPE.items()
        if counts[g] != want
    ]


def deck_complete(cards: dict) -> bool:
    return len(cards) == AUTOMA_DECK and not deck_problems(cards)


def group_of_round(round_number: int) -> str:
    return next(
        (g for g, rounds in AUTOMA_GROUP_ROUNDS.items() if round_number in rounds),
        AUTOMA_ROUND_GROUPS[0],
    )


def next_missing_number(cards: dict) -> str:
    """The lowest card number 1-21 Palazzo does not know yet (the editor's default)."""
    known = {str(n) for n in cards}
    return next((str(n) for n in range(1, AUTOMA_DECK + 1) if str(n) not in known), "")


def group_with_room(cards: dict, prefer: str | None = None) -> str:
    """The back the editor ticks first: the round's own, else the first with cards missing."""
    counts = {g: 0 for g in AUTOMA_ROUND_GROUPS}
    for card in cards.values():
        if card.get("rounds") in counts:
            counts[card["rounds"]] += 1
    if prefer in counts:
        return prefer
    return next(
        (g for g in AUTOMA_ROUND_GROUPS if counts[g] < AUTOMA_DECK_SHAPE[g]),
        AUTOMA_ROUND_GROUPS[0],
    )


def automa_editor(
    number: str, cards: dict, *, typed=None, rounds: str | None = None, fixed_number=False
) -> dict:
    """What the one Automa card editor draws: the number, the back, a row per top-panel object
    (its place from the left, its modifiers), three slots per action panel; what was typed
    comes back as it was. A new card starts with no places, "—" and "the same": tapping each
    object's modifier in the card's order numbers the rows (static/automa-editor.js), so a card
    is about ten taps."""
    typed = {str(k): str(v) for k, v in (typed or {}).items()} if typed is not None else None
    known = cards.get(str(number)) if number else None
    rows = []
    for obj in AUTOMA_OBJECTS:
        row = {"object": obj, "name": object_name(obj), "at": "", "mod4": "none"}
        row.update(mod5="same", mod5x="none")
        if typed is not None:
            row.update(
                at=typed.get(f"at_{obj}", ""),
                mod4=typed.get(f"mod4_{obj}", "none") or "none",
                mod5=typed.get(f"mod5_{obj}", "same") or "same",
                mod5x=typed.get(f"mod5x_{obj}", "none") or "none",
            )
        elif known is not None:
            place = next((i for i, x in enumerate(known["auction"]) if x["object"] == obj), None)
            if place is not None:
                item = known["auction"][place]
                row.update(at=str(place + 1), mod4=_shown(item["mod4"]))
                if item["mod5"] != item["mod4"]:
                    more = item["mod5"] == (item["mod4"] or 0) + 1
                    row.update(mod5="more" if more else "other", mod5x=_shown(item["mod5"]))
        rows.append(row)
    actions = {}
    for key, prefix in (("first_action", "first"), ("second_action", "second")):
        chosen = []
        for i in range(AUTOMA_ACTION_SLOTS):
            if typed is not None:
                chosen.append(typed.get(f"{prefix}_{i}", "none") or "none")
            elif known is not None:
                chosen.append(known[key][i] if i < len(known[key]) else "none")
            else:
                chosen.append("none")
        actions[prefix] = chosen
    if typed is not None:
        back = typed.get("rounds", "")
    elif known is not None:
        back = known["rounds"]
    else:
        back = group_with_room(cards, rounds)
    return {
        "number": str(number),
        "fixed_number": fixed_number,
        "rounds": back,
        "round_options": [(g, _("Rounds %(rounds)s", rounds=g)) for g in AUTOMA_ROUND_GROUPS],
        "rows": rows,
        "places": [(str(n), str(n)) for n in range(1, AUTOMA_SLOTS + 1)],
        "modifiers": [str(n) for n in MODIFIER_CHOICES],
        "modifier_options": [("none", "—")] + [(str(n), f"+{n}") for n in MODIFIER_CHOICES],
        "mod5_options": [("same", _("same")), ("more", _("+1 more")), ("other", _("other"))],
        "actions": actions,
        "action_names": [(a, _(AUTOMA_ACTION_WORDS[a])) for a in AUTOMA_ACTIONS],
        "action_slots": range(AUTOMA_ACTION_SLOTS),
    }


def _shown(mod: int | None) -> str:
    return "none" if mod is None else str(mod)


# Wolfgang's actions in words (marked; translated where shown: the editor's chips, the solo page).
AUTOMA_ACTION_WORDS = {
    "work": N_("Work"),
    "build": N_("Build"),
    "profession": N_("Profession"),
    "freedom": N_("Freedom"),
    "bonus": N_("Bonus card"),
}


def choices() -> dict[str, list[tuple[str, str]]]:
    """What the teach fields offer, the same on every screen (templates/princes/teach/_fields.html),
    named in the reader's edition."""
    return {
        "buildings": [(b, building_name(b)) for b in BUILDINGS],
        "landscapes": [(k, object_name(k)) for k in LANDSCAPES],
        "freedoms": [(f, freedom_name(f)) for f in FREEDOMS],
        "sizes": [(str(n), str(n)) for n in range(1, CELLS_MAX + 1)],
        "name_languages": name_languages(current()),
    }
