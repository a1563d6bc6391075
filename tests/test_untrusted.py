"""Hostile input and a hostile environment: no traceback anywhere, no output that can be forged.

Each test replays one attack of issue 20 (items 6 and 7). Where the attack is on the process
(a full disk, a closed pipe, a memory limit), it runs trfkit in a child process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import trfkit
from trfkit.cli import main
from trfkit.errors import CodecError, JsonFormError, StandingsFileError, TrfError, WriteError
from trfkit.formats import jsonform
from trfkit.limits import Limits
from trfkit.model import Player, Tournament
from trfkit.trf.standings_file import load_reported
from trfkit.untrusted import escape_json, load_json, printable, text_codec

ROOT = Path(__file__).resolve().parent.parent
SWISS = ROOT / "fixtures" / "real" / "otto_fide_c07_2023_tiebreak_exercises_swiss_5r.trf"
NOT_TEXT = ["rot13", "base64", "hex", "zlib", "undefined", "idna", "punycode", "no-such-codec"]
"""Codec names that cannot read or write a TRF file: bytes-to-bytes, failing, unknown."""


def _child(*arguments: str, **options: object) -> subprocess.CompletedProcess[str]:
    """``python -m trfkit ARGUMENTS`` in a new process, with this checkout's trfkit."""
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    env.pop("TRFKIT_TRACEBACK", None)
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "trfkit", *arguments],
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
        **options,
    )


# --- item 6: codecs ----------------------------------------------------------------------------


@pytest.mark.parametrize("codec", NOT_TEXT)
@pytest.mark.parametrize("command", ["check", "show", "standings", "convert"])
def test_an_encoding_that_is_no_text_codec_is_a_usage_error(
    command: str, codec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--encoding rot13`` (or punycode, undefined …) is refused before reading: exit 2."""
    assert main([command, "--encoding", codec, str(SWISS)]) == 2
    err = capsys.readouterr().err
    assert "argument --encoding:" in err and repr(codec) in err


@pytest.mark.parametrize("codec", NOT_TEXT)
def test_an_output_encoding_that_is_no_text_codec_is_a_usage_error(
    codec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``convert --output-encoding rot13|idna`` is refused before anything is written."""
    assert main(["convert", "--output-encoding", codec, str(SWISS)]) == 2
    assert "argument --output-encoding:" in capsys.readouterr().err


@pytest.mark.parametrize("codec", ["utf-8", "utf-8-sig", "latin-1", "cp1252", "utf-16", "ascii"])
def test_text_codecs_are_accepted(codec: str) -> None:
    """The codecs TRF files are written in pass the check, under their standard name."""
    assert text_codec(codec) == __import__("codecs").lookup(codec).name


@pytest.mark.parametrize("codec", NOT_TEXT)
def test_the_api_reads_with_no_codec_but_a_text_one(codec: str) -> None:
    """``trfkit.parse(b, encoding="rot13")`` is P001; writing with it is a WriteError."""
    result = trfkit.parse(SWISS.read_bytes(), encoding=codec)
    assert [d.code for d in result.diagnostics] == ["P001"]
    assert repr(codec) in result.diagnostics[0].message
    tournament = trfkit.loads(SWISS.read_bytes())
    with pytest.raises(WriteError, match=repr(codec)):
        trfkit.dump_bytes(tournament, encoding=codec)
    found = trfkit.check(SWISS.read_bytes(), encoding=codec)
    assert [d.code for d in found] == ["P001"]


def test_a_codec_failing_on_the_bytes_is_a_p001() -> None:
    """A text codec whose decoder fails without a position (a UnicodeError) is P001, not a crash."""
    result = trfkit.parse(b"012 A\n001 +ZZZ\xff\n", encoding="utf-7")
    assert [d.code for d in result.diagnostics] == ["P001"]


def test_codec_error_is_a_trf_error() -> None:
    """What ``text_codec`` raises is caught by ``except TrfError``."""
    with pytest.raises(TrfError):
        text_codec("rot13")
    assert issubclass(CodecError, TrfError)


# --- item 6: JSON nesting and long integers ---------------------------------------------------


def _json_form() -> str:
    return jsonform.dumps(trfkit.loads(SWISS.read_bytes()))


def test_deeply_nested_json_is_a_json_form_error(tmp_path: Path) -> None:
    """200,000 nested ``[`` (a RecursionError in :mod:`json`) is refused, naming the limit."""
    with pytest.raises(JsonFormError, match=r"nests deeper than the .* levels"):
        jsonform.loads("[" * 200_000)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000, encoding="utf-8")
    done = _child("convert", str(deep), stdout=subprocess.PIPE)
    assert done.returncode == 2
    assert "nests deeper" in done.stderr and "Traceback" not in done.stderr


