"""A second reader of the midterm's specification: a student's public solution.

    python tools/perl_reference/peer.py audit     the port's audit games, replayed on it
    python tools/perl_reference/peer.py tree      its own game tree, every line of the user

``Tic_tac_toe.pl`` of audani-umd/Tic-Tac-Toe (2017; its README is the
specification's text) is one student's program for the same assignment
(UMD's INFM743 midterm).  It is fetched at run time from the commit pinned
below into the cache (never committed; SHA-256 pinned) and run with the
system's perl.  Without network access, copy it there by hand
(``~/.cache/retro-reference/perl-peer/``, under ``RETRO_REFERENCE_CACHE`` if
set), or name a copy with ``RETRO_PEER_SCRIPT``.  It is a peer's reading of the text, not the instructor's
program and not the lost program the port stands for: what it shows is how
another reader read the same words.

Its interface is its own (numbers 0-8, ``Pick a space:``, ``Invalid input.
Try again``, ``Its a tie!!!!``, ``Computer wins!!!!``), so what is compared is
the play: the square it answers with after each move of the user, read from
the boards it prints, and where it ends the game.  At the end of the input
it loops for ever (``<>`` gives undef, which it refuses, and asks again):
the run is cut at 64 KiB of output and read up to the prompt after the last
move.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import NamedTuple, Optional

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "tools"))
from pinned import fetch_pinned  # noqa: E402  # after sys.path is set above
from retro.ports.perl_midterm import midterm  # noqa: E402  # after sys.path is set above
from retro.ports.perl_midterm.patterns import MOVE, PATTERNS  # noqa: E402  # after sys.path is set above

COMMIT = "f196b87c86e61a8f2652af6c9dd9b3f16092c7e4"  # 2017-10-21, the repository's last commit
URL = f"https://raw.githubusercontent.com/audani-umd/Tic-Tac-Toe/{COMMIT}/Tic_tac_toe.pl"
SHA256 = "00400e0a1540b21b3dd2c073dae8b509638fd915f47663c0d85c941a8b40b544"
CACHE = Path(os.environ.get("RETRO_REFERENCE_CACHE", Path.home() / ".cache" / "retro-reference")) / "perl-peer"
SCRIPT = Path(os.environ.get("RETRO_PEER_SCRIPT", CACHE / "Tic_tac_toe.pl"))
PROMPT = b"Pick a space:"
CAP = 1 << 16


def fetch() -> Path:
    return fetch_pinned(URL, SCRIPT, SHA256, f"Tic_tac_toe.pl of audani-umd/Tic-Tac-Toe at {COMMIT[:7]}")


class Played(NamedTuple):
    replies: list[Optional[int]]  # its square after each move of the user (None: the game had ended)
    ending: str  # "computer wins", "tie", or "" (still asking)
    boards: list[str]  # each board it printed after a move, as nine marks ("." free)


BOARD = re.compile(rb" (\S) \| (\S) \| (\S) \n---\+---\+---\n")


def boards_in(text: bytes) -> list[str]:
    rows = [m.groups() for m in BOARD.finditer(text)]
    return ["".join((c.decode() if c in (b"X", b"O") else ".") for row in rows[i:i + 3] for c in row)
            for i in range(0, len(rows) - len(rows) % 3, 3)]


def play(moves: list[int]) -> Played:
    """Run the student's program on these moves, one a line."""
    data = b"".join(b"%d\n" % m for m in moves)
    p = subprocess.Popen(["perl", str(fetch())], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    assert p.stdin is not None and p.stdout is not None
    p.stdin.write(data)
    p.stdin.close()
    out = b""
    while len(out) < CAP:
        chunk = p.stdout.read(4096)
        if not chunk:
            break
        out += chunk
    p.kill()
    p.wait()
    cut = out
    parts = out.split(PROMPT)
    if len(parts) > len(moves) + 1:
        cut = PROMPT.join(parts[: len(moves) + 1])  # what it printed before it asked past the input
    ending = "computer wins" if b"Computer wins!!!!" in cut else "tie" if b"Its a tie!!!!" in cut else ""
    # One board before each prompt, and one before the ending: the state after each round.
    after = boards_in(cut)[1:]  # the first board is the empty one
    replies: list[Optional[int]] = []
    previous = "." * 9
    for board in after:
        new_o = [k for k in range(9) if board[k] == "O" and previous[k] != "O"]
        replies.append(new_o[0] if new_o else None)
        previous = board
    return Played(replies, ending, after)


def port_games() -> list[list[int]]:
    """Every line of play of the user against the port (the audit's games, pattern by pattern)."""
    games: list[list[int]] = []

    def walk(board: list[str], moves: list[int]) -> None:
        for square in range(9):
            if not midterm.is_free(board[square]):
                continue
            after = board[:]
            after[square] = "X"
            line = moves + [square]
            if midterm.winner(after) or midterm.is_full(after):
                games.append(line)
                continue
            reply = midterm.find_move(after)
            assert reply is not None
            after[reply] = "O"
            if midterm.winner(after) or midterm.is_full(after):
                games.append(line)
                continue
            walk(after, line)

    walk(midterm.new_board(), [])
    return games


GROUPS = (PATTERNS[0:7], PATTERNS[7:14], PATTERNS[14:21])  # win, block, block in two (the spec's three lists)


def by_group(board: list[str]) -> Optional[int]:
    """The student's order: for each group, the board in four turns, every pattern of the group on each."""
    board = [mark if not midterm.is_free(mark) else str(k) for k, mark in enumerate(board)]
    for group in GROUPS:
        turned = board
        for _ in range(4):
            for pattern in group:
                if midterm.matches(pattern, turned):
                    return int(turned[pattern.index(MOVE)])
            turned = midterm.rotate(turned)
    return midterm.first_free(board)


def audit() -> int:
    games = port_games()
    print(f"{len(games)} games: every line of the user against the port (pattern by pattern)")
    same = 0
    first_diverging: Counter[int] = Counter()
    explained = 0
    for moves in games:
        played = play(moves)
        board = midterm.new_board()
        mine: list[int] = []
        model: list[Optional[int]] = []
        for m in moves:
            board[m] = "X"
            if midterm.winner(board) or midterm.is_full(board):
                break
            reply = midterm.find_move(board)
            model.append(by_group(board))
            assert reply is not None
            mine.append(reply)
            board[reply] = "O"
        theirs = played.replies[: len(mine)]
        if theirs == mine:
            same += 1
        else:
            k = next(i for i, (a, b) in enumerate(zip(theirs, mine)) if a != b) if any(
                a != b for a, b in zip(theirs, mine)) else min(len(theirs), len(mine))
            first_diverging[k + 1] += 1
            explained += theirs[k] == model[k] if k < len(theirs) and k < len(model) else 0
    print(f"the student's program answers as the port throughout: {same}; differs: {len(games) - same} "
          f"(at the user's move number: {dict(sorted(first_diverging.items()))}); the first different answer is "
          f"the per-group order's (by_group) in {explained}")
    return 0


def model_replies(moves: list[int]) -> list[Optional[int]]:
    """by_group's answers to these moves, playing on whatever the user has (it never looks)."""
    board = midterm.new_board()
    replies: list[Optional[int]] = []
    for count, m in enumerate(moves, 1):
        board[m] = "X"
        if count == 5:  # "If the player has completed 5 turns ... a tie": no answer
            break
        reply = by_group(board)
        replies.append(reply)
        if reply is None:
            break
        board[reply] = "O"
        if midterm.winner(board) == "O":
            break
    return replies


def tree() -> int:
    """The student's program's own game tree: every line of the user, to its end."""
    counts: Counter[str] = Counter()
    games_user_won: Counter[str] = Counter()
    unnoticed = 0
    examples: dict[str, list[int]] = {}
    nodes = model_differs = 0

    def walk(moves: list[int]) -> None:
        nonlocal unnoticed, nodes, model_differs
        played = play(moves)
        nodes += 1
        if [r for r in played.replies if r is not None] != [r for r in model_replies(moves) if r is not None]:
            model_differs += 1
        final = played.boards[-1] if played.boards else "." * 9
        x_won = any(all(final[k] == "X" for k in line) for line in midterm.LINES)
        if played.ending:
            counts[played.ending] += 1
            if x_won:
                games_user_won[played.ending] += 1
                examples.setdefault(f"the user has three in a row, and it says '{played.ending}'", moves)
            return
        if x_won:  # three in a row, and no ending declared: it asks for another move
            unnoticed += 1
            examples.setdefault("the user has three in a row and is asked for another move", moves)
        for square in range(9):
            if final[square] == ".":
                walk(moves + [square])

    walk([])
    print(f"{sum(counts.values())} games (every line of the user, {nodes} runs of perl); endings it declares: "
          f"{dict(counts)}")
    print(f"games in which the user had three in a row: {dict(games_user_won)}")
    print(f"positions where the user has three in a row and the program asks for another move: {unnoticed}")
    print(f"runs whose answers by_group (the per-group order) does not reproduce: {model_differs}")
    for what, moves in examples.items():
        print(f"  e.g. {what}: {' '.join(map(str, moves))}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ("audit", "tree"):
        raise SystemExit(__doc__)
    sys.exit(audit() if sys.argv[1] == "audit" else tree())
