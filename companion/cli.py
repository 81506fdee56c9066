"""`palazzo`: replay a log of either game, serve the app, manage the learned catalog, write
out the club setup's files."""

from __future__ import annotations

import argparse
import json
import sys

from events.boundedjson import JsonRefused, loads

from .deploy_files import cmd_deploy_files
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
