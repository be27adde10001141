"""The installs of Debian's packages by the tests (``tests/debian.py``, issue 42) against
a fake ``apt-get`` first on the PATH: two test processes installing at once take
turns, each ``apt-get`` is told to wait for dpkg's lock, one that still exits 100 on a
lock is run again, and a program the other process installed meanwhile is not
installed twice. The real apt-get is never run here."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.debian import TRIES, apt_get

ROOT = Path(__file__).resolve().parents[1]
#: Seconds each fake apt-get run takes: long enough for two processes to meet.
RUN = 0.6

FAKE = f"""#!{sys.executable}
import os, sys, time
from pathlib import Path

def note(word):
    with open(os.environ["FAKE_APT_LOG"], "a") as log:  # one short append: whole lines
        who = os.environ.get("FAKE_APT_WHO", "-")
        log.write(f"{{word}} {{who}} {{time.monotonic():.6f}} {{' '.join(sys.argv[1:])}}\\n")

note("begin")
locked = os.environ.get("FAKE_APT_LOCKED")  # a file: the runs still to find the lock
if locked and int(Path(locked).read_text()) > 0:
    Path(locked).write_text(str(int(Path(locked).read_text()) - 1))
    print("E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1 (apt)")
    note("end")
    sys.exit(100)
if os.environ.get("FAKE_APT_FAIL"):
    print("E: Unable to locate package " + sys.argv[-1])
    note("end")
    sys.exit(int(os.environ["FAKE_APT_FAIL"]))
time.sleep({RUN})
if "install" in sys.argv:
    program = Path(os.environ["FAKE_APT_BIN"]) / ("fake-" + sys.argv[-1])
    program.write_text("#!/bin/sh\\n")
    program.chmod(0o755)
note("end")
"""

CHILD = """
import shutil, sys, time
from pathlib import Path
from tests.debian import install

lock, package, ready, go = sys.argv[1:5]
Path(ready).touch()
while not Path(go).exists():  # all start together
    time.sleep(0.005)
print(install(package, lambda: shutil.which("fake-" + package), lock=Path(lock)))
"""


@pytest.fixture
def fake_apt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake apt-get first on the PATH (of this process and its children); its log."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "apt-get").write_text(FAKE)
    (bin_dir / "apt-get").chmod(0o755)
    log = tmp_path / "apt.log"
    log.touch()
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_APT_LOG", str(log))
    monkeypatch.setenv("FAKE_APT_BIN", str(bin_dir))
    return log


def runs(log: Path) -> list[tuple[str, float, float, str]]:
    """The fake's runs: who ran it, when it began and ended, its arguments."""
    begun: dict[str, tuple[float, str]] = {}
    out = []
    for line in log.read_text().splitlines():
        word, who, at, args = line.split(" ", 3)
        if word == "begin":
            assert who not in begun, f"{who} ran two apt-gets at once"
            begun[who] = (float(at), args)
        else:
            start, args = begun.pop(who)
            out.append((who, start, float(at), args))
    assert not begun, f"unfinished: {begun}"
    return out


def overlaps(found: list[tuple[str, float, float, str]]) -> bool:
    ordered = sorted(found, key=lambda r: r[1])
    return any(b[1] < a[2] for a, b in itertools.pairwise(ordered))


def at_once(tmp_path: Path, *jobs: tuple[str, str]) -> list[str]:
    """Run ``install(package)`` in a process of its own per (lock file, package), all
    started together, as two xdist workers do; what each printed."""
    procs, ready, go = [], [], tmp_path / "go"
    for n, (lock, package) in enumerate(jobs):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "FAKE_APT_WHO": f"{n}:{package}"}
        ready.append(tmp_path / f"ready-{n}")
        argv = [sys.executable, "-c", CHILD, str(tmp_path / lock), package, str(ready[-1]), str(go)]
        procs.append(subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True))
    deadline = time.monotonic() + 60
    while not all(r.exists() for r in ready) and time.monotonic() < deadline:
        time.sleep(0.01)
    go.touch()
    outs = []
    for p in procs:
        out, _ = p.communicate(timeout=60)
        assert p.returncode == 0, out
        outs.append(out)
    return outs


def test_two_processes_installing_at_once_take_turns(fake_apt: Path, tmp_path: Path) -> None:
    outs = at_once(tmp_path, ("apt.lock", "redis-server"), ("apt.lock", "nginx"))
    assert [o.splitlines()[-1].rsplit("/", 1)[-1] for o in outs] == [
        "fake-redis-server",
        "fake-nginx",
    ]
    found = runs(fake_apt)
    assert not overlaps(found), found
    # each process's update and install ran together, while it held the lock
    owners = [who for who, *_ in sorted(found, key=lambda r: r[1])]
    assert owners in (
        ["0:redis-server"] * 2 + ["1:nginx"] * 2,
        ["1:nginx"] * 2 + ["0:redis-server"] * 2,
    ), found
    for *_, args in found:
        assert args.startswith("-o DPkg::Lock::Timeout=600 "), args  # dpkg's lock: wait
        assert args.split()[2:] in (["update", "-q"], ["install", "-y", "-q", "redis-server"],
                                    ["install", "-y", "-q", "nginx"])  # fmt: skip


def test_without_the_lock_they_would_meet(fake_apt: Path, tmp_path: Path) -> None:
    """The check above can fail: two lock files, no turns, the runs overlap."""
    at_once(tmp_path, ("one.lock", "redis-server"), ("two.lock", "nginx"))
    assert overlaps(runs(fake_apt))


def test_a_program_installed_meanwhile_is_not_installed_again(
    fake_apt: Path, tmp_path: Path
) -> None:
    outs = at_once(tmp_path, ("apt.lock", "postgresql"), ("apt.lock", "postgresql"))
    assert all(o.strip().endswith("/fake-postgresql") for o in outs), outs
    assert [args.split()[2] for *_, args in runs(fake_apt)] == ["update", "install"]


def test_exit_100_on_a_lock_is_run_again(
    fake_apt: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "locked"
    locked.write_text("2")  # the first two runs find dpkg's lock taken
    monkeypatch.setenv("FAKE_APT_LOCKED", str(locked))
    begun = time.monotonic()
    apt_get("install", "-y", "-q", "chromium", pause=0.05)
    assert time.monotonic() - begun < 30
    assert len(runs(fake_apt)) == 3
    assert shutil.which("fake-chromium")


def test_a_lock_held_past_the_wait_fails(
    fake_apt: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "locked"
    locked.write_text("1000")  # held for good
    monkeypatch.setenv("FAKE_APT_LOCKED", str(locked))
    begun = time.monotonic()
    with pytest.raises(subprocess.CalledProcessError) as e:
        apt_get("update", "-q", wait=2, pause=0.05)
    assert e.value.returncode == 100 and b"Could not get lock" in e.value.output
    assert len(runs(fake_apt)) >= 2  # run again while the wait lasted...
    assert time.monotonic() - begun < 30  # ...and no longer


@pytest.mark.parametrize(("code", "tries"), [(100, TRIES), (1, 1)])
def test_other_errors_are_not_waited_for(
    fake_apt: Path, monkeypatch: pytest.MonkeyPatch, code: int, tries: int
) -> None:
    """Exit 100 on no lock (a mirror's hiccup): a few tries; another status: one."""
    monkeypatch.setenv("FAKE_APT_FAIL", str(code))
    with pytest.raises(subprocess.CalledProcessError) as e:
        apt_get("install", "-y", "-q", "no-such-package", pause=0.01)
    assert e.value.returncode == code
    assert len(runs(fake_apt)) == tries
