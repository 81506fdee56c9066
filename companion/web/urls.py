"""Absolute URLs for other devices to open (QR codes, share links).

The host often runs the browser on the serving laptop itself, at http://localhost:5000/;
a QR code with "localhost" in it would send each phone to itself. So loopback hosts are
swapped for the machine's LAN address, unless PUBLIC_BASE_URL pins the address or the server
listens on loopback only (`palazzo serve --host 127.0.0.1`: then no phone can reach it anyway,
and the QR codes show the address the server printed).
"""

from __future__ import annotations

import ipaddress

from flask import current_app, request, url_for

from .kept import kept_in_app


def _is_loopback(hostname: str) -> bool:
    if hostname.lower() in ("localhost", "localhost.localdomain") or hostname.endswith(
        ".localhost"
    ):
        return True
    try:
        return ipaddress.ip_address(hostname.strip("[]")).is_loopback
    except ValueError:
        return False


def _listening_on_loopback_only() -> bool:
    """`palazzo serve --host 127.0.0.1`: the LAN address would not answer, so the QR codes keep
    the address the server prints (and says no phone can reach)."""
    from companion.serve import WILDCARD_HOSTS, only_this_machine

    host = current_app.config.get("LISTEN_HOST")
    return host is not None and host not in WILDCARD_HOSTS and only_this_machine(str(host))


def public_base_url() -> str:
    """`scheme://host:port` (no trailing slash) that phones on the LAN can reach."""
    configured = current_app.config.get("PUBLIC_BASE_URL")
    if configured:
        return str(configured).rstrip("/")
    scheme = request.scheme
    hostname = request.host
    port = ""
    if hostname.startswith("["):  # [v6]:port
        end = hostname.find("]")
        hostname, port = hostname[: end + 1], hostname[end + 2 :]
    elif ":" in hostname:
        hostname, port = hostname.rsplit(":", 1)
    if _is_loopback(hostname) and not _listening_on_loopback_only():
        from companion.serve import lan_ip

        hostname = lan_ip()
        if ":" in hostname:
            hostname = f"[{hostname}]"
    return f"{scheme}://{hostname}{':' + port if port else ''}"


def public_url_for(endpoint: str, **values) -> str:
    """Like url_for(..., _external=True), but reachable from the other phones."""
    return public_base_url() + url_for(endpoint, **values)


URLS_KEPT = 4096  # links a process keeps built (games x seats x screens, with room)
URLS_KEY = "palazzo.kept_urls"  # in app.extensions: (script root, endpoint, values) -> URL


def kept_url_for(endpoint: str, **values) -> str:
    """`url_for`, built once per process for the same endpoint, values and script root (a
    panel's links and its live attributes are the same at every seq: building them was a
    tenth of its context, werkzeug's URL building ~35 µs a link). Only relative links, from
    endpoints named in full: nothing else of the request goes in."""
    key = (request.script_root, endpoint, *sorted(values.items()))
    try:
        hash(key)
    except TypeError:  # a list among the values (the ticked cards of a hand): built each time
        return url_for(endpoint, **values)
    return kept_in_app(URLS_KEY, key, lambda: url_for(endpoint, **values), URLS_KEPT)
