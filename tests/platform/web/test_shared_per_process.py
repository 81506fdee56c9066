"""What the web tests share between the apps they build (tests/support/web_fixtures.py) gives what each
app would have made for itself, and is made anew when what it was made from differs.

SharedBuilderRule: a shared URL builder builds exactly the URLs werkzeug's own would; rules
that differ in what the builder is made from do not share one. SharedMessages: a message
catalog is read once, and read again when the file changes."""

from __future__ import annotations

import babel.support
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from flask import Flask
from werkzeug.routing import BaseConverter, Map, Rule

from companion.app import create_app
from companion.core import lang
from tests.support.web_fixtures import SharedBuilderRule, SharedMessages


def sample_values(rule: Rule) -> dict:
    """A value for each of the rule's variables its converter turns into a URL part."""
    values: dict = {}
    for name, converter in rule._converters.items():
        kind = type(converter).__name__
        values[name] = 7 if kind in ("IntegerConverter", "NumberConverter") else f"v-{name}"
    return values


def built(app: Flask) -> dict:
    """Every rule's URL for sample values, plus one unknown value (the query string)."""
    urls: dict = {}
    with app.test_request_context():
        adapter = app.url_map.bind("palazzo.test")
        for rule in app.url_map.iter_rules():
            values = sample_values(rule)
            urls[(rule.endpoint, rule.rule)] = (
                rule.build(values, append_unknown=False),
                rule.build({**values, "extra": "x y"}),
                adapter.build(rule.endpoint, values, force_external=True),
            )
    return urls


def test_two_apps_rules_build_what_werkzeugs_own_rules_build(tmp_path, monkeypatch):
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    first = create_app({"INSTANCE_PATH": tmp_path / "a", "TESTING": True})
    second = create_app({"INSTANCE_PATH": tmp_path / "b", "TESTING": True})
    with monkeypatch.context() as plain:
        plain.setattr(Flask, "url_rule_class", Rule)
        own = create_app({"INSTANCE_PATH": tmp_path / "c", "TESTING": True})
    assert all(type(r) is SharedBuilderRule for r in first.url_map.iter_rules())
    assert all(type(r) is Rule for r in own.url_map.iter_rules())
    assert len(list(first.url_map.iter_rules())) > 50

    assert built(first) == built(own) == built(second)
    for a, b in zip(first.url_map.iter_rules(), second.url_map.iter_rules(), strict=True):
        assert a.rule == b.rule
        assert a._build.__func__ is b._build.__func__  # compiled once, bound to each rule
        assert a._build_unknown.__func__ is b._build_unknown.__func__
        assert a._build.__self__ is a and b._build.__self__ is b


class Upper(BaseConverter):
    def to_url(self, value) -> str:
        return str(value).upper()


class Lower(BaseConverter):
    def to_url(self, value) -> str:
        return str(value).lower()


def rule_in(map_converters: dict, text: str, **options) -> SharedBuilderRule:
    rule = SharedBuilderRule(text, endpoint="e", **options)
    Map([rule], converters=map_converters)
    return rule


def test_a_rule_with_other_defaults_gets_its_own_builder():
    one = rule_in({}, "/p/<n>/<m>", defaults={"n": "1"})
    two = rule_in({}, "/p/<n>/<m>", defaults={"n": "2"})
    assert one._build.__func__ is not two._build.__func__
    assert one.build({"n": "1", "m": "x"}) == ("", "/p/1/x")
    assert two.build({"n": "2", "m": "x"}) == ("", "/p/2/x")

    # A default the rule does not place in its path still becomes an argument of the builder.
    three = rule_in({}, "/p/<n>/<m>", defaults={"n": "1", "lang": "de"})
    assert three._build.__func__ is not one._build.__func__
    assert three.build({"n": "1", "m": "x", "lang": "de"}) == ("", "/p/1/x")


def test_a_default_through_another_converter_gets_its_own_builder():
    upper = rule_in({"word": Upper}, "/w/<word:name>", defaults={"name": "Ada"})
    lower = rule_in({"word": Lower}, "/w/<word:name>", defaults={"name": "Ada"})
    assert upper._build.__func__ is not lower._build.__func__
    assert upper.build({"name": "Ada"}) == ("", "/w/ADA")
    assert lower.build({"name": "Ada"}) == ("", "/w/ada")


