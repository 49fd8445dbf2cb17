"""The command line: `retro` and its subcommands (the contract of ARCHITECTURE.md).

    retro                          the menu (fullscreen on a terminal; numbered lines in a pipe)
    retro list                     programs and their variants
    retro run ID [VARIANT OPTIONS] run one program
    retro record ID [OPTIONS] -o FILE   run it and save the session as a transcript
    retro replay FILE|ID/NAME      show a recorded session (a file, or a shipped one by name)
    retro cast FILE|ID/NAME        a recorded session as an asciinema cast
    retro check [PATH ...]         replay transcripts against the ports
    retro site DIR [--kiosk]       the page as a static site: the programs in the visitor's browser
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

import click

from . import catalog
from .console import Console
from .crash_reports import report_internal_error
from .outcome import report as report_outcome
from .runner import run_session
from .stdio import stdio_console
from .visible import visible

if TYPE_CHECKING:
    from .transcript import Transcript

TABLE_WIDTH = 80  # what `retro list`, `retro replay` and the reports fit in

HELP = """Historical tic-tac-toe programs, brought back to life as faithful ports
(their prompts, play and bugs).

Without a command, `retro` shows the menu: fullscreen on a terminal, a numbered
list read from standard input in a pipe.  When standard input is not a
terminal, `retro run ID` behaves as the original on a teletype: it reads lines
from stdin and writes exactly the original's bytes to stdout, its runtime's
errors to stderr, and exits with the original's status.
"""


class UsageCommand(click.Command):
    """A command whose every usage error shows its usage line (click leaves it
    out when an option is missing its value: ``--version`` with no value)."""

    def make_context(self, info_name: Optional[str], args: list[str], parent: Optional[click.Context] = None,
                     **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as error:
            if error.ctx is None:
                error.ctx = click.Context(self, info_name=info_name, parent=parent)
            raise


class ProgramsGroup(click.Group):
    """A group whose subcommands are programs (``retro run ID``): an unknown
    one is named, with the programs there are, and gives status 2."""

    command_class = UsageCommand

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[Optional[str], Optional[click.Command], list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            known = ", ".join(self.list_commands(ctx)) or "none"
            raise click.UsageError(f"no program {name!r}; the programs are: {known}", ctx)
        return super().resolve_command(ctx, args)


class ProgramGroup(ProgramsGroup):
    """A group with one subcommand per program of the catalog, built on demand."""

    def __init__(self, *args: Any, make: Callable[[catalog.Program], click.Command], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._make = make

    def list_commands(self, ctx: click.Context) -> list[str]:
        return catalog.ids()

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        program = catalog.find(name)  # this port's declaration only
        return self._make(program) if program else None


class OptionsCommand(UsageCommand):
    """A command on one program's variant options (``retro run ID``,
    ``record``, ``audit``): its ``act`` is given them typed (the program's
    own options, catalog.Options), then the command's own parameters by name."""

    def __init__(self, program: catalog.Program, act: Callable[..., None], own: Sequence[click.Parameter] = (),
                 **kwargs: Any) -> None:
        super().__init__(program.id, params=[*program.options, *own], **kwargs)
        self.program = program
        self.act = act

    def invoke(self, ctx: click.Context) -> Any:
        names = {opt.name for opt in self.program.options}
        options = self.program.typed({name: value for name, value in ctx.params.items() if name in names})
        own = {name: value for name, value in ctx.params.items() if name not in names}
        return ctx.invoke(self.act, options, **own)


def _run_command(program: catalog.Program) -> click.Command:
    def act(options: catalog.Options) -> None:
        console = stdio_console(program=program, options=options)
        status = run_session(program, console, options)
        report_outcome(console.last_outcome, console.input_ended)
        _finish_line(console)
        sys.exit(status)

    return OptionsCommand(program, act, help=f"{program.title}: {program.language}, {program.year}.\n\n"
                                             f"{program.description}", short_help=program.title)


def _finish_line(console: Console) -> None:
    """On a terminal: the shell's prompt on a fresh line below what the program left."""
    try:
        console.finish_line()
    except (OSError, ValueError):
        pass  # a terminal gone, a closed stream: the status says what happened


