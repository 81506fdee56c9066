"""Answer only to the names this server is reached by, so DNS rebinding fails.

A web page anywhere can point its own domain at the host's LAN address and then talk to Palazzo
from inside the host's browser (the catalog screen trusts the serving machine). Such requests
carry the attacker's name in `Host`; every request whose `Host` is not one of ours is refused
before any view runs. Ours: any bare IP address (an address cannot be rebound: the page would
be of that origin itself), `localhost`, this machine's name (and `NAME.local`), the name of
PALAZZO_PUBLIC_URL, and the names in PALAZZO_ALLOWED_HOSTS (comma-separated; for a reverse
proxy: `palazzo.example.org`, or `.example.org` for a domain and its subdomains, or `*` to turn
the check off). Config key: ALLOWED_HOSTS (a list).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, request

from companion.core.lang import _

LOCAL_NAMES = ("localhost", "localhost.localdomain")


def default_hosts() -> list[str]:
    names = list(LOCAL_NAMES)
    me = socket.gethostname().lower().rstrip(".")
    if me:
        names += [me, me.split(".")[0] + ".local"]
    extra = os.environ.get("PALAZZO_ALLOWED_HOSTS", "")
    names += [h.strip().lower() for h in extra.split(",") if h.strip()]
    public = os.environ.get("PALAZZO_PUBLIC_URL")
    if public:
        names.append((urlsplit(public).hostname or "").lower())
    return [n for n in dict.fromkeys(names) if n]


def host_name(host: str) -> str:
    """The name part of a Host header: no port, no IPv6 brackets, lower case, no final dot."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else ""
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def allowed(host: str, names: list[str]) -> bool:
    name = host_name(host)
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    for pattern in names:
        if pattern == "*" or name == pattern:
            return True
        if pattern.startswith(".") and (name.endswith(pattern) or name == pattern[1:]):
            return True
    return False


def check_host():
    raw = request.environ.get("HTTP_HOST") or request.environ.get("SERVER_NAME", "")
    if not allowed(raw, current_app.config["ALLOWED_HOSTS"]):
        abort(
            400,
            description=_(
                "This server does not answer to that name. Open the address the host's "
                "screen shows."
            ),
        )


def init_app(app: Flask) -> None:
    app.config.setdefault("ALLOWED_HOSTS", default_hosts())
    app.before_request(check_host)
