"""A template's words take the article their name needs too (companion.core.grammar): the
table screen's "won the %(object)s" reads "hat den Gaukler ersteigert", "a remporté la Forêt",
the markup escaped as any value is."""

from __future__ import annotations

import pytest
from flask import render_template_string
from flask_babel import get_translations
from markupsafe import Markup

from companion.core.refusal import Named

WON = '{{ _("won the %(object)s", object=thing) }}'


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
def test_a_template_says_the_agreeing_article(app, language, thing, said):
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


SAID_TWICE = (
    '{{ _("Build") }}|{{ _("Build") }}|{{ _("%(name)s × %(num)s", name=n, num=2) }}|'
    '{{ _("%(name)s × %(num)s", name=n, num=3) }}|{{ _("won the %(object)s", object=n) }}|'
    '{{ _("won the %(object)s", object=n) }}|{{ _("100%% <sure>") }}|{{ _("100%% <sure>") }}'
)


@pytest.mark.parametrize("autoescape", [True, False])
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_word_said_again_is_the_same_as_the_full_path_says_it(
    app, words_in_full, language, autoescape
):
    """A language keeps its plain words once said (companion/web/i18n.py): the second time a
    word is said, and each word with its parameters, reads exactly as the full path
    (translated and filled each time) says it, escaped the same (a template without
    autoescape gets the raw text)."""
    template = (
        SAID_TWICE if autoescape else "{% autoescape false %}" + SAID_TWICE + "{% endautoescape %}"
    )

    def said_twice() -> list[str]:
        said = []
        for _ in range(2):  # the second request finds every word kept
            with app.test_request_context(f"/?lang={language}"):
                said.append(render_template_string(template, n="<Gaukler>"))
        return said

    kept_path = said_twice()
    with app.test_request_context(f"/?lang={language}"):
        assert ("Build", autoescape) in getattr(get_translations(), "_palazzo_words", {})
    with words_in_full():
        full_path = said_twice()
    said = {True: kept_path, False: full_path}
    assert said[True] == said[False] and len(set(said[True])) == 1
    parts = said[True][0].split("|")
    assert parts[0] == parts[1] and parts[4] == parts[5] and parts[6] == parts[7]
    assert parts[6] == "100% <sure>"  # the template's own text is markup, `%%` one `%`
    name = "&lt;Gaukler&gt;" if autoescape else "<Gaukler>"
    assert name in parts[2] and parts[2].endswith("2") and parts[3].endswith("3")
    if language == "de":
        assert parts[0] == "Bauen" and parts[4] == f"hat den {name} ersteigert"