def _record_command(program: catalog.Program) -> click.Command:
    def act(options: catalog.Options, output: Path, title: str, source: str, cast: Optional[Path]) -> None:
        from .check import session

        # A teletype, as `retro run` has when it does not draw on the screen: on a
        # terminal it wraps the program's own prose (Program.wraps_words); the
        # transcript keeps the program's bytes (the recorder is between them).
        console = stdio_console(line_mode=True, program=program)
        header = {"title": title or f"{program.id} session", "source": source}
        recorded = session(program, console, options, program.option_words(options), header)
        _finish_line(console)
        recorded.save(output)
        click.echo(f"retro: saved {len(recorded.events)} events to {output}", err=True)
        if cast is not None:
            from .cast import cast_of, write

            write(cast_of(recorded), False, cast)
            click.echo(f"retro: saved its cast to {cast}", err=True)
        sys.exit(recorded.exit_status)

    own = [
        click.Option(["-o", "--output"], type=click.Path(dir_okay=False, writable=True, path_type=Path),
                     required=True, help="The transcript file to write."),
        click.Option(["--title"], default="", help="A title for the transcript's header."),
        click.Option(["--source"], default="a regression recording (retro record)",
                     help="Where the case comes from, for the header."),
        click.Option(["--cast"], type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
                     help="Also write the session as an asciinema cast (as `retro cast` does) to FILE."),
    ]
    return OptionsCommand(program, act, own, short_help=program.title,
                          help=f"Record a session of {program.title} (as on a teletype) into a transcript.")


class RetroGroup(click.Group):
    """The top group: a broken pipe leaves as PipeClosed (status 141), not as click's status 1."""

    command_class = UsageCommand

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        """A command of retro's own, else one a port adds (every port is loaded then)."""
        found = super().get_command(ctx, name)
        if found is None:
            _add_port_commands()
            found = super().get_command(ctx, name)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        _add_port_commands()
        return super().list_commands(ctx)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise PipeClosed() from None


@click.group(cls=RetroGroup, invoke_without_command=True, help=HELP,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="retro-tictactoe", prog_name="retro")
@click.pass_context
def cli(ctx: click.Context) -> None:
    if ctx.invoked_subcommand is None:
        from .menu import menu

        sys.exit(menu())


@cli.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the programs as one JSON array.")
def list_programs(as_json: bool) -> None:
    """The programs and their variant options."""
    from .screen.wrap import wrap

    if as_json:
        import json

        click.echo(json.dumps([program_json(program) for program in catalog.programs().values()], indent=2,
                              default=str))
        return
    for program in catalog.programs().values():
        lines = [f"{program.id:<16} {program.title}",
                 f"{'':<16} {program.language}, {program.machine}, {program.year}; {program.author}",
                 f"{'':<16} {program.description}"] + [f"{'':<18}{line}" for line in program.option_lines()]
        for line in lines:
            for row in wrap(line, TABLE_WIDTH, indent=" " * (17 if line.startswith(program.id) else len(line) - len(line.lstrip()) + 2)):
                click.echo(row)
        click.echo()


def program_json(program: catalog.Program) -> dict[str, object]:
    """A program as `retro list --json` gives it: what `retro list` says, each
    variant option with its flag, its values and its default."""
    defaults = program.defaults()
    options = [{"flag": opt.opts[0], "help": opt.help or "",
                "kind": "flag" if opt.is_flag else "choice" if isinstance(opt.type, click.Choice) else opt.type.name,
                "choices": list(opt.type.choices) if isinstance(opt.type, click.Choice) else None,
                "default": getattr(defaults, opt.name or "")} for opt in program.options]
    return {"id": program.id, "title": program.title, "year": program.year, "language": program.language,
            "machine": program.machine, "author": program.author, "description": program.description,
            "options": options, "exit_statuses": [list(status) for status in program.exit_statuses]}


cli.add_command(ProgramGroup("run", make=_run_command, help="Run one program (see `retro run ID --help` for its variants)."))
cli.add_command(ProgramGroup("record", make=_record_command,
                             help="Run a program and save the session as a transcript: retro record ID [OPTIONS] -o FILE."))


