"""The settings of `retro serve` and every limit a public exhibit holds, each defined once here:
the `serve` command's options (retro/cli.py), the server, its sessions and its listener read them."""
from __future__ import annotations

from dataclasses import dataclass

# -- where the server listens (the `serve` options' defaults) ---------------------------
HOST = "127.0.0.1"
PORT = 8000

# -- how many sessions run at once ------------------------------------------------------
# A session's process forked from the template, measured (tests/web/measure_sessions.py): its own
# pages (USS) 3.3 MiB (a teletype port) to 6.4 MiB (the learner), PSS 3.7 MiB with 150 at once;
# the template, 24 MiB, is shared.  (A session started as a Python of its own, when no template
# runs, took 11 to 21 MiB.)
SESSION_MIB = 8
FEWEST_SESSIONS = 4  # what the memory available allows is never taken below this
MOST_SESSIONS = 200  # ... nor above this
SESSIONS_UNMEASURED = 8  # when the memory available cannot be read (and an Exhibit's default)
MAX_SESSIONS_OPTION = (1, 1000)  # what --max-sessions accepts

# -- the template of the sessions' processes (template, forking) --------------------------
TEMPLATE_MESSAGE = 1 << 16  # a request to the template (the environment, the limits): at most this
TEMPLATE_SECONDS = 10.0  # the template answers within this of a request or of its last answer, or it is taken for dead
TEMPLATE_STARTS = 3  # templates started in all; when the last has died, each session starts its own Python

# -- the descriptors a session and the server take (listener) ---------------------------
DESCRIPTOR_RESERVE = 64  # kept for the server's own files, pipes and logging
DESCRIPTORS_PER_SESSION = 3  # a session's pty and its process's pipes and handles
FEWEST_CONNECTIONS = 8  # the connection cap is never below this
BACKLOG = 512  # connections the kernel holds while accepting waits

# -- a program's output read from its pty or pipe (process) -----------------------------
READ_CHUNK = 1 << 16

# -- an answer written to a client (connection, api) --------------------------------------
WRITE_CHUNK = 1 << 15  # a large answer is written this much at a time, each piece once the last is taken
HELD_OUTPUT = 1 << 16  # a POST run's output kept in memory up to this; past it, in a temporary file until written
PAUSE_OUTPUT = 1 << 18  # bytes read from the pty and not yet sent: reading waits

# -- the page's messages in a WebSocket session (messages) ------------------------------
MESSAGE_BYTES = 1024
MESSAGE_DEPTH = 4  # {"type": ...} needs 1
FRAME_READ_BYTES = 1 << 20  # a frame is read up to this, so that a paste past ``Limits.frame_bytes`` is
# refused in words and the session goes on; a larger one closes the socket (1009)
FRAME_BUDGET_SECONDS = 2.0  # a session's frames may come this many seconds' worth at once (frame_budget)
COLS = range(20, 241)  # a terminal's size the page may ask for
ROWS = range(5, 101)

# -- stopping ----------------------------------------------------------------------------
GRACE_SECONDS = 1.0  # a program has this after SIGHUP before SIGKILL
STOP_SECONDS = 2.0  # the server's stop waits this beyond the grace for its sessions to end
CLOSE_SECONDS = 2.0  # a WebSocket's closing handshake waits this for the visitor's answer
CLOSE_REASON_BYTES = 120  # a close frame's reason (RFC 6455: at most 123 bytes)
LOGGED_TEXT = 200  # characters of a failed request's text in the server's log

# -- a session nobody uses (websocket) ----------------------------------------------------
IDLE_WARNING_SECONDS = 25.0  # the page warns this long before an idle session ends: at least 20 s
# (WCAG 2.2.1) to go on, the rest for the message's way and the watch's second

