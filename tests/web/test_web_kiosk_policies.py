"""The kiosk's Chromium policies, as docs/serving.md gives them, tested in Chromium.
Chromium on Linux reads its managed policies from /etc/chromium/policies/managed
only, and this machine's /etc is not the test's to write: each browser here runs
in a mount namespace of its own (``unshare --mount``, as root), where a temporary
folder holding the documented policies is bound over /etc/chromium, so nothing
outside it sees them.  Where no such namespace can be made (not root, no
unshare, no /etc/chromium to bind over), the tests say so and skip.

Playwright drives Chromium through its developer tools: with the policy that
refuses them (or with incognito forced, which refuses Playwright's own
windows), Playwright can open no page, and that is what those two are tested
by.  The others are read where Chromium shows them, chrome://policy (each with
its documented value, applied: "OK"), and those that show here in a headless
browser are tried: an address outside the allowlist is refused.  Printing and
downloads do not show in a headless browser Playwright drives (its downloads
are its own, and a headless print prints nothing either way): chrome://policy
is what says they are refused."""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from web_helpers import CHROMIUM, ROOT, start_server

try:
    from playwright import sync_api
except ImportError:
    sync_api = None

POLICIES_FOLDER = Path("/etc/chromium")  # where Chromium on Linux reads /etc/chromium/policies/managed
DOCUMENTED_ORIGIN = "http://127.0.0.1:8000"  # the allowlist's origin in docs/serving.md: the server's here
SEPARATE = ("DeveloperToolsAvailability", "IncognitoModeAvailability")  # each stops Playwright itself
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(sync_api is None or CHROMIUM is None,
                                reason="no Playwright or no Chromium (tests/web/test_web_browser.py)")


def documented() -> dict:
    """The policies docs/serving.md says to write, as it writes them."""
    text = (ROOT / "docs" / "serving.md").read_text()
    found = re.search(r"retro-kiosk\.json <<'END'\n(.*?)\nEND\n", text, re.S)
    assert found, "docs/serving.md gives no policies"
    return json.loads(found.group(1))


def namespace_refused() -> str:
    """Why no private mount namespace can be made here ("" if it can)."""
    if os.geteuid() != 0:
        return "not root: no mount namespace can bind a folder over /etc/chromium"
    if shutil.which("unshare") is None:
        return "no unshare (util-linux)"
    if not POLICIES_FOLDER.is_dir():
        return f"no {POLICIES_FOLDER} to bind a folder over"
    tried = subprocess.run(["unshare", "--mount", "--propagation", "private", "mount", "--bind", "/tmp",
                            str(POLICIES_FOLDER)], capture_output=True, text=True, timeout=30)
    if tried.returncode != 0:
        return f"unshare --mount cannot bind a folder here: {tried.stderr.strip()}"
    return ""


@pytest.fixture(scope="module")
def namespaced():
    """The name of a function making a Chromium that reads ``policies`` (in a folder of
    its own under ``tmp``): an executable for Playwright's ``executable_path``."""
    why = namespace_refused()
    if why:
        pytest.skip(why)

    def chromium(tmp: Path, policies: dict) -> str:
        folder = tmp / "etc-chromium"
        shutil.copytree(POLICIES_FOLDER, folder, ignore=shutil.ignore_patterns("policies"))  # Debian's own settings
        (folder / "policies" / "managed").mkdir(parents=True)
        (folder / "policies" / "managed" / "retro-kiosk.json").write_text(json.dumps(policies))
        wrapper = tmp / "chromium"
        wrapper.write_text(
            "#!/bin/sh\n"
            "# Chromium seeing the folder below as /etc/chromium, in a mount namespace of its own\n"
            "exec unshare --mount --propagation private sh -c "
            "'folder=$1; chromium=$2; shift 2; mount --bind \"$folder\" /etc/chromium && exec \"$chromium\" \"$@\"' "
            f"sh '{folder}' '{CHROMIUM}' \"$@\"\n")
        wrapper.chmod(0o755)
        return str(wrapper)
    return chromium


@pytest.fixture(scope="module")
def kiosk(tmp_path_factory):
    process, url = start_server(tmp_path_factory.mktemp("kiosk-policies"), "--kiosk")
    yield url.rstrip("/")
    process.terminate()
    process.wait(timeout=30)


def opened(executable: str, url: str) -> str:
    """What happened when a page was asked for in that Chromium: "opened", or the error."""
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(url, timeout=30_000)
            return "opened"
        except sync_api.Error as error:
            return str(error).splitlines()[0]
        finally:
            browser.close()


def test_the_documented_policies_are_in_force_and_other_addresses_refused(namespaced, kiosk, tmp_path) -> None:
    policies = {name: value for name, value in documented().items() if name not in SEPARATE}
    policies["URLAllowlist"] = [kiosk if origin == DOCUMENTED_ORIGIN else origin for origin in
                                policies["URLAllowlist"]] + ["chrome://policy"]
    executable = namespaced(tmp_path, policies)
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.goto("chrome://policy/")
            page.locator("text=URLBlocklist").first.wait_for(timeout=30_000)
            rows = {" ".join(row.split()) for row in page.locator("div.policy.row").all_inner_texts()}
            page.goto(kiosk + "/")
            page.wait_for_selector("#programs li", state="attached", timeout=30_000)  # the kiosk's page, allowed
            with pytest.raises(sync_api.Error, match="ERR_BLOCKED_BY_ADMINISTRATOR"):
                page.goto("http://127.0.0.2:9/")  # anywhere else
        finally:
            browser.close()
    for name, value in policies.items():
        shown = json.dumps(value, separators=(",", ":")) if isinstance(value, list) else json.dumps(value)
        assert f"{name} {shown} Platform Machine Mandatory OK" in rows, (name, sorted(rows))
    assert not (Path("/etc/chromium") / "policies").exists()  # the machine's own folder untouched


@pytest.mark.parametrize("which", ["none", *SEPARATE, "all"])
def test_developer_tools_and_windows_not_incognito_are_refused(namespaced, kiosk, tmp_path, which: str) -> None:
    """Playwright drives Chromium through its developer tools, in a window of its
    own: with the documented policies it opens no page, nor with either of these
    two alone; without any, it does."""
    policies = {"none": {}, "all": {**documented(), "URLAllowlist": [kiosk]}}.get(which)
    if policies is None:
        policies = {which: documented()[which]}
    happened = opened(namespaced(tmp_path, policies), kiosk + "/")
    assert (happened == "opened") == (which == "none"), happened