def _audit_command(program: catalog.Program) -> click.Command:
    def act(options: catalog.Options, as_json: bool, save: bool) -> None:
        import json

        from . import resources
        from .audit.run import GamesCounter, audit_program, render, save_beating_transcripts

        counter = GamesCounter(sys.stderr) if sys.stderr.isatty() else None
        try:
            report = audit_program(program.id, options.as_dict(), progress=counter)
        except KeyError:
            raise click.ClickException(f"{program.id} has no audit yet") from None
        finally:
            if counter is not None:
                counter.close()
        if save:
            folder = resources.source_folder()
            if folder is None:
                raise click.ClickException("--save needs the source tree's transcripts/ folder")
            slug = "".join(f"{word.lstrip('-')}-" for word in program.option_words(options))
            for path in save_beating_transcripts(report, folder / program.id, slug):
                click.echo(f"retro audit: saved {path}", err=True)
        if as_json:
            data = report.as_json()
            data["analysis"] = report.analysis
            if report.search is not None:
                data["search"] = report.search
            click.echo(json.dumps(data, indent=2, default=str))
        else:
            click.echo(render(report))

    own = [
        click.Option(["--json", "as_json"], is_flag=True, help="Print the report as one JSON object."),
        click.Option(["--save"], is_flag=True,
                     help="Save the shortest beating lines as golden transcripts (transcripts/ID/audit-*.txt)."),
    ]
    return OptionsCommand(program, act, own, short_help=program.title,
                          help=f"Put the claim made for {program.title} to the test.")


cli.add_command(ProgramGroup("audit", make=_audit_command,
                             help="Put each author's claim to the test: retro audit ID [variant options] [--json]."))


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the table as one JSON object.")
@click.option("seed", "--random-state", cls=catalog.RenamedOption, old_names=("--seed",), type=int,
              default=1, show_default=True,
              help="Start the random choices of the programs that choose at random from this number: the same "
                   "number gives the same table.")
def tournament(as_json: bool, seed: int) -> None:
    """Round robin among the 3x3 programs and the perfect-play referee, both colours."""
    import json

    from .audit.tournament import render, totals, tournament as play_all

    table = play_all(seed=seed)
    if as_json:
        click.echo(json.dumps({"random_state": seed, "first_player_results": table, "totals": totals(table)},
                              indent=2))
    else:
        click.echo(render(table))


def _replay(session: Optional[str], baud: Optional[int]) -> None:
    """Show a recorded session as it happened (input shown as it was typed).

    SESSION is a transcript file, or the name of a session shipped with retro,
    ID/NAME (the program's id, then the session's name).  Without SESSION,
    the shipped sessions are listed by name.
    """
    from .replay import AFTER_THE_GAME_PAUSE, show_whole

    if session is None:
        _list_sessions()
        return
    # the pause before what the recording kept after its game: for a person watching, not a pipe's reader
    watched = bool(baud) or sys.stdout.isatty()
    show_whole(_load_session(session), baud=baud, pause=AFTER_THE_GAME_PAUSE if watched else 0.0)


def _load_session(session: str) -> Transcript:
    """The session SESSION names: a transcript file, or a shipped session by name."""
    from . import resources, transcript

    path = Path(session)
    if path.is_dir() or not os.path.lexists(path):  # a FIFO or a device is refused by load(), unopened
        found = resources.find(session)
        if found is None:
            why = "is a folder" if path.is_dir() else "is neither a file nor a recorded session"
            raise click.UsageError(f"{session!r} {why} (`retro replay` lists the recorded sessions)")
        path = found
    try:
        return transcript.load(path)
    except transcript.TranscriptError as err:
        raise click.ClickException(visible(str(err))) from None


def _list_sessions() -> None:
    from . import resources
    from .screen.wrap import wrap

    found = resources.sessions()
    if not found:
        raise click.ClickException("no recorded sessions were found with this retro")
    for program in catalog.programs():
        mine = [s for s in found if s.program == program]
        if not mine:
            continue
        click.echo(program)
        for heading, group in resources.by_group(mine):
            click.echo(f"  {heading}")
            for s in group:  # the name (what `retro replay` takes), its title wrapped under it
                click.echo(f"    {s.name}")
                for row in wrap(" " * 8 + visible(s.title), TABLE_WIDTH):
                    click.echo(row)
        click.echo()


def _make_replay_command() -> click.Command:
    from .replay import BAUD

    return UsageCommand("replay", callback=_replay, help=_replay.__doc__, params=[
        click.Argument(["session"], required=False), BAUD])


cli.add_command(_make_replay_command())


