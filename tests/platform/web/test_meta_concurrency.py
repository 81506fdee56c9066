"""A game's meta (seat keys, cards claimed, the solo chance) is changed by requests that run at
the same moment: phones claiming cards, the host re-issuing a link. Each change is one key,
changed in one transaction (`EventStore.update_meta`), so none is lost, on SQLite and on
PostgreSQL."""

from __future__ import annotations

import threading

import pytest

from tests.support.phone_game import as_seat, post_event
from tests.support.phone_probing import claims_counted, two_player_action_phase

PHONES = 5
CLAIMS_EACH = 4
LINKS_REISSUED = 4


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def app_config(request) -> dict:
    if request.param == "postgres":
        return {"DATABASE_URL": request.getfixturevalue("pg_fresh_url")}
    return {}


def test_claims_and_links_changed_at_the_same_moment_are_all_kept(app):
    """Carla's phones (she has several tabs open) name, at once, a card Palazzo cannot give
    her, while the host re-issues Dario's link again and again: every claim is counted (the
    table is told how often she probed), and the last link is the one that joins, none of it
    overwritten by another request's copy of the meta."""
    from companion.service.tokens import META_KEY, hash_token, reissue_seat_token
    from companion.web.store import get_store

    game_id = two_player_action_phase(app)
    before = claims_counted(app, game_id).get("0", 0)
    phones = []
    for _ in range(PHONES):
        client = app.test_client()
        as_seat(client, game_id, 0)
        phones.append(client)
    start = threading.Barrier(len(phones) + 1)
    failed: list = []
    links: list[str] = []

    def tap(client):
        start.wait()
        for _ in range(CLAIMS_EACH):
            r = post_event(client, game_id, type="profession_taken", player="0", profession="mason")
            if r.status_code != 422:
                failed.append((r.status_code, r.text[:300]))

    def reissue():
        start.wait()
        with app.app_context():
            for _ in range(LINKS_REISSUED):
                links.append(reissue_seat_token(get_store(app), game_id, 1))

    threads = [threading.Thread(target=tap, args=(c,)) for c in phones]
    threads.append(threading.Thread(target=reissue))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failed == []
    assert claims_counted(app, game_id).get("0", 0) == before + PHONES * CLAIMS_EACH
    with app.app_context():
        hashes = get_store(app).game(game_id).meta[META_KEY]
    assert hashes["seats"][1] == hash_token(links[-1]) and hashes["reissued"] == [1]
