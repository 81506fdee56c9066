"""The landing page: where the host starts and where a lost phone ends up."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html")


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for this on pages that are not ours (plain-text answers, downloads)."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)
