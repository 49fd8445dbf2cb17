"""Properties (hypothesis): the computer never takes an occupied square, and
no input makes the program raise."""
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.console import LineConsole
from retro.ports.cpm_c import game as G
from retro.ports.cpm_c import CpmOptions
from retro.ports.cpm_c.tictactoe import run

SQUARES = [(i, j) for i in range(3) for j in range(3)]


@st.composite
def played_games(draw):
    """A state the program reaches: a symbol choice, then the player's moves
    drawn at random among the free squares, the computer's by comp_move."""
    g = G.new_game(draw(st.sampled_from("XO")))
    computer_to_move = G.computer_begins(g)
    for _ in range(draw(st.integers(0, 9))):
        if G.game_done(g):
            break
        if computer_to_move:
            G.computer_move(g)
        else:
            free = [s for s in SQUARES if g.board[s[0]][s[1]] == G.BLANK]
            G.player_move(g, *draw(st.sampled_from(free)))
        computer_to_move = not computer_to_move
    return g


@st.composite
def any_boards(draw):
    """Any board at all, with any counters: comp_move's guards must hold even
    off the paths of play."""
    g = G.new_game(draw(st.sampled_from("XO")))
    for i, j in SQUARES:
        g.board[i][j] = draw(st.sampled_from([G.BLANK, "X", "O"]))
    g.cmc = draw(st.integers(0, 5))
    g.mvc = draw(st.integers(0, 9))
    g.plr_nm_col = draw(st.integers(0, 2))
    g.plr_nm_row = draw(st.integers(0, 2))
    return g


def check_comp_move(g: G.Game) -> None:
    before = [row[:] for row in g.board]
    cmc = g.cmc
    square = G.computer_move(g)
    changed = [(i, j) for i, j in SQUARES if before[i][j] != g.board[i][j]]
    if square is None:
        assert changed == [] and g.cmc == cmc
    else:
        assert changed == [square]
        assert before[square[0]][square[1]] == G.BLANK
        assert g.board[square[0]][square[1]] == g.comp_sym
        assert g.cmc == cmc + 1


@settings(max_examples=300, deadline=None)
@given(played_games())
def test_the_computer_never_takes_an_occupied_square_in_play(g) -> None:
    if not G.game_done(g):
        check_comp_move(g)


@settings(max_examples=300, deadline=None)
@given(any_boards())
def test_the_computer_never_takes_an_occupied_square_on_any_board(g) -> None:
    check_comp_move(g)


MOVES = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "b2", "X", "O", "x", "o", "Y", "N", "y", ""]
LINES = st.one_of(st.sampled_from(MOVES), st.text(max_size=120),
                  st.binary(max_size=120).map(lambda b: b.decode("latin-1")))


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, max_size=40), st.booleans(), st.booleans())
def test_bad_input_never_raises(lines, newline_at_end, cpm) -> None:
    data = "\n".join(lines).encode("utf-8", "surrogateescape") + (b"\n" if newline_at_end else b"")
    console = LineConsole.from_bytes(data)
    assert run(console, CpmOptions(cpm=cpm)) == 0
    assert console.errors() == ""


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_never_raise(data) -> None:
    console = LineConsole.from_bytes(data)
    assert run(console) == 0
