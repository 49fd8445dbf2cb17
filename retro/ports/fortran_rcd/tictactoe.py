"""TicTacToe.f90, "Juego de 3 en linea" -- Ricardo Montero, Fortran 90, first-year
Civil Engineering coursework (published 2021-06-27).  Seed:
``001_7da924221099f213.txt``.

A close port: the main program ``tt`` and its contained procedures ``Mostrar``,
``colocar``, ``check``, ``pc``, ``ganar``, ``MJ`` and ``ia`` keep their names,
their order of decisions and their data.  The board ``tablero`` is the
original's ``Integer, dimension(3,3)``: 0 empty, 1 the human (O), 4 the
computer (X), held in Fortran's column-major order, so that ``tablero(i,j)`` is
``tablero[(i-1) + 3*(j-1)]`` -- which is also what an out-of-range ``loc``
addresses, since the original does no bounds checking (see ``memory.py``).
Comments ``! line N`` point at the source lines.  All I/O goes through the
gfortran dialect.
"""
from __future__ import annotations

from typing import Optional, TypedDict

from retro.console import Console
from retro.outcome import Outcome
from retro.squares import Side
from retro.dialects.fortran import FortranProgram, ItemType

from . import FortranOptions
from .memory import ReferenceMemory

SOURCE_FILE = "TicTacToe.f90"


class Messages(TypedDict):
    """What the program prints (and the answers it takes for yes and no), in one language."""

    banner: tuple[str, ...]
    start: str
    move: str
    occupied: str
    computer: str
    computer_wins: str
    human_wins: str
    draw: str
    again: str
    pause: str
    yes: tuple[str, ...]
    no: tuple[str, ...]


# The messages the program prints, by language.  "es" is the original; "en"
# is a modern translation offered with --lang en.
MESSAGES: dict[str, Messages] = {
    "es": {
        "banner": ("#######################", "# Juego de 3 en linea #", "#   Ricardo Montero   #", "#######################"),
        "start": "Quieres empezar tu? [S/N]",
        "move": "Introduce donde vas a colocar. [F,C]",
        "occupied": "Selecciona un sitio correcto",
        "computer": "Turno del ordenador",
        "computer_wins": "Gana la maquina",
        "human_wins": "Gana el humano",
        "draw": "No gana nadie",
        "again": "Deseas empezar otra partida?",
        "pause": "Pulse 'intro' para salir",
        "yes": ("s", "S"),
        "no": ("n", "N"),
    },
    "en": {
        "banner": ("#######################", "#    Three in a row   #", "#   Ricardo Montero   #", "#######################"),
        "start": "Do you want to start? [Y/N]",
        "move": "Where do you place your mark? [Row,Col]",
        "occupied": "Choose a free square",
        "computer": "Computer's turn",
        "computer_wins": "The computer wins",
        "human_wins": "The human wins",
        "draw": "Nobody wins",
        "again": "Do you want to play another game?",
        "pause": "Press 'enter' to quit",
        "yes": ("y", "Y"),
        "no": ("n", "N"),
    },
}


def cell(i: int, j: int) -> int:
    """Where tablero(i,j) lives: Fortran arrays are column-major."""
    return (i - 1) + 3 * (j - 1)


def at(T: list[int], i: int, j: int) -> int:
    return T[cell(i, j)]


def sums(T: list[int]) -> list[int]:
    """The RCD vector SS(1..8): rows 1-3, columns 4-6, diagonals 7 and 8.

    Index 0 is unused, so that SS[i] reads as SS(i).
    """
    return [
        0,
        at(T, 1, 1) + at(T, 1, 2) + at(T, 1, 3),  # SS(1)= Sum(T(1,:))
        at(T, 2, 1) + at(T, 2, 2) + at(T, 2, 3),  # SS(2)= Sum(T(2,:))
        at(T, 3, 1) + at(T, 3, 2) + at(T, 3, 3),  # SS(3)= Sum(T(3,:))
        at(T, 1, 1) + at(T, 2, 1) + at(T, 3, 1),  # SS(4)= Sum(T(:,1))
        at(T, 1, 2) + at(T, 2, 2) + at(T, 3, 2),  # SS(5)= Sum(T(:,2))
        at(T, 1, 3) + at(T, 2, 3) + at(T, 3, 3),  # SS(6)= Sum(T(:,3))
        at(T, 1, 1) + at(T, 2, 2) + at(T, 3, 3),  # SS(7)= T(1,1)+T(2,2)+T(3,3)
        at(T, 3, 1) + at(T, 2, 2) + at(T, 1, 3),  # SS(8)= T(3,1)+T(2,2)+T(1,3)
    ]