def test_a_shared_builder_calls_each_rules_own_converter():
    """Without a default, the converter is called when the URL is built, through the rule the
    builder is bound to: sharing the code still builds with each rule's converter."""
    upper = rule_in({"word": Upper}, "/w/<word:name>")
    lower = rule_in({"word": Lower}, "/w/<word:name>")
    assert upper._build.__func__ is lower._build.__func__
    assert upper.build({"name": "Ada"}, append_unknown=False) == ("", "/w/ADA")
    assert lower.build({"name": "Ada"}, append_unknown=False) == ("", "/w/ada")
    assert upper.build({"name": "Ada", "q": "1"}) == ("", "/w/ADA?q=1")


@pytest.mark.parametrize("other", ["/w/<name>", "/v/<name>/"])
def test_another_path_gets_its_own_builder(other):
    rule = rule_in({}, "/w/<name>/")
    assert rule._build.__func__ is rule_in({}, "/w/<name>/")._build.__func__
    differs = rule_in({}, other)
    assert rule._build.__func__ is not differs._build.__func__
    assert rule.build({"name": 3}) != differs.build({"name": 3})


# -- SharedMessages ---------------------------------------------------------------------------


def write_catalog(folder, language: str, messages: dict) -> None:
    catalog = Catalog(locale=language)
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    (folder / language / "LC_MESSAGES").mkdir(parents=True, exist_ok=True)
    with open(folder / language / "LC_MESSAGES" / "messages.mo", "wb") as f:
        write_mo(f, catalog)


def test_the_web_tests_read_a_catalog_once_with_the_same_messages():
    shared = babel.support.Translations.load(str(lang.TRANSLATIONS), ["de"])
    assert babel.support.Translations.load(str(lang.TRANSLATIONS), ["de"]) is shared
    french = babel.support.Translations.load(str(lang.TRANSLATIONS), ["fr"])
    assert french is not shared
    own = SharedMessages()._load  # the unshared load
    for language, read in (("de", shared), ("fr", french)):
        fresh = own(str(lang.TRANSLATIONS), [language])
        assert read._catalog == fresh._catalog and len(read._catalog) > 100
        assert read.plural(2) == fresh.plural(2)
    assert type(babel.support.Translations.load(str(lang.TRANSLATIONS), ["xx"])) is (
        babel.support.NullTranslations
    )


def test_a_catalog_compiled_anew_is_read_anew(tmp_path):
    messages = SharedMessages()
    write_catalog(tmp_path, "de", {"Pass": "Passen"})
    first = messages.load(str(tmp_path), ["de"])
    assert first.gettext("Pass") == "Passen"
    assert messages.load(str(tmp_path), ["de"]) is first
    write_catalog(tmp_path, "de", {"Pass": "Aussetzen", "Done": "Fertig"})
    again = messages.load(str(tmp_path), ["de"])
    assert again is not first and again.gettext("Pass") == "Aussetzen"
    assert messages.load(str(tmp_path / "elsewhere"), ["de"]).gettext("Pass") == "Pass"


def test_an_app_merges_the_shared_catalog_into_its_own(tmp_path, monkeypatch):
    """Flask-Babel copies the messages into a Translations of each app's own: what one app
    keeps on its translations (i18n's words already said) stays that app's."""
    monkeypatch.delenv("PALAZZO_DATABASE_URL", raising=False)
    from flask_babel import get_translations

    got = []
    for name in ("a", "b"):
        app = create_app({"INSTANCE_PATH": tmp_path / name, "TESTING": True})
        with app.test_request_context("/?lang=de", headers={"Accept-Language": "de"}):
            got.append(get_translations())
    shared = babel.support.Translations.load(str(lang.TRANSLATIONS), ["de"])
    assert got[0] is not got[1] and shared not in got
    assert got[0]._catalog == got[1]._catalog == shared._catalog
