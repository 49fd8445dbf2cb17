"""Words of the project's own making never reach a user: no "seed" (for the
source texts: say the article, the listing, the web page, the blog post, the
course's assignment; and for a random generator's starting number too: the
option is --random-state, scikit-learn's name) and no "issue", in what `retro
list`, `retro replay`, the pipe menu and every command's help show, nor in the
transcripts' descriptions.  --seed, the option's first name, is still taken
(recorded transcripts' headers have it), and shown nowhere."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from retro import catalog, transcript

ROOT = Path(__file__).resolve().parent.parent
# What `grep -i -w -E 'seeds?|issues?'` finds, and the source texts' file names.
OURS = re.compile(r"(?<![\w])(?:seeds?|issues?)(?![\w])|\b\d{3}_[0-9a-f]{16}\.txt\b", re.I)
# In a transcript's header (a file's notes, which no command shows): a random
# generator's seed, as the measurements there name it ("--seed 3", "seeds 0-11").
RANDOM_SEED = re.compile(r"--seed|\bseeds? \d+(?![\w.])|random seeds?\b|\bseeds? \d+-\d+")


def our_words(text: str) -> list[str]:
    """The project's own words in ``text``."""
    return [m.group(0) for m in OURS.finditer(text)]


def retro(*args: str, stdin: bytes = b"") -> str:
    result = subprocess.run([sys.executable, "-m", "retro", *args], input=stdin, capture_output=True, cwd=ROOT,
                            timeout=120)
    return result.stdout.decode() + result.stderr.decode()


def test_the_check_finds_the_words_it_must() -> None:
    assert our_words("a magazine article's author (unnamed in the seed)") == ["seed"]
    assert our_words("The issue's example") == ["issue"]
    assert our_words("Fig. 5 (seed 003_7ae37df1db29eaeb.txt)") == ["seed", "003_7ae37df1db29eaeb.txt"]
    assert our_words("--seed INTEGER  Seed the learner's random choices") == ["seed", "Seed"]
    assert our_words("--random-state INTEGER; seeded; seedling") == []


PROGRAMS = list(catalog.programs())
COMMANDS = ([["list"], ["list", "--json"], ["replay"], ["--help"], ["tournament", "--help"], ["serve", "--help"], ["check", "--help"],
             ["replay", "--help"], ["list", "--help"], ["run", "--help"], ["record", "--help"], ["audit", "--help"],
             ["train", "--help"], ["pbrain", "--help"], ["train", "pascal-learner", "--help"],
             ["pbrain", "pascal-learner", "--help"]]
            + [[command, p, "--help"] for command in ("run", "record", "audit") for p in PROGRAMS])


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(args) for args in COMMANDS])
def test_what_the_commands_show(args: list[str]) -> None:
    shown = retro(*args)
    assert shown.strip()
    assert our_words(shown) == [], shown


def test_the_random_state_is_still_taken_by_its_old_name() -> None:
    learner = catalog.get("pascal-learner")
    assert learner.parse_options(["--seed", "5"]) == learner.parse_options(["--random-state", "5"])
    assert learner.parse_options(["--seed", "5"]).seed == 5
    assert "--random-state INTEGER" in learner.option_lines()
    assert learner.option_words(learner.defaults().changed(seed=5)) == ["--random-state", "5"]
    typed = b"y\n3,2\n3,1\n3,3\nn\n"
    old, new = (subprocess.run([sys.executable, "-m", "retro", "run", "pascal-learner", "--fresh", name, "2"],
                               input=typed, capture_output=True, cwd=ROOT, timeout=60) for name in ("--seed", "--random-state"))
    assert old.returncode == new.returncode == 0 and old.stdout == new.stdout and b"You win" in old.stdout
    for command in (["tournament"], ["pbrain", "pascal-learner"], ["train", "pascal-learner"]):
        assert "--seed" not in retro(*command, "--help") and "--random-state" in retro(*command, "--help")


def test_the_pipe_menu_and_the_session_lists() -> None:
    count = len(catalog.programs())
    shown = retro(stdin="".join(f"{k}s\n\n" for k in range(1, count + 1)).encode() + b"q\n")
    assert "recorded sessions" in shown
    assert our_words(shown) == []


def test_the_transcripts_descriptions() -> None:
    found = {}
    for path in sorted((ROOT / "transcripts").rglob("*.txt")):
        session = transcript.load(path)
        described = "\n".join(value for key, value in session.header.items() if key not in ("options", "seed"))
        words = our_words(RANDOM_SEED.sub("", described) + " " + path.stem)
        if words:
            found[path.name] = words
    assert found == {}
