"""The one writer (``write_atomic``) and the regular-file reader, against hostile targets.

Every test works in ``tmp_path``: the devices are made there with ``mknod`` (as root;
skipped otherwise), never the real /dev/null.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from trfkit import fileio
from trfkit.fileio import open_regular, read_upto, write_atomic

ROOT = Path(__file__).resolve().parent.parent
needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root"
)
posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")


def _within(action: Callable[[], Any], timeout: float = 30) -> Any:
    """Run *action* in a thread; a hang fails the test instead of stopping the suite."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = action()
        except BaseException as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), "hung"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if fileio.TEMP_PATTERN.fullmatch(p.name))


def _mknod(path: Path, kind: int, device: tuple[int, int]) -> None:
    try:
        os.mknod(path, kind | 0o666, os.makedev(*device))
    except PermissionError:
        pytest.skip("this filesystem refuses device files")


def test_regular_file_is_replaced_and_keeps_its_mode(tmp_path: Path) -> None:
    """A regular target gets the new bytes, keeps its mode, and no temporary file stays."""
    target = tmp_path / "t.trf"
    target.write_bytes(b"old")
    target.chmod(0o640)
    assert write_atomic(target, b"new") == ()
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _temps(tmp_path) == []


@posix
def test_fifo_with_a_reader_is_written_to(tmp_path: Path) -> None:
    """A FIFO someone reads gets the bytes and stays a FIFO."""
    fifo = tmp_path / "out.trf"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        _within(lambda: write_atomic(fifo, b"012 A\n"))
        assert os.read(reader, 100) == b"012 A\n"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@posix
def test_fifo_without_a_reader_is_refused_at_once(tmp_path: Path) -> None:
    """A FIFO no process reads is refused (not waited on) and stays a FIFO."""
    fifo = tmp_path / "out.trf"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match=r"FIFO .* that no process is reading"):
        _within(lambda: write_atomic(fifo, b"012 A\n"))
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert _temps(tmp_path) == []


@needs_root
def test_character_device_is_written_to_not_replaced(tmp_path: Path) -> None:
    """A character device (a null device made here) is written to and stays a device."""
    null = tmp_path / "null"
    _mknod(null, stat.S_IFCHR, (1, 3))
    try:
        write_atomic(null, b"012 A\n")
    except PermissionError:
        pytest.skip("this filesystem refuses to open device files (nodev)")
    assert stat.S_ISCHR(null.lstat().st_mode)
    assert null.lstat().st_rdev == os.makedev(1, 3)


@needs_root
def test_block_device_is_refused(tmp_path: Path) -> None:
    """A block device is refused by name and left as it is."""
    block = tmp_path / "disk"
    _mknod(block, stat.S_IFBLK, (7, 0))
    with pytest.raises(OSError, match="it is a block device"):
        write_atomic(block, b"012 A\n")
    assert stat.S_ISBLK(block.lstat().st_mode)


@pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="no Unix sockets")
def test_socket_is_refused(tmp_path: Path) -> None:
    """A Unix socket is refused by name and left as it is."""
    path = tmp_path / "s.trf"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(OSError, match="it is a socket"):
            write_atomic(path, b"012 A\n")
        assert stat.S_ISSOCK(path.lstat().st_mode)
    finally:
        server.close()


def test_symlink_is_resolved_and_kept(tmp_path: Path) -> None:
    """A link to a file: the file gets the bytes, the link stays a link to it."""
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "x.trf"
    real.write_bytes(b"old")
    link = tmp_path / "link.trf"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink() and link.resolve() == real
    assert real.read_bytes() == b"new"
    assert _temps(tmp_path) == [] and _temps(real.parent) == []


def test_symlink_to_nothing_is_refused(tmp_path: Path) -> None:
    """A dangling link is refused: following it would create a file wherever it points."""
    link = tmp_path / "link.trf"
    link.symlink_to(tmp_path / "elsewhere.trf")
    with pytest.raises(OSError, match=r"symbolic link to .*which does not exist"):
        write_atomic(link, b"new")
    assert not (tmp_path / "elsewhere.trf").exists() and link.is_symlink()


