"""pascal-learner: Tic-Tac-Toe.p, the Pascal program that learns from its mistakes."""
from retro.catalog import LazyGroup, Program, lazy

from .play.variants import LearnerOptions


def screen_size(options: LearnerOptions) -> tuple[int, int]:
    """What the board drawn in place needs on the terminal (display.ScreenView)."""
    from .play.display import ScreenView
    from .play.variants import make_grid

    try:
        grid = make_grid(options.rows, options.cols, options.align, options.five)
    except ValueError:
        return (0, 0)  # the program itself reports the impossible grid
    return ScreenView.size_needed(grid)


PROGRAM = Program(
    id="pascal-learner",
    title="Tic-Tac-Toe.p (learns from its mistakes)",
    year="1980s (\"the times of yore\", after WarGames, 1983)",
    language="Pascal",
    machine="a Unix mainframe with an ASCII terminal",
    author="an author who did not give a name, on a personal web page",
    description="Tic-Tac-Toe or Five-in-a-Row against a program that starts at random and learns "
                "schemes from every game it loses; moves as row,col.",
    main=lazy("retro.ports.pascal_learner.play.tictactoe:run"),
    options_type=LearnerOptions,
    commands=(LazyGroup("train", "retro.ports.pascal_learner.training.train:command",
                        help="Let a learning program play and learn (the WarGames mode)."),
              LazyGroup("pbrain", "retro.ports.pascal_learner.brain.pbrain:command",
                        help="Play as a Gomocup brain: the piskvork protocol on standard input and output.")),
    exit_statuses=(
        (0, "the session ended (also at the end of input, or on q)"),
        (1, "the data file cannot be used: not a schemes file, damaged, newer, other rules or winalign, "
            "or locked by another learner"),
        (2, "the grid asked for is impossible (e.g. --align larger than the grid)"),
    ),
    screen_size=screen_size,
    wraps_words=True,  # its messages are the port's own: the text quotes none
    look="amber",  # an ASCII terminal it draws on with the cursor
    for_replay=lazy("retro.ports.pascal_learner.store.session:for_replay"),
    for_visitor=lazy("retro.ports.pascal_learner.store.session:for_visitor"),
    for_browser=lazy("retro.ports.pascal_learner.store.session:for_browser"),
    audit=lazy("retro.ports.pascal_learner.audit:PascalSubject"),
    tournament=lazy("retro.ports.pascal_learner.audit:tournament"),
)
