"""Odd and hostile inputs: each gets a specific message and exit code, never a traceback."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import trfkit
from trfkit import audit, fileio
from trfkit.cli import main
from trfkit.limits import Limits

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RR6 = FIXTURES / "real" / "otto_fide_c07_2023_tiebreak_exercises_round_robin_6p.trf"


def _check(path: Path | str, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    code = main(["check", str(path), *extra])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file is empty"),
        (b"\n   \n\r\n", "the file is only blank lines"),
        (b"012 A\x00\x01\x02", "the file is binary, not text (a NUL byte at offset 5)"),
        ("012 A\n".encode("utf-16"), "the file is UTF-16"),
    ],
    ids=["empty", "blank-lines", "binary", "utf-16"],
)
def test_unreadable_named_file_exits_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    """A named file that holds no readable tournament exits 2 with a specific message."""
    path = tmp_path / "odd.trf"
    path.write_bytes(content)
    code, output = _check(path, capsys)
    assert code == 2
    assert message in output


def test_missing_path_exits_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A path that does not exist exits 2 and says so."""
    code, output = _check(tmp_path / "nope.trf", capsys)
    assert code == 2
    assert "no such file or directory" in output


def test_directory_without_trf_files_exits_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A directory (even one named like a file) without TRF files exits 2."""
    folder = tmp_path / "dir.trf"
    folder.mkdir()
    code, output = _check(folder, capsys)
    assert code == 2
    assert "no TRF files found" in output


def test_directory_given_to_convert_exits_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``convert`` of a directory is refused with exit 2."""
    assert main(["convert", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_permission_denied_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that cannot be opened gives 'permission denied', not a traceback."""

    def refuse(*args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(fileio, "open_regular", refuse)
    report = audit.check_file(str(RR6), audit.CheckRequest())
    assert not report.readable
    assert report.diagnostics[0].message.endswith("cannot be read: permission denied")


def test_unreadable_file_inside_a_batch_is_a_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Inside a directory an unreadable file is a P001 error of that file; the batch goes on."""
    (tmp_path / "a.trf").write_bytes(b"012 A\x00")
    (tmp_path / "b.trf").write_bytes(RR6.read_bytes())
    code = main(["check", str(tmp_path), "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{tmp_path / 'a.trf'}: P001 the file is binary" in out
    assert "2 files checked: " in out and " 1 with errors" in out  # RR6 warns B005


def test_mixed_line_endings_are_noted_and_kept() -> None:
    """LF, CRLF and CR in one file give one P009 note and survive a round trip."""
    data = b"012 A\r\n022 B\r032 C\n"
    result = trfkit.parse(data)
    notes = [d for d in result.diagnostics if d.code == "P009"]
    assert [d.message for d in notes] == ["the file mixes line endings (CR, CRLF, LF); kept as is"]
    assert trfkit.dump_bytes(result.tournament) == data


def test_bom_in_the_middle_is_noted_and_the_record_still_read() -> None:
    """A BOM at the start of line 2 is reported there and the 022 record is still recognised."""
    data = b"012 A\n\xef\xbb\xbf022 Dublin\n"
    result = trfkit.parse(data)
    assert [(d.code, d.line, d.column) for d in result.diagnostics if d.code != "P002"] == [
        ("P009", 2, 1)
    ]
    assert result.tournament.header("022") == "Dublin"
    assert trfkit.dump_bytes(result.tournament) == data


def test_symlink_loop_in_a_batch_terminates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A directory that links to itself is walked once."""
    (tmp_path / "r.trf").write_bytes(RR6.read_bytes())
    os.symlink(tmp_path, tmp_path / "loop")
    code = main(["check", str(tmp_path), "--select", "S", "--jobs", "1"])
    assert code == 0
    assert capsys.readouterr().out == ""


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses non-UTF-8 file names")
def test_path_that_is_not_utf8(tmp_path: Path) -> None:
    """A file name with invalid UTF-8 bytes is checked and printed escaped, without a crash."""
    name = os.fsdecode(b"bad\xffname.trf")
    (tmp_path / name).write_bytes(b"012 A\nQ12 unknown\n")
    done = subprocess.run(
        [sys.executable, "-m", "trfkit", "check", os.fsdecode(tmp_path)],
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    assert b"bad\\udcffname.trf:2:1: P003" in done.stdout
    assert b"Traceback" not in done.stderr


def test_oversized_file_is_rejected_before_parsing(tmp_path: Path) -> None:
    """A file over --max-bytes is refused from its size alone, with the limit in the message."""
    big = tmp_path / "big.trf"
    big.write_bytes(b"012 A\n" + b"001    1\n" * 2000)
    report = audit.check_file(str(big), audit.CheckRequest(limits=Limits(max_bytes=1000)))
    assert not report.readable
    assert "more than the limit of 1,000 (--max-bytes)" in report.diagnostics[0].message


def test_file_growing_after_stat_is_read_up_to_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file larger than its stat size is read on, but never past --max-bytes plus one."""
    grown = tmp_path / "grown.trf"
    content = b"012 A\n" + b"001    1\n" * 500  # 4,506 bytes
    grown.write_bytes(content)
    stat = os.stat_result((0o100644, 0, 0, 1, 0, 0, 100, 0, 0, 0))  # stat says 100 bytes
    real = os.stat
    monkeypatch.setattr(  # read_bytes asks os.stat (a file named on the command line: no pathlib)
        os, "stat", lambda p, *a, **kw: stat if os.fspath(p) == str(grown) else real(p, *a, **kw)
    )
    assert audit.read_bytes(str(grown), Limits()) == content
    capped = audit.read_bytes(str(grown), Limits(max_bytes=1000))
    assert capped == content[:1001]  # one byte over: the limit check refuses the file


def test_limits_on_lines_players_and_rounds() -> None:
    """Overlong lines, too many players and too many rounds give P010 with the limit."""
    long_line = trfkit.parse("012 " + "x" * 5000 + "\n")
    assert [d.code for d in long_line.diagnostics] == ["P010"]
    assert "more than the limit of 4,096" in long_line.diagnostics[0].message
    players = "".join(f"001 {n:>4}\n" for n in range(1, 12))
    many = trfkit.parse(players, limits=Limits(max_players=10))
    assert any(
        "11 player records, more than the limit of 10" in d.message for d in many.diagnostics
    )
    blocks = "  ".join("0000 - H" for _ in range(5))
    rounds = trfkit.parse("001    1".ljust(91) + blocks + "\n", limits=Limits(max_rounds=4))
    assert any("5 rounds, more than the limit of 4" in d.message for d in rounds.diagnostics)


@pytest.mark.heavy
def test_killed_convert_leaves_the_target_intact(tmp_path: Path) -> None:
    """Killing ``convert`` at any moment leaves the old target or the complete new one."""
    source = tmp_path / "big.trf"
    line = RR6.read_bytes().splitlines(keepends=True)[5]
    source.write_bytes(b"012 Big\n" + line * 200_000)
    target = tmp_path / "target.trf"
    old = b"012 the previous version of the target\n"
    new = source.read_bytes()
    outcomes = set()
    for delay in (0.05, 0.2, 0.4, 0.6, 0.8, 1.0, 1.5, 2.5):
        target.write_bytes(old)
        proc = subprocess.Popen(
            [sys.executable, "-m", "trfkit", "convert", str(source), "-o", str(target)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        content = target.read_bytes()
        assert content in (old, new)
        outcomes.add(content == new)
    assert False in outcomes  # at least one kill landed before the rename


def test_in_place_keeps_a_backup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``convert --in-place`` replaces the file and keeps the original as .bak."""
    target = tmp_path / "t.trf"
    original = RR6.read_bytes()
    target.write_bytes(original)
    assert main(["convert", str(target), "--in-place", "--newline", "crlf", "--canonical"]) == 0
    assert (tmp_path / "t.trf.bak").read_bytes() == original
    assert target.read_bytes() == original.replace(b"\n", b"\r\n")


def test_in_place_refuses_output_and_stdin(capsys: pytest.CaptureFixture[str]) -> None:
    """``--in-place`` with ``-o`` or with stdin is a usage error."""
    assert main(["convert", str(RR6), "--in-place", "-o", "x.trf"]) == 2
    assert main(["convert", "-", "--in-place"]) == 2
    assert "--in-place" in capsys.readouterr().err


ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")


def _bounded() -> None:
    """Cap the child's memory: a regression reading /dev/zero without end fails, not the host."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _trfkit(*args: str, stdin: object = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    """``python -m trfkit ARGS`` in a new process; the timeout only guards against a hang."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    return subprocess.run(
        [sys.executable, "-m", "trfkit", *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=30,
        check=False,
        preexec_fn=_bounded if sys.platform != "win32" else None,
    )


@posix_only
def test_fifo_in_a_folder_is_reported_and_skipped(tmp_path: Path) -> None:
    """A FIFO named *.trf or *.txt in a checked folder is a P001 of its own; the batch goes on."""
    (tmp_path / "a.trf").write_bytes(RR6.read_bytes())
    os.mkfifo(tmp_path / "pipe.trf")
    os.mkfifo(tmp_path / "pipe.txt")
    for jobs in ("1", "2"):
        run = _trfkit("check", str(tmp_path), "--jobs", jobs, "--select", "P")
        assert run.returncode == 1
        for name in ("pipe.trf", "pipe.txt"):
            assert f"{tmp_path / name}: P001 {tmp_path / name} is a FIFO (named pipe)" in run.stdout
        assert "3 files checked: 1 clean, 2 with errors" in run.stdout


@posix_only
@pytest.mark.parametrize("command", ["check", "convert", "show", "standings"])
def test_fifo_named_on_the_command_line_is_refused(tmp_path: Path, command: str) -> None:
    """A FIFO named as an input is refused with exit 2, without waiting for a writer."""
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    run = _trfkit(command, str(fifo))
    assert run.returncode == 2
    assert f"{fifo} is a FIFO (named pipe), not a regular file" in run.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("command", ["check", "convert", "show", "standings"])
def test_endless_stdin_stops_at_the_size_limit(command: str) -> None:
    """/dev/zero as stdin is read up to --max-bytes, then refused with exit 2."""
    with open("/dev/zero", "rb") as zero:
        run = _trfkit(command, "-", stdin=zero)
    assert run.returncode == 2
    assert "stdin has more than 67,108,864 bytes, the limit (--max-bytes)" in run.stderr


def test_stdin_past_the_limit_but_json_reads_to_the_json_limit() -> None:
    """A stream starting like JSON is read on past --max-bytes, to the JSON form's limit."""
    import io

    limits = Limits(max_bytes=10, max_players=1, max_rounds=1)
    text = b'{"x": "' + b"y" * 30 + b'"}'
    assert audit.read_stdin(limits, "either", io.BytesIO(text)) == text
    assert "limit (--max-bytes)" in str(audit.read_stdin(limits, "trf", io.BytesIO(text)))
    endless = io.BytesIO(b"{" + b" " * limits.max_json_bytes)
    assert "limit of a JSON form" in str(audit.read_stdin(limits, "either", endless))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_standings_file_that_is_a_device_is_refused() -> None:
    """``--standings /dev/zero`` is refused (exit 2) instead of read without end."""
    run = _trfkit("check", str(RR6), "--standings", "/dev/zero")
    assert run.returncode == 2
    assert "--standings /dev/zero: it is a character device" in run.stderr


@posix_only
def test_output_fifo_without_a_reader_is_refused_and_kept(tmp_path: Path) -> None:
    """``-o FIFO`` and ``--report FIFO`` with no reader: exit 2, and the FIFO is still one."""
    fifo = tmp_path / "out.trf"
    os.mkfifo(fifo)
    for command, option in (("convert", "-o"), ("check", "--report")):
        run = _trfkit(command, str(RR6), option, str(fifo))
        assert run.returncode == 2
        assert "no process is reading" in run.stderr
        assert stat.S_ISFIFO(fifo.lstat().st_mode)


@posix_only
def test_output_fifo_with_a_reader_gets_the_conversion(tmp_path: Path) -> None:
    """``convert -o FIFO`` that a process reads: the reader gets the file, the FIFO stays."""
    fifo = tmp_path / "out.trf"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        assert main(["convert", str(RR6), "-o", str(fifo)]) == 0
        received = b""
        while chunk := os.read(reader, 65536):
            received += chunk
    finally:
        os.close(reader)
    assert received == RR6.read_bytes()
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root")
def test_output_character_device_is_not_replaced(tmp_path: Path) -> None:
    """As root, ``-o`` a null device (made here, like /dev/null) writes to it and keeps it."""
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("this filesystem refuses device files")
    run = _trfkit("convert", str(RR6), "-o", str(null))
    if "Permission denied" in run.stderr:
        pytest.skip("this filesystem refuses to open device files (nodev)")
    assert run.returncode == 0, run.stderr
    assert stat.S_ISCHR(null.lstat().st_mode) and null.lstat().st_rdev == os.makedev(1, 3)
    report = _trfkit("check", str(RR6), "--report", str(null))
    assert report.returncode == 0 and stat.S_ISCHR(null.lstat().st_mode)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_in_place_on_a_symlink_converts_the_real_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--in-place`` on a link converts the file it names, keeps the link, .bak beside the file."""
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "x.trf"
    original = RR6.read_bytes()
    real.write_bytes(original)
    link = tmp_path / "link.trf"
    link.symlink_to(real)
    assert main(["convert", str(link), "--in-place", "--newline", "crlf"]) == 0
    assert link.is_symlink() and link.resolve() == real
    assert real.read_bytes() == original.replace(b"\n", b"\r\n")
    assert (tmp_path / "real" / "x.trf.bak").read_bytes() == original
    assert not (tmp_path / "link.trf.bak").exists()


def test_stale_temporary_file_is_removed_and_mentioned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A temp file a killed convert left beside the target is removed by the next one."""
    target = tmp_path / "target.trf"
    stale = tmp_path / f".target.trf.trfkit-{'ab' * 8}.tmp"
    stale.write_bytes(b"half of a killed run's output")
    assert main(["convert", str(RR6), "-o", str(target)]) == 0
    assert not stale.exists()
    err = capsys.readouterr().err
    assert f"removed {stale}, a temporary file left by an interrupted run" in err
