"""How `palazzo` ends, for the command line and the commands a game adds to it: one set of exit
statuses, and one way to say a usage error."""

from __future__ import annotations

import sys

EXIT_OK = 0
EXIT_SERVE_FAILED = 1  # companion/serve.py: the port is taken, or the address is not this machine's
EXIT_PROBLEMS = 1  # `catalog check` listed problems
EXIT_USAGE = 2
EXIT_REFUSED = 3
# the database cannot be used by this release: written by a newer one (its migration revision
# is unknown here), not Palazzo's, or an upgrade step failed (the database was left as it was)
EXIT_DATABASE = 4


def usage_error(message: str) -> int:
    print(f"palazzo: {message}", file=sys.stderr)
    return EXIT_USAGE
