"""Join tokens never reach a log line.

A join link carries its seat's token in the path (`/games/<id>/join/<token>`), and paths end up
in log lines: Flask's "Exception on /games/.../join/... [GET]" on a 500, a server's access log,
a traceback's message. Whoever reads the log would hold the seat. Every log record is masked as
it is made (a log record factory, so every logger and every handler, including ones added
later, sees only the masked text): the message, its arguments and its traceback text.
"""

from __future__ import annotations

import logging
import re

TOKEN_IN_PATH = re.compile(r"(/join/)[^/\s?#\"'<>]+")
MASK = r"\1[token]"
_installed = False


def mask(text: str) -> str:
    return TOKEN_IN_PATH.sub(MASK, text)


def install() -> None:
    """Mask every log record from now on in this process (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    make_record = logging.getLogRecordFactory()

    def masked_record(*args, **kwargs) -> logging.LogRecord:
        record = make_record(*args, **kwargs)
        try:
            text = record.getMessage()
        except Exception:  # a broken format string: let logging report it as usual
            return record
        masked = mask(text)
        if masked != text:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = mask(logging.Formatter().formatException(record.exc_info))
        return record

    logging.setLogRecordFactory(masked_record)
