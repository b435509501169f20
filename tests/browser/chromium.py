"""What every browser test shares: Debian's chromium (.ci/browser.sh installs it) driven by Playwright —
`playwright install` is never run, it would download a browser from outside the Debian archive."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.live_server import ROOT

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "artifacts"      # screenshots, not in git


def require():
    """Playwright's sync API; the calling test module is skipped when chromium or playwright is missing."""
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed at /usr/bin/chromium (run .ci/browser.sh)",
                    allow_module_level=True)
    return pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (dev extras)")


def launch(playwright):
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