def _cast(session: str, output: Optional[Path], baud: Optional[int], v3: bool, whole: bool) -> None:
    """Write a recorded session as an asciinema cast (asciicast v2; v3 with --v3).

    SESSION is a transcript file, or a shipped session's name, ID/NAME (as
    `retro replay` takes it).  The cast shows the session's game as `retro
    replay` shows it, at the pace of a terminal line (the web page's, 2400
    baud, unless --baud says another), with each move marked, and ends where
    the game ends, its result on the last screen; with --whole, what the
    recording kept after the game follows, after a marker and a pause, as
    `retro replay` shows it.  It goes to FILE, else to standard output;
    nothing else is written.
    """
    from .cast import cast_of, write

    write(cast_of(_load_session(session), baud, whole=whole), v3, output)


def _make_cast_command() -> click.Command:
    from .replay import BAUD

    return UsageCommand("cast", callback=_cast, help=_cast.__doc__, params=[
        click.Argument(["session"]),
        click.Option(["-o", "--output"], type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
                     help="The cast file to write (default: standard output)."),
        BAUD, click.Option(["--v3"], is_flag=True, help="Write asciicast v3 (default: v2)."),
        click.Option(["--whole"], is_flag=True,
                     help="Go on after the game with what the recording kept after it (a new board, the end of "
                          "its input), as `retro replay` shows it.")])


cli.add_command(_make_cast_command())


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
def check(paths: tuple[Path, ...]) -> None:
    """Replay transcripts against the ports; print a diff and exit 1 on any mismatch.

    PATHS are transcript files or folders of them, used as given (default:
    the recorded sessions shipped with retro, wherever it is installed).
    The diffs and the summary go to standard output; a transcript that
    cannot be read is said on standard error.

    Exit status: 0 when every transcript matches, 1 when one differs or
    cannot be read, 2 for a wrong command line (a path that does not exist).
    """
    from . import resources, transcript
    from .check import check_file

    if not paths:
        default = resources.shipped_folder()
        if default is None:
            raise click.UsageError("this retro has no recorded sessions: name the transcripts to check")
        paths = (default,)
    files = transcript.find_transcripts(paths)
    differ = unread = 0
    for path in files:
        outcome = check_file(path)
        if outcome.error:
            click.echo(f"retro check: {visible(outcome.error)}", err=True)
            unread += 1
        elif outcome.diff:
            click.echo(outcome.diff, nl=False)
        differ += not outcome.ok and not outcome.error
    click.echo(f"retro check: {check_summary(differ, len(files), unread)}")
    if differ or unread:
        sys.exit(1)


def check_summary(differ: int, checked: int, unread: int = 0) -> str:
    """The last line of `retro check`, in words that agree with its numbers:
    of ``checked`` files, ``differ`` transcripts differ and ``unread`` files
    cannot be read as transcripts (not one, or refused: said above it).

    >>> check_summary(1, 1), check_summary(2, 5), check_summary(1, 5)
    ('1 of 1 transcript differs', '2 of 5 transcripts differ', '1 of 5 transcripts differs')
    >>> check_summary(0, 1), check_summary(0, 89)
    ('1 transcript checked: it matches', '89 transcripts checked, all match')
    >>> check_summary(0, 0)
    'no transcripts found to check'
    >>> check_summary(0, 1, unread=1), check_summary(1, 5, unread=2)
    ('1 of 1 file is not a transcript retro can read', '1 of 5 transcripts differs; 2 of 5 files are not transcripts retro can read')
    """
    word = "transcript" if checked == 1 else "transcripts"
    said = []
    if differ:
        said.append(f"{differ} of {checked} {word} {'differs' if differ == 1 else 'differ'}")
    if unread:
        files = "file is not a transcript" if unread == 1 else "files are not transcripts"
        said.append(f"{unread} of {checked} {files} retro can read")
    if said:
        return "; ".join(said)
    if checked == 0:
        return "no transcripts found to check"
    return "1 transcript checked: it matches" if checked == 1 else f"{checked} {word} checked, all match"