def test_temporary_file_is_private_and_unpredictable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The temporary file is created O_EXCL|O_NOFOLLOW, mode 0600, under a random name."""
    seen: list[tuple[str, int, int]] = []
    real_open = os.open

    def spy(path: Any, flags: int, mode: int = 0o777, **kw: Any) -> int:
        if fileio.TEMP_PATTERN.fullmatch(os.path.basename(path)):
            seen.append((os.path.basename(path), flags, mode))
        return real_open(path, flags, mode, **kw)

    monkeypatch.setattr(os, "open", spy)
    write_atomic(tmp_path / "t.trf", b"a")
    write_atomic(tmp_path / "t.trf", b"b")
    assert len(seen) == 2 and seen[0][0] != seen[1][0]
    for _, flags, mode in seen:
        assert flags & os.O_EXCL and flags & os.O_CREAT and flags & fileio._NOFOLLOW
        assert mode == 0o600


@pytest.mark.parametrize(
    "error",
    [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt(), SystemExit(1)],
    ids=["oserror", "keyboardinterrupt", "systemexit"],
)
def test_failure_removes_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    """A failure while writing (a full disk, Ctrl-C, sys.exit) leaves the target and no temp."""
    target = tmp_path / "t.trf"
    target.write_bytes(b"old")

    def fail(*args: object) -> None:
        raise error

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(type(error)):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert _temps(tmp_path) == []


def test_stale_temporary_file_of_a_killed_writer_is_removed(tmp_path: Path) -> None:
    """A writer killed with SIGKILL mid-write leaves its temp; the next write removes it."""
    target = tmp_path / "t.trf"
    script = (
        "import os, signal, sys\n"
        "from trfkit import fileio\n"
        "os.write = lambda fd, data: os.kill(os.getpid(), signal.SIGKILL)\n"
        "fileio.write_atomic(sys.argv[1], b'x' * 1000)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    proc = subprocess.run([sys.executable, "-c", script, str(target)], env=env, timeout=60)
    assert proc.returncode == -9
    left = _temps(tmp_path)
    assert len(left) == 1  # what the issue found: a hidden temp file after kill -9
    removed = write_atomic(target, b"new")
    assert [os.path.basename(p) for p in removed] == left
    assert _temps(tmp_path) == [] and target.read_bytes() == b"new"


@pytest.mark.skipif(fileio.fcntl is None, reason="no file locks")
def test_temporary_file_in_use_is_kept(tmp_path: Path) -> None:
    """A temporary file another writer holds locked is not removed as stale."""
    import fcntl

    busy = tmp_path / f".t.trf.trfkit-{'0' * 16}.tmp"
    busy.write_bytes(b"half")
    with open(busy, "rb") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        assert write_atomic(tmp_path / "t.trf", b"new") == ()
    assert busy.exists()


@posix
def test_open_regular_refuses_a_fifo_without_opening_it(tmp_path: Path) -> None:
    """Reading a FIFO is refused from its stat (opening it would wait for a writer)."""
    fifo = tmp_path / "in.trf"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as refused:
        _within(lambda: open_regular(fifo))
    assert refused.value.strerror == "a FIFO (named pipe)"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_read_upto_stops_one_byte_past_the_limit() -> None:
    """An endless stream is read to the limit plus one byte, then left."""
    with open("/dev/zero", "rb") as zero:
        assert len(read_upto(zero, 5_000_000)) == 5_000_001


# --- outputs keep the input's protection (issue 28 item 2) -------------------------------

RR6 = ROOT / "fixtures" / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"
as_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving files away needs root"
)


@pytest.fixture
def umask() -> Any:
    """Set the process's umask for one test (``umask(0o077)``), and restore it after."""
    saved = os.umask(0o022)
    os.umask(saved)
    yield os.umask
    os.umask(saved)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def _in_place(target: Path, capsys: pytest.CaptureFixture[str]) -> int:
    from trfkit.cli import main

    code = main(["convert", str(target), "--in-place", "--newline", "crlf"])
    capsys.readouterr()
    return code


