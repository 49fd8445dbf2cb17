"""What in the cpm-c transcripts rests on evidence, checked without the port.

The transcripts are recordings of the port (no run of the original
survives); tests/test_transcripts.py replays them.  Here each one is read
back on its own terms:

* every computer move is printed as scan 148 prints it, "Computer move: "
  then the column letter and the row number;
* the boards shown agree with the moves of the session: each computer move
  and each accepted player move fills one blank square, nothing else changes;
* the seed's rule for who begins (line 11);
* in each tactic's transcript, the move the article's strategy list (seed
  lines 51-73, scan 91-135) dictates, worked out by hand below.
"""
import re
from pathlib import Path

import pytest

from retro.console import LineConsole, ProgramExit, encode
from retro.dialects.c import bdos_line
from retro.dialects.linefed import LineFedInput
from retro.transcript import Transcript, load

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "transcripts" / "cpm-c").glob("*.txt"))
BOARD_ROW = re.compile(r"^([1-3]) \| (.) \| (.) \| (.) \|$", re.M)


def session(name: str):
    return load(ROOT / "transcripts" / "cpm-c" / f"{name}.txt")


def as_read(t: Transcript, text: str) -> str:
    """A line as the program took it: with --cpm, through CP/M's line input
    (7 bits, its editing keys; retro.dialects.c.bdos_line)."""
    if t.options != ["--cpm"]:
        return text
    try:
        line = bdos_line(LineFedInput(LineConsole.from_bytes(encode(text))), bytearray())
    except ProgramExit:  # Ctrl-C first: the program ended there
        return ""
    return (line or b"").decode("latin-1")


def computer_moves(text: str) -> list[str]:
    return re.findall(r"computer move: (\S+)\n", text, re.I)


def boards(text: str) -> list[dict[str, str]]:
    """Every board shown, as {square name: symbol or ' '}."""
    rows = BOARD_ROW.findall(text)
    assert len(rows) % 3 == 0
    out = []
    for k in range(0, len(rows), 3):
        board = {}
        for row, *cells in rows[k:k + 3]:
            for col, cell in zip("ABC", cells):
                board[f"{col}{row}"] = cell
        out.append(board)
    return out


def test_there_are_transcripts_for_every_case_the_issue_names() -> None:
    names = {p.stem for p in FILES}
    for needed in ("o-player-begins-centre-tie", "x-computer-begins-computer-wins", "block",
                   "tactic-edge-against-opposite-corners", "tactic-corner-by-edge-column",
                   "tactic-corner-by-edge-row", "tactic-corner-after-corner", "tactic-corner-between-edges",
                   "tactic-edge-after-edge", "bad-input"):
        assert needed in names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_computer_moves_have_the_scanned_format(path: Path) -> None:
    out = load(path).output()
    for line in re.findall(r"computer move:[^\n]*", out, re.I):
        ending = "\r" if load(path).options == ["--cpm"] else ""  # Aztec C's CR LF
        assert re.fullmatch(r"Computer move: [A-C][1-3]" + ending, line), line


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_boards_follow_the_moves(path: Path) -> None:
    """Between two boards shown, the squares that changed are blanks filled
    by the moves named in between: the computer's, and the player's accepted
    move (the first two characters of a line, when its square was blank)."""
    t = load(path)
    board = {f"{c}{r}": " " for c in "ABC" for r in "123"}
    pending: list[tuple[str, str]] = []
    text_since = ""
    symbols: dict[str, str] = {}
    for event in t.events:
        if event.kind == "in" and event.text is not None:
            word = as_read(t, event.text)[:2].upper()
            if "symbol" in text_since.lower() and word[:1] in ("X", "O"):
                symbols = {"player": word[0], "computer": "O" if word[0] == "X" else "X"}
                board = {k: " " for k in board}
            if text_since.lower().endswith("your move: ") and word in board and board[word] == " ":
                pending.append((word, symbols["player"]))
            text_since = ""
        elif event.kind == "out":
            text = event.text or ""
            text_since += text
            for move in computer_moves(text):
                pending.append((move, symbols["computer"]))
            for shown in boards(text):
                for square, sym in pending:
                    assert board[square] == " ", f"{square} taken twice"
                    board[square] = sym
                pending = []
                assert shown == board


# -- who begins (seed line 11) ------------------------------------------------------------

