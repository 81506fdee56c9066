"""`palazzo`: replay a log of any game, serve the app, manage the learned catalog, write
out the club setup's files."""

# The server and the club's tools are imported by the command that needs them. The games come
# from the composition root (companion/app.py), and what one adds here (the Princes' `catalog`
# command and `--catalog` file) is its `Game.commands`: the parser asks every game for its
# commands, so `palazzo --help` loads the games' declarations (about half a second).

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from events.boundedjson import JsonRefused, loads

from .core.exits import (
    EXIT_DATABASE,
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_REFUSED,
    EXIT_SERVE_FAILED,
    EXIT_USAGE,
    usage_error,
)

EXIT_CODES = f"""exit status:
  {EXIT_OK}  done
  {EXIT_SERVE_FAILED}  serve: could not listen on the address and port asked for;
     catalog check: the catalog has problems (listed in its report)
  {EXIT_USAGE}  a usage error, or a file that cannot be used as what the command wants: missing,
     not UTF-8, not JSON Lines, an empty log, a catalog file given as a log (the
     message on stderr names the file, and the line where one is at fault)
  {EXIT_REFUSED}  replay: the rules refused an event of the log (the answer names the event's
     line, the refusal's code, why, and the rule; with --json as {{"error": {{...}}}});
     restore: the instance already holds games (--force replaces them)
  {EXIT_DATABASE}  migrate, backup, restore, serve: this release cannot use the database (a newer
     release wrote it, it is not Palazzo's, or an upgrade failed and left it as it was);
     migrate, backup, restore: the database cannot be reached or refuses the login"""

# the exit statuses, named here too for those who read them off the command line's module
__all__ = [
    "EXIT_DATABASE",
    "EXIT_OK",
    "EXIT_PROBLEMS",
    "EXIT_REFUSED",
    "EXIT_SERVE_FAILED",
    "EXIT_USAGE",
    "main",
]


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


def games_commands() -> list:
    """What each game adds to the command line (`Game.commands`), in the root's order."""
    from .app import GAMES

    return [game.commands() for game in GAMES if game.commands is not None]


def is_catalog(text: str) -> bool:
    """Whether `text` is a game's catalog file (one given where a log belongs)."""
    return any(commands.is_catalog(text) for commands in games_commands())


def catalog_not_log(path: str) -> str:
    return (
        f"{path} is a catalog file, not a game's log: give it after --catalog, "
        f"as in `palazzo replay LOG.jsonl --catalog {path}`"
    )


def given_catalog(path: str | None) -> Any:
    """The catalog the file given to --catalog makes, read by the game whose tables teach
    (None without a file: each game's built-in one); BadFile, naming the file, when it cannot
    be read or used."""
    if not path:
        return None
    readers = [commands.catalog for commands in games_commands() if commands.catalog]
    if not readers:
        raise BadFile("no game here reads a catalog: leave out --catalog")
    try:
        return readers[0](path)
    except ValueError as e:
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
        try:
            events = today(game, events, args.log)
        except BadFile as e:
            return usage_error(str(e))
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


def today(game, events: list[dict], name: str) -> list[dict]:
    """A log's events in the shapes of this release (older ones upcast by the game's
    `versions`); BadFile naming the line of one a newer release wrote."""
    from .core.versions import NewerShape

    out = []
    for event in events:
        try:
            out.append(game.versions.line(event))
        except NewerShape as newer:
            raise BadFile(f"{name}, line {event.get('seq')}: {newer.message}") from None
    return out


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
    first = found.pop(GAMES.default.id)  # the default game's figures stand at the top
    out = {**first, "skipped": unreadable + found.pop("skipped"), **found}
    print(json.dumps(out, ensure_ascii=False) if args.json else describe_stats(out, GAMES))
    return 0


def describe_stats(s: dict, games) -> str:
    """The figures in a few readable lines, each game's as it words them (the command line
    speaks English); the default game's are the top of `s`, the others' under their id."""
    lines = []
    for game in games:
        if game.commands is not None:
            figures = s if game is games.default else s.get(game.id) or {}
            lines += game.commands().describe_figures(figures)
    for x in s["skipped"]:
        lines.append(f"Skipped {x['file']}: {x['why']}")
    return "\n".join(lines)


def cmd_serve(argv) -> int:
    from .serve import main as serve_main

    return serve_main(argv) or 0