@posix
@pytest.mark.parametrize(
    ("mode", "mask"),
    [(0o600, 0o022), (0o640, 0o022), (0o600, 0o077), (0o644, 0o077), (0o640, 0o027)],
    ids=["0600-umask022", "0640-umask022", "0600-umask077", "0644-umask077", "0640-umask027"],
)
def test_in_place_backup_and_replaced_file_keep_the_original_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], umask: Any, mode: int, mask: int
) -> None:
    """``convert --in-place``: FILE.bak and FILE get the original's mode, whatever the umask."""
    umask(mask)
    target = tmp_path / "t.trf"
    target.write_bytes(RR6.read_bytes())
    target.chmod(mode)
    assert _in_place(target, capsys) == 0
    backup = tmp_path / "t.trf.bak"
    assert backup.read_bytes() == RR6.read_bytes()
    assert (_mode(backup), _mode(target)) == (mode, mode)


@posix
@pytest.mark.parametrize("mask", [0o022, 0o077], ids=["umask022", "umask077"])
def test_a_new_file_gets_the_umask_mode_or_the_mode_it_is_like(
    tmp_path: Path, umask: Any, mask: int
) -> None:
    """A new file: 0666 less the umask; with like=, the model's mode whatever the umask."""
    umask(mask)
    write_atomic(tmp_path / "plain.trf", b"a")
    model = tmp_path / "model.trf"
    model.write_bytes(b"m")
    model.chmod(0o640)
    write_atomic(tmp_path / "copy.trf", b"b", like=model)
    assert _mode(tmp_path / "plain.trf") == {0o022: 0o644, 0o077: 0o600}[mask]
    assert _mode(tmp_path / "copy.trf") == 0o640


@posix
def test_temporary_file_stays_0600_until_it_is_renamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Written, synced and given its owner, the temporary file is still 0600 when renamed."""
    target = tmp_path / "t.trf"
    target.write_bytes(RR6.read_bytes())
    target.chmod(0o644)
    modes: list[tuple[str, int]] = []
    real_replace = os.replace

    def spy(src: Any, dst: Any, **kw: Any) -> None:
        modes.append((os.path.basename(dst), _mode(Path(src))))
        real_replace(src, dst, **kw)

    monkeypatch.setattr(os, "replace", spy)
    assert _in_place(target, capsys) == 0
    assert modes == [("t.trf.bak", 0o600), ("t.trf", 0o600)]
    assert (_mode(tmp_path / "t.trf.bak"), _mode(target)) == (0o644, 0o644)


@posix
@as_root
def test_in_place_keeps_owner_and_group_for_backup_and_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run as root on another user's 0640 file: FILE.bak and FILE stay that user's, 0640."""
    target = tmp_path / "t.trf"
    target.write_bytes(RR6.read_bytes())
    os.chown(target, 4321, 4322)
    target.chmod(0o640)
    assert _in_place(target, capsys) == 0
    for path in (tmp_path / "t.trf.bak", target):
        st = os.lstat(path)
        assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (4321, 4322, 0o640)


@posix
@as_root
def test_a_group_that_cannot_be_kept_gets_no_permissions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With fchown refused (EPERM) the new group is not the 0640 file's: 0600 for both."""
    target = tmp_path / "t.trf"
    target.write_bytes(RR6.read_bytes())
    target.chmod(0o640)
    os.chown(target, os.geteuid(), 4322)  # a group the new file will not be in

    def refused(*args: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "fchown", refused)
    assert _in_place(target, capsys) == 0
    assert (_mode(tmp_path / "t.trf.bak"), _mode(target)) == (0o600, 0o600)


@posix
@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_in_place_does_not_follow_a_planted_backup_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FILE.bak planted as a link to another file: refused, neither file is touched."""
    from trfkit.cli import main

    target = tmp_path / "t.trf"
    target.write_bytes(RR6.read_bytes())
    victim = tmp_path / "victim"
    victim.write_bytes(b"secret\n")
    (tmp_path / "t.trf.bak").symlink_to(victim)
    assert main(["convert", str(target), "--in-place", "--newline", "crlf"]) == 2
    err = capsys.readouterr().err
    assert "t.trf.bak is a symbolic link" in err and "Traceback" not in err
    assert victim.read_bytes() == b"secret\n"
    assert target.read_bytes() == RR6.read_bytes()
