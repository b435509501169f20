"""The judges' console on a phone (390 px) and on a laptop (1280 px): one column and the verdict first on
the phone, no horizontal scroll at either width, screenshots in artifacts/ (not in git); and the small
things a judge noticed: no ruling buttons when the server takes no rulings, no word said twice.

Skipped when /usr/bin/chromium or the playwright package is missing: .ci/browser.sh installs chromium.
"""
from __future__ import annotations

import pytest

from tests.browser.chromium import ARTIFACTS, require
from tests.live_server import live_server

sync_api = require()
expect = sync_api.expect
WIDTHS = {"phone": (390, 844), "laptop": (1280, 900)}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("phone")     # no KOREN_RULINGS_TOKEN: this server takes no rulings
    with live_server({"KOREN_DATABASE_URL": f"sqlite:///{tmp / 'rulings.sqlite'}"}, tmp / "server.log") as running:
        yield running


def open_console(browser, server, device):
    width, height = WIDTHS[device]
    context = browser.new_context(base_url=server.url, locale="ru-RU", viewport={"width": width, "height": height},
                                  is_mobile=device == "phone", has_touch=device == "phone")
    page = context.new_page()
    page.goto("/judge")
    expect(page.locator("body[data-ready='1']")).to_have_count(1)
    return context, page


def no_horizontal_scroll(page) -> tuple[int, int]:
    return page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


@pytest.mark.parametrize("device", WIDTHS)
def test_cognates_fit_the_screen(browser, server, device):
    context, page = open_console(browser, server, device)
    page.fill("#cog-a", "рука")
    page.fill("#cog-b", "наручники")
    page.click("#cognates-form button[type=submit]")
    expect(page.locator("#cognates-verdict")).to_have_text("Однокоренные")
    page.fill("#hat-target", "университет")
    page.fill("#hat-text", "МГУ — это такой, птеро… нет")
    page.click("#hat-form button[type=submit]")
    expect(page.locator("#hat-result .verdict")).to_have_text("Есть нарушения")
    wide, screen = no_horizontal_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"judge-{device}-{WIDTHS[device][0]}.png"), full_page=True)
    assert wide <= screen, f"the page is {wide} px wide on a {screen} px screen"
    verdict = page.locator("#cognates-result .verdict-card").bounding_box()
    first_word = page.locator("#cognates-result .word-card").first.bounding_box()
    if device == "phone":
        assert verdict["y"] < first_word["y"], "on a phone the verdict comes before the word cards"
        assert verdict["width"] <= WIDTHS["phone"][0]
    else:
        assert abs(verdict["y"] - first_word["y"]) < 40, "on a laptop the cards stand side by side"
    context.close()


def test_no_ruling_buttons_when_the_server_takes_no_rulings(browser, server):
    context, page = open_console(browser, server, "laptop")
    page.fill("#cog-a", "свет")
    page.fill("#cog-b", "свеча")
    page.click("#cognates-form button[type=submit]")
    expect(page.locator("#cognates-verdict")).to_be_visible()
    expect(page.locator("button.ruling-choice")).to_have_count(0)
    expect(page.locator("#cognates-result .ruling-form")).to_contain_text("выключена")
    context.close()


def test_a_word_is_not_said_twice_in_a_finding(browser, server):
    context, page = open_console(browser, server, "laptop")
    page.fill("#hat-target", "университет")
    page.fill("#hat-text", "МГУ — это такой")
    page.click("#hat-form button[type=submit]")
    item = page.locator("#hat-result .findings li").first
    expect(item).to_contain_text("аббревиатура")
    assert item.inner_text().count("«МГУ»") == 1, item.inner_text()
    assert "(scope)" not in page.locator("header").inner_text()
    context.close()
