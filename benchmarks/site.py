"""`retro site` beside `retro serve`, on the same machine in the same run, in Chromium
(Playwright, the system's Chromium as the browser tests drive it):

- a first visit straight to a program's address, the cache empty (a new browser context),
  from a local static server (python -m http.server): the first prompt, and the renderer's
  processor time to it (the stable figure on a loaded machine); a second visit, the cache warm
  and the first visit's snapshot of a loaded interpreter kept (static/worker.js);
- the first prompt after Start, the menu open READ_SECONDS (the interpreter loaded meanwhile);
- what a first visit downloads, as a plain static server sends it and gzipped;
- the renderer's memory (USS) with one session, after SESSIONS sessions one after another and after
  as many again, STANDING and SETTLED seconds back on the menu (by then the browser's memory
  reducer has run);
- every shipped transcript checked in the browser.

retro serve's figures, the same measures where they exist, are beside them.  Figures are
medians of VISITS.  The aims (BENCHMARKS.md): first prompt from the menu within 0.5 s, a first
visit within 4 s and a second within 1.5 s on a quiet machine, at most 12 MB (7 MB gzipped),
renderer USS at most 150 MiB and within 10 % after 20 sessions, the check within 10 s.
"""
from __future__ import annotations

import gzip
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

from benchmarks import Failed

VISITS = int(os.environ.get("SITE_VISITS", "5"))
READ_SECONDS = float(os.environ.get("SITE_READ_SECONDS", "10"))
SESSIONS = int(os.environ.get("SITE_SESSIONS", "20"))
STANDING, SETTLED = 2.0, 35.0  # seconds on the menu before the memory is measured
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PROMPT = "Quieres empezar tu?"  # the Fortran game's first prompt
MIB = 1 << 20


