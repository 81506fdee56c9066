"""Seat/host/spectator tokens: unguessable, stored only as hashes, compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

from companion.service import tokens


def _bits(token: str) -> int:
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


def test_tokens_carry_at_least_128_random_bits():
    token = tokens.new_token()
    assert _bits(token) >= 128
    assert len(token) >= 32 and token.isascii()
    assert all(c.isalnum() or c in "-_" for c in token)  # URL-safe as is
    many = {tokens.new_token() for _ in range(2000)}
    assert len(many) == 2000
    # Every character position varies: no fixed prefix or structure to guess.
    for position in range(len(token)):
        assert len({t[position] for t in many}) > 20


def test_issue_tokens_for_n_seats():
    issued = tokens.issue_tokens(5)
    assert len(issued.seats) == 5
    everything = [issued.host, issued.spectator, *issued.seats]
    assert len(set(everything)) == 7
    assert all(_bits(t) >= 128 for t in everything)
    with pytest.raises(ValueError):
        tokens.issue_tokens(-1)


def test_only_hashes_are_stored(store, game):
    issued = tokens.issue_tokens(4)
    meta = tokens.store_token_hashes(store, game, issued)
    assert meta["name"] == "test"  # the game's other meta is kept
    stored = store.game(game).meta
    text = json.dumps(stored)
    for token in (issued.host, issued.spectator, *issued.seats):
        assert token not in text
    assert stored["tokens"]["host"] == hashlib.sha256(issued.host.encode()).hexdigest()
    assert stored["tokens"]["seats"] == [
        hashlib.sha256(t.encode()).hexdigest() for t in issued.seats
    ]
    assert store.export_jsonl(game) == ""  # setting tokens writes no event


def test_identify(store, game):
    issued = tokens.issue_tokens(3)
    tokens.store_token_hashes(store, game, issued)
    assert tokens.identify_in_game(store, game, issued.host) == tokens.Identity("host")
    assert tokens.identify_in_game(store, game, issued.spectator) == tokens.Identity("spectator")
    for seat, token in enumerate(issued.seats):
        assert tokens.identify_in_game(store, game, token) == tokens.Identity("seat", seat)
    for garbage in (None, "", "x", issued.host[:-1], issued.host + "=", 12, "\ud800", b"bytes"):
        assert tokens.identify_in_game(store, game, garbage) is None
    assert tokens.identify_in_game(store, "no-such-game", issued.host) is None
    assert tokens.identify(issued.host, None) is None
    assert tokens.identify(issued.host, {"seats": "not a list"}) is None


def test_token_matches():
    token = tokens.new_token()
    digest = tokens.hash_token(token)
    assert tokens.token_matches(token, digest)
    assert not tokens.token_matches(tokens.new_token(), digest)
    assert not tokens.token_matches(token, None)
    assert not tokens.token_matches(token, "ü" * 64)
    assert not tokens.token_matches(None, digest)
