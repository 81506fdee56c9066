"""A German phone and a French phone (and an English one) play one game in Chromium: each
reads its own language (words, names of things, notices, a refusal and its rulebook
citation), while the log they write together holds ids only."""

from __future__ import annotations

import json

import pytest

from companion.games.princes.rules import is_last_player
from tests.support import shots
from tests.support.phone_game import button, choose_hands, host_game, record, state
from tests.support.web_fixtures import BROWSER_WAIT

pytestmark = pytest.mark.browser

# Words a phone's language puts on its screen; none of them may reach the log.
GERMAN = ("Gaukler", "Passen", "Werkzahl", "Versteigerung", "Fürstentum")
FRENCH = ("Saltimbanque", "Passer", "valeur artistique", "enchère", "domaine")


def latest(page) -> str:
    return page.locator(".notices li.is-latest").inner_text()


def join(page, live_server, game_id, token):
    page.goto(f"{live_server}/games/{game_id}/join/{token}")
    page.wait_for_function(
        "() => Object.values(palazzo.feeds).some(f => f.source && f.source.readyState === 1)"
    )


def finish_auctions(app, game_id):
    """Whoever opens next leaves the auctions (the last one declines) until Phase B."""
    while (s := state(app, game_id)).phase == "auction":
        opener = s.auction["opener"]
        kind = "last_player_declined" if is_last_player(s, opener) else "auctions_left"
        record(app, game_id, str(opener), type=kind, player=opener)


def short_work(page, words: tuple[str, str, str]) -> str:
    """On this phone's turn (its words for "your turn", the Work menu and the Work button),
    complete a Work below the minimum: the refusal's text (checked to be that refusal)."""
    your_turn, menu, complete = words
    page.get_by_text(your_turn).first.wait_for()
    page.get_by_role("link", name=menu).tap()
    # The screen knows the rules will refuse it: the button is off and says why, in the
    # reader's language. A stale screen's tap would still reach the engine, which refuses it
    # inline: the button is turned on by hand here to see that refusal too.
    work = button(page, complete)
    assert work.is_disabled()
    assert page.locator("form:has([data-keep]) .why, form .why").first.inner_text()
    work.evaluate("b => { b.disabled = false; }")
    work.tap()
    refusal = page.locator(".refusal")
    refusal.wait_for()
    assert refusal.get_attribute("data-code") == "below_minimum"
    return refusal.inner_text()


def screenshot(page, name: str) -> None:
    """Only when scripts/screenshots runs: the README's pictures, never by the normal run."""
    shots.shoot(page, name, full_page=True)


@pytest.mark.screenshots
def test_a_german_and_a_french_phone_play_one_game(app, live_server, phones):
    game_id, tokens = host_game(app)
    choose_hands(app, game_id)
    ada, ben, cy = phones(locale="de-DE"), phones(locale="fr-FR"), phones()
    for page, token in zip((ada, ben, cy), tokens.seats, strict=True):
        page.set_default_timeout(BROWSER_WAIT)
        join(page, live_server, game_id, token)
    assert ada.locator("html").get_attribute("lang") == "de"
    assert ben.locator("html").get_attribute("lang") == "fr"
    assert cy.locator("html").get_attribute("lang") == "en"
    assert latest(ada).startswith("Du eröffnest eine Versteigerung")
    assert "Phase A (Versteigerung)" in ada.locator(".where").inner_text()
    assert "Phase d’enchères (A)" in ben.locator(".where").inner_text()
    assert "Dein Fürstentum" in ada.content() and "Votre domaine" in ben.content()

    # The auction: each phone names the Jester in its own edition's word.
    button(ada, "Gaukler").tap()
    ben.get_by_text("Votre enchère : le Saltimbanque est à 200 florins").first.wait_for()
    button(ben, "Monter à 300").tap()
    cy.get_by_text("Your bid: the Jester stands at 300 Florin").first.wait_for()
    button(cy, "Pass").tap()
    ada.get_by_text("Dein Gebot: Der Gaukler steht bei 300 Florin").first.wait_for()
    button(ada, "Passen").tap()
    ben.get_by_text("Vous avez remporté le Saltimbanque pour 300 florins").first.wait_for()
    ada.get_by_text("Ben hat den Gaukler für 300 Florin ersteigert").first.wait_for()
    cy.get_by_text("Ben won the Jester for 300 Florin").first.wait_for()

    # Phase B: Ada's Work falls short of the minimum; the rules refuse it, in German, citing
    # the German edition's section.
    finish_auctions(app, game_id)
    said = short_work(ada, ("Du bist am Zug", "Ein Werk vollbringen", "Das Werk vollbringen"))
    assert "liegt unter der Mindest-Werkzahl" in said, said
    assert "Regel: Phase B: Ein Werk vollbringen" in said, said
    screenshot(ada, "phone-de.png")

    # Ben's turn: the same refusal, in French, citing the French edition.
    ada.get_by_role("link", name="Zurück").tap()
    button(ada, "Zug beenden").tap()
    said = short_work(ben, ("À vous de jouer", "Réaliser une œuvre", "Réaliser l’œuvre"))
    assert "inférieure au minimum" in said, said
    assert "Règle\u202f: Réaliser une œuvre" in said, said
    screenshot(ben, "phone-fr.png")

    # The log the three phones wrote speaks no language: ids only.
    from companion.web.store import get_store

    with app.app_context():
        logged = json.dumps([e.payload for e in get_store().events(game_id)], ensure_ascii=False)
    assert '"object": "jester"' in logged
    for word in GERMAN + FRENCH:
        assert word.lower() not in logged.lower(), word
    for page in (ada, ben, cy):
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        unexpected = [e for e in page.errors if "422" not in e and "responseError" not in e]
        assert unexpected == [], page.errors  # a refusal answers 422, which the console notes
