"""`palazzo`: replay a log of either game, serve the app, manage the learned catalog, write
out the club setup's files."""

# The rules, the catalog and the server are imported by the command that needs them, so
# `palazzo --help` (and a typo) answers at once instead of loading every game first.

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from events.boundedjson import JsonRefused, loads

if TYPE_CHECKING:
    from .games.princes.rules import Catalog

EXIT_OK = 0
EXIT_SERVE_FAILED = 1  # companion/serve.py: the port is taken, or the address is not this machine's
EXIT_PROBLEMS = 1  # `catalog check` listed problems
EXIT_USAGE = 2
EXIT_REFUSED = 3

EXIT_CODES = f"""exit status:
  {EXIT_OK}  done
  {EXIT_SERVE_FAILED}  serve: could not listen on the address and port asked for;
     catalog check: the catalog has problems (listed in its report)
  {EXIT_USAGE}  a usage error, or a file that cannot be used as what the command wants: missing,
     not UTF-8, not JSON Lines, an empty log, a catalog file given as a log (the
     message on stderr names the file, and the line where one is at fault)
  {EXIT_REFUSED}  replay: the rules refused an event of the log (the answer names the event's
     line, the refusal's code, why, and the rule; with --json as {{"error": {{...}}}})"""


class BadFile(Exception):
    """A file that cannot be read as what the command wants: exit 2 with this message."""


MAX_LOG_BYTES = 64 * 1024 * 1024  # a long game is a few hundred KB
MAX_LINE_BYTES = 64 * 1024


def read_text(path: str) -> str:
    """A file's text, UTF-8 (a byte order mark at the start is fine), or BadFile."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_LOG_BYTES + 1)
    except OSError as e:
        raise BadFile(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_LOG_BYTES:
        raise BadFile(f"{path} is far larger than any game's log")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        raise BadFile(
            f"{path} is not UTF-8 text (byte {raw[e.start]:#04x} at position {e.start}): "
            "a log is JSON Lines, as Palazzo exports it"
        ) from None


def read_log(text: str, name: str = "the log") -> list[dict]:
    """JSON Lines, one event object a line (blank lines skipped; events without a `seq` get
    their line number). A line that cannot be read as a JSON object within the limits is
    BadFile, naming the line; what the events say is the rules' to judge."""
    events = []
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = loads(line, max_bytes=MAX_LINE_BYTES)
        except JsonRefused as e:
            raise BadFile(f"{name}, line {i}: {e}") from None
        if not isinstance(event, dict):
            raise BadFile(
                f"{name}, line {i}: an event is a JSON object, not {type(event).__name__}"
            )
        event.setdefault("seq", i)
        events.append(event)
    return events


def read_log_file(path: str) -> list[dict]:
    """`read_log` of a file, with a message of its own for the two files people give by
    mistake: an empty one, and the catalog file that belongs after `--catalog`."""
    text = read_text(path)
    if not text.strip():
        raise BadFile(
            f"{path} is empty: a game's log holds one event a line (JSON Lines), "
            "starting with game_started, as Palazzo exports it"
        )
    try:
        events = read_log(text, path)
    except BadFile:
        if is_catalog(text):
            raise BadFile(catalog_not_log(path)) from None
        raise
    if "type" not in events[0] and is_catalog(text):
        raise BadFile(catalog_not_log(path))
    return events


def is_catalog(text: str) -> bool:
    """Whether `text` is one JSON object with a catalog file's sections and no event type."""
    from .games.princes.learned import MAX_CATALOG_BYTES, SECTIONS

    try:
        data = loads(text.removeprefix("\ufeff"), max_depth=5, max_bytes=MAX_CATALOG_BYTES)
    except JsonRefused:
        return False
    return isinstance(data, dict) and "type" not in data and any(k in data for k in SECTIONS)


def catalog_not_log(path: str) -> str:
    return (
        f"{path} is a catalog file, not a game's log: give it after --catalog, "
        f"as in `palazzo replay LOG.jsonl --catalog {path}`"
    )


def given_catalog(path: str | None) -> Catalog:
    """The built-in catalog with the file given to --catalog merged in (just the built-in one
    without a file); BadFile, naming the file, when it cannot be read or used."""
    from .games.princes.learned import read_catalog_file
    from .games.princes.rules import BUILTIN, CatalogError

    if not path:
        return BUILTIN
    try:
        return BUILTIN.merged(read_catalog_file(path))
    except CatalogError as e:
        raise BadFile(f"the catalog {path} cannot be used: {e}") from None


