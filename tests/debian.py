"""Programs the tests run, installed from Debian's packages when missing (as root, with
apt-get); a machine where they cannot be fails the tests that need them, saying how
to install them: never a skip."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest


def ensure_program(program: str, package: str, how: str, *also: str) -> str:
    """The path of ``program`` (on the PATH, or one of ``also``), installing ``package``
    when it is missing; fails the test with ``how`` when that cannot be done."""

    def found() -> str | None:
        return shutil.which(program) or next((p for p in also if os.access(p, os.X_OK)), None)

    path = found()
    if path is None:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            pytest.fail(how, pytrace=False)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=True, env=env)
        subprocess.run(["apt-get", "install", "-y", "-q", package], check=True, env=env)
        path = found()
        if path is None:
            pytest.fail(how, pytrace=False)
    return path
