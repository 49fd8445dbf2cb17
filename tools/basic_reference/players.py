"""Players for the comparison: they read what the interpreter printed and type a line.

A player keeps the board from the session's own text (its accepted moves,
``I WANT BOARD a POSITION b``, a new ``YOUR MOVES ARE`` after a win), and
answers each prompt:

- ``YOUR BOARD, POSITION?``: a move by its strategy -- random, blocking
  (takes the box that stops the computer's three, else greedy) or greedy
  (completes or extends its own best line) -- or, with probability
  ``bad_rate``, one of BAD_MOVES;
- ``READY?`` (after a computer win): a number or one of BAD_READY;
- ``??``: the missing value (or bad input);
- ``?`` of Programs D and E (INPUT A,B / INPUT Q): ranges and boxes.

The strategies are for coverage, not strength: the point is to reach every
line of the program with every kind of answer.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
import sys

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from retro.ports.altair_3d.combinations import build_w

W = build_w()
LINES = [tuple(W[k][c] for k in range(4)) for c in range(1, 77)]
BOARD1_LINES = LINES[:10]

# Bad answers at YOUR BOARD, POSITION? (and elsewhere): every kind the issue names.
BAD_MOVES = [
    b"", b"1", b"4", b"1,2,3", b"A", b"A,B", b"1,A", b"YES",
    b"1,4:5", b"1,4:", b"1:4", b":", b":1,4", b'"1",4', b'1,"4"', b'"1,4"',
    b"1E38,1", b"1E39,1", b"1,1E39", b"-1E38,1", b"9E37,9E37", b"99999999,1",
    b"-1,40", b"-1,-1", b"0,0", b"0,16", b"2,0", b"1,17", b"5,1", b"4,16", b"1,65",
    b"1.5,2.7", b".5,.5", b"1.99,3.01", b"0.1,64", b"1E1,1", b"1e1,1", b"+1,+4", b"1,4,",
    b",4", b"1,", b",", b"1 , 4", b" 1,4 ", b"1 4", b"1  ,  1 6", b"&", b"?", b"1;4", b"1.4",
    b"\x07", b"1,\x014", b"\x1b[A1,4", b"1\t,4", b"\x15", b"1,4\x15",
    b"\xb1,\xb4", b"\xc1", b"1,\xff4", b"\xac", b"1\xac4",
    b"\x0f1,4", b"1,4\x0f", b"\x0f\x0f2,2", b"1,\x034",
    b"@", b"9,9@1,5", b"12_,4", b"1\x7f2,3", b"1,4\x7f\x7f\x7f2,2", b"\x7f\x7f1,3", b"____1,2",
    b"1,4" + b"9" * 100, b"9" * 80 + b"@2,2", b"1," + b" " * 70 + b"4", b"1" * 72, b"A" * 200,
]
BAD_READY = [b"", b"YES", b"Y", b"0", b"1", b"-1", b"1,2", b"1:2", b":", b"1E39", b"\xb1", b"A" * 90]
RANGES = [b"1,10", b"41,56", b"53,54", b"70,76", b"76,76", b"1,1", b"5,3", b"0,2", b"75,77", b"-1,2", b"1",
          b"1,2,3", b"A", b"1:2", b"", b"1.5,2.5"]
RANGE_Q = [b"0", b"1", b"2", b"3", b"", b"A", b"1,2", b"1:2", b"-5"]
RESUME_BOXES = [b"1", b"22", b"43", b"64", b"16", b"0", b"", b"A", b"65", b"-1", b"1.5", b"1,2", b"1:2", b"1E39"]

MOVE = re.compile(rb"I WANT BOARD\s*(-?\d+)\s*POSITION\s*(-?\d+)")


def as_move(box: int, style: int = 0) -> bytes:
    board, pos = (box - 1) // 16 + 1, (box - 1) % 16 + 1
    return [b"%d,%d", b"%d , %d", b" %d,%d", b"%d,%d "][style % 4] % (board, pos)


class Player:
    def __init__(self, rng: random.Random, strategy: str, version: str, bad_rate: float = 0.0,
                 games: int = 2, max_lines: int = 80):
        self.rng, self.strategy, self.version = rng, strategy, version
        self.bad_rate, self.games, self.max_lines = bad_rate, games, max_lines
        self.mine: set[int] = set()
        self.theirs: set[int] = set()
        self.pending: int = 0  # the box of the last move typed, until the program answers
        self.seen = 0  # how much of the output has been read
        self.lines: list[bytes] = []
        self.games_started = 0
        self.resume_phase = 0

    # -- reading the session ---------------------------------------------------------------
    def read(self, text: bytes) -> None:
        new = text[self.seen:]
        self.seen = len(text)
        if self.pending and new and not (new.startswith(b"ILLEGAL") or new.startswith(b"YOU CAN'T")
                                         or new.startswith(b"?")):
            self.mine.add(self.pending)
        self.pending = 0
        if b"YOUR MOVES ARE" in new:
            self.mine.clear()
            self.theirs.clear()
            self.games_started += 1
            # the new game's moves come after the last YOUR MOVES ARE
            new = new[new.rindex(b"YOUR MOVES ARE"):]
        for board, pos in MOVE.findall(new):
            box = (int(board) - 1) * 16 + int(pos)
            if 1 <= box <= 64:
                self.theirs.add(box)

    # -- answering -------------------------------------------------------------------------------
    def answer(self, text: bytes) -> bytes | None:
        """The next line for the prompt at the end of ``text``, or None to stop."""
        self.read(text)
        if len(self.lines) >= self.max_lines or self.games_started > self.games:
            return None
        prompt = text[-40:]
        rng = self.rng
        if prompt.endswith(b"YOUR BOARD, POSITION? "):
            line = rng.choice(BAD_MOVES) if rng.random() < self.bad_rate else self.move()
        elif prompt.endswith(b"READY? "):
            line = rng.choice(BAD_READY) if rng.random() < self.bad_rate * 2 else b"1"
        elif prompt.endswith(b"?? "):
            line = rng.choice(BAD_MOVES) if rng.random() < self.bad_rate else str(rng.randint(1, 16)).encode()
        elif prompt.endswith(b"? "):
            line = self.program_d_or_e()
        else:
            line = rng.choice(BAD_MOVES)
        self.lines.append(line)
        return line

    def program_d_or_e(self) -> bytes:
        rng = self.rng
        if self.strategy == "resume":
            if rng.random() < self.bad_rate:
                return rng.choice(RESUME_BOXES)
            self.resume_phase += 1
            return b"0" if self.resume_phase % 4 == 0 else str(rng.randint(1, 64)).encode()
        # Program D alternates INPUT A,B and INPUT Q; the player cannot tell them apart
        # from the prompt, so it answers with either.
        return rng.choice(RANGES + RANGE_Q)

    def move(self) -> bytes:
        rng = self.rng
        cube = self.version != "1" or rng.random() < 0.1
        boxes = range(1, 65) if cube else range(1, 17)
        lines = LINES if cube else BOARD1_LINES
        free = [b for b in boxes if b not in self.mine and b not in self.theirs]
        if not free:
            free = list(range(1, 65))
        choice = None
        if self.strategy in ("blocking", "greedy"):
            choice = self._complete(lines, self.mine, free)  # win
            if choice is None and self.strategy == "blocking":
                choice = self._complete(lines, self.theirs, free)  # block
            if choice is None:
                choice = self._extend(lines, free)
        if choice is None:
            choice = rng.choice(free)
        self.pending = choice
        return as_move(choice, rng.randrange(8) if rng.random() < 0.2 else 0)

    def _complete(self, lines, owner, free):
        for line in lines:
            if sum(b in owner for b in line) == 3:
                for b in line:
                    if b in free:
                        return b
        return None

    def _extend(self, lines, free):
        best, score = None, -1
        for b in free:
            s = sum(1 + sum(x in self.mine for x in line) ** 2 for line in lines
                    if b in line and not any(x in self.theirs for x in line))
            if s > score or (s == score and self.rng.random() < 0.3):
                best, score = b, s
        return best
