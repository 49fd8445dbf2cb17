"""`retro pbrain pascal-learner` driven by a Gomocup client library nobody here wrote.

    pip install pygomo-lib        (into any environment; the tests never need it)
    python tools/pbrain_client_check.py [GAMES] [RETRO]   (default 4 games; RETRO: the retro executable,
                                                           default .venv/bin/retro)

pygomo-lib's ``EngineClient`` starts the brain as a subprocess and speaks
the Gomocup protocol to it (START, INFO, BEGIN, TURN, BOARD, TAKEBACK,
RESTART, ABOUT, END).  The learner, with a fresh schemes file in a
temporary folder, plays GAMES games of 15x15 Five-in-a-Row against a
one-ply player here (win if it can, else block, else beside its last stone);
the script prints each game's result and the schemes file's record, which
must count the lost games (the brain learns from them on RESTART).
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygomo import BoardPosition, EngineClient, Move  # noqa: E402  # after sys.path is set above

from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, Board, Grid  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.store.datafile import load  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.brain.game import quick_move  # noqa: E402  # after sys.path is set above

SIZE = 15


def main(games: int, retro: str) -> int:
    grid = Grid(SIZE, SIZE, 5)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "five.data"
        engine = EngineClient(retro, args=["pbrain", "pascal-learner", "--data", str(data), "--seed", "1"])
        engine.start(SIZE)
        print("ABOUT:", engine.about())
        engine.set_time(turn_time_ms=5000, match_time_ms=600000)
        results = []
        for game in range(games):
            if game:
                assert engine.restart(), "RESTART answered OK"
            board = Board(grid)  # the brain is O (CIRCLE) on the board here; the one-ply player X
            if game % 2 == 0:
                reply = engine.begin()
            else:  # the one-ply player opens, sent as a BOARD position
                board.place(grid.square(8, 8), CROSS)
                position = BoardPosition()
                position.add_move(Move((7, 7)), BoardPosition.OPPONENT)
                reply = engine.board(position)
            winner = None
            while True:
                assert reply is not None, "the brain answered"
                col, row = reply.move.to_tuple()
                square = grid.square(row + 1, col + 1)
                assert board.empty(square), "the brain plays on an empty square"
                board.place(square, CIRCLE)
                if board.completes(square):
                    winner = "learner"
                    break
                mine = quick_move(board, CROSS)
                board.place(mine, CROSS)
                if board.completes(mine):
                    winner = "one-ply"  # the manager does not send the winning move
                    break
                if board.full():
                    break
                r, c = grid.rowcol(mine)
                reply = engine.turn(Move((c - 1, r - 1)))
            results.append(winner or "draw")
            print(f"game {game + 1}: {winner or 'draw'} after {len(board.moves)} stones")
        engine.quit()
        store = load(data, 5, "flawed")
        assert store is not None
        print(f"schemes file: {store.games} games, {store.lost} lost, {len(store.schemes)} schemes")
        assert store.lost == results.count("one-ply"), "every lost game learnt"
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 4,
                  sys.argv[2] if len(sys.argv) > 2 else str(ROOT / ".venv" / "bin" / "retro")))