def cmd_replay(args) -> int:
    from .app import GAMES
    from .core.refusal import Refusal

    try:
        events = read_log_file(args.log)
        catalog = given_catalog(args.catalog)
    except BadFile as e:
        return usage_error(str(e))
    try:
        game = GAMES.of_event(events[0])
        state = game.replay(events, catalog)
    except Refusal as r:
        r.seq = getattr(r, "seq", 1)
        error = {"seq": r.seq, **r.to_dict()}
        if args.json:
            print(json.dumps({"error": error}))
        else:
            print(f"Event {r.seq} refused ({r.code}): {r.message}\nRule: {r.rule}")
        return EXIT_REFUSED
    out = game.summary(state)
    print(json.dumps(out) if args.json else game.describe(out))
    return 0


def cmd_stats(args) -> int:
    """The club's figures from finished logs; a log that cannot be read or did not reach the
    final scoring is listed as skipped, with why."""
    from .app import GAMES
    from .service.club import collect

    try:
        catalog = given_catalog(args.catalog)
    except BadFile as e:
        return usage_error(str(e))
    logs, unreadable = [], []
    for path in args.logs:
        try:
            logs.append((path, read_log(read_text(path), path)))
        except BadFile as e:
            unreadable.append({"file": path, "why": str(e)})
    found = collect(logs, GAMES, catalog)
    princes = found.pop(GAMES.default.id)
    out = {**princes, "skipped": unreadable + found.pop("skipped"), **found}
    print(json.dumps(out, ensure_ascii=False) if args.json else describe_stats(out))
    return 0


def describe_stats(s: dict) -> str:
    """The figures in a few readable lines (the command line speaks English)."""
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
    f = s.get("firenze")
    if f:
        lines.append(f"{f['games']} finished games of Firenze, mean score {f['mean_score']}")
        for pos, x in f["positions"].items():
            lines.append(f"  position {pos}: {x['wins']} wins in {x['games']} games")
        lines.append("  commissions: " + ", ".join(f"{c} {k}" for c, k in f["commissions"].items()))
    for x in s["skipped"]:
        lines.append(f"Skipped {x['file']}: {x['why']}")
    return "\n".join(lines)


def usage_error(message: str) -> int:
    print(f"palazzo: {message}", file=sys.stderr)
    return EXIT_USAGE


def cmd_serve(argv) -> int:
    from .serve import main as serve_main

    return serve_main(argv) or 0


def cmd_catalog(args) -> int:
    from .games.princes.learned import KnownEntries, LearnedCatalog
    from .games.princes.rules import CatalogError
    from .service import instance

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
    from .games.princes.learned import BY_COMMAND_PREFIX, read_catalog_file

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
    from .games.princes.learned import read_catalog_file
    from .games.princes.rules import BUILTIN

    catalog = BUILTIN.merged(read_catalog_file(file)) if file else store.catalog()
    report = catalog.consistency()
    print(json.dumps(report, indent=1))
    return EXIT_PROBLEMS if report["problems"] else EXIT_OK


def change_line(change: dict) -> str:
    """One change of the learned catalog, as the history words it (English, like the rest of
    the command line's output)."""
    from .games.princes.rules.catalog import taught_names

    what, was, now = change.get("what"), change.get("from"), change.get("to")
    if was is None:
        return f"  taught {what}: {now}"
    if was == now:  # the same wishes: names added (or, refused, names changed)
        names = taught_names(change.get("now") or {})
        return f"  named {what}: {', '.join(names.values())}"
    return f"  changed {what}: {was} -> {now}"


def cmd_deploy_files(args) -> int:
    from .deploy_files import cmd_deploy_files as write_out

    return write_out(args)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="palazzo",
        description=__doc__,
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = ap.add_subparsers(dest="command", required=True)
    rp = sub.add_parser(
        "replay",
        help="replay a JSON Lines log through the rules",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rp.add_argument("log")
    rp.add_argument("--catalog", help="a catalog file merged over the built-in one")
    rp.add_argument("--json", action="store_true", help="print one JSON object")
    rp.set_defaults(func=cmd_replay)
    st = sub.add_parser("stats", help="the club's figures from finished games' logs")
    st.add_argument("logs", nargs="+", metavar="LOG.jsonl")
    st.add_argument("--catalog", help="a catalog file merged over the built-in one")
    st.add_argument("--json", action="store_true", help="print one JSON object")
    st.set_defaults(func=cmd_stats)
    sub.add_parser("serve", help="serve the app on the LAN: palazzo serve [--host H] [--port P]")
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
    dp = sub.add_parser(
        "deploy-files",
        help="write the club setup's files (gunicorn, nginx, systemd, settings) into DIR",
    )
    dp.add_argument("dir")
    dp.add_argument("--force", action="store_true", help="replace files already in DIR")
    dp.set_defaults(func=cmd_deploy_files)
    return ap


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["serve"]:  # serve parses its own options
        return cmd_serve(argv[1:])
    args = parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
