"""/docs and /redoc render in Chromium with no network beyond the server: the assets are packaged.

Every request the page makes to another host is aborted, so a CDN reference would leave the page blank,
and none but a decorative image may even be tried.
Skipped when /usr/bin/chromium or the playwright package is missing: .ci/browser.sh installs chromium.
"""
from __future__ import annotations

import pytest

from tests.browser.chromium import require
from tests.live_server import live_server

sync_api = require()
expect = sync_api.expect


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("docs")
    with live_server({"KOREN_DATABASE_URL": f"sqlite:///{tmp / 'rulings.sqlite'}"}, tmp / "server.log") as running:
        yield running


@pytest.mark.parametrize("path,ready", [("/docs", ".swagger-ui .opblock"), ("/redoc", "[role='navigation'], .menu-content")])
def test_docs_render_offline(browser, server, path, ready):
    page = browser.new_page(base_url=server.url)
    elsewhere: list[str] = []

    def only_the_server(route):
        if not route.request.url.startswith(server.url):
            # ReDoc's «powered by» logo asks its CDN for an image: decoration, aborted like the rest;
            # a script, a stylesheet, a font or data from elsewhere would be a page that needs the network.
            if route.request.resource_type != "image":
                elsewhere.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.route("**/*", only_the_server)
    page.goto(path)
    expect(page.locator(ready).first).to_be_visible(timeout=20_000)
    page.close()
    assert elsewhere == []
