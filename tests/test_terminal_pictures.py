"""The README's pictures of retro on a terminal (docs/terminal-menu.svg,
docs/terminal-altair.svg) are drawn from what pyte's screen shows on a pty,
so they cannot go stale: each test draws its picture afresh and compares it
with the committed one.  `make docs` (RETRO_DOCS=1) writes them instead."""
import os
from html import escape
from pathlib import Path

import pyte

from pty_terminal import Terminal
from retro.menu.entries import TITLE

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
WRITE = os.environ.get("RETRO_DOCS") == "1"

CELL_W, CELL_H = 9, 18  # px a character cell takes in the picture
COLOURS = {"default": "#d8d8d8", "black": "#1c1c1c", "red": "#e06c75", "green": "#98c379", "brown": "#e5c07b",
           "yellow": "#e5c07b", "blue": "#61afef", "magenta": "#c678dd", "cyan": "#56b6c2", "white": "#f0f0f0"}
BACKGROUND = "#1c1c1c"


def _colour(name: str, default: str) -> str:
    if name == "default":
        return default
    return COLOURS.get(name, f"#{name}" if len(name) == 6 else default)


def screen_svg(screen: pyte.Screen) -> str:
    """The screen as an SVG picture: one text row per screen row, runs of
    cells of the same look as one span; reverse video as a filled box."""
    width, height = screen.columns * CELL_W, screen.lines * CELL_H
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 16}" height="{height + 16}" '
             f'font-family="DejaVu Sans Mono, monospace" font-size="15">',
             f'<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>']
    for y in range(screen.lines):
        row = screen.buffer[y]
        x = 0
        while x < screen.columns:
            cell = row[x]
            look = (cell.fg, cell.bg, cell.bold, cell.reverse)
            end = x
            while end < screen.columns and (row[end].fg, row[end].bg, row[end].bold, row[end].reverse) == look:
                end += 1
            text = "".join(row[i].data for i in range(x, end))
            fg, bg = _colour(cell.fg, COLOURS["default"]), _colour(cell.bg, BACKGROUND)
            if cell.reverse:
                fg, bg = bg, fg
            left, top = 8 + x * CELL_W, 8 + y * CELL_H
            if bg != BACKGROUND:
                parts.append(f'<rect x="{left}" y="{top}" width="{(end - x) * CELL_W}" height="{CELL_H}" fill="{bg}"/>')
            if text.strip():
                weight = ' font-weight="bold"' if cell.bold else ""
                parts.append(f'<text x="{left}" y="{top + CELL_H - 5}" fill="{fg}"{weight} xml:space="preserve" '
                             f'textLength="{(end - x) * CELL_W}">{escape(text)}</text>')
            x = end
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def drawn(name: str, screen: pyte.Screen) -> str:
    """The picture; written to docs/ under `make docs`, else compared with the committed one."""
    picture = screen_svg(screen)
    path = DOCS / name
    if WRITE:
        path.write_text(picture)
    else:
        assert path.is_file() and path.read_text() == picture, f"{path} is not what the terminal shows: `make docs`"
    return picture


def test_the_svg_draws_the_text_and_the_reverse_row() -> None:
    screen = pyte.Screen(12, 2)
    pyte.Stream(screen).feed("a <b> & c\r\n\x1b[7mchosen\x1b[0m")
    svg = screen_svg(screen)
    assert "a &lt;b&gt; &amp; c" in svg and ">chosen</text>" in svg
    assert f'fill="{BACKGROUND}" xml:space="preserve" textLength="54">chosen' in svg  # reverse: background's colour


def test_the_menu_picture(tmp_path: Path) -> None:
    term = Terminal([], rows=24, cols=80, cwd=tmp_path)
    term.wait_for(TITLE)
    term.quiet()
    picture = drawn("terminal-menu.svg", term.screen)
    assert "3-D Tic-Tac-Toe" in picture and "Juego de 3 en linea" in picture
    term.send("q")


def test_the_altair_picture(tmp_path: Path) -> None:
    moves = ["1,4", "1,13", "1,11"]  # Fig. 5's version 2 game, its first moves
    term = Terminal(["run", "altair-3d", "--version", "2"], rows=24, cols=80, cwd=tmp_path)
    term.wait_for("YOUR BOARD, POSITION?")
    for number, move in enumerate(moves, 1):
        term.send(move + "\r")
        term.wait_until(lambda: term.raw.count(b"I WANT BOARD") >= number, f"answered move {number}")
        term.quiet()
    picture = drawn("terminal-altair.svg", term.screen)
    assert "I WANT BOARD" in picture
    term.send("\x03")
