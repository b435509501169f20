from __future__ import annotations

import pytest

from tests.browser import chromium


@pytest.fixture(scope="module")
def browser():
    sync_api = chromium.require()
    with sync_api.sync_playwright() as p:
        b = chromium.launch(p)
        yield b
        b.close()
