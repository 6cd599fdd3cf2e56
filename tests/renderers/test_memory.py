"""The process memory settings the renderers ask for: glibc's huge pages switch is added to the
tunables a process was started with, never twice, keeping the others; a run of pictures keeps
big blocks in the heap and hands them back when it ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from renderers.kit import memory
from renderers.kit.memory import HUGE_PAGES, tunables_with_huge_pages

ROOT = Path(__file__).resolve().parents[2]


def test_the_switch_joins_the_tunables_once() -> None:
    assert tunables_with_huge_pages(None) == HUGE_PAGES
    assert tunables_with_huge_pages("") == HUGE_PAGES
    assert tunables_with_huge_pages("glibc.malloc.check=0") == f"glibc.malloc.check=0:{HUGE_PAGES}"
    assert tunables_with_huge_pages(f"glibc.malloc.check=0:{HUGE_PAGES}") is None
    assert tunables_with_huge_pages("glibc.malloc.hugetlb=0") is None  # chosen otherwise: kept


def test_a_restarted_process_runs_once_more_with_the_switch() -> None:
    script = ("import os, sys; print(os.getpid(), os.environ.get('GLIBC_TUNABLES'), flush=True);"
              "from renderers.kit.memory import restart_with_huge_pages;"
              "restart_with_huge_pages(sys.orig_argv)")
    env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES"}
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, env=env, check=True, timeout=60)
    lines = run.stdout.split("\n")[:-1]
    assert lines[0].endswith(" None")
    if len(lines) == 2:  # where glibc and the kernel offer huge pages: the same process again
        pid, tunables = lines[1].split()
        assert pid == lines[0].split()[0] and tunables == HUGE_PAGES
    else:
        assert len(lines) == 1


class FakeLibc:
    """Records glibc's mallopt and malloc_trim calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    def mallopt(self, what: int, value: int) -> int:
        self.calls.append(("mallopt", what, value))
        return 1

    def malloc_trim(self, pad: int) -> int:
        self.calls.append(("trim", pad, 0))
        return 1


def test_a_run_of_pictures_keeps_big_blocks_in_the_heap_until_it_ends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    libc = FakeLibc()
    monkeypatch.setattr(memory, "_libc", lambda: libc)
    with memory.reusing_big_blocks():
        assert libc.calls == [("mallopt", memory.M_MMAP_THRESHOLD, memory.RUN_THRESHOLD),
                              ("mallopt", memory.M_TRIM_THRESHOLD, memory.RUN_TRIM)]
        with memory.reusing_big_blocks():  # two replays at once: the first to end keeps it
            pass
        assert len(libc.calls) == 2
    assert libc.calls[2:] == [("mallopt", memory.M_MMAP_THRESHOLD, memory.THRESHOLD),
                              ("mallopt", memory.M_TRIM_THRESHOLD, memory.TRIM_THRESHOLD),
                              ("trim", 0, 0)]


def test_a_failing_run_still_hands_its_room_back(monkeypatch: pytest.MonkeyPatch) -> None:
    libc = FakeLibc()
    monkeypatch.setattr(memory, "_libc", lambda: libc)
    with pytest.raises(RuntimeError), memory.reusing_big_blocks():
        raise RuntimeError("a frame failed")
    assert libc.calls[-1] == ("trim", 0, 0)
    assert ("mallopt", memory.M_MMAP_THRESHOLD, memory.THRESHOLD) in libc.calls
