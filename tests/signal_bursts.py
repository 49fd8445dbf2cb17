"""Bursts of Ctrl-C and Ctrl-\\ typed into programs on ptys of their own, many
at once (retro.web.process.Terminal, as the server runs a visitor's session),
each at a random moment of the program's start or its first prompt: what each
showed and how it ended, and which of them went wrong."""
import asyncio
import random
import re
import signal
from dataclasses import dataclass
from typing import Callable, Optional

from retro import catalog

# What a Python error shows, and what only retro's own files name: none may reach the screen.
PYTHON_ERROR = (b"Traceback", b"Exception", b"Error", b'File "', b".py", b"Terminated")
KEYS = {b"\x03": signal.SIGINT, b"\x1c": signal.SIGQUIT}
MIXES = [(b"\x03",), (b"\x1c",), (b"\x03", b"\x1c")]  # Ctrl-C, Ctrl-\, or both


@dataclass(frozen=True)
class Burst:
    program_id: str
    delay: float  # seconds from the start to the first key
    keys: tuple[bytes, ...]  # 1 to 50 of them
    gaps: tuple[float, ...]  # seconds after each key


@dataclass(frozen=True)
class Ended:
    burst: Burst
    output: bytes
    status: Optional[int]  # None: typed before the program took its terminal, the keys lost

    def wrong(self) -> bool:
        """It showed an error, or ended otherwise than by the first signal that
        reached it (or SIGQUIT's own end, before retro handles it)."""
        sent = {KEYS[key] for key in self.burst.keys}
        allowed = {128 + signum for signum in sent} | ({-signal.SIGQUIT} if signal.SIGQUIT in sent else set())
        return any(marker in self.output for marker in PYTHON_ERROR) or self.status not in allowed | {None}


def before_retros_first_step(err: bytes) -> bool:
    """Python's own start-up, or its import machinery still looking for
    retro.launch, whose first line holds Ctrl-C: no frame of retro but the
    package's empty __init__ and __main__'s import of retro.launch."""
    if b"Fatal Python error:" in err:  # CPython itself, before any module of ours
        return True
    if b"Traceback" not in err:
        return False
    frames = re.findall(rb'File "([^"]*)", line \d+, in [^\n]*\n(?:    ([^\n]*)\n)?', err)
    ours = [(path, line) for path, line in frames if re.search(rb"[/\\]retro[/\\]", path)]
    return all(path.endswith(b"__init__.py") or line.strip() == b"from .launch import main"
               for path, line in ours)


def bursts(count: int, seed: int, latest: float = 0.25) -> list[Burst]:
    """``count`` bursts across the five programs, in turn, each starting at
    most ``latest`` seconds after its program."""
    rng = random.Random(seed)
    programs = list(catalog.programs())
    made = []
    for k in range(count):
        mix = rng.choice(MIXES)
        length = rng.randint(1, 50)
        made.append(Burst(programs[k % len(programs)], rng.uniform(0, latest),
                          tuple(rng.choice(mix) for _ in range(length)),
                          tuple(rng.uniform(0, 0.002) for _ in range(length))))
    return made


async def _typed(argv: list[str], burst: Burst, shown: bool) -> Ended:
    from retro.web.process import Terminal

    term = await Terminal.start(argv, 80, 24)
    output = b""
    first = asyncio.Event()

    async def take() -> None:
        nonlocal output
        while data := await term.read():
            output += data
            first.set()
        first.set()

    taking = asyncio.create_task(take())
    if shown:
        await asyncio.wait_for(first.wait(), 60)
    await asyncio.sleep(burst.delay)
    for key, gap in zip(burst.keys, burst.gaps):
        term.write(key)
        await asyncio.sleep(gap)
    status: Optional[int] = None
    try:
        status = await asyncio.wait_for(term.process.wait(), 5)
    except asyncio.TimeoutError:
        pass
    await term.end(1.0)
    await asyncio.wait_for(taking, 10)
    return Ended(burst, output, status)


def typed(argv_of: Callable[[str], list[str]], made: list[Burst], at_once: int = 24,
          shown: bool = False) -> list[Ended]:
    """Each burst typed into ``argv_of(its program)`` on a pty, ``at_once`` at
    a time, its delay counted from the program's start (or, ``shown``, from
    its first output)."""
    async def all_of_them() -> list[Ended]:
        gate = asyncio.Semaphore(at_once)

        async def one(burst: Burst) -> Ended:
            async with gate:
                return await _typed(argv_of(burst.program_id), burst, shown)

        return list(await asyncio.gather(*(one(burst) for burst in made)))

    return asyncio.run(all_of_them())


def summary(ended: list[Ended]) -> str:
    """The ones that went wrong, a few of them shown."""
    wrong = [(e.burst.program_id, e.burst.delay, len(e.burst.keys), e.status, e.output[-400:])
             for e in ended if e.wrong()]
    return f"{len(wrong)} of {len(ended)} went wrong: {wrong[:3]}"
