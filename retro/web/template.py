"""The template of the sessions' processes (a zygote, as multiprocessing's forkserver):
``python -m retro.web.template FD`` loads retro, its ports and all a session runs once, then,
for each request the server sends on the socket FD, forks a session's process that runs
``retro.web.child`` as ``python -m retro.web.child`` would, on the visitor's pty (or a POST run's pipes).

Each session's process is forked twice (the template's child forks it and exits at once), so
that it is the server's own child: the server is a subreaper (``forking``), and waits for it,
ends it and reads its status as it does for a program it spawned.  Before the session's code
runs, its process is given what a spawned one has: a session of its own with the pty (or the
pipes) as its standard streams (``child.take_terminal`` makes it the controlling terminal), the server's
environment, limits and folder as they are now (its umask, inherited), no descriptor but the pty's and the server's
log, the signal dispositions of a Python just started (the template changes none), and fresh
random numbers.  Its standard streams are the template's own objects, made by Python at its
start on a pty too, so that they are what a session's Python would make (line-buffered, the
same encoding)."""
from __future__ import annotations

from retro.web import child  # first of retro: launch holds Ctrl-C while retro loads, as in a session

import atexit
import ctypes
import gc
import importlib
import io
import json
import os
import pkgutil
import random
import resource
import socket
import sys
from types import ModuleType
from typing import Any, NoReturn

from retro import launch
from retro.operator_log import OPERATOR_ENV
from retro.web.config import TEMPLATE_MESSAGE

STREAMS = 3  # a request's descriptors: the session's standard input, output and error
# A port's modules and packages that a visitor's session never loads: `retro audit`, `retro train`,
# `retro pbrain`, and those that need numpy.
NOT_IN_A_SESSION = ("audit", "train", "training", "brain", "vectorised", "compact", "compiled", "cachefile",
                    "fitting", "mapping", "placing")


def preload() -> None:
    """Import what a session imports (retro.web.child's ``run`` imports it when it runs)."""
    import curses  # noqa: F401  # blessed's, at a session's first screen
    import encodings.ascii  # noqa: F401  # a port's data file read as ASCII (the Fortran game's memory map)

    import blessed  # the screen of a session on a terminal
    import click  # noqa: F401  # a visitor's options

    from retro import catalog, console, crash_reports, resources, runner, signals, stdio  # noqa: F401  # child.run's
    from retro.console import screen  # noqa: F401  # loaded where used, as the next, so that `retro run` in a pipe
    from retro.screen import line  # noqa: F401  # does without them: the screen and the terminal's column
    from retro.web import reader_words, screen_text  # noqa: F401  # the words for the page's reader (child.reader_view)
    from retro import check, exits  # noqa: F401  # a session recorded for its visitor (child.recorded)
    from retro.web import take_home  # noqa: F401  # whether it can be (child.take_home_file)

    resources.shipped_folder()  # the recordings' folder, found once: a learner's visitor starts from a store in it

    catalog.programs()  # every port's declaration; retro's own ports whole (a plug-in's code loads in its session)
    for name in catalog.OWN_PORTS:
        import_within(importlib.import_module(name))
    # A session's screen makes a blessed Terminal of the sessions' kind, which compiles regular
    # expressions of its capabilities: made once here, they are in re's cache before the fork.
    blessed.Terminal(kind=os.environ.get("TERM") or None, stream=io.StringIO(), force_styling=True)


def import_within(package: ModuleType) -> None:
    """Every module of ``package``, its packages' too, but those of ``NOT_IN_A_SESSION``."""
    for module in pkgutil.iter_modules(package.__path__):
        if module.name not in NOT_IN_A_SESSION:
            loaded = importlib.import_module(f"{package.__name__}.{module.name}")
            if module.ispkg:
                import_within(loaded)


PR_SET_NAME = 15  # linux/prctl.h
SESSION_NAME = b"retro-session"  # a session's process, as ps and top name it (its arguments are the template's)