@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_O_begins_with_the_player_X_with_the_computer(path: Path) -> None:
    """After the answer X to the symbol prompt a computer move comes before
    the first "Your move"; after O none does."""
    t = load(path)
    events = t.events
    checked = 0
    for n, event in enumerate(events):
        if event.kind != "in" or not event.text or as_read(t, event.text)[:1].upper() not in ("X", "O"):
            continue
        before = "".join(e.text or "" for e in events[:n] if e.kind == "out").lower()
        if not before.endswith("symbol (x/o): "):
            continue
        chunk = ""
        for later in events[n + 1:]:
            if later.kind == "in":
                break
            chunk += later.text or ""
        chunk = chunk.lower()
        if "your move" in chunk:
            assert ("computer move" in chunk.split("your move")[0]) == (as_read(t, event.text)[:1].upper() == "X")
            checked += 1
    if "your move" in t.output().lower():
        assert checked >= 1


# -- the tactics, worked out by hand ------------------------------------------------------------
# (player moves, then the computer's moves in order; X means the player chose X)

def test_o_centre_opening_is_answered_with_the_first_corner() -> None:
    """O: B2.  cmc is 0, the centre is taken: no tactic applies and eval_game
    decides; A1 is the first corner in column order."""
    t = session("o-player-begins-centre-tie")
    assert computer_moves(t.output())[0] == "A1"
    assert "It's a tie!" in t.output()


def test_x_computer_opens_in_the_centre_and_takes_its_win() -> None:
    """X: the computer (O) opens B2 (centre, 50).  The player's A1 is a
    corner: corner after corner (12), first free corner A3.  The player's A2
    leaves the diagonal A3-B2-C1 open: the computer wins on C1."""
    t = session("x-computer-begins-computer-wins")
    assert computer_moves(t.output()) == ["B2", "A3", "C1"]
    assert "Computer wins!" in t.output()


def test_block() -> None:
    """O: A1, computer B2; O: A2 threatens A3 (column A): blocked (100)."""
    assert computer_moves(session("block").output())[:2] == ["B2", "A3"]


def test_win_before_block() -> None:
    """O: A1, A3 (computer B2, then A2 to block column A); O: B1 threatens C1,
    the computer's A2-B2 threatens C2: it wins on C2."""
    t = session("win-before-block")
    assert computer_moves(t.output()) == ["B2", "A2", "C2"]
    assert "Computer wins!" in t.output()


def test_edge_against_opposite_corners() -> None:
    """O: A1, C3, A3 and C1 free: an edge (25); A2 is the first edge in column order."""
    assert computer_moves(session("tactic-edge-against-opposite-corners").output())[1] == "A2"


def test_corner_by_edge_column() -> None:
    """O: A1 and C2: the corner C1 next to C2 (20, first branch)."""
    assert computer_moves(session("tactic-corner-by-edge-column").output())[1] == "C1"


def test_corner_by_edge_row() -> None:
    """O: A1 and B3: the corner A3 next to B3 (20, second branch)."""
    assert computer_moves(session("tactic-corner-by-edge-row").output())[1] == "A3"


def test_corner_after_corner() -> None:
    """X: computer B2; the player's A1 is a corner: the first free corner, A3 (12)."""
    assert computer_moves(session("tactic-corner-after-corner").output())[:2] == ["B2", "A3"]


def test_corner_between_edges() -> None:
    """O: A2 and B1, adjacent edges: the corner A1 between them (6)."""
    assert computer_moves(session("tactic-corner-between-edges").output())[1] == "A1"


def test_edge_after_edge() -> None:
    """O: A2 (computer B2), C1 (the computer takes A3: A2 with C1, 20), then B3,
    an edge: the first free edge, B1 (3)."""
    assert computer_moves(session("tactic-edge-after-edge").output())[1:3] == ["A3", "B1"]


def test_no_move() -> None:
    """After the player's C3 (the fourth move) nothing scores: no computer
    move between that "Your move" and the next one."""
    t = session("computer-makes-no-move")
    after_c3 = t.output().split("Your move: ")[4]
    assert "Computer move" not in after_c3
    assert t.input_lines()[4] == "C3"


def test_cpm_streams_end_every_line_with_cr_lf() -> None:
    t = session("cpm-streams")
    assert t.options == ["--cpm"]
    out = t.output()
    assert out.count("\n") == out.count("\r\n") > 20
    assert t.input_lines()[0] == "X\r"  # typed with a CR, which ends the line on CP/M ...
    assert out.count("Invalid move.") == 2  # ... so the LF after "A1\r" is an empty move


def test_cpm_ctrl_z_ends_the_session_with_status_0() -> None:
    t = session("cpm-ctrl-z")
    assert t.exit_status == 0 and t.output().endswith("Your move: ")
