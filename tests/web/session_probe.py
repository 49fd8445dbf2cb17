"""What a session's process sees where its port would run, as one line of JSON on its
terminal: ``child.run`` replaced by ``seen`` (test_web_sessions compares a forked
session's with a spawned one's)."""
import gc
import json
import os
import random
import resource
import signal
import sys

from retro import processes


def handler_name(handler: object) -> str:
    if handler in (signal.SIG_DFL, signal.SIG_IGN):
        return str(handler)
    return getattr(handler, "__qualname__", repr(handler))


def seen(argv: list[str]) -> int:
    pty = os.ttyname(0)
    fds = {str(fd): "the pty" if target == pty else target for fd, target in processes.open_descriptors().items()}
    report = {
        "argv": argv,
        "environment": dict(os.environ),
        "limits": {name: resource.getrlimit(getattr(resource, name)) for name in dir(resource) if name.startswith("RLIMIT_")},
        "session leader": os.getsid(0) == os.getpid() == os.getpgrp(),
        "the pty controls it": os.tcgetpgrp(0) == os.getpid() and open("/dev/tty", "rb") is not None,
        "handlers": {sig.name: handler_name(signal.getsignal(sig)) for sig in signal.valid_signals()
                     if isinstance(sig, signal.Signals) and sig not in (signal.SIGKILL, signal.SIGSTOP)},
        "masks": processes.signal_masks(),
        "descriptors": fds,
        "streams": {name: [stream.encoding, stream.errors, stream.line_buffering, stream.isatty(), stream.fileno()]
                    for name, stream in (("stdin", sys.stdin), ("stdout", sys.stdout), ("stderr", sys.stderr))},
        "folder": os.getcwd(),
        "umask": os.umask(0o22),
        "gc": gc.isenabled(),
        "random": [random.random(), random.Random().random()],
    }
    print(json.dumps(report), flush=True)
    return 0