def named_session() -> None:
    """This process named a session's (Linux; elsewhere it keeps the template's name)."""
    try:
        ctypes.CDLL(None).prctl(PR_SET_NAME, SESSION_NAME, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def become_session(request: dict[str, Any], streams: list[int], keep: int) -> None:
    """In the session's process, just forked: what a spawned session's process has (see above)."""
    named_session()
    os.setsid()
    for number, fd in enumerate(streams):
        os.dup2(fd, number)
    os.closerange(3, keep)  # every other descriptor (close_range: no listing of them)
    os.closerange(keep + 1, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
    os.chdir(request["cwd"])
    for name, (soft, hard) in request["rlimits"].items():
        try:
            resource.setrlimit(getattr(resource, name), (soft, hard))
        except (ValueError, OSError):
            pass  # a hard limit the server raised above the template's: the template's stays
    if request["env"] is not None:  # None: the template's own, the server's at its start
        os.environ.clear()
        os.environ.update(request["env"])
    sys.argv = [child.__file__, *request["args"]]
    launch.held().clear()  # a Ctrl-C the template had is not the visitor's
    random.seed()  # the template's numbers are not the session's (os.fork reseeds too: said twice)
    gc.enable()


def fork_session(request: dict[str, Any], streams: list[int], keep: int, server: socket.socket) -> bool:
    """False in the template, which goes on at once; True in the session's
    process.  The template's child (the middle) forks the session, tells the
    server its pid and ends: then the session's process is the server's child."""
    if os.fork() != 0:
        return False  # the middle is reaped later (reap_middles)
    session = -1
    try:
        session = os.fork()
        if session == 0:
            try:
                become_session(request, streams, keep)
            except BaseException:  # noqa: BLE001  # nothing of the template may go on in a session's process
                os._exit(70)
            return True
        server.send(json.dumps({"id": request["id"], "pid": session}).encode())
    finally:
        if session != 0:
            os._exit(0)
    return True


def reap_middles() -> None:
    """The template's children (the middles) that have ended."""
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                return
        except ChildProcessError:
            return


def serve(server: socket.socket, keep: int) -> bool:
    """Fork a session for each request until the server has gone: False in the
    template then, True in a session's process."""
    server.settimeout(1.0)  # each second at least, the middles are reaped
    while True:
        reap_middles()
        try:
            data, fds, _, _ = socket.recv_fds(server, TEMPLATE_MESSAGE, STREAMS)
        except TimeoutError:
            continue
        except OSError:
            return False
        if not data:
            return False  # the server has gone
        request: dict[str, Any] = {}
        in_session = False
        try:
            request = json.loads(data)
            if len(fds) != STREAMS:
                raise ValueError(f"{len(fds)} descriptors, not {STREAMS}")
            in_session = fork_session(request, fds, keep, server)
        except (OSError, ValueError, KeyError, IndexError) as error:
            try:
                server.send(json.dumps({"id": request.get("id"), "error": f"{type(error).__name__}: {error}"}).encode())
            except OSError:
                return False
        if in_session:
            server.detach()  # closed already (become_session): its number may be taken again
            return True
        for fd in fds:
            os.close(fd)


def main() -> None:
    server = socket.socket(fileno=int(sys.argv[1]))
    keep = int(os.environ.get(OPERATOR_ENV, "2"))
    gc.disable()  # until the fork: no freed holes in the pages the sessions share (gc.freeze's advice)
    preload()
    gc.freeze()  # what is loaded now is never collected: a session's collections leave its pages shared
    if serve(server, keep):
        try:
            child.main()  # the session, as retro.web.child's own start runs it
        except SystemExit as ended:
            leave(ended)
    sys.exit(0)


def leave(ended: SystemExit) -> NoReturn:
    """A session's process ends as Python would end it, less the teardown of
    every module and object (tens of milliseconds, and each object written to
    makes its shared page the session's own): the exit functions run, the
    standard streams flushed, then the process ends."""
    status = ended.code
    if status is not None and not isinstance(status, int):
        print(status, file=sys.stderr)
        status = 1
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            status = status or 120  # as Python says a failed flush at its exit
    os._exit(status or 0)


if __name__ == "__main__":
    main()
