"""A session's program that writes down what it imports beyond what the template had
loaded: ``child.run`` runs as ever, and each module imported from its start on is written,
a line each, to the file named by ``IMPORTS_FILE`` (test_session_start)."""
import os
import sys
from typing import Callable

IMPORTS_FILE = "RETRO_TEST_IMPORTS_FILE"


def counting(run: Callable[[list[str]], int]) -> Callable[[list[str]], int]:
    def run_and_count(argv: list[str]) -> int:
        known = set(sys.modules)
        path = os.environ[IMPORTS_FILE]

        def imported(event: str, args: tuple) -> None:
            if event == "import" and args[0] not in known:
                known.add(args[0])
                with open(path, "a") as imports:
                    imports.write(f"{args[0]}\n")

        sys.addaudithook(imported)
        return run(argv)
    return run_and_count
