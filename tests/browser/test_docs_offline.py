"""/docs and /redoc render in Chromium with no network beyond the server: the assets are packaged.

Every request the page makes to another host is aborted, so a CDN reference would leave the page blank,
and none but a decorative image may even be tried.
Skipped when /usr/bin/chromium or the playwright package is missing: .ci/browser.sh installs chromium.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.live_server import live_server

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian chromium is not installed at /usr/bin/chromium (run .ci/browser.sh)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (dev extras)")
expect = sync_api.expect
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("docs")
    with live_server({"KOREN_DATABASE_URL": f"sqlite:///{tmp / 'rulings.sqlite'}"}, tmp / "server.log") as running:
        yield running


@pytest.mark.parametrize("path,ready", [("/docs", ".swagger-ui .opblock"), ("/redoc", "[role='navigation'], .menu-content")])
def test_docs_render_offline(server, path, ready):
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        page = browser.new_page(base_url=server.url)
        elsewhere: list[str] = []

        def only_the_server(route):
            if route.request.url.startswith(server.url):
                route.continue_()
            else:
                # ReDoc's «powered by» logo asks its CDN for an image: decoration, aborted like the rest;
                # a script, a stylesheet, a font or data from elsewhere would be a page that needs the network.
                if route.request.resource_type != "image":
                    elsewhere.append(route.request.url)
                route.abort()

        page.route("**/*", only_the_server)
        page.goto(path)
        expect(page.locator(ready).first).to_be_visible(timeout=20_000)
        browser.close()
    assert elsewhere == []
