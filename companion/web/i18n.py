"""Which language a screen speaks: one per phone, and the table screen its own (docs/i18n.md).

A browser's choice is a cookie: `palazzo_lang` for every screen, `palazzo_table_lang` for the
table screen, so the TV and the phones around it can read different languages. Without a
cookie the browser's Accept-Language decides (English when it names none of ours). Any page
takes `?lang=de` (the switch on every screen is three such links); the choice is then kept
in that screen's cookie, so htmx's fragment requests, which carry no `?lang`, follow it.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask, Response, current_app, has_request_context, request
from flask.globals import _cv_request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from markupsafe import Markup, escape

from companion.core import grammar, lang
from companion.core.memo import memo
from companion.tools.compile_messages import compile_all

from .headers import vary

PHONE_COOKIE = "palazzo_lang"
TABLE_COOKIE = "palazzo_table_lang"
# app.extensions: the blueprints and endpoints of every game's shared screen (the TV), as each
# game declares them (`GameWeb.table_screens`, gathered by companion/web/games.py)
TABLE_SCREENS_KEY = "palazzo.table_screens"
COOKIE_MAX_AGE = 365 * 24 * 3600
LANGUAGE_NAMES = lang.LANGUAGE_NAMES  # the switch names each language in its own words


def on_table_screen() -> bool:
    """The table screen's pages, and its live stream when that carries the table's fragment."""
    table_screens = current_app.extensions.get(TABLE_SCREENS_KEY, frozenset())
    if request.blueprint in table_screens or request.endpoint in table_screens:
        return True
    if request.endpoint == "live.stream":
        from .shared import PUSHED_KEY  # shared's renders speak through this module

        fragment = current_app.extensions.get(PUSHED_KEY, {}).get(request.args.get("push", ""))
        return fragment is not None and fragment.table_screen
    return False


def _cookie_name() -> str:
    return TABLE_COOKIE if on_table_screen() else PHONE_COOKIE


def _asked() -> str | None:
    """A language named by `?lang=`, if it is one of ours."""
    asked = request.args.get("lang", "")
    return asked if asked in lang.LANGUAGES else None


def select_locale() -> str:
    """`?lang=`, else this screen's cookie, else the browser's languages, else English."""
    if not has_request_context():
        return lang.DEFAULT
    chosen = _asked() or request.cookies.get(_cookie_name(), "")
    if chosen in lang.LANGUAGES:
        return chosen
    return _browser_language()


LANGUAGES_KEY = "palazzo.languages"  # app.extensions: language -> (code, translations)
BROWSER_HEADERS = 256  # Accept-Language headers whose best language of ours is kept
_best_of: dict[str, str] = {}  # the header, as sent -> its best language of ours


def _browser_language() -> str:
    """The best of our languages for the browser's Accept-Language, else English: parsed
    once per header (a phone without a cookie sends the same one on every request)."""

    def best() -> str:
        return request.accept_languages.best_match(lang.LANGUAGES) or lang.DEFAULT

    return memo(_best_of, request.headers.get("Accept-Language", ""), best, BROWSER_HEADERS)


def _remember(response: Response) -> Response:
    asked = _asked()
    if asked and request.cookies.get(_cookie_name()) != asked:
        response.set_cookie(
            _cookie_name(), asked, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True
        )
    vary(response, "Cookie", "Accept-Language")
    return response


def _current() -> tuple[str, object]:
    """(language, translations) for companion.core.lang: this request's, English outside one.
    Asked for every word a page says (hundreds per page), so looked up once per request and
    kept on the request's context: Flask-Babel's own lookups go through several context
    proxies each time, a good part of a page's CPU."""
    ctx = _cv_request.get(None)
    kept = getattr(ctx, "palazzo_language", None)
    if kept is not None:
        return kept
    if ctx is not None:
        # the pair for this request's language, kept per app: Flask-Babel gives the same
        # translations object for a language each time (its cache), after parsing a Locale
        # and several context lookups in every request
        language = select_locale()
        known = ctx.app.extensions.setdefault(LANGUAGES_KEY, {})
        kept = known.get(language)
        if kept is None:
            kept = (str(get_locale().language), get_translations())
            if kept[0] == language:
                known[language] = kept
        ctx.palazzo_language = kept  # type: ignore[attr-defined]
        return kept
    locale = get_locale()  # None outside a request
    if locale is None:
        return lang.DEFAULT, get_translations()
    return str(locale.language), get_translations()


def _translations():
    return _current()[1]


def language_links() -> list[dict]:
    """The switch: this page in each language (the current one marked). The links are
    relative (`?lang=de`): a page whose path holds a join token does not repeat it."""
    here = lang.current()
    args = request.args.to_dict()
    links = []
    for code in lang.LANGUAGES:
        args["lang"] = code
        query = urlencode(args)
        links.append(
            {
                "code": code,
                "name": LANGUAGE_NAMES[code],
                "href": f"?{query}",
                "current": code == here,
            }
        )
    return links


