"""The web pages as a person sees them, in a real browser: the balance
report, the tournament and sweep pages and the HTML game log, each opened
in headless Chromium (Debian's ``chromium`` and ``chromium-driver``, driven
by selenium).  Each page: a full-page screenshot, every image loaded,
nothing wider than a 1280-pixel window, no console errors; the log's
collapsible turns open when clicked.

Screenshots go to the test's temporary folder, or to ``$DOMSIM_SCREENSHOTS``
when set (to look at them).  Where Chromium or its driver is missing the
test skips and says what to install (``.ci/run`` installs both).
"""
from __future__ import annotations

import base64
import os
import shutil
from pathlib import Path

import pytest
import typer.testing

from simulator.cli import app as cli

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTH = 1280
CHROMIUM = [os.environ.get("DOMSIM_CHROMIUM", ""), "/usr/bin/chromium",
            "/usr/bin/chromium-browser", shutil.which("chromium") or ""]
DRIVER = [os.environ.get("DOMSIM_CHROMEDRIVER", ""), "/usr/bin/chromedriver",
          shutil.which("chromedriver") or ""]


def _first(paths):
    return next((p for p in paths if p and os.access(p, os.X_OK)), None)


@pytest.fixture(scope="module")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed: pip install -e '.[dev]'")
    binary, driver_path = _first(CHROMIUM), _first(DRIVER)
    if binary is None or driver_path is None:
        pytest.skip("no Chromium or chromedriver found (/usr/bin/chromium, "
                    "/usr/bin/chromedriver): apt-get install chromium chromium-driver")
    opts = webdriver.ChromeOptions()
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", f"--window-size={WIDTH},900",
                "--allow-file-access-from-files"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(driver_path), options=opts)
    except Exception as exc:                      # e.g. a browser that cannot start here
        pytest.skip(f"Chromium could not start: {str(exc).splitlines()[0]}")
    driver.set_window_size(WIDTH, 900)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """The four pages, made by the commands as a user would."""
    root = tmp_path_factory.mktemp("pages")
    run = typer.testing.CliRunner()

    def domsim(*args):
        res = run.invoke(cli.app, [str(a) for a in args])
        assert res.exit_code == 0, (res.output, res.exception)

    domsim("report", "balance", "--out", root / "balance", "-n", 200, "--players", "2,3")
    domsim("tournament", "big-money-ultimate", "smithy", "bm-witch", "bm-militia",
           "-n", 400, "--out", root / "tournament")
    domsim("sweep", "--kingdoms", "recommended", "--best-card", "-n", 200,
           "--out", root / "sweep")
    domsim("log", "smithy", "bm-witch", "--seed", 3, "--format", "html",
           "--out", root / "log.html")
    return {"balance": root / "balance" / "index.html",
            "tournament": root / "tournament" / "index.html",
            "sweep": root / "sweep" / "index.html", "log": root / "log.html"}


def _shots(tmp_path) -> Path:
    where = os.environ.get("DOMSIM_SCREENSHOTS")
    d = Path(where) if where else tmp_path
    d.mkdir(parents=True, exist_ok=True)
    return d


def _open(browser, page: Path) -> None:
    browser.get_log("browser")                    # forget earlier pages' messages
    browser.get(page.resolve().as_uri())
    browser.execute_script("return document.readyState")


def _screenshot(browser, path: Path) -> None:
    """The whole page, not only the window."""
    shot = browser.execute_cdp_cmd("Page.captureScreenshot",
                                   {"format": "png", "captureBeyondViewport": True})
    path.write_bytes(base64.b64decode(shot["data"]))


def _check(browser, name: str, shots: Path) -> None:
    images = browser.execute_script(
        "return Array.from(document.images).map(i => [i.getAttribute('src'), i.complete,"
        " i.naturalWidth])")
    broken = [src for src, done, w in images if not done or w == 0]
    assert not broken, f"{name}: images that did not load: {broken}"
    page_width = browser.execute_script(
        "return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    inner = browser.execute_script("return window.innerWidth")
    assert page_width <= inner, f"{name}: the page is {page_width}px wide in a {inner}px window"
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, f"{name}: console errors: {errors}"
    _screenshot(browser, shots / f"{name}.png")


@pytest.mark.parametrize("name, min_images", [("balance", 6), ("tournament", 2),
                                              ("sweep", 1)])
def test_report_pages(browser, pages, tmp_path, name, min_images):
    _open(browser, pages[name])
    n = browser.execute_script("return document.images.length")
    assert n >= min_images, f"{name}: {n} images"
    _check(browser, name, _shots(tmp_path))


def test_game_log_turns_open(browser, pages, tmp_path):
    from selenium.webdriver.common.by import By
    _open(browser, pages["log"])
    turns = browser.find_elements(By.CSS_SELECTOR, "details.turn")
    assert len(turns) > 10
    closed = [t for t in turns if not t.get_attribute("open")]
    assert closed, "every turn is already open"
    turn = closed[0]
    browser.execute_script("arguments[0].scrollIntoView()", turn)
    turn.find_element(By.TAG_NAME, "summary").click()
    assert turn.get_attribute("open") is not None, "clicking a turn does not open it"
    body = turn.text
    assert "hand" in body or "buys" in body, body[:200]
    _check(browser, "log", _shots(tmp_path))
