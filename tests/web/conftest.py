"""The browser tests' Chromium, one a module: each test opens its own
browser context, so nothing of one test's page reaches another's.  Not one
a worker: Playwright's sync API holds an event loop while it runs, and a
later test's asyncio.run on the same worker would fail."""
import pytest

from web_helpers import CHROMIUM

try:
    from playwright import sync_api
except ImportError:  # the browser tests are skipped, each module saying why
    sync_api = None


@pytest.fixture(scope="module")
def browser():
    if sync_api is None or CHROMIUM is None:
        pytest.skip("no Playwright or no Chromium (tests/web/test_web_browser.py)")
    with sync_api.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--font-render-hinting=none"])
        yield chromium
        chromium.close()
