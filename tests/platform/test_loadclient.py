"""The club night's load generator keeps off the servers' cores (benchmarks/loadclient.py):
which cores each side gets, and that a real process and this thread are pinned and put back."""

from __future__ import annotations

import os
import subprocess

import pytest

from benchmarks.loadclient import cores_apart, pin_apart


def test_the_load_generator_takes_the_last_core_and_the_servers_the_others():
    assert cores_apart({0, 1}, servers=1) == ({0}, {1})
    assert cores_apart(range(8), servers=2) == (set(range(7)), {7})
    assert cores_apart({5, 2}, servers=1) == ({2}, {5})


def test_nobody_is_pinned_when_a_server_would_lose_a_core():
    assert cores_apart({0, 1}, servers=2) is None
    assert cores_apart({3}, servers=1) is None


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two cores to keep apart")
def test_a_server_and_this_thread_are_pinned_apart_then_this_thread_is_put_back():
    mine = os.sched_getaffinity(0)
    servers, generator = cores_apart(mine, servers=1)
    server = subprocess.Popen(["sleep", "30"])
    try:
        undo = pin_apart([server.pid])
        assert undo is not None
        try:
            assert os.sched_getaffinity(server.pid) == servers
            assert os.sched_getaffinity(0) == generator
        finally:
            undo()
        assert os.sched_getaffinity(0) == mine
    finally:
        server.kill()
        server.wait()
