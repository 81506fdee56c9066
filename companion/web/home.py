"""The landing page: where the host starts and where a lost phone ends up."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    return render_template("home.html")
