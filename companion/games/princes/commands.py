"""What the Princes add to the command line (`palazzo`, companion/cli.py, which names no game):
the `--catalog FILE` that `replay` and `stats` read, the `catalog` command over the
installation's learned catalog, and the club's figures in a few readable lines.

The command line speaks English, like the rest of its output."""

from __future__ import annotations

import json
import sys

from companion.core.exits import EXIT_OK, EXIT_PROBLEMS, usage_error
from companion.core.game import GameCommands
from companion.service.for_games import instance
from events.boundedjson import JsonRefused, loads

from .learned import (
    BY_COMMAND_PREFIX,
    MAX_CATALOG_BYTES,
    SECTIONS,
    KnownEntries,
    LearnedCatalog,
    read_catalog_file,
)
from .rules import BUILTIN, CatalogError
from .rules.catalog import taught_names


def is_catalog(text: str) -> bool:
    """Whether `text` is one JSON object with a catalog file's sections and no event type."""
    try:
        data = loads(text.removeprefix("\ufeff"), max_depth=5, max_bytes=MAX_CATALOG_BYTES)
    except JsonRefused:
        return False
    return isinstance(data, dict) and "type" not in data and any(k in data for k in SECTIONS)


def given_catalog(path: str):
    """The built-in catalog with the file given to --catalog merged in; ValueError naming what
    is wrong when it cannot be read or used."""
    try:
        return BUILTIN.merged(read_catalog_file(path))
    except CatalogError as e:
        raise ValueError(str(e)) from None


def cmd_catalog(args) -> int:
    store = LearnedCatalog(instance.folder(args.instance))
    try:
        if args.action == "export":
            return _catalog_export(store, args.file)
        if args.action == "import":
            return _catalog_import(store, args.file, replace=args.replace)
        return _catalog_check(store, args.file)
    except KnownEntries as e:
        for change in e.changes:
            print(change_line(change), file=sys.stderr)
        return usage_error(
            f"{args.file} would change {len(e.changes)} "
            f"{'entry' if len(e.changes) == 1 else 'entries'} this catalog knows (above): "
            "nothing was imported; run it again with --replace to change them"
        )
    except OSError as e:
        return usage_error(f"cannot write {args.file}: {e.strerror or e}")
    except CatalogError as e:
        where, message = str(args.file or ""), str(e)
        return usage_error(message if where in message else f"{where}: {message}")


def _catalog_export(store, file: str | None) -> int:
    text = json.dumps(store.export(), indent=1, sort_keys=True)
    if file:
        with open(file, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        print(text)
    return EXIT_OK


def _catalog_import(store, file: str | None, *, replace: bool) -> int:
    """Each change the file makes, told; a file that would change a known entry is refused
    whole unless `replace` (KnownEntries)."""
    if not file:
        return usage_error("catalog import needs a FILE")
    changes = store.import_catalog(
        read_catalog_file(file), BY_COMMAND_PREFIX + file, replace=replace
    )
    for change in changes:
        print(change_line(change))
    if changes:
        print(f"Imported {file} into {store.path.parent}")
    else:
        print(f"Nothing new in {file}: {store.path.parent} knows all of it")
    return EXIT_OK


def _catalog_check(store, file: str | None) -> int:
    """The catalog's consistency report; exit 1 when it lists problems."""
    catalog = BUILTIN.merged(read_catalog_file(file)) if file else store.catalog()
    report = catalog.consistency()
    print(json.dumps(report, indent=1))
    return EXIT_PROBLEMS if report["problems"] else EXIT_OK


def change_line(change: dict) -> str:
    """One change of the learned catalog, as the history words it."""
    what, was, now = change.get("what"), change.get("from"), change.get("to")
    if was is None:
        return f"  taught {what}: {now}"
    if was == now:  # the same wishes: names added (or, refused, names changed)
        names = taught_names(change.get("now") or {})
        return f"  named {what}: {', '.join(names.values())}"
    return f"  changed {what}: {was} -> {now}"


def add_commands(sub) -> None:
    cp = sub.add_parser("catalog", help="export, import or check the learned catalog")
    cp.add_argument("action", choices=["export", "import", "check"])
    cp.add_argument("file", nargs="?")
    cp.add_argument(
        "--replace",
        action="store_true",
        help="import: let the file change entries this catalog already knows",
    )
    cp.add_argument(
        "--instance",
        help="the instance folder (default: $PALAZZO_INSTANCE, else the same folder "
        "`palazzo serve` uses)",
    )
    cp.set_defaults(func=cmd_catalog)


def describe_figures(s: dict) -> list[str]:
    """The club's figures of the Princes in a few readable lines."""
    lines = [f"{s['games']} finished games of The Princes of Florence"]
    for obj, a in s["auctions"].items():
        rounds = ", ".join(
            f"round {r}: {x['bought']} at {x['mean_price']}" for r, x in a["by_round"].items()
        )
        lines.append(f"  {obj}: bought {a['bought']}, mean price {a['mean_price']} ({rounds})")
    w = s["works"]
    lines.append(f"Works completed: {w['completed']}, mean Work Value {w['mean_value']}")
    for r, x in w["by_round"].items():
        lines.append(f"  round {r}: {x['completed']} Works, mean value {x['mean_value']}")
    lines.append("Wins by position (1 = the start player):")
    for pos, x in s["positions"].items():
        lines.append(f"  {pos}: {x['wins']} wins in {x['games']} games")
    lines.append("Players:")
    for name, p in s["players"].items():
        lines.append(f"  {name}: {p['wins']} wins in {p['games']} games, mean {p['mean_score']} PP")
    for level, x in s["wolfgang"].items():
        lines.append(
            f"Wolfgang ({level}): {x['wins']} wins in {x['games']} games, "
            f"mean margin {x['mean_margin']}"
        )
    return lines


COMMANDS = GameCommands(
    catalog=given_catalog,
    is_catalog=is_catalog,
    add=add_commands,
    describe_figures=describe_figures,
)
