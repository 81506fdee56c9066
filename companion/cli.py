"""`palazzo`: replay a log of either game, serve the app, manage the learned catalog."""

from __future__ import annotations

import argparse
import json
import sys

from .games import game_of_event
from .rules import BUILTIN, Catalog, CatalogError, Refusal

EXIT_REFUSED = 3
EXIT_USAGE = 2


def read_log(text: str) -> tuple[list, Refusal | None]:
    """JSON Lines up to the first line that is not a JSON object, which is refused, not crashed
    on; blank lines are skipped. Events without a `seq` get their line number."""
    events = []
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            event = None
        if not isinstance(event, dict):
            bad = Refusal("bad_event", f"Line {i} is not a JSON object")
            bad.seq = i
            return events, bad
        event.setdefault("seq", i)
        events.append(event)
    return events, None


def cmd_replay(args) -> int:
    try:
        with open(args.log, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        print(f"palazzo: cannot read {args.log}: {e.strerror}", file=sys.stderr)
        return EXIT_USAGE
    catalog: Catalog = BUILTIN
    if args.catalog:
        try:
            with open(args.catalog, encoding="utf-8") as f:
                catalog = BUILTIN.merged(json.load(f))
        except (OSError, ValueError, CatalogError) as e:
            print(f"palazzo: the catalog {args.catalog} cannot be used: {e}", file=sys.stderr)
            return EXIT_USAGE
    events, unreadable = read_log(text)
    try:
        game = game_of_event(events[0] if events else None)
        state = game.replay(events, catalog)
        if unreadable:
            raise unreadable
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


def cmd_serve(argv) -> int:
    from .serve import main as serve_main

    return serve_main(argv) or 0


def cmd_catalog(args) -> int:
    from .learned import LearnedCatalog

    store = LearnedCatalog(args.instance)
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
                print("palazzo: catalog import needs a FILE", file=sys.stderr)
                return EXIT_USAGE
            with open(args.file, encoding="utf-8") as f:
                store.import_file(f.read())
            print(f"Imported {args.file}")
        else:
            check = store.catalog().consistency()
            print(json.dumps(check, indent=1))
    except (OSError, CatalogError) as e:
        print(f"palazzo: {e}", file=sys.stderr)
        return EXIT_USAGE
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
    cp.add_argument("--instance", help="the instance folder (default: $PALAZZO_INSTANCE)")
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
