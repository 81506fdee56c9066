"""Event ids: fresh, well formed, never the same twice, not even across a fork."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from companion.core.ids import POOLED_IDS, is_event_id, new_event_id


def test_event_ids_are_well_formed_and_never_repeat_across_pool_refills():
    ids = [new_event_id() for _ in range(3 * POOLED_IDS + 5)]
    assert all(is_event_id(i) and len(i) == 32 for i in ids)
    assert len(set(ids)) == len(ids)


def _mint(queue):
    queue.put([new_event_id() for _ in range(3)])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_process_never_mints_the_ids_its_parent_will():
    new_event_id()  # the parent holds random bytes it has not used yet
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_mint, args=(queue,))
    child.start()
    minted = queue.get(timeout=30)
    child.join(timeout=30)
    assert child.exitcode == 0
    assert not set(minted) & {new_event_id() for _ in range(3)}
