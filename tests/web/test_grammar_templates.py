"""A template's words take the article their name needs too (companion.core.grammar): the
table screen's "won the %(object)s" reads "hat den Gaukler ersteigert", "a remporté la Forêt",
the markup escaped as any value is."""

from __future__ import annotations

import pytest
from flask import render_template_string
from markupsafe import Markup

from companion.core.refusal import Named

WON = '{{ _("won the %(object)s", object=thing) }}'


@pytest.mark.parametrize("render_once", [True, False])
@pytest.mark.parametrize(
    "language, thing, said",
    [
        ("de", Named("objects", "jester", "Jester"), "hat den Gaukler ersteigert"),
        ("de", Named("objects", "prestige", "Prestige card"), "hat die Prestigekarte ersteigert"),
        ("fr", Named("objects", "forest", "Forest"), "a remporté la Forêt"),
        ("fr", Named("objects", "builder", "Builder"), "a remporté l’Architecte"),
        ("en", Named("objects", "jester", "Jester"), "won the Jester"),
    ],
)
def test_a_template_says_the_agreeing_article(app, render_once, language, thing, said):
    app.config["RENDER_ONCE"] = render_once
    from companion.core.lang import words

    with app.test_request_context(f"/?lang={language}"):
        assert render_template_string(WON, thing=words(thing)) == said


def test_a_name_in_markup_stays_escaped_once(app):
    with app.test_request_context("/?lang=de"):
        assert (
            render_template_string(WON, thing="<Gaukler>") == "hat den &lt;Gaukler&gt; ersteigert"
        )
        assert render_template_string(WON, thing=Markup("<b>Gaukler</b>")) == (
            "hat den <b>Gaukler</b> ersteigert"
        )


def test_a_plural_in_a_template_is_filled_as_before(app):
    with app.test_request_context("/?lang=de"):
        text = render_template_string('{{ ngettext("%(num)d card", "%(num)d cards", 3) }}')
    assert text == "3 Karten"