def refusal_message(refusal) -> str:
    """A refusal's (or a `CatalogError`'s) message in the reader's language: the marked
    message (`template`, `params`) translated here; an unmarked one stays as it was said."""
    template = getattr(refusal, "template", None)
    if template is None:
        if isinstance(refusal, dict):
            return refusal["message"]
        return str(getattr(refusal, "message", refusal))
    return lang.translate(template, refusal.params)


PLAIN_MAX = 4096  # words kept per language; forgotten all at once past this (a bound only)


def _filled(context, text: str, variables: dict) -> str:
    text, variables = grammar.articles(lang.current(), text, variables)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return text % variables


def _kept_words(translations) -> dict:
    """The words a language's translations already said (see `_said`)."""
    words = getattr(translations, "_palazzo_words", None)
    if words is None or len(words) > PLAIN_MAX:
        words = {}
        translations._palazzo_words = words
    return words


def _said(context, translations, message: str, variables: dict) -> str:
    """`message` as the templates' `_()` says it, from what this language already said: a
    word without parameters kept finished (translated, `%%` undone, made markup), so saying
    it again is one dict lookup; a word with parameters keeps whether its translation has
    article markers, so one without skips the grammar. The same text of the same type as
    the full path's (`_filled`): escaping does not change."""
    words = _kept_words(translations)
    if not variables:
        key = (message, context.eval_ctx.autoescape)
        said = words.get(key)
        if said is None:
            said = words[key] = _filled(context, translations.gettext(message), variables)
        return said
    found = words.get(message)
    if found is None:
        text = translations.gettext(message)
        found = words[message] = (text, grammar.MARKER.search(text) is not None)
    text, marked = found
    if marked:
        return _filled(context, text, variables)
    if not context.eval_ctx.autoescape:
        return text % variables
    plain = _escaped(variables)
    if plain is None:
        return Markup(text) % variables
    return Markup(str.__mod__(text, plain))


def _escaped(variables: dict) -> dict | None:
    """A word's parameters escaped as `Markup.__mod__` escapes them, when they are all
    numbers and text (nearly every word a panel says): the text escaped once here and the
    numbers left as they are (escaping one writes the same digits), so the word is filled
    by `str`'s own `%` with no helper object per parameter. Anything else (a bool, a float,
    a list, an Undefined): None, filled by Markup's `%` as before."""
    plain = {}
    for key, value in variables.items():
        kind = type(value)
        if kind is int:
            plain[key] = value
        elif kind is str or kind is Markup:
            plain[key] = escape(value)
        else:
            return None
    return plain


def _with_articles(env) -> None:
    """The templates' `_()` and `ngettext()` as Jinja's newstyle gettext does them, plus the
    article markers a translation may set before a placeholder ("{den}%(object)s": the
    article that agrees with the name filled in, companion.core.grammar), as `lang._` does.
    A panel says its words on every push: the request holds its language, so `_said` says a
    word again from what it kept."""

    @pass_context
    def gettext(__context, __string: str, **variables) -> str:
        kept = getattr(_cv_request.get(None), "palazzo_language", None)
        if kept is not None:
            return _said(__context, kept[1], __string, variables)
        # outside a request: the full path each time
        return _filled(__context, _translations().gettext(__string), variables)

    @pass_context
    def ngettext(__context, __singular: str, __plural: str, __num: int, **variables) -> str:
        variables.setdefault("num", __num)
        text = _translations().ngettext(__singular, __plural, __num)
        return _filled(__context, text, variables)

    # `_()` straight to ours: Jinja's own `_` looks `gettext` up in the context at each call
    env.globals.update(gettext=gettext, ngettext=ngettext, _=gettext)


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(lang.TRANSLATIONS))
    try:
        compile_all()  # a fresh checkout: build what `make translations` would
    except OSError:
        app.logger.warning("cannot compile the translations in %s", lang.TRANSLATIONS)
    Babel(app, locale_selector=select_locale)
    lang.use(_current)  # type: ignore[arg-type]
    # the templates' words too, from the request's one lookup (Flask-Babel's own callables
    # look the translations up again for every word)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _translations().gettext(s),
        ngettext=lambda s, p, n: _translations().ngettext(s, p, n),
        pgettext=lambda c, s: _translations().pgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().npgettext(c, s, p, n),
        newstyle=True,
    )
    _with_articles(app.jinja_env)
    app.after_request(_remember)
    app.jinja_env.globals.update(
        language_links=language_links, current_language=lambda: lang.current()
    )
    app.jinja_env.filters["refusal_message"] = refusal_message
    app.jinja_env.filters["citation"] = lang.citation
    app.jinja_env.filters["words"] = lang.words
