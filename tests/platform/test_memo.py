"""companion/core/memo.py: the one bounded memo every kept answer of the club-night work goes through."""

from companion.core.memo import memo


def test_an_answer_is_made_once_per_key_and_kept():
    store: dict = {}
    made = []

    def make(value):
        made.append(value)
        return value

    assert memo(store, "a", lambda: make(1), 4) == 1
    assert memo(store, "a", lambda: make(2), 4) == 1  # kept: not made again
    assert memo(store, "b", lambda: make(None), 4) is None
    assert memo(store, "b", lambda: make(3), 4) is None  # None is an answer too
    assert made == [1, None]


def test_a_full_store_starts_afresh_and_keeps_the_new_answer():
    store: dict = {}
    for n in range(3):
        memo(store, n, lambda n=n: n * 10, 3)
    assert store == {0: 0, 1: 10, 2: 20}
    assert memo(store, 3, lambda: 30, 3) == 30
    assert store == {3: 30}  # never more than the limit
    assert memo(store, 0, lambda: -1, 3) == -1  # a forgotten answer is made again
