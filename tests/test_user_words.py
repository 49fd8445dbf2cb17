"""Words of the project's own making never reach a user: no "seed" (for the
source texts: say the article, the listing, the web page, the blog post, the
course's assignment) and no "issue", in what `retro list`, `retro replay`, the
pipe menu and every command's help show, nor in the transcripts'
descriptions.  "seed" for a random generator's seed (`--seed 3`, "seeds 0-11")
is the word's ordinary meaning and stays."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from retro import catalog, transcript

ROOT = Path(__file__).resolve().parent.parent
# A random seed: the option, a number after it, a header naming it, "random seed".
RANDOM_SEED = re.compile(r"\b[Ss]eeds? (?:the|its) [\w' ]*random|--seed|\bseeds? \d+(?![\w.])|^# seed:|random seeds?\b|seed=|seed \{|\bseeds? \d+-\d+", re.M)
OURS = re.compile(r"\bseed(?:s|'s)?\b|\bissues?\b|\b\d{3}_[0-9a-f]{16}\.txt\b", re.I)


def our_words(text: str) -> list[str]:
    """The project's own words in ``text`` (a random seed's mention left out)."""
    return [m.group(0) for m in OURS.finditer(RANDOM_SEED.sub("", text))]


def retro(*args: str, stdin: bytes = b"") -> str:
    result = subprocess.run([sys.executable, "-m", "retro", *args], input=stdin, capture_output=True, cwd=ROOT,
                            timeout=120)
    return result.stdout.decode() + result.stderr.decode()


def test_the_check_finds_the_words_it_must() -> None:
    assert our_words("a magazine article's author (unnamed in the seed)") == ["seed"]
    assert our_words("The issue's example") == ["issue"]
    assert our_words("Fig. 5 (seed 003_7ae37df1db29eaeb.txt)") == ["seed", "003_7ae37df1db29eaeb.txt"]
    assert our_words("--seed 3; seeds 0-11; seed 1001;\n# seed: 2; Seed the learner's random choices") == []


@pytest.mark.parametrize("args", [["list"], ["replay"], ["--help"], ["tournament", "--help"], ["serve", "--help"],
                                  ["check", "--help"], ["replay", "--help"], ["train", "pascal-learner", "--help"]]
                         + [["run", p, "--help"] for p in catalog.programs()])
def test_what_the_commands_show(args: list[str]) -> None:
    shown = retro(*args)
    assert shown.strip()
    assert our_words(shown) == [], shown


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
        words = our_words(described + " " + path.stem)
        if words:
            found[path.name] = words
    assert found == {}