def test_a_5000_digit_integer_in_the_json_form_is_refused_at_its_place(tmp_path: Path) -> None:
    """An integer over Python's digit limit (a ValueError in json) is refused where it stands."""
    text = _json_form().replace('"rounds": 5', '"rounds": ' + "9" * 5000, 1)
    with pytest.raises(JsonFormError, match="a number of 5,000 digits") as info:
        jsonform.loads(text)
    assert info.value.path == "records[3].rounds"
    path = tmp_path / "long.json"
    path.write_text(text, encoding="utf-8")
    done = _child("convert", "--to", "trf", str(path), stdout=subprocess.PIPE)
    assert done.returncode == 2
    assert "records[3].rounds" in done.stderr and "Traceback" not in done.stderr


def test_load_json_reads_valid_documents_as_json_does() -> None:
    """The bounded reader changes nothing for a document within its bounds."""
    text = _json_form()
    assert load_json(text) == json.loads(text)
    assert repr(load_json("[" + "1" * 5000 + "]")[0]) == "a number of 5,000 digits"


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("long.csv", "start_rank,SB\n1," + "9" * 5000 + "\n", "a number of 5,000 digits"),
        ("long.json", '[{"start_rank": 1, "SB": ' + "9" * 5000 + "}]", "5,000 digits"),
        ("rank.json", '[{"start_rank": ' + "9" * 5000 + ', "SB": 1}]', "start rank"),
        ("rank.csv", "start_rank,SB\n" + "9" * 5000 + ",1\n", "start rank"),
        ("deep.json", "[" * 200_000, "nests deeper"),
        ("field.csv", 'start_rank,SB\n1,"' + "9" * 200_000 + '"\n', "not valid CSV"),
    ],
)
def test_hostile_standings_files_are_standings_file_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: str, message: str
) -> None:
    """Long integers, deep nesting and huge CSV fields in ``--standings`` are a located error."""
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(StandingsFileError, match=message):
        load_reported(str(path))
    assert main(["check", "--standings", str(path), str(SWISS)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err) < 400


def test_a_5000_digit_number_in_a_trf_line_is_p010(capsys: pytest.CaptureFixture[str]) -> None:
    """With ``--max-line-length`` raised, a 5,000-digit XXS value is P010, not a ValueError."""
    text = "012 A\nXXS W=" + "9" * 5000 + "\n001    1 m    Doe\n"
    result = trfkit.parse(text, limits=Limits(max_line_length=10_000))
    assert [(d.code, d.line) for d in result.diagnostics] == [("P010", 2)]
    assert "5,000 digits" in result.diagnostics[0].message


# --- item 6: lone surrogates -------------------------------------------------------------------


def test_a_lone_surrogate_in_text_is_p001_with_its_place() -> None:
    r"""``trfkit.check("012 A\ud800 …")`` is one P001 saying where, not a UnicodeEncodeError."""
    found = trfkit.check("012 A\n001    1 m    Do\ud800e\n")
    assert [d.code for d in found] == ["P001"]
    assert "line 2, column 17" in found[0].message and "U+D800" in found[0].message
    result = trfkit.parse("012 A\ud800\n")
    assert [d.code for d in result.diagnostics] == ["P001"]


def test_a_lone_surrogate_decoded_from_bytes_is_p001(tmp_path: Path) -> None:
    """UTF-7 can decode to a lone surrogate: P001 on reading, and ``--to json`` exits 2."""
    data = b"012 A\n001    1 m    Do+2AA-e\n"
    result = trfkit.parse(data, encoding="utf-7")
    assert [d.code for d in result.diagnostics] == ["P001"]
    path = tmp_path / "surrogate.trf"
    path.write_bytes(data)
    done = _child(
        "convert", "--encoding", "utf-7", "--to", "json", str(path), stdout=subprocess.PIPE
    )
    assert done.returncode == 2
    assert "lone surrogate" in done.stderr and "Traceback" not in done.stderr


def test_a_lone_surrogate_in_the_json_form_is_refused(tmp_path: Path) -> None:
    r"""``"name": "\ud800"`` in a JSON input is a JsonFormError at the name, not a crash."""
    text = _json_form().replace('"name": "Bruno"', '"name": "Br\\ud800uno"', 1)
    with pytest.raises(JsonFormError, match="lone surrogate") as info:
        jsonform.loads(text)
    assert info.value.path == "records[4].name"
    path = tmp_path / "surrogate.json"
    path.write_text(text, encoding="utf-8")
    for target in ("json", "trf"):
        done = _child("convert", "--to", target, str(path), stdout=subprocess.PIPE)
        assert done.returncode == 2 and "Traceback" not in done.stderr


def test_a_model_with_a_lone_surrogate_is_not_written_as_json() -> None:
    """A model built in code with a surrogate in a name: the JSON form refuses it (WriteError)."""
    tournament = Tournament((Player(start_rank=1, name="Do\ud800e"),))
    with pytest.raises(WriteError):
        jsonform.dumps(tournament)
    with pytest.raises(WriteError):
        trfkit.dump_bytes(tournament)


# --- item 6: the process's environment ---------------------------------------------------------

COMMANDS = [
    ["check", str(SWISS)],
    ["show", str(SWISS)],
    ["standings", str(SWISS)],
    ["convert", str(SWISS)],
    ["convert", "--to", "json", str(SWISS)],
    ["fix", "-o", "-", str(SWISS)],
    ["berger", "6"],
    ["rules"],
    ["--version"],
    ["--help"],
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("arguments", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_a_full_disk_is_one_line_and_exit_two(arguments: list[str]) -> None:
    """``trfkit … > /dev/full`` ends with one line on stderr and exit 2, not a traceback."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = _child(*arguments, stdout=full)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "No space left on device" in done.stderr


@pytest.mark.parametrize("arguments", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_a_closed_stdout_ends_quietly(arguments: list[str]) -> None:
    """Writing to a pipe whose reader is gone (EPIPE) ends silently, as grep does.

    Exit 0, or 2 for check, convert and fix, whose cut output is a failed run.
    """
    read, write = os.pipe()
    os.close(read)  # before the child starts: its first write meets a closed pipe
    try:
        done = _child(*arguments, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == (2 if arguments[0] in ("check", "convert", "fix") else 0)
    assert done.stderr == ""


def test_rules_into_head_exits_zero_with_no_message() -> None:
    """``trfkit rules | head -1``: the first line, exit 0, nothing on stderr."""
    done = subprocess.run(
        f"{sys.executable} -m trfkit rules | head -1; exit ${{PIPESTATUS[0]}}",
        shell=True, executable="/bin/bash", capture_output=True, text=True, encoding="utf-8",
        env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("B001")


def test_a_full_stderr_is_not_a_traceback(tmp_path: Path) -> None:
    """A usage error whose message cannot be written still exits 2, silently."""
    target = os.devnull if not os.path.exists("/dev/full") else "/dev/full"
    with open(target, "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "trfkit", "check", str(tmp_path / "missing.trf")],
            stdout=subprocess.PIPE,
            stderr=full,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=False,
        )
    assert done.returncode == 2


def test_an_internal_error_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unforeseen exception in a command is one line naming it, exit 2 (a traceback if asked)."""
    from trfkit.commands import berger

    def broken(args: object) -> int:
        raise RuntimeError("boom\n::error::forged")

    monkeypatch.setattr(berger, "run", broken)
    monkeypatch.delenv("TRFKIT_TRACEBACK", raising=False)
    assert main(["berger", "6"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "trfkit berger: internal error (RuntimeError: boom\\n::error::forged); please report it\n"
    )
    monkeypatch.setenv("TRFKIT_TRACEBACK", "1")
    with pytest.raises(RuntimeError):
        main(["berger", "6"])


def _big_trf(path: Path, players: int = 9000, rounds: int = 40) -> None:
    lines = ["012 Big Open", f"XXR {rounds}"]
    for n in range(1, players + 1):
        head = f"001 {n:>4} m    {'Player ' + str(n):<33} 2000 NOR".ljust(80) + f" 0.0 {n:>4}  "
        blocks = [f"{(n + k) % players + 1:>4} {'wb'[k % 2]} =" for k in range(rounds)]
        lines.append(head + "  ".join(blocks))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


_PEAK = """
import sys
from trfkit.cli import main
main(sys.argv[1:])
status = open("/proc/self/status", encoding="utf-8").read().splitlines()
print([l for l in status if l.startswith("VmPeak")][0].split()[1])
"""


@pytest.mark.heavy
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize(
    "command", [["standings"], ["convert", "--to", "json"], ["show"], ["check", "--jobs", "1"]]
)
def test_out_of_memory_is_one_line_and_exit_two(tmp_path: Path, command: list[str]) -> None:
    """Under an address-space limit a large file ends with one line and exit 2, no MemoryError."""
    resource = pytest.importorskip("resource")
    small, big = tmp_path / "small.trf", tmp_path / "big.trf"
    _big_trf(small, players=4, rounds=3)
    _big_trf(big)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # the child's peak on a tiny file: the limit leaves it a little room, the big file needs more
    peak = subprocess.run(
        [sys.executable, "-c", _PEAK, *command, str(small)],
        capture_output=True, text=True, encoding="utf-8", env=env, check=True,
    )  # fmt: skip
    limit = (int(peak.stdout.split()[-1]) + 24 * 1024) * 1024

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    done = _child(*command, str(big), stdout=subprocess.DEVNULL, preexec_fn=cap)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "memory" in done.stderr, done.stderr


# --- item 7: output that cannot be forged -----------------------------------------------------

UNSAFE = "\x00\x07\x08\t\n\r\x1b\x7f\x85\x9b\u2028\u2029\u202e\u2066\u200f\u061c\ud800"
"""One of each kind of character no output shows raw: C0, DEL, C1, separators, bidi, surrogate."""
FORGED = "a\n::error file=x.trf,line=1::forged.trf"
"""A file name that, printed raw, would put a workflow command of its own on a line."""


def _raw(text: str) -> set[str]:
    """The characters of :data:`UNSAFE` that stand raw in *text* (line ends excluded)."""
    return {c for c in UNSAFE if c in text.replace("\n", "")}


@pytest.mark.parametrize("char", list(UNSAFE))
def test_printable_escapes_every_unsafe_character(char: str) -> None:
    """Each control, separator, bidi control and surrogate is written as a visible escape."""
    shown = printable(f"x{char}y")
    assert char not in shown and shown.startswith("x\\") and shown.endswith("y")
    assert json.loads(escape_json(json.dumps(f"x{char}y", ensure_ascii=False))) == f"x{char}y"
    assert char not in escape_json(json.dumps(f"x{char}y", ensure_ascii=False))


def test_printable_keeps_names_in_any_script() -> None:
    """Letters, accents, other scripts, emoji with joiners and backslashes are kept as they are."""
    names = "Müller, Jürgen · Иванов · 王 · محمد · עברית · 👩‍👩‍👧 · C:\\trf\\a.trf"
    assert printable(names) == names
    dumped = json.dumps(names, ensure_ascii=False)
    assert escape_json(dumped) == dumped


def _forged_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    try:
        (folder / FORGED).write_bytes(SWISS.read_bytes())
    except OSError:  # pragma: no cover - a file system that refuses line breaks in names
        pytest.skip("this file system has no line breaks in file names")
    return folder


@pytest.mark.parametrize("fmt", ["text", "github", "json"])
def test_a_file_name_cannot_forge_a_workflow_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    r"""A file name holding ``\n::error file=…::`` prints no raw ``::error`` line in any format."""
    folder = _forged_folder(tmp_path)
    main(["check", "--format", fmt, "--show-info", str(folder)])
    out, err = capsys.readouterr()
    lines = (out + err).splitlines()
    assert not [line for line in lines if line.startswith("::error")]
    if fmt == "github":
        annotations = [line for line in lines if line.startswith("::")]
        ours = ("::notice file=", "::warning file=")
        assert annotations and all(line.startswith(ours) for line in annotations)
    if fmt == "text":
        assert all(line.startswith(str(folder)) for line in lines[:-1])
    if fmt == "json":  # escaped the JSON way: the name reads back as it is
        assert json.loads(out)["files"][0]["path"] == str(folder / FORGED)


def test_a_file_name_cannot_forge_a_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """A named file that does not exist, with a line break in its name: one line on stderr."""
    for command in (["check"], ["show"], ["standings"], ["convert"]):
        assert main([*command, "nowhere" + FORGED]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "::error" in err and "\n::" not in err


def _player_line(rank: int, name: str, points: str, opponent: int, colour: str, result: str) -> str:
    head = f"001 {rank:>4} m    {name:<33} 2000 NOR".ljust(80) + f"{points:>4} {rank:>4}  "
    return head + f"{opponent:>4} {colour} {result}"


def _hostile_names(tmp_path: Path) -> tuple[Path, str]:
    """A file whose first player's name holds every unsafe character but NUL, CR and LF."""
    name = "Evil" + "".join(c for c in UNSAFE if c not in "\x00\r\n\ud800")
    text = "\n".join([
        "012 Open\x1b]0;owned\x07",
        "XXR 1",
        _player_line(1, name, "0.0", 2, "w", "1"),  # the points contradict the result: T001
        _player_line(2, "Doe\u2028::error::forged", "0.0", 1, "b", "0"),
    ]) + "\n"  # fmt: skip
    folder = tmp_path / "in\x1b[31m\u202e"  # the path is printed too
    folder.mkdir()
    path = folder / "names.trf"
    path.write_text(text, encoding="utf-8")
    return path, name


@pytest.mark.parametrize(
    "arguments",
    [
        ["check", "--show-info"],
        ["check", "--format", "github", "--show-info"],
        ["check", "--format", "json"],
        ["show"],
        ["standings"],
        ["standings", "--format", "json"],
        ["standings", "--explain", "1"],
        ["convert", "--to", "trf26", "--report-adjustments", "-o", "OUT"],
        ["convert", "--to", "json", "--format", "json", "-o", "OUT"],
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_a_player_name_cannot_forge_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str]
) -> None:
    """Names with control, separator and bidi characters are escaped in every format."""
    path, name = _hostile_names(tmp_path)
    arguments = [str(tmp_path / "out.trf") if a == "OUT" else a for a in arguments]
    main([*arguments, str(path)])
    out, err = capsys.readouterr()
    assert _raw(out) == set() and _raw(err) == set()
    commands = [line for line in (out + err).splitlines() if line.startswith("::")]
    ours = ("::error file=", "::warning file=", "::notice file=")
    assert all(line.startswith(ours) for line in commands)  # never "::error::forged"
    if arguments[0] in ("check", "show", "standings") and "json" not in arguments:
        assert "Evil" in out and "\\x1b" in out + err
    if "json" in arguments and arguments[0] == "check":
        messages = [d["message"] for d in json.loads(out)["files"][0]["diagnostics"]]
        assert any(name in m for m in messages)  # read back, the name is the file's


def test_the_html_report_shows_no_raw_control_character(tmp_path: Path) -> None:
    """The HTML report escapes names, messages and file names, a non-UTF-8 one included."""
    path, _ = _hostile_names(tmp_path)
    folder = _forged_folder(tmp_path)
    odd = os.fsencode(folder) + b"/bad\xff\x1b[31m.trf"
    try:
        with open(odd, "wb") as handle:
            handle.write(SWISS.read_bytes())
    except OSError:  # pragma: no cover - a file system that wants UTF-8 names
        pass
    report = tmp_path / "report.html"
    assert main(["check", "--report", str(report), str(path), str(folder)]) in (0, 1)
    page = report.read_bytes().decode("utf-8")  # valid UTF-8: no surrogate reached it
    assert _raw(page) == set()
    assert "Evil" in page and "forged.trf" in page


def test_github_annotations_escape_their_properties() -> None:
    """``%``, CR, LF, ``:`` and ``,`` are escaped by GitHub's rules, other controls printable."""
    from trfkit.diagnostics import parse_rule
    from trfkit.report.github import format_github

    d = parse_rule("P003").diagnostic("a\r\nb %", line=1, column=2)
    line = format_github(d, "x,y:z%\r\n::error::w")
    assert "\n" not in line and "\r" not in line
    assert line.startswith("::warning file=x%2Cy%3Az%25%0D%0A%3A%3Aerror%3A%3Aw,line=1,col=2,")
    assert line.endswith("::a%0D%0Ab %25")
    odd = format_github(d, "a\x1b[31m\u202e.trf")
    assert odd.startswith("::warning file=a\\x1b[31m\\u202e.trf,")


@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (MemoryError(), "ResourceError"),
        (RecursionError(), "ResourceError"),
        (UnicodeError("a codec broke"), "CodecError"),
        (LookupError("unknown encoding: x"), "CodecError"),
    ],
)
def test_the_api_raises_trf_errors_in_place_of_python_ones(
    raised: Exception, expected: str
) -> None:
    """The API turns MemoryError, RecursionError, UnicodeError and LookupError into TrfError."""
    from trfkit import api

    def failing() -> None:
        raise raised

    with pytest.raises(TrfError) as info:
        api._guarded(failing)()
    assert type(info.value).__name__ == expected and str(info.value)
    for name in ("parse", "loads", "load", "dumps", "dump_bytes", "dump", "check"):
        assert getattr(trfkit, name).__wrapped__  # each entry point is guarded


def test_a_key_error_is_not_mistaken_for_a_codec_failure() -> None:
    """A KeyError (a LookupError) is a bug, not input: it is not dressed as a CodecError."""
    from trfkit import api

    def failing() -> None:
        raise KeyError("x")

    with pytest.raises(KeyError):
        api._guarded(failing)()
