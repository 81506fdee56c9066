"""`palazzo`: replay a log of either game, serve the app, manage the learned catalog."""

from __future__ import annotations

import argparse
import json
import sys

from events.boundedjson import JsonRefused, loads

from .games.princes.learned import LearnedCatalog, read_catalog_file
from .games.princes.rules import BUILTIN, Catalog, CatalogError, Refusal
from .service import instance
from .service.games import game_of_event

EXIT_REFUSED = 3
EXIT_USAGE = 2


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


def cmd_replay(args) -> int:
    catalog: Catalog = BUILTIN
    try:
        events = read_log(read_text(args.log), args.log)
        if args.catalog:
            catalog = BUILTIN.merged(read_catalog_file(args.catalog))
    except BadFile as e:
        return usage_error(str(e))
    except CatalogError as e:
        return usage_error(f"the catalog {args.catalog} cannot be used: {e}")
    try:
        game = game_of_event(events[0] if events else None)
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
    from .service.club import collect

    catalog: Catalog = BUILTIN
    try:
        if args.catalog:
            catalog = BUILTIN.merged(read_catalog_file(args.catalog))
    except BadFile as e:
        return usage_error(str(e))
    except CatalogError as e:
        return usage_error(f"the catalog {args.catalog} cannot be used: {e}")
    logs, unreadable = [], []
    for path in args.logs:
        try:
            logs.append((path, read_log(read_text(path), path)))
        except BadFile as e:
            unreadable.append({"file": path, "why": str(e)})
    found = collect(logs, catalog)
    princes = found.pop("princes_of_florence")
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
    store = LearnedCatalog(instance.folder(args.instance))
    try:
        if args.action == "export":
            text = json.dumps(store.export(), indent=1, sort_keys=True)
            if args.file:
                with open(args.file, "w", encoding="utf-8") as f:
                    f.write(text + "\n")
            else:
                print(text)
        elif args.action == "import":
            if not args.file:
                return usage_error("catalog import needs a FILE")
            store.teach(read_catalog_file(args.file))
            print(f"Imported {args.file} into {store.path.parent}")
        else:
            catalog = BUILTIN.merged(read_catalog_file(args.file)) if args.file else store.catalog()
            print(json.dumps(catalog.consistency(), indent=1))
    except OSError as e:
        return usage_error(f"cannot write {args.file}: {e.strerror or e}")
    except CatalogError as e:
        return usage_error(str(e))
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="palazzo", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a JSON Lines log through the rules")
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
        "--instance",
        help="the instance folder (default: $PALAZZO_INSTANCE, else the same folder "
        "`palazzo serve` uses)",
    )
    cp.set_defaults(func=cmd_catalog)
    return ap


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["serve"]:  # serve parses its own options
        return cmd_serve(argv[1:])
    args = parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
