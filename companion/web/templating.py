"""Helpers every template can call (besides csrf_token/csrf_field and live_attrs, which
live with their modules)."""

from __future__ import annotations

from flask import Flask
from markupsafe import Markup

from companion import qr
from companion.teaching import CHOICES, FIRST_TIME_QUESTIONS

from .urls import public_base_url, public_url_for


def qr_svg(data: str, label: str = "QR code") -> Markup:
    """Inline SVG QR code: `{{ qr_svg(public_url_for('seat.join', token=t)) }}`.

    Inline, not an <img src="/qr?u=...">, so join tokens never appear in a request line.
    """
    return Markup(qr.qr_svg(str(data), label=label))


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        qr_svg=qr_svg,
        public_url_for=public_url_for,
        public_base_url=public_base_url,
        teach_choices=CHOICES,
        first_time_questions=FIRST_TIME_QUESTIONS,
    )
