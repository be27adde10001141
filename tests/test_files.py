"""Atomic writes: the old file or the new one, never half, and no litter."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from plansza.files import write_atomic


def test_text_and_bytes(tmp_path: Path) -> None:
    write_atomic(tmp_path / "t.txt", "żółw\n")
    write_atomic(tmp_path / "b.bin", b"\x00\x01")
    assert (tmp_path / "t.txt").read_bytes() == "żółw\n".encode()
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "zapis.gcg"
    target.write_text("stary", encoding="utf-8")

    def broken(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "nowy")
    assert target.read_text(encoding="utf-8") == "stary"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zapis.gcg"]


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="file modes are POSIX")
def test_a_new_file_is_as_readable_as_the_umask_allows(tmp_path: Path) -> None:
    # A plain write would make the file 0o666 less the umask; the temporary file the
    # atomic write starts from is 0o600, and must not leave the file at that.
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "raport.html", "<p>Tabela</p>")
        os.umask(0o077)
        write_atomic(tmp_path / "prywatny.gcg", "#player1 A Ala\n")
    finally:
        os.umask(old)
    assert (tmp_path / "raport.html").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "prywatny.gcg").stat().st_mode & 0o777 == 0o600


@pytest.mark.skipif(not hasattr(os, "fchmod"), reason="file modes are POSIX")
def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "lista.csv"
    target.write_text("stara\n", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "nowa\n")
    assert target.stat().st_mode & 0o777 == 0o640
    assert target.read_text(encoding="utf-8") == "nowa\n"