# -- a visitor's own game offered at its end (take_home) -------------------------------------
TAKE_HOME_SECONDS = 600.0  # kept this long after the session's end, then deleted
TAKE_HOME_DOWNLOADS = 6  # downloads of one game (its transcript and its cast together), then deleted
TAKE_HOME_KEPT = 256  # games kept at once: past it, the oldest of the client holding the most is deleted
TAKE_HOME_PER_VISITOR = 16  # games kept at once for one visitor (their page: visitor_cookie): past it, theirs
# the oldest goes
TAKE_HOME_PER_CLIENT = 64  # ... and for one client (an address), --games-per-client: past it, its oldest.  Past
# the bounds of the whole, the client holding the most loses first, so no client deletes another's games
GAMES_PER_CLIENT_OPTION = (1, TAKE_HOME_KEPT)  # what --games-per-client accepts
TAKE_HOME_BYTES = 64 << 20  # their files' total size: past it, so are the oldest of the client holding most
TAKE_HOME_TAPE_CHARACTERS = 1 << 20  # a game without a transcript: its recording from the pty, up to this
# (its output and keys; a short game of the learner's wrote 19 kB, the Altair's 7 kB): past it, nothing is
# offered.  The server holds it while the session runs: a crowd's tapes are bounded by it
TAKE_HOME_TAPE_EVENTS = 1 << 16  # ... and up to this many events (the output of a frame's time, each key
# sent): a key frame is an event of a few characters, so a flood of them is bounded here; past it, nothing
TAKE_HOME_TRANSCRIPT_EVENTS = 1 << 16  # a session's transcript kept up to this many events (a line read, or
#   what was written between two), and up to a transcript's largest (transcript.MAX_BYTES); past either, none
CAST_WORKERS = 2  # kept games' casts made at once, each by a worker process (cast_worker); the rest wait
CAST_WORKER_BYTES = 512 << 20  # a worker's address space: a cast of the largest transcript (2 MiB) took
# 168 MiB resident; past it the game is dropped
CAST_WORKER_NICENESS = 10  # a worker runs below the server and the sessions
CAST_WORKER_CPU_SECONDS = 60  # a worker's processor time (the largest transcript's cast took 7 s): past it, dropped
CAST_WORKER_SECONDS = 600.0  # its time on the clock, however starved at its niceness on a busy machine (the
#   test of five big games at once, beside the suite: more than 120 s); a download waits for its cast
TAKE_HOME_NAME_BYTES = 16  # a game's name: 128 random bits (secrets), never guessed
TRANSCRIPT_ENV = "RETRO_TRANSCRIPT_FILE"  # where a session's program writes its transcript (child)

# -- what --idle-timeout, --header-timeout and the --client-* options accept -------------
IDLE_OPTION = (30, 86400)  # an idle session is warned 25 s before it ends: not at its start
HEADER_OPTION = (0.5, 300)
CLIENT_OPTION = (1, 100000)
IPV6_PREFIX_OPTION = (16, 128)  # what --client-ipv6-prefix accepts

# -- one client (clients) ------------------------------------------------------------------
CLIENT_WINDOW = 60.0  # starts and log lines are counted a minute
CLIENT_REFUSAL_PAUSE = 1.0  # a client past its share is told so after this pause (clients)
CLIENTS_REMEMBERED = 4096  # clients whose counts are kept; past it, those with nothing recent are forgotten


@dataclass(frozen=True)
class Limits:
    """What one session, one request and one connection may use."""

    output_bytes: int = 4 << 20
    seconds: float = 3600.0  # from the start, whatever happens
    idle_seconds: float = 600.0  # nothing typed and nothing written (--idle-timeout)
    queued_bytes: int = 16 << 10  # keys typed that the program has not read yet
    frame_bytes: int = 16 << 10  # one WebSocket frame from the page
    frames_per_second: int = 250  # a session's frames from the page (keys, pastes, messages): a person
    # types 10 keys a second, key repeat 30; past it, twice over, the session is told and closed
    frame_bytes_per_second: int = 64 << 10  # their payload: four pastes of 16 KiB a second
    body_bytes: int = 64 << 10  # a POST's body
    body_seconds: float = 30.0  # a POST's body arrives within this
    header_seconds: float = 10.0  # a request's headers arrive within this, or the connection is closed (--header-timeout)
    write_seconds: float = 30.0  # what is written to a connection is taken by the client within this, or it is closed
    heartbeat_seconds: float = 3.0  # a ping each 3 s, a pong within 1.5 s: a vanished visitor is seen within 5 s
    client_sessions: int = 5  # sessions and runs one client has at once (--client-sessions)
    client_starts: int = 60  # sessions and runs one client starts a minute (--client-starts)
    client_log_lines: int = 10  # lines of the server's log one client's requests make a minute (--client-log-lines)
    client_connections: int = 32  # connections one client has open at once (--client-connections): a browser
    # opens six to a server, and one more for each session
    client_ipv6_prefix: int = 64  # an IPv6 client is its network of this prefix (--client-ipv6-prefix): a
    # visitor's machine is given a /64 of its own, billions of addresses


def default_max_sessions() -> int:
    """Sessions that half of the memory available now holds, at ``SESSION_MIB``
    each (at least ``FEWEST_SESSIONS``, at most ``MOST_SESSIONS``)."""
    from retro.processes import available_memory  # psutil: for `retro serve` alone

    available = available_memory()
    if available is None:
        return SESSIONS_UNMEASURED
    return max(FEWEST_SESSIONS, min(MOST_SESSIONS, available // (1 << 20) // 2 // SESSION_MIB))