def run() -> Iterator[tuple[str, str]]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise Failed("no Chromium (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="retro-site-bench-")) / "site"
    began = time.monotonic()
    subprocess.run([sys.executable, "-m", "retro", "site", str(folder)], check=True, capture_output=True)
    yield "retro site: the folder written", f"{time.monotonic() - began:.1f} s"
    static, site = _server([sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "0", "-d", str(folder)],
                           r"port (\d+)", stdout=True)
    serve, served = _server([sys.executable, "-m", "retro", "serve", "--port", "0", "--client-starts", "1000"],
                            r"http://127\.0\.0\.1:(\d+)")  # 40 sessions in a row: more than a visitor starts
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
            for name, url in (("retro site", site), ("retro serve", served)):
                cold = [_visit(browser, url) for _ in range(VISITS)]
                yield f"{name}: first visit, first prompt", _median(cold, "wall", "cpu")
                if name == "retro site":
                    yield f"{name}: what a first visit downloads", _downloaded(cold[-1]["sizes"], folder, url)
                    warm = [_visit(browser, url, warm=True) for _ in range(VISITS)]
                    snapshots = sum(visit["from"] == "snapshot" for visit in warm)
                    yield f"{name}: second visit, first prompt", _median(warm, "wall", "cpu") + \
                        f", {snapshots} of {len(warm)} from the snapshot"
                    yield f"{name}: what a second visit downloads", f"{sum(warm[-1]['sizes'].values()) / 1e6:.3f} MB"
                yield f"{name}: Start after {READ_SECONDS:g} s on the menu", _median(
                    [_start_from_menu(browser, url) for _ in range(VISITS)], "wall")
                yield f"{name}: renderer USS, 1, {SESSIONS}, {2 * SESSIONS} sessions", _sessions(browser, url)
            yield "retro site: every transcript checked in the browser", _check(browser, site)
            browser.close()
    finally:
        for process in (static, serve):
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(folder.parent, ignore_errors=True)


def _server(command: list[str], said: str, stdout: bool = False) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(command, stdout=subprocess.PIPE if stdout else subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL if stdout else subprocess.PIPE, text=True)
    line = (process.stdout if stdout else process.stderr).readline()  # type: ignore[union-attr]  # both piped
    found = re.search(said, line)
    if found is None:
        process.terminate()
        raise Failed(f"{command[2]} did not say where it listens: {line!r}")
    return process, f"http://127.0.0.1:{found.group(1)}/"


def _renderers() -> list[int]:
    from retro import processes

    return [pid for pid in processes.descendants() if "--type=renderer" in " ".join(processes.command_line(pid))]


def _renderer_cpu() -> float:
    from retro import processes

    return sum(processes.cpu_seconds(pid) or 0.0 for pid in _renderers())


def _prompted(page: Any, timeout: float = 120_000) -> float:
    """Until the terminal shows the first prompt: the page's time then, in seconds since it was opened."""
    page.wait_for_function(f"() => window.retroScreen && window.retroScreen(false).includes({PROMPT!r})",
                           timeout=timeout, polling="raf")
    return float(page.evaluate("() => performance.now()")) / 1000


def _visit(browser: Any, url: str, warm: bool = False) -> dict[str, Any]:
    """A visit straight to the Fortran game's address: its first prompt, the renderer's processor time, the bytes fetched."""
    context = browser.new_context()
    try:
        if warm:  # the cache filled by a visit first, long enough for its next spare (and the snapshot) to load
            first = context.new_page()
            first.goto(url + "#/play/fortran-rcd")
            _prompted(first)
            first.wait_for_function("() => window.retroSpareLoaded()", timeout=120_000)
            first.close()
        sizes: dict[str, int] = {}
        page = context.new_page()
        page.on("requestfinished", lambda request: sizes.__setitem__(request.url, _body_size(request)))
        cpu = _renderer_cpu()
        page.goto(url + "#/play/fortran-rcd")
        wall = _prompted(page)
        started = page.evaluate("() => window.retroLoadMarks && window.retroLoadMarks.from")
        return {"wall": wall, "cpu": _renderer_cpu() - cpu, "sizes": sizes, "from": started}
    finally:
        context.close()


def _body_size(request: Any) -> int:
    """The bytes of a response's body that came over the network (none from the browser's cache)."""
    if request.url.startswith(("blob:", "data:")):
        return 0
    return max(0, int(request.sizes()["responseBodySize"]))


def _downloaded(sizes: dict[str, int], folder: Path, url: str) -> str:
    """What the visit fetched: as a plain static server sends it, and as one that compresses would."""
    names = sorted({address[len(url):].split("#")[0].split("?")[0] or "index.html"  # worker.js?first: one file
                    for address in sizes if address.startswith(url)})
    plain = sum((folder / name).stat().st_size for name in names)
    largest = max(names, key=lambda name: (folder / name).stat().st_size)
    return (f"{plain / 1e6:.2f} MB in {len(names)} files, {gzipped(folder, names) / 1e6:.2f} MB gzipped "
            f"(the largest: {largest.rsplit('/', 1)[-1]} {(folder / largest).stat().st_size / 1e6:.2f} MB)")


def _start_from_menu(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("li[data-program='fortran-rcd'] button[type=submit]")
        time.sleep(READ_SECONDS)
        began = float(page.evaluate("() => performance.now()")) / 1000
        page.click("li[data-program='fortran-rcd'] button[type=submit]")
        return {"wall": _prompted(page) - began}
    finally:
        context.close()


def _sessions(browser: Any, url: str) -> str:
    """The renderer's USS after one session, after SESSIONS sessions one after another, and after
    as many again, back on the menu: STANDING seconds after (what the browser has not yet given back
    included), and SETTLED seconds after, once the browser's memory reducer has run (about 30 s at
    rest).  The third figure tells a leak (it grows again) from the caches a first drawing fills."""
    context = browser.new_context()
    try:
        others = set(_renderers())
        page = context.new_page()
        page.goto(url)
        renderer = 0  # the page's own (its workers run in it): the largest of those started with it
        page.wait_for_selector("li[data-program='fortran-rcd'] button[type=submit]")
        standing, settled = [], []
        for k in range(1, 2 * SESSIONS + 1):
            page.click("li[data-program='fortran-rcd'] button[type=submit]")
            _prompted(page)
            page.keyboard.press("Control+c")
            page.wait_for_selector("#status[data-exit]")
            page.click("#again")
            page.wait_for_selector("#menu:not([hidden])")
            if k in (1, SESSIONS, 2 * SESSIONS):  # at rest: the session's worker gone, the next spare loaded
                page.wait_for_function("() => exhibitNow.transport !== 'browser' || window.retroSpareLoaded()", timeout=120_000)
                time.sleep(STANDING)
                renderer = renderer or _largest(set(_renderers()) - others)
                standing.append(_uss(renderer))
                time.sleep(SETTLED - STANDING)
                settled.append(_uss(renderer))
        return f"{_grown(standing)} {STANDING:g} s after; {_grown(settled)} {SETTLED:g} s after"
    finally:
        context.close()


def _uss(pid: int) -> int:
    from retro import processes

    memory = processes.memory(pid)
    if memory is None:
        raise Failed("the page's renderer ended")
    return memory.unique


def _largest(pids: set[int]) -> int:
    from retro import processes

    return max(pids, key=lambda pid: memory.unique if (memory := processes.memory(pid)) is not None else 0)


def _grown(uss: list[int]) -> str:
    first, then, again = (size / MIB for size in uss)
    return f"{first:.0f}, {then:.0f} ({then / first - 1:+.0%}), {again:.0f} MiB ({again / then - 1:+.0%})"


def _check(browser: Any, url: str) -> str:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => window.retroSpareLoaded()", timeout=120_000)
        page.goto(url + "#/check")
        page.wait_for_function("() => window.retroChecked", timeout=300_000)
        checked = page.evaluate("() => window.retroChecked")
        if checked["matched"] != checked["total"]:
            raise Failed(f"{checked['total'] - checked['matched']} transcripts differ in the browser")
        return f"{checked['matched']} of {checked['total']} match, in {checked['seconds']:.1f} s"
    finally:
        context.close()


def _median(samples: list[dict[str, Any]], *keys: str) -> str:
    return ", ".join(f"{key} {statistics.median(s[key] for s in samples):.2f} s" for key in keys) + \
        f" (median of {len(samples)})"


def gzipped(folder: Path, names: list[str]) -> int:
    """The bytes of these files of the site as a compressing server would send them (gzip -6)."""
    return sum(len(gzip.compress((folder / name).read_bytes(), 6)) for name in names)
