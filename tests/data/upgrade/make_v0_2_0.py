"""Old data for the restore of an older backup: 0.1.0's club as release 0.2.0 backs it up (its
database at migration revision 0002), and the club page 0.2.0 showed of it, filter by filter.

Run deliberately, and only on the code whose data it makes (0.2.0, revision 0002), never from
the suite:

    .venv/bin/python -m tests.data.upgrade.make_v0_2_0

It opens 0.1.0's SQLite club (tests/data/upgrade/v0_1_0.*) with that code, which brings the
database up to 0002 as it starts, then writes into this folder:

- `v0_2_0.backup.gz`: what `palazzo backup FILE` writes of that instance (its header names
  revision 0002): every table's rows in 0002's shape (the club's with their `solo` column),
  the instance's files;
- `v0_2_0.figures.json`: the revision, and the digest of the words of the club page as 0.2.0
  showed it, unfiltered and for each player count and expansion filter (a solo game of the
  Princes counts whatever the player count: the filters show which buckets are summed);
- `v0_2_0.screens.json.gz`: those words in full, for a failing comparison to show.

Each game's own screens are 0.1.0's (the upgrade test holds them so): the restore test
compares a restored club with `v0_1_0.figures.json` for those, and with these for the club
page.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PREFIX = "v0_2_0"
# the club page's filters (companion/web/club.py): every player count, each expansion, none
FILTERS = (
    "",
    *(f"?players={n}" for n in range(1, 6)),
    "?expansions=none",
    "?expansions=muse_princess",
    "?expansions=cooperative",
    "?players=3&expansions=none",
)


def club_pages(app, folder: Path) -> dict[str, str]:
    """The club page's words for each filter, as the host of every game sees it."""
    from tests.platform import old_data
    from tests.platform.upgrade_check import words_of

    client = app.test_client()
    for old in old_data.figures()["games"].values():
        tokens = json.loads((folder / "hosts" / f"{old['id']}.json").read_text(encoding="utf-8"))
        client.get(f"/games/{old['id']}/host/join/{tokens['host']}")
    pages = {}
    for query in FILTERS:
        page = client.get(f"/club{query}")
        assert page.status_code == 200, query
        pages[f"club{query}"] = words_of(page.text)
    return pages


def main() -> int:
    os.environ.pop("PALAZZO_DATABASE_URL", None)
    from companion.cli import main as palazzo
    from events import migrate
    from tests.data.upgrade.make_v0_1_0 import digest
    from tests.platform import old_data
    from tests.platform.upgrade_check import app_on

    work = Path(tempfile.mkdtemp(prefix="palazzo-old-"))
    folder = old_data.sqlite_instance(work / "instance")
    app = app_on(folder, f"sqlite:///{folder / 'palazzo.db'}")
    pages = club_pages(app, folder)
    from companion.web.store import get_store

    revision = migrate.revision(get_store(app).engine)
    get_store(app).close()
    target = HERE / f"{PREFIX}.backup.gz"
    assert palazzo(["backup", str(target), "--instance", str(folder)]) == 0
    figures = {
        "revision": revision,
        "club": {name: {"sha256": digest(text)} for name, text in pages.items()},
    }
    (HERE / f"{PREFIX}.figures.json").write_text(
        json.dumps(figures, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    )
    (HERE / f"{PREFIX}.screens.json.gz").write_bytes(
        gzip.compress(json.dumps(pages, indent=0, sort_keys=True).encode(), mtime=0)
    )
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
