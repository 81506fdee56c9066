"""What the upgrade test and the restore test compare: every game of a club's instance, as the
current code shows it, against the figures 0.1.0 wrote down when the data was made (never
recomputed by the code under test)."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from tests.data.upgrade.make_v0_1_0 import digest, page_text
from tests.platform import old_data


def app_on(folder: Path, url: str):
    from companion.app import create_app

    return create_app({"INSTANCE_PATH": folder, "DATABASE_URL": url, "TESTING": True})


def _tokens(folder: Path, game_id: str) -> dict:
    import json

    return json.loads((folder / "hosts" / f"{game_id}.json").read_text(encoding="utf-8"))


# What a later release shows on every page left lying on the table, beside the game: the
# switch that keeps the screen on (templates/_awake.html). Like the footer's release, which
# page_text leaves out, it is the device's, not the game's: 0.1.0's screens had none.
KEPT_AWAKE = re.compile(r'<div class="awake" data-awake>.*?</div>\s*</div>', re.S)


def words_of(html: str) -> str:
    """A page's words as 0.1.0's figures hold them: without what later releases put beside
    the game."""
    return page_text(KEPT_AWAKE.sub("", html, count=1))


def _same_words(
    seen: str, name: str, expected: dict, words: dict, release: str = "0.1.0"
) -> list[str]:
    if digest(seen) == expected["sha256"]:
        return []
    diff = difflib.unified_diff(words.get(name, "").splitlines(), seen.splitlines(), lineterm="")
    return [f"{name}: the words differ from {release}'s\n" + "\n".join(list(diff)[:40])]


def set_aside_later_rows(app, seen: bool) -> None:
    """make_v0_1_0.py wrote its figures, then opened a money check with one count (and, on
    PostgreSQL, noted a seat's phone as seen): rows the figures do not show. They must have
    come through the upgrade; then they are set aside, so the screens are 0.1.0's again.
    `seen`: the presence row is there (0.1.0's PostgreSQL dump; a backup keeps none)."""
    from sqlalchemy import text

    from companion.web.store import get_store

    engine = get_store(app).engine
    figures = old_data.figures()["games"]
    counted = figures["base_5p_grid_unfinished"]
    with engine.begin() as conn:
        checks = conn.execute(text("SELECT game_id, track, seq FROM count_checks")).all()
        assert [tuple(r) for r in checks] == [(counted["id"], "money", counted["seq"])]
        counts = conn.execute(text("SELECT seat, amount, seq FROM counts")).all()
        assert [tuple(r) for r in counts] == [(0, 3000, counted["seq"])]
        conn.execute(text("DELETE FROM counts"))
        conn.execute(text("DELETE FROM count_checks"))
        if seen:
            rows = conn.execute(text("SELECT game_id, seat FROM presence")).all()
            assert [tuple(r) for r in rows] == [(figures["base_3p_finished"]["id"], 0)]
            conn.execute(text("DELETE FROM presence"))


def compare(app, folder: Path, *, seen: bool = False) -> list[str]:
    """Every difference between what `app` shows of the club's games and what 0.1.0 showed
    (`seen`: as `set_aside_later_rows`)."""
    from companion import presence
    from companion.web.recording import get_table

    set_aside_later_rows(app, seen)
    presence.forget()  # this process's phones seen so far (SQLite's): 0.1.0's run saw none
    figures = old_data.figures()
    words = old_data.screens()
    problems = []
    with app.test_request_context():
        table = get_table(app)
        for name, old in figures["games"].items():
            game_id = old["id"]
            game = table.game(game_id)
            state = table.state(game_id)
            now = {
                "game": game.id,
                "seq": table.seq(game_id),
                "over": game.is_over(state),
                "summary": _json(game.summary(state)),
            }
            for key, value in now.items():
                if value != old[key]:
                    problems.append(f"{name}: {key} is {value!r}, 0.1.0 showed {old[key]!r}")
    for name, old in figures["games"].items():
        tokens = _tokens(folder, old["id"])
        roles = [("host", tokens["host"]), ("spectator", tokens["spectator"])]
        roles += [(f"seat {i}", t) for i, t in enumerate(tokens["seats"])]
        for role, token in roles:
            door = "host/join" if role == "host" else "join"
            page = app.test_client().get(
                f"/games/{old['id']}/{door}/{token}", follow_redirects=True
            )
            expected = old["screens"][role]
            if (page.status_code, page.request.path) != (expected["status"], expected["path"]):
                problems.append(
                    f"{name}/{role}: {page.status_code} {page.request.path}, 0.1.0 showed "
                    f"{expected['status']} {expected['path']}"
                )
            problems += _same_words(words_of(page.text), f"{name}/{role}", expected, words)
    client = app.test_client()
    for old in figures["games"].values():
        client.get(f"/games/{old['id']}/host/join/{_tokens(folder, old['id'])['host']}")
    club = client.get("/club")
    problems += _same_words(words_of(club.text), "club", figures["club"], words)
    return problems


def compare_club_pages(app, folder: Path, prefix: str) -> list[str]:
    """Every club page, filter by filter, whose words differ from what the release of
    `prefix` showed of the same club (tests/data/upgrade/make_<prefix>.py)."""
    from tests.data.upgrade import make_v0_2_0

    later = old_data.later(prefix)
    shown = make_v0_2_0.club_pages(app, folder)
    words = old_data.later_screens(prefix)
    problems = [f"{name}: not shown" for name in later["club"] if name not in shown]
    for name, seen in shown.items():
        release = prefix[1:].replace("_", ".")
        problems += _same_words(seen, name, later["club"][name], words, release)
    return problems


def _json(value):
    import json

    return json.loads(json.dumps(value))