def maxloc(A: list[int]) -> list[int]:
    """Fortran's maxloc of a 3x3 array: the first maximum in column order."""
    best = max(A)
    k = A.index(best)
    return [k % 3 + 1, k // 3 + 1]


def minloc(v: list[int]) -> int:
    """Fortran's minloc of a vector: the first minimum, counted from 1."""
    return v.index(min(v)) + 1


# -- the contained procedures ---------------------------------------------------


def mostrar(rt: FortranProgram, fichas: list[int]) -> None:
    """! MOSTRAR: print the board; 4 is X (computer), 1 is O (human)."""
    rt.print_("+---+---+---+")  # line 89
    for i in (1, 2, 3):
        tb = []
        for j in (1, 2, 3):
            if at(fichas, i, j) == 4:
                tb.append("X")
            elif at(fichas, i, j) == 1:
                tb.append("O")
            else:
                tb.append(" ")
        rt.print_("| ", tb[0], " | ", tb[1], " | ", tb[2], " |")  # line 100
        rt.print_("+---+---+---+")  # line 101


def marks(T: list[int]) -> list[list[Optional[Side]]]:
    """The board as a reader is told it (retro.squares), row by row: 1 the human's, 4 the computer's."""
    return [[{1: Side.HUMAN, 4: Side.PROGRAM}.get(at(T, i, j)) for j in (1, 2, 3)] for i in (1, 2, 3)]


def colocar(tab: list[int], loc: list[int], n: int, memory: ReferenceMemory) -> list[int]:
    """! COLOCAR: the board with player n's mark at loc (1 human, 4 computer).

    It does not look whether the square is free.  The result is a temporary
    that the caller copies into tablero; a ``loc`` outside the board writes
    beyond that temporary, on the stack (``memory.write``).
    """
    result = list(tab)  # colocar=tab
    off = cell(loc[0], loc[1])
    mark = 1 if n % 2 == 0 else 4
    if 0 <= off < 9:
        result[off] = mark  # colocar(loc(1),loc(2))=1 (or 4)
    else:
        memory.write(off)
    return result


def check(T: list[int]) -> tuple[bool, bool]:
    """! HA GANADO ALGUIEN?: (a, z) = (computer has a line of 12, human of 3)."""
    a = z = False
    SS = sums(T)
    for i in range(1, 9):
        if SS[i] == 12:
            a = True
        elif SS[i] == 3:
            z = True
    return a, z


def pc(T: list[int], ai: str) -> list[int]:
    """! PENSAMIENTO CRITICO: win, else block, else MJ or IA (lines 197/198).

    The loop keeps the *last* line found with 8 (a win) or 2 (a threat).
    """
    win = lose = False
    nw = nl = 0
    SS = sums(T)
    for i in range(1, 9):
        if SS[i] == 8:
            win, nw = True, i
        elif SS[i] == 2:
            lose, nl = True, i
    if win:
        return ganar(T, nw)
    if lose:
        return ganar(T, nl)
    if ai == "mj":
        return MJ(T, SS)  # line 197: L=MJ(T,SS) !Metodo Antiguo
    return ia(T, SS)  # line 198: L=ia(T,SS) !El sistema moderno


def ganar(T: list[int], nw: int) -> list[int]:
    """! GANAR: the empty square of line nw (rows by minloc, columns by minloc,
    then the two diagonals square by square)."""
    if nw <= 3:  # Analiza por filas
        return [nw, minloc([at(T, nw, j) for j in (1, 2, 3)])]
    if nw <= 6:  # Analiza por columnas
        nw = nw - 3
        return [minloc([at(T, i, nw) for i in (1, 2, 3)]), nw]
    if nw == 7:  # diagonal 7: Izda,sup :: Dcha,inf
        if at(T, 1, 1) == 0:
            return [1, 1]
        if at(T, 2, 2) == 0:
            return [2, 2]
        return [3, 3]
    if at(T, 1, 3) == 0:  # diagonal 8
        return [1, 3]
    if at(T, 2, 2) == 0:
        return [2, 2]
    return [3, 1]


def MJ(T: list[int], Ss: list[int]) -> list[int]:
    """! MEJOR JUGADA, the older routine: each square scores the even sums of its
    lines; odd sums (a human mark) count 0; occupied squares -5; maxloc."""
    Naux = [0] * 9
    ss = list(Ss)
    for i in range(1, 9):
        if ss[i] % 2 != 0:
            ss[i] = 0
    for i in (1, 2, 3):
        for j in (1, 2, 3):
            Naux[cell(i, j)] += ss[i]
    for i in (1, 2, 3):
        for j in (1, 2, 3):
            Naux[cell(j, i)] += ss[i + 3]
    for i in (1, 2, 3):
        Naux[cell(i, i)] += ss[7]
        Naux[cell(i, 4 - i)] += ss[8]
    for i in (1, 2, 3):
        for j in (1, 2, 3):
            if at(T, i, j) != 0:
                Naux[cell(i, j)] = -5
    return maxloc(Naux)


def ia(T: list[int], SS: list[int]) -> list[int]:
    """! IA AVANZADA: fill every empty square with 4; each line that then sums
    12 (no human mark) adds 1 to its squares; occupied squares -5; maxloc."""
    copy = [4 if v == 0 else v for v in T]
    SS = sums(copy)
    copy = [0] * 9
    for i in (1, 2, 3):
        if SS[i] == 12:
            for j in (1, 2, 3):
                copy[cell(i, j)] += 1
        if SS[i + 3] == 12:
            for j in (1, 2, 3):
                copy[cell(j, i)] += 1
    if SS[7] == 12:
        for i in (1, 2, 3):
            copy[cell(i, i)] += 1
    if SS[8] == 12:
        for i, j in ((1, 3), (2, 2), (3, 1)):
            copy[cell(i, j)] += 1
    for i in (1, 2, 3):
        for j in (1, 2, 3):
            if at(T, i, j) != 0:
                copy[cell(i, j)] = -5
    return maxloc(copy)


def read_character(rt: FortranProgram, line: int, current: str) -> str:
    """``Read*, sel`` of one ``Character`` variable (the dialect reads it as a str)."""
    (value,) = rt.read(line, [current], [ItemType.CHARACTER])
    return str(value)


def read_integers(rt: FortranProgram, line: int, current: list[int]) -> list[int]:
    """``Read*, loc`` of an ``Integer`` array (the dialect reads each as an int)."""
    return [int(value) for value in rt.read(line, current, [ItemType.INTEGER] * len(current))]


# -- program tt -------------------------------------------------------------------


class TT:
    """The main program's variables, static as in the original (the memory
    model reads them when a move points outside the board)."""

    def __init__(self, rt: FortranProgram, ai: str, lang: str):
        self.rt = rt
        self.ai = ai
        self.say = MESSAGES[lang]
        self.tablero = [0] * 9
        self.loc = [0, 0]
        self.n = 1
        self.theta = 0
        self.cw = self.hw = False
        self.sel = "w"
        self.memory = ReferenceMemory(ai, self)

    def square(self, loc: list[int]) -> int:
        """tablero(loc(1),loc(2)), wherever that is."""
        off = cell(loc[0], loc[1])
        if 0 <= off < 9:
            return self.tablero[off]
        return self.memory.read(off)

    def main(self) -> None:
        rt, say = self.rt, self.say
        for text in say["banner"]:  # lines 13-16
            rt.print_(text)
        while True:  # Do
            while self.sel not in say["yes"] + say["no"]:  # line 18
                rt.print_(say["start"])
                self.sel = read_character(rt, 20, self.sel)
                if self.sel in say["yes"]:
                    self.n = 2
            while self.theta != 9:  # Empieza el juego
                if self.n % 2 == 0:  # Juega humano
                    while True:  # CENTINELA
                        rt.print_(say["move"])
                        self.loc = read_integers(rt, 30, self.loc)
                        if self.square(self.loc) == 0:
                            break
                        rt.print_(say["occupied"])
                    self.tablero = colocar(self.tablero, self.loc, self.n, self.memory)
                else:  # juega maquina
                    rt.print_(say["computer"])
                    self.loc = pc(self.tablero, self.ai)
                    self.tablero = colocar(self.tablero, self.loc, self.n, self.memory)
                self.theta += 1
                self.n += 1
                rt.print_("")
                mostrar(rt, self.tablero)
                rt.console.board_now(marks(self.tablero))  # for a reader: the move in words
                rt.print_("")
                self.cw, self.hw = check(self.tablero)
                if self.cw:
                    self.theta = 9
                    rt.print_(say["computer_wins"])
                    rt.console.game_over(Outcome.PROGRAM)
                elif self.hw:
                    self.theta = 9
                    rt.print_(say["human_wins"])
                    rt.console.game_over(Outcome.HUMAN)
                elif self.theta == 9:
                    rt.print_(say["draw"])
                    rt.console.game_over(Outcome.DRAW)
            rt.print_(say["again"])  # line 67
            self.sel = read_character(rt, 68, self.sel)
            if self.sel in say["yes"]:
                self.sel = "w"
                self.n = 1
                self.theta = 0
                self.tablero = [0] * 9
                self.loc = [0, 0]
            else:
                break
        rt.pause(say["pause"])  # line 79
        self.memory.program_returns()


def run(console: Console, options: FortranOptions = FortranOptions()) -> int:
    rt = FortranProgram(console, SOURCE_FILE)
    return rt.run(TT(rt, options.ai, options.lang).main)
