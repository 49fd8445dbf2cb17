"""Period timing: 8080 states from the key that ends a reply to BASIC's next prompt.

    python tools/basic_reference/cycles.py [--write]

Plays games on the interpreter (GAMES: Fig. 5's, and two of version 1) and,
for every line the player types, counts the states from the CR that ends it
to the moment BASIC waits for the next line -- the computer's thinking, its
reply and the boards, printed on a console port that is always ready (the
time the characters take on the serial line is not in it: ``chars`` says how
many there were).  With --write the table goes to
tests/data/altair_8k_cycles.tsv.

The z80 package's i8080 counts MOV r,M, MOV M,r (8) and XCHG (5) one state
more than Intel's 8080 data sheet (7 and 4; exerciser.py and README.md), so
every execution of those instructions is counted (a breakpoint on each such
opcode in BASIC's code) and subtracted: ``states`` is the 8080's figure,
``seconds`` = states / 2 MHz.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
import altair  # noqa: E402  # after sys.path is set above
import reference  # noqa: E402  # after sys.path is set above

from retro.console import LineConsole  # noqa: E402  # after sys.path is set above
from retro.dialects.basic import AltairBasic  # noqa: E402  # after sys.path is set above
from retro.ports.altair_3d.game import Game, BasicProgram  # noqa: E402  # after sys.path is set above

TABLE = HERE.parents[1] / "tests" / "data" / "altair_8k_cycles.tsv"
ONE_STATE_LONG = {0x46, 0x4E, 0x56, 0x5E, 0x66, 0x6E, 0x7E, 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x77, 0xEB}
PROGRAM_BASE = 0x01D6  # BASIC's pointer to the program text
GAMES = (
    ("1", "1,4 1,13 1,11 1,3 1,7"),  # Fig. 5's first game's moves, all on board 1 (the player wins)
    ("1", "1,8 1,7 1,3 1,13 1,2 1,1 1,14 1,15"),  # transcript v1-game-computer-wins (the computer wins)
    ("2", "1,4 1,13 1,11 1,3 1,7"),  # Fig. 5, first game
    ("3", "1,4 1,13 2,4 2,13 2,11 2,3 3,4 3,13 3,1 3,14"),  # Fig. 5, third game
)


def port_work(version: str, moves: list[str]) -> list:
    """The port's work unit (game.Reply.work, what --period-timing paces) for each move's
    reply, or 0 where the port does not pace (the player's win)."""
    works: list = []
    for k in range(1, len(moves) + 1):
        paced: list = []
        rt = AltairBasic(LineConsole.from_lines(moves[:k]))
        session = BasicProgram(rt, Game(int(version)), pace=paced.append)
        rt.run(session.main)
        works.append(paced[-1] if len(paced) == sum(1 for w in works if w) + 1 else 0)
    return works


def measure(version: str, game: str) -> list[tuple]:
    basic = reference.Interpreter(version)
    m = basic.machine
    base = m.cpu.memory[PROGRAM_BASE] | m.cpu.memory[PROGRAM_BASE + 1] << 8
    m.count_opcodes(ONE_STATE_LONG, base)
    moves = game.split()
    basic.session([x.encode() for x in moves])
    marks = m.marks
    rows = []
    works = port_work(version, moves)
    # marks: wait(RUN) end(RUN) wait(move 1) end(move 1) wait(move 2) ...; skip RUN's.
    pairs = [(marks[i], marks[i + 1]) for i in range(1, len(marks) - 1) if marks[i][0] == "end"
             and marks[i + 1][0] == "wait"]
    for n, ((_, t0, c0, w0), (_, t1, c1, w1)) in enumerate(pairs[1:], 1):
        if n > len(moves):
            break
        raw = t1 - t0
        states = raw - (c1 - c0)
        rows.append((version, n, moves[n - 1], raw, c1 - c0, states, states / altair.CLOCK_HZ, w1 - w0,
                     works[n - 1]))
    return rows


def main(argv: list[str]) -> int:
    header = ("version", "move", "typed", "z80_states", "one_state_long", "states_8080", "seconds_2mhz", "chars",
              "port_work")
    rows = [row for version, game in GAMES for row in measure(version, game)]
    lines = [
        "# 8080 states from the CR that ends the player's move to BASIC's next wait for a line, on",
        "# Altair 8K BASIC 4.0 (tools/basic_reference/cycles.py): Fig. 5's games, MEMORY SIZE 12192, width 80.",
        "# states_8080 = z80_states - one_state_long (MOV r,M / MOV M,r / XCHG, which the z80 package's i8080",
        "# counts one state longer than Intel's data sheet); seconds at 2 MHz; chars: bytes BASIC wrote in",
        "# that time (the serial line's time for them is not included: the console port is always ready);",
        "# port_work: retro/ports/altair_3d's work unit for the same reply (what --period-timing paces; 0: not paced).",
        "\t".join(header),
    ]
    lines += ["\t".join(f"{x:.3f}" if isinstance(x, float) else str(x) for x in row) for row in rows]
    print("\n".join(lines))
    if "--write" in argv:
        TABLE.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
