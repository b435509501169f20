"""/docs and /redoc render in Chromium with no network beyond the server: the assets are packaged.

Every request the page makes to another host is aborted, so a CDN reference would leave the page blank,
and none may even be tried: the pages' CSP allows only the server, so ReDoc's «powered by» logo is not
requested from cdn.redoc.ly either (issue 34, item 11), while the CSP blocks nothing the pages need.
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
            elsewhere.append(f"{route.request.resource_type} {route.request.url}")
            route.abort()
        else:
            route.continue_()

    page.add_init_script("window.__csp = []; document.addEventListener('securitypolicyviolation', "
                         "e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")
    page.route("**/*", only_the_server)
    answer = page.goto(path)
    assert "default-src 'self'" in answer.headers["content-security-policy"]
    expect(page.locator(ready).first).to_be_visible(timeout=20_000)
    if path == "/docs":     # the operations open and the inline script ran under the policy
        page.locator(".swagger-ui .opblock-summary").first.click()
        expect(page.locator(".swagger-ui .opblock-body").first).to_be_visible(timeout=10_000)
    blocked = [v for v in page.evaluate("window.__csp") if not v.startswith("img-src https://cdn.redoc.ly")]
    page.close()
    assert elsewhere == []          # before the CSP: ReDoc asked cdn.redoc.ly for its logo
    assert blocked == []            # the policy blocks nothing the page itself needs
