"""A solo player's phone in the Flask test client: it reads the forms the solo page draws and
posts them as a browser would, so tests only ever use controls the page actually offers.

The Automa cards and Profession cards taught here are TEST DATA (tests/data/README.md).
"""

from __future__ import annotations

import json
import re
import uuid
from html.parser import HTMLParser

from companion.games.princes.learned import LearnedCatalog
from tests import DATA

TEST_PROFESSIONS = json.loads((DATA / "test_professions.json").read_text())
TEST_AUTOMA_DECK = json.loads((DATA / "automa_test_deck.json").read_text())
TEST_SIZES = {"forest": 4, "lake": 3, "park": 2}  # test values: the rulebook prints no sizes


def teach_test_data(instance_path, *, automa=True, professions=True, sizes=True):
    """Teach the installation the TEST DATA cards (never the real ones: those come from a table)."""
    learned = LearnedCatalog(instance_path)
    taught = {
        **(TEST_PROFESSIONS if professions else {}),
        **(TEST_AUTOMA_DECK if automa else {}),
        **({"landscape_cells": TEST_SIZES} if sizes else {}),
    }
    if taught:
        learned.teach(taught)  # one merge of the whole catalog, not one per section
    return learned


class Form:
    def __init__(self, attrs):
        self.action = attrs.get("data-hx-post") or attrs.get("action")
        self.cls = attrs.get("class", "")
        self.hidden: dict[str, str] = {}
        self.checkboxes: dict[str, list[str]] = {}
        self.radios: dict[str, list[str]] = {}
        self.selects: dict[str, list[str]] = {}
        self.inputs: list[str] = []
        self.buttons: list[str] = []

    @property
    def text(self) -> str:
        return " ".join(self.buttons)

    def __repr__(self):
        return f"<Form {self.action} {self.hidden} {self.buttons}>"