def _where(args):
    """The instance folder and database URL a club command works on (as the server's)."""
    from .service.instance import database_url, folder

    path = folder(args.instance)
    return path, args.database or database_url(path)


def _on_database(args, work) -> int:
    """`work(instance folder, database URL)`, with what stops it said in one sentence: a
    database this release cannot use (EXIT_DATABASE), unreachable or refusing the login."""
    from sqlalchemy.exc import SQLAlchemyError

    from events.migrate import SchemaError

    from .web.startup import describe, shown

    path, url = _where(args)
    try:
        return work(path, url)
    except SchemaError as error:
        return database_error(f"the database {shown(url)} cannot be used: {error}")
    except SQLAlchemyError as error:
        return database_error(describe(error, shown(url)))


def cmd_migrate(args) -> int:
    """Bring the instance's database up to this release's schema (the server does it too,
    at start); says where it stood and where it stands."""
    from events.engines import engine_for
    from events.migrate import head, upgrade

    from .web.startup import shown

    def work(_path, url) -> int:
        engine = engine_for(url)
        try:
            before, after = upgrade(engine)
        finally:
            engine.dispose()
        if before == after:
            print(f"The database {shown(url)} is up to date (revision {head()}).")
        else:
            was = before or "release 0.1.0"
            print(f"The database {shown(url)} was brought from {was} to {after}.")
        return EXIT_OK

    return _on_database(args, work)


def cmd_backup(args) -> int:
    """The whole club into one file, while the server goes on serving."""
    from .service.backup import backup
    from .web.startup import shown

    def work(path, url) -> int:
        try:
            end = backup(url, path, Path(args.file))
        except OSError as error:
            return usage_error(f"cannot write {args.file}: {error.strerror or error}")
        rows = ", ".join(f"{n} {name}" for name, n in end["tables"].items())
        print(
            f"Backed up {shown(url)} and {end['files']} files of {path} into {args.file} ({rows})."
        )
        return EXIT_OK

    return _on_database(args, work)


def cmd_restore(args) -> int:
    """A backup onto this instance: refused on one that holds games, unless --force."""
    from .app import GAMES
    from .service.backup import BadBackup, NotEmpty, read, restore
    from .web.startup import shown

    def work(path, url) -> int:
        try:
            done = restore(read(Path(args.file), GAMES), url, path, force=args.force)
        except BadBackup as error:
            return usage_error(str(error))
        except NotEmpty as error:
            print(f"palazzo: {error}", file=sys.stderr)
            return EXIT_REFUSED
        print(
            f"Restored {done['games']} games and {done['files']} files from {args.file} onto "
            f"{shown(url)} and {path}."
        )
        return EXIT_OK

    return _on_database(args, work)


def database_error(message: str) -> int:
    """This release cannot use the database: said on stderr and in the log."""
    import logging

    if logging.getLogger().handlers:  # a service's log (else stderr is the log)
        logging.getLogger("palazzo").error("%s", message)
    print(f"palazzo: {message}", file=sys.stderr)
    return EXIT_DATABASE


def cmd_deploy_files(args) -> int:
    from .deploy_files import cmd_deploy_files as write_out

    return write_out(args)


def _club_command(sub, name: str, help: str, func):
    """A command on the whole club's instance: its folder and database, as the server's."""
    command = sub.add_parser(
        name, help=help, epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    command.add_argument("--instance", help="the instance folder (default: as the server's)")
    command.add_argument(
        "--database", help="the database URL (default: PALAZZO_DATABASE_URL, as the server's)"
    )
    command.set_defaults(func=func)
    return command


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="palazzo",
        description=__doc__,
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from events.version import release

    ap.add_argument("--version", action="version", version=f"palazzo {release()}")
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
    for commands in games_commands():
        commands.add(sub)  # a game's own commands (the Princes' `catalog`)
    _club_command(
        sub,
        "migrate",
        "bring the database up to this release's schema (the server does it at start)",
        cmd_migrate,
    )
    bk = _club_command(
        sub,
        "backup",
        "the whole club (games, figures, catalog, join links, session key) into FILE",
        cmd_backup,
    )
    bk.add_argument("file", metavar="FILE")
    rs = _club_command(
        sub,
        "restore",
        "put a backup onto this instance (SQLite or PostgreSQL, as it uses)",
        cmd_restore,
    )
    rs.add_argument("file", metavar="FILE")
    rs.add_argument("--force", action="store_true", help="replace the games it holds")
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