def serve_options() -> list[click.Parameter]:
    """`retro serve`'s options, their defaults and bounds read from the server's
    settings (retro/web/config.py), where each is defined once."""
    from .web import config

    return [
        click.Option(["--host"], default=config.HOST, show_default=True,
                     help="The address (or name) to listen on; anything but loopback lets other machines in "
                          "(your choice). The server answers to addresses, localhost, this name and the machine's name."),
        click.Option(["--port"], type=click.IntRange(0, 65535), default=config.PORT, show_default=True,
                     help="The TCP port (0: any free one)."),
        click.Option(["--data-folder"], type=click.Path(file_okay=False, path_type=Path), default=None,
                     help="A folder where a learner keeps what it learns from visitors (default: no session writes a file)."),
        click.Option(["--max-sessions"], type=click.IntRange(*config.MAX_SESSIONS_OPTION), default=None,
                     help=f"Sessions running at once; more visitors are asked to wait (default: as many as half the "
                          f"memory available holds, {config.SESSION_MIB} MiB each, at most {config.MOST_SESSIONS})."),
        click.Option(["--idle-timeout"], type=click.IntRange(*config.IDLE_OPTION),
                     default=round(config.Limits.idle_seconds), show_default=True,
                     help="Seconds a session may go with nothing typed and nothing written before it ends."),
        click.Option(["--header-timeout"], type=click.FloatRange(*config.HEADER_OPTION),
                     default=config.Limits.header_seconds, show_default=True,
                     help="Seconds a request's headers may take to arrive; a connection that takes longer is closed."),
        click.Option(["--kiosk"], is_flag=True,
                     help="For an unattended screen: the page opens on the published games replayed one after "
                          "another; a key or a touch shows the programs; after --idle-timeout with nothing typed, "
                          "a countdown, then the games again. Nothing in the page leads out of it."),
        click.Option(["--allowed-host", "allowed_hosts"], multiple=True, metavar="NAME",
                     help="A public name this server answers to (the one a reverse proxy forwards); repeatable."),
        client_option("--client-sessions", config.Limits.client_sessions,
                      "Sessions and runs one client (an address; IPv6: its network) may have at once."),
        client_option("--client-starts", config.Limits.client_starts,
                      "Sessions and runs one client may start a minute."),
        client_option("--client-log-lines", config.Limits.client_log_lines,
                      "Lines one client's failed requests may write to the server's log a minute."),
        client_option("--client-connections", config.Limits.client_connections,
                      "Connections one client may have open at once; one more is closed at once."),
        client_option("--client-ipv6-prefix", config.Limits.client_ipv6_prefix,
                      "The prefix of an IPv6 client's network: its addresses are one client.",
                      config.IPV6_PREFIX_OPTION),
        click.Option(["--games-per-client"], type=click.IntRange(*config.GAMES_PER_CLIENT_OPTION),
                     default=config.TAKE_HOME_PER_CLIENT, show_default=True,
                     help="Visitors' games one client may keep at once for download (each visitor's page keeps "
                          f"{config.TAKE_HOME_PER_VISITOR}); behind a reverse proxy, every visitor is one client."),
    ]


def client_option(flag: str, default: int, help: str, bounds: Optional[tuple[int, int]] = None) -> click.Option:
    """One of `retro serve`'s --client-* options: what one client may take (bounds: ``config.CLIENT_OPTION``)."""
    from .web import config

    return click.Option([flag], type=click.IntRange(*(bounds or config.CLIENT_OPTION)), default=default,
                        show_default=True, help=help)


