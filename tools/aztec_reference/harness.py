"""comp_move over every state, compiled by Aztec C and run on CP/M.

    python tools/aztec_reference/harness.py [FIRST LAST] [--write]

A state is what comp_move reads: the board (3^9 = 19,683 fillings of blank,
X, O, possible in play or not), the player's symbol (X or O), ``cmc`` (0, or
1: the routine only asks whether it is above 0) and the player's last move
(``plr_nm_col``, ``plr_nm_row``: 9 squares): 19,683 x 2 x 2 x 9 = 708,588.
``mvc`` is set to the number of marks (it only decides a tie, which
comp_move never asks for).  The harness (HARNESS below, our code) replaces
main in the game's source, sets each state, calls the scanned comp_move with
its printf made silent (``#define printf``), and prints for each board one
line of 36 characters, one per (symbol, cmc, last move): the square taken as
``a`` + 3*column + row, or ``-`` for no move.  The port's comp_move
(retro/ports/cpm_c/game.py, through tests/cpm_c/test_cpm_aztec.py's port_line)
runs on the same states; the two must agree everywhere.  Aztec C's int is 16 bits: nothing in comp_move comes near it.
"""
from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
import cpm  # noqa: E402  # after sys.path is set above
import source  # noqa: E402  # after sys.path is set above

sys.path.insert(0, str(HERE.parents[1] / "tests" / "cpm_c"))
from test_cpm_aztec import port_line  # noqa: E402  # after sys.path is set above; the port's side, one definition with the test's

BOARDS = 3 ** 9

HARNESS = """
noprint() { }

main()
{
   int b, s, i, p, n, before, k;
   char *mark;

   mark = " XO";
   for (b = FIRST; b < LAST; b++) {
      for (p = 0; p < 36; p++) {
         n = b; mvc = 0;
         for (s = 0; s < 9; s++) {
            board[s / 3][s % 3] = mark[n % 3];
            if (n % 3) mvc++;
            n /= 3;
         }
         plr_sym = (p / 18) ? 'O' : 'X';
         comp_sym = ('O' == plr_sym) ? 'X' : 'O';
         cmc = (p / 9) % 2;
         plr_nm_col = (p % 9) / 3;
         plr_nm_row = p % 3;
         before = mvc;
         comp_move();
         k = '-';
         if (mvc != before)
            for (s = 0; s < 9; s++)
               if (board[s / 3][s % 3] == comp_sym && mark[(b / pow3(s)) % 3] != comp_sym)
                  k = 'a' + s;
         putchar(k);
      }
      putchar('\\n');
   }
   return 0;
}

pow3(s)
int s;
{
   int r;

   for (r = 1; s > 0; s--)
      r *= 3;
   return r;
}
"""


def defines(first: int, last: int) -> str:
    return f"#define FIRST {first}\n#define LAST {last}\n#define printf noprint\n"


def run(first: int, last: int) -> list[str]:
    """The CP/M lines of boards first..last-1 (kept in the cache: a chunk is run once)."""
    kept = cpm.CACHE / f"states-{first}-{last}.txt"
    if kept.exists():
        return kept.read_text().splitlines()
    build = cpm.CACHE / f"harness-{first}-{last}"
    build.mkdir(parents=True, exist_ok=True)
    com = cpm.build("HARN", source.program(HARNESS, defines(first, last)), build)
    started = time.time()
    session = cpm.run_program(com, b"")
    print(f"the harness ran {time.time() - started:.1f} s")
    lines = session.program.decode("ascii").split("\r\n")[: last - first]
    if len(lines) == last - first:
        kept.write_text("\n".join(lines) + "\n")
    return lines


CHUNK = 2187  # boards per run: 9 chunks of 78,732 states


def run_all() -> list[str]:
    lines: list[str] = []
    for first in range(0, BOARDS, CHUNK):
        lines += run(first, min(first + CHUNK, BOARDS))
    return lines


def main(argv: list[str]) -> int:
    numbers = [int(a) for a in argv if a.isdigit()]
    first, last = (numbers + [0, BOARDS])[:2] if len(numbers) != 1 else (0, numbers[0])
    started = time.time()
    theirs = run_all() if (first, last) == (0, BOARDS) else run(first, last)
    took = time.time() - started
    mine = [port_line(b) for b in range(first, last)]
    differ = [first + i for i, (a, b) in enumerate(zip(theirs, mine)) if a != b]
    states = 36 * (last - first)
    print(f"boards {first}..{last - 1}: {states} states, {len(theirs)} lines from CP/M in {took:.0f} s; "
          f"{states - 36 * len(differ)} in agreeing boards, {len(differ)} boards differ {differ[:5]}")
    digest = hashlib.sha256("\n".join(theirs).encode()).hexdigest()
    print("sha256 of the CP/M lines:", digest)
    if "--write" in argv and not differ and (first, last) == (0, BOARDS):
        target = HERE.parents[1] / "tests" / "data" / "cpm_c_aztec_states.txt"
        target.write_text(
            "# comp_move over all 708,588 states, compiled by Aztec C 1.06D and run on cpm80's CP/M 2.2\n"
            "# (tools/aztec_reference/harness.py): per board (base 3 over squares 3*column+row, 0 blank,\n"
            "# 1 X, 2 O), 36 moves for plr_sym X then O, cmc 0 then 1, plr_nm 0..8: a + 3*column + row, - none.\n"
            + "\n".join(theirs) + "\n")
        print(f"written to {target}")
    return 1 if differ or len(theirs) != last - first else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
