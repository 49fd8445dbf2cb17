"""The browser tests' Chromium: one a worker, shared by every module that
drives it (tests/web/test_web_browser.py's tests and the others that take
its fixtures).  Each test opens its own browser context, so nothing of one
test's page reaches another's; starting Playwright's driver and Chromium
cost about two seconds of CPU, once a module before."""
import pytest

from web_helpers import CHROMIUM

try:
    from playwright import sync_api
except ImportError:  # the browser tests are skipped, each module saying why
    sync_api = None


@pytest.fixture(scope="session")
def browser():
    if sync_api is None or CHROMIUM is None:
        pytest.skip("no Playwright or no Chromium (tests/web/test_web_browser.py)")
    with sync_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--font-render-hinting=none"])
        yield chromium
        chromium.close()