class FormReader(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms: list[Form] = []
        self._form = None
        self._select = None
        self._button = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self._button is not None:
            self._button.append(" ")
        if tag == "form":
            self._form = Form(a)
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input":
            kind, name = a.get("type", "text"), a.get("name")
            if kind == "hidden":
                self._form.hidden[name] = a.get("value", "")
            elif kind == "checkbox":
                self._form.checkboxes.setdefault(name, []).append(a.get("value"))
            elif kind == "radio":
                self._form.radios.setdefault(name, []).append(a.get("value"))
            else:
                self._form.inputs.append(name)
        elif tag == "select":
            self._select = a.get("name")
            self._form.selects[self._select] = []
        elif tag == "option" and self._select:
            self._form.selects[self._select].append(a.get("value"))
        elif tag == "button":
            self._button = []

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "button" and self._button is not None and self._form is not None:
            self._form.buttons.append(re.sub(r"\s+", " ", "".join(self._button)).strip())
            self._button = None

    def handle_data(self, data):
        if self._button is not None:
            self._button.append(data)


def forms_in(html: str) -> list[Form]:
    reader = FormReader()
    reader.feed(html)
    return reader.forms


def step_of(html: str) -> str | None:
    m = re.search(r'id="solo-step"[^>]*data-step="([a-z_]+)"', html)
    return m.group(1) if m else None


def say_of(html: str) -> str:
    m = re.search(r'<p class="say">(.*?)</p>', html, re.S)
    import html as h

    return re.sub(r"\s+", " ", h.unescape(m.group(1))).strip() if m else ""  # French U+202F too


class SoloPhone:
    """One browser session playing a solo game through the page's own forms."""

    def __init__(self, client, game_id: str, *, auto_done: bool = True):
        self.client = client
        self.game_id = game_id
        # Tap "Done" on every checklist step as it comes (tests of the checklist turn it off).
        self.auto_done = auto_done
        self.ticked: list[str] = []  # the checklist steps ticked off, in their words
        self.html = ""
        self.status = None
        self._read: tuple[str, list[Form]] = ("", [])  # the last page read, and its forms
        self.refresh()

    @classmethod
    def start(cls, client, auto_done: bool = True, **choices):
        from tests.support.web_fixtures import csrf_token_for

        token = csrf_token_for(client)
        form = {
            "csrf_token": token,
            "name": "Alexandra",
            "difficulty": "standard",
            "dummies": "2",
            "start": "me",
            "die": "table",
            "deck": "table",
            **choices,
        }
        r = client.post("/solo/new", data=form)
        assert r.status_code == 303, r.text
        game_id = r.headers["Location"].split("/")[2]
        return cls(client, game_id, auto_done=auto_done)

    @property
    def csrf(self) -> str:
        with self.client.session_transaction() as s:
            return s["_csrf"]

    def refresh(self):
        r = self.client.get(f"/games/{self.game_id}/solo/panel")
        assert r.status_code == 200, r.text
        self.html, self.status = self.with_seat_panel(r.text), r.status_code
        self.tick_all()
        return self

    def tick_all(self):
        """With `auto_done`: tap "Done" on each checklist step until the engine's step shows."""
        while self.auto_done and self.status == 200 and self.step == "checklist":
            self.ticked.append(self.say)
            self.done()

    def done(self):
        """Tap the checklist step's "Done"."""
        form = self.form(type="solo_step_done")
        headers = {"X-CSRF-Token": self.csrf, "HX-Request": "true"}
        r = self.client.post(form.action, data=form.hidden, headers=headers)
        assert r.status_code == 200, r.text
        self.html, self.status = self.with_seat_panel(r.text), r.status_code
        return r

    def with_seat_panel(self, html: str) -> str:
        """What htmx does on load: fetch the embedded seat panel into place."""
        embedded = re.search(
            r'class="seat-panel" data-hx-get="([^"]+)" data-hx-trigger="load"', html
        )
        if not embedded:
            return html
        panel = self.client.get(embedded.group(1))
        assert panel.status_code == 200, panel.text
        return html + panel.text

    @property
    def step(self):
        return step_of(self.html)

    @property
    def say(self):
        return say_of(self.html)

    @property
    def forms(self) -> list[Form]:
        """The page's forms, read once per page: a step looks up several forms on one page
        (and html.parser was 7% of the web tests' CPU). Nothing changes a Form once read."""
        page, forms = self._read
        if page != self.html:
            forms = forms_in(self.html)
            self._read = (self.html, forms)
        return forms

    def form(self, *, type=None, button=None, action=None) -> Form:
        found = self.find(type=type, button=button, action=action)
        assert found, (type, button, action, self.forms)
        return found[0]

    def find(self, *, type=None, button=None, action=None) -> list[Form]:
        out = []
        for f in self.forms:
            if type is not None and f.hidden.get("type") != type:
                continue
            if button is not None and not any(button in b for b in f.buttons):
                continue
            if action is not None and not (f.action or "").endswith(action):
                continue
            out.append(f)
        return out

    def submit(self, form: Form, **fields):
        data = {**form.hidden, **fields}
        headers = {"X-CSRF-Token": self.csrf, "HX-Request": "true"}
        r = self.client.post(form.action, data=data, headers=headers)
        self.status = r.status_code
        if r.status_code in (200, 422):
            self.html = self.with_seat_panel(r.text)
        if form.hidden.get("view") == "phone" and r.status_code == 200:
            self.refresh()  # the solo page's live fragment follows the new seq
        elif r.status_code == 200:
            self.tick_all()
        return r

    def tap(self, button=None, *, type=None, action=None, **fields):
        return self.submit(self.form(type=type, button=button, action=action), **fields)

    def post_event(self, **fields):
        """A hand-made post to the recording route (for garbage and refusal tests)."""
        data = {"view": "solo", "event_id": uuid.uuid4().hex, **fields}
        r = self.client.post(
            f"/games/{self.game_id}/events",
            data=data,
            headers={"X-CSRF-Token": self.csrf, "HX-Request": "true"},
        )
        self.status = r.status_code
        if r.status_code in (200, 422):
            self.html = r.text
        return r


def through_checklist(page, name: str, ticked: list | None = None, done: str = "Done") -> None:
    """In Chromium: wait for the solo page's step `name`, tapping "Done" (`done`: its words in
    the page's language) on each checklist step that comes first (their sentences appended to
    `ticked`)."""
    while True:
        page.wait_for_selector(f'#solo-step[data-step="{name}"], #solo-step[data-step="checklist"]')
        section = page.locator("#solo-step")
        if section.get_attribute("data-step") == name:
            return
        n = section.get_attribute("data-n")
        if ticked is not None:
            ticked.append(page.inner_text("#solo-step .say"))
        section.get_by_role("button", name=done, exact=True).tap()
        page.wait_for_function(
            "n => { const s = document.getElementById('solo-step');"
            " return s && s.dataset.n !== n; }",
            arg=n,
        )


def play_to_the_end(solo: SoloPhone, rng, order: list[str], seen: dict | None = None) -> int:
    """Answer every step with a control the page offers, chosen by what its form posts (never by
    its words: the same in every language), until the game is scored; `order`: the Automa cards
    to type when the table draws them; `seen`: keeps each step's first page. Returns the posts."""
    seen = {} if seen is None else seen
    posts = 0
    while solo.step != "over":
        posts += 1
        assert posts < 600
        step = solo.step
        seen.setdefault(step, solo.html)
        if step in ("auction_card", "wolfgang_card"):
            if solo.find(action="/solo/draw"):
                solo.submit(solo.form(action="/solo/draw"))
            else:
                solo.tap(type="automa_card_drawn", card=order.pop(0))
        elif step == "choose_object":
            options = solo.find(type="solo_auction_offered")
            if not options or rng.random() < 0.1:
                solo.tap(type="auctions_left")
            else:
                solo.submit(rng.choice(options))
        elif step == "roll":
            if solo.find(action="/solo/roll"):
                solo.submit(solo.form(action="/solo/roll"))
            else:
                solo.submit(rng.choice(solo.find(type="die_rolled")))
        elif step == "buy_or_decline":
            buy, decline = solo.find(type="solo_bought"), solo.find(type="solo_declined")
            solo.submit(buy[0] if buy and (not decline or rng.random() < 0.4) else decline[0])
        elif step == "your_choice":
            cards = solo.find(type="prestige_card_chosen")
            if cards:
                solo.submit(rng.choice(cards[:5]))
            else:
                solo.tap(type="landscape_placed")
        elif step in ("reveal", "dummy_flip"):
            picker = [f for f in solo.find(action="/solo/profession") if "profession" in f.selects]
            solo.submit(
                picker[0],
                profession=rng.choice([o for o in picker[0].selects["profession"] if o]),
            )
        elif step == "offer":
            form = solo.form(type="automa_cards_offered")
            count = int(re.search(r'data-choose="(\d+)"', solo.html).group(1))
            solo.submit(form, cards=rng.sample(form.checkboxes["cards"], count))
        elif step == "tie":
            solo.submit(solo.form(action="/solo/tie"))
        elif step == "your_turn":
            recruits = solo.find(action="/solo/recruit") + solo.find(type="recruiting_card_used")
            solo.submit(
                recruits[0] if recruits and rng.random() < 0.5 else solo.form(type="turn_ended")
            )
        else:
            raise AssertionError(step)
        assert solo.status == 200, (step, solo.html)
    seen["over"] = solo.html
    return posts


def deck_order(rng) -> list[str]:
    """The test deck's numbers as a shuffled physical deck: each back apart, rounds 1-2 first."""
    order = []
    for group in ("1-2", "3-4", "5-7"):
        numbers = [n for n, c in TEST_AUTOMA_DECK["automa_cards"].items() if c["rounds"] == group]
        rng.shuffle(numbers)
        order += numbers
    return order


HAND = [
    "test_university_forest_travel",
    "test_workshop_forest_religion",
    "test_library_forest_opinion",
]


def start_in_chromium(page, live_server, who: str = "Me") -> str:
    """Start a solo game through /solo/new as Alexandra; `who` starts. Returns the game's id."""
    page.goto(live_server + "/solo/new")
    page.fill("#name", "Alexandra")
    page.get_by_role("radio", name=who, exact=True).tap()
    page.get_by_role("button", name="Start the solo game").tap()
    page.wait_for_url("**/solo")
    return page.url.split("/")[-2]


def keep_hand_in_chromium(page, hand=HAND) -> None:
    for pid in hand:
        page.locator(f'.hand input[value="{pid}"]').check()
    page.get_by_role("button", name="Keep these 3").tap()


def first_card_in_chromium(page, live_server, number: str = "1") -> str:
    """A new solo game as far as its first Automa card, typed in (`number`): the setup ticked
    off, the starting hand kept. Returns the game's id."""
    game_id = start_in_chromium(page, live_server)
    through_checklist(page, "starting_hand")
    keep_hand_in_chromium(page)
    through_checklist(page, "auction_card")
    page.fill("#automa-number", number)
    page.get_by_role("button", name="Drawn").tap()
    return game_id