class ServeCommand(UsageCommand):
    """`retro serve`, whose options (``serve_options``) are made when it is
    asked for: no other command loads the server's modules."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        if not self.params:
            self.params = serve_options()
        return super().get_params(ctx)


@cli.command(cls=ServeCommand)
def serve(host: str, port: int, data_folder: Optional[Path], max_sessions: Optional[int], idle_timeout: int,
          header_timeout: float, kiosk: bool, allowed_hosts: tuple[str, ...], client_sessions: int, client_starts: int,
          client_log_lines: int, client_connections: int, client_ipv6_prefix: int, games_per_client: int) -> None:
    """The programs in a web browser: the menu, a terminal for each, Fig. 5 replayed.

    A browser session is `retro run` in a process of its own, on a terminal
    of its own (a pseudo-terminal) shown in the page.  For scripts: POST /api/run/ID?variant=value
    with the input as the body answers with `retro run`'s standard output
    (exit status in X-Retro-Exit); GET /api/programs lists the catalog.
    """
    from .web.config import Limits, default_max_sessions
    from .web.exhibit import Exhibit
    from .web.server import serve as run_server
    from .web.take_home import Bounds, TakeHomes

    if data_folder is not None:
        data_folder.mkdir(parents=True, exist_ok=True)
        data_folder = data_folder.resolve()
    limits = Limits(idle_seconds=float(idle_timeout), header_seconds=header_timeout, client_sessions=client_sessions,
                    client_starts=client_starts, client_log_lines=client_log_lines,
                    client_connections=client_connections, client_ipv6_prefix=client_ipv6_prefix)
    exhibit = Exhibit(limits=limits, max_sessions=max_sessions or default_max_sessions(),
                      data_folder=data_folder, allowed_hosts=allowed_hosts, kiosk=kiosk,
                      take_homes=TakeHomes(Bounds(per_client=games_per_client)))
    sys.exit(run_server(host, port, exhibit))


@cli.command("site", cls=UsageCommand)
@click.argument("folder", type=click.Path(path_type=Path, file_okay=False))
@click.option("--kiosk", is_flag=True, help="The kiosk's page: an attract loop, nothing leading out (as `retro serve --kiosk`).")
def site(folder: Path, kiosk: bool) -> None:
    """Write the page as a folder any static web server serves, every program
    running in the visitor's own browser (Pyodide).

    FOLDER is made, or replaced if an earlier `retro site` wrote it; any other
    folder with something in it is left alone.  Try it with
    `python -m http.server -d FOLDER`.
    """
    from .static_site import SiteRefused, build

    try:
        made = build(folder, kiosk=kiosk)
    except SiteRefused as refused:
        raise click.UsageError(str(refused)) from None
    except OSError as error:
        raise click.ClickException(f"{folder}: {error.strerror or error}") from None
    click.echo(f"retro site: wrote {made.folder} ({made.files} files, {made.size / 1e6:.1f} MB); "
               f"serve it as it is, e.g. python -m http.server -d {made.folder}")


_ports_added = False


def _add_port_commands() -> None:
    """The commands ports add (``retro train``), once; a group of them (one
    subcommand per program) names its programs when asked for another."""
    global _ports_added
    if _ports_added:
        return
    _ports_added = True
    for program in catalog.programs().values():
        for command in program.commands:
            if isinstance(command, click.Group) and command.name:
                group = cli.commands.get(command.name)
                if not isinstance(group, PortGroups):
                    group = PortGroups(command.name, help=command.help, short_help=command.short_help)
                    cli.add_command(group)
                group.sources.append(command)
            else:
                cli.add_command(command)


class PortGroups(ProgramsGroup):
    """One group of the command line (``retro train``) made of the groups of
    that name the ports add, each asked only for its own commands."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sources: list[click.Group] = []

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for source in self.sources for name in source.list_commands(ctx)]

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        return next((found for source in self.sources if name in source.list_commands(ctx)
                     for found in [source.get_command(ctx, name)] if found is not None), None)


def show_error(error: click.ClickException) -> None:
    """click's message for ``error`` (a usage error's usage line, then
    ``Error: ...``), each line folded at word boundaries to the width of the
    terminal standard error goes to (80 columns elsewhere)."""
    import io

    from .screen.wrap import fold_lines, message_width

    said = io.StringIO()
    error.show(file=said)
    sys.stderr.write(fold_lines(said.getvalue(), message_width(2)))
    sys.stderr.flush()


class PipeClosed(Exception):
    """Standard output's reader went away (click would call that status 1)."""


def main(argv: Optional[list[str]] = None) -> int:
    """Run the command line; the exit status, every failure turned into a
    short message (the table of statuses is in retro/exits.py)."""
    from . import signals
    from .exits import INTERRUPTED, PIPE_CLOSED, write_failed

    try:
        return cli.main(args=argv, prog_name="retro", standalone_mode=False) or 0
    except SystemExit as done:
        code = done.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        show_error(error)
        return error.exit_code
    except (click.Abort, KeyboardInterrupt):  # click.Abort is how click reports Ctrl-C
        sys.stderr.write("\n")
        return INTERRUPTED
    except PipeClosed:
        return PIPE_CLOSED
    except signals.Terminated as ended:
        return ended.status
    except OSError as error:
        return write_failed(error)
    except Exception as error:  # noqa: BLE001  # never a traceback
        return report_internal_error("retro", error)
