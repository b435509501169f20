"""The judges' page in a real browser: Debian's chromium driven by Playwright, against a real server.

Tests type into /judge and assert on what renders; screenshots go to artifacts/ (not in git).
Skipped when /usr/bin/chromium or the playwright package is missing: .ci/browser.sh installs chromium.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.chromium import ARTIFACTS, require
from tests.live_server import live_server

sync_api = require()
expect = sync_api.expect
TOKEN = "browser-test-token"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("judge")
    env = {"KOREN_DATABASE_URL": f"sqlite:///{tmp / 'rulings.sqlite'}", "KOREN_RULINGS_TOKEN": TOKEN}
    with live_server(env, tmp / "server.log") as running:
        yield running


@pytest.fixture
def page(browser, server):
    context = browser.new_context(base_url=server.url, locale="ru-RU", viewport={"width": 1400, "height": 1000},
                                  accept_downloads=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    # HTTP errors the page shows on purpose (401, 404) are logged by chromium too; anything else is a bug.
    pg.on("console", lambda msg: errors.append(msg.text)
          if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None)
    pg.goto("/judge")
    expect(pg.locator("body[data-ready='1']")).to_have_count(1)
    yield pg
    context.close()
    assert not errors, errors        # no script errors and no CSP violations


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"judge-{name}.png"), full_page=True)


def test_page_is_russian_and_locked_down(page, server):
    assert page.locator("html").get_attribute("lang") == "ru"
    expect(page.locator("h1")).to_contain_text("пульт судьи")
    response = page.request.get(server.url + "/judge")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert page.request.get(server.url + "/judge/static/..%2Fjudge.html").status == 404


def test_cognates_side_by_side(page):
    page.fill("#cog-a", "рука")
    page.fill("#cog-b", "ручной")
    page.click("#cognates-form button[type=submit]")
    expect(page.locator("#cognates-verdict")).to_have_text("Однокоренные")
    expect(page.locator("#cognates-result .confidence")).to_contain_text("точно")
    cards = page.locator("#cognates-result .word-card")
    expect(cards).to_have_count(2)
    shared = page.locator("#cognates-result .word-card .morpheme.shared")
    expect(shared.first).to_be_visible()
    assert {t.strip() for t in shared.all_inner_texts()} == {"рук", "руч"}
    expect(page.locator("#cognates-result .evidence")).to_contain_text("к/ч")      # the alternation
    links = page.locator("#cognates-result a.wiktionary")
    expect(links).to_have_count(2)
    assert links.first.get_attribute("href").startswith("https://ru.wiktionary.org/wiki/")
    expect(cards.first.locator(".source").first).to_contain_text("источник")
    expect(cards.first.locator(".related .chip").first).to_be_visible()
    shot(page, "cognates")


def test_recording_a_ruling_changes_the_verdict(page):
    page.fill("#scope", "кубок-браузера")
    page.fill("#judge-name", "Ива Судейская")
    page.fill("#cog-a", "свет")
    page.fill("#cog-b", "свеча")
    page.click("#cognates-form button[type=submit]")
    expect(page.locator("#cognates-verdict")).to_have_text("Однокоренные")
    page.fill("#token", "wrong")
    page.click("button.ruling-choice[data-verdict='false']")
    expect(page.locator(".ruling-status")).to_contain_text("401")
    page.fill("#token", TOKEN)
    page.fill(".ruling-text", "свеча — не от света, решили на собрании")
    page.click("button.ruling-choice[data-verdict='false']")
    expect(page.locator("#cognates-verdict")).to_have_text("Не однокоренные")
    expect(page.locator("#cognates-result .ruling-note")).to_contain_text("Ива Судейская")
    expect(page.locator("#cognates-result .ruling-note")).to_contain_text("решили на собрании")
    expect(page.locator("#cognates-result .engine")).to_contain_text("Движок: однокоренные")
    shot(page, "ruling")
    page.click("#rulings-reload")
    expect(page.locator("#rulings-table tr")).to_have_count(2)
    expect(page.locator("#rulings-table")).to_contain_text("свет / свеча")
    with page.expect_download() as download:
        page.click("#rulings-export")
    assert '"koren-rulings"' in Path(download.value.path()).read_text(encoding="utf-8")


def test_hat_explanation_highlights_spans(page):
    page.fill("#hat-target", "рыба")
    page.fill("#hat-text", "Её ловит рыбак, а кот ест")
    page.click("#hat-form button[type=submit]")
    expect(page.locator("#hat-result .verdict")).to_have_text("Есть нарушения")
    marks = page.locator("#hat-result mark.finding")
    expect(marks).to_have_count(1)
    expect(marks.first).to_have_text("рыбак")
    assert marks.first.get_attribute("data-rule") == "cognate"
    expect(page.locator("#hat-result .marked")).to_have_text("Её ловит рыбак, а кот ест")   # the text as typed
    shot(page, "hat")


def test_guess_and_homophones(page):
    page.fill("#guess-target", "кот")
    page.fill("#guess-guess", "кота")
    page.click("#guess-form button[type=submit]")
    expect(page.locator("#guess-result .verdict")).to_have_text("Засчитано")
    expect(page.locator("#guess-result")).to_contain_text("форма загаданного слова")
    page.fill("#hom-a", "луг")
    page.fill("#hom-b", "лук")
    page.click("#homophones-form button[type=submit]")
    expect(page.locator("#homophones-result .verdict")).to_have_text("Омофоны")


def unavailable_or(page, result: str, verdict_pattern: str) -> bool:
    """Panels whose routers may not be deployed yet: a 404 must read as «not available», nothing else."""
    box = page.locator(f"{result} .verdict, {result} .notice")
    expect(box.first).to_be_visible()
    if page.locator(f"{result} .notice.unavailable").count():
        return False
    expect(page.locator(f"{result} .verdict")).to_have_text(re.compile(verdict_pattern))
    return True


def test_chgk_and_mafia(page):
    page.fill("#chgk-answer", "Пушкин")
    page.fill("#chgk-reference", "Александр Сергеевич Пушкин")
    page.click("#chgk-form button[type=submit]")
    unavailable_or(page, "#chgk-result", "зачёт|незачёт|решает судья")
    page.fill("#mafia-text", "Клянусь, я мирный! Выставляю игрока номер три.")
    page.click("#mafia-form button[type=submit]")
    if unavailable_or(page, "#mafia-result", "Удаление|Фолов|Нарушений нет"):
        expect(page.locator("#mafia-result mark.finding").first).to_be_visible()
    shot(page, "checks")


def test_codenames_clue(page):
    page.fill("#cn-clue", "рыбак")
    page.fill("#cn-number", "2")
    page.fill("#cn-board", "рыба, дом, кот")
    page.click("#codenames-form button[type=submit]")
    if unavailable_or(page, "#codenames-result", "допустима|недопустима"):
        expect(page.locator("#codenames-result .verdict")).to_contain_text("недопустима")
        expect(page.locator("#codenames-result .chip.hit")).to_have_text(["рыба"])


def test_pool_upload_and_csv(page, tmp_path):
    pool = tmp_path / "pool.txt"
    pool.write_text("кошка\nкошка\nкоты\nООН\nМосква\n", encoding="utf-8")
    page.set_input_files("#pool-file", str(pool))
    page.click("#pool-form button[type=submit]")
    expect(page.locator("#pool-table, #pool-result .notice").first).to_be_visible()   # not the «Проверяю…» line
    if page.locator("#pool-result .notice.unavailable").count():
        return
    expect(page.locator("#pool-result .pool-word")).to_have_count(5)     # problems in #pool-table, the rest folded
    with page.expect_download() as download:
        page.click("#pool-csv")
    csv = Path(download.value.path()).read_text(encoding="utf-8-sig")
    assert csv.splitlines()[0] == "слово,правило,сообщение" and "Москва" in csv


# --- the page against contract-shaped answers (../shared/API.md), whatever the server has deployed ---

def stub(page, path: str, body: dict) -> None:
    page.route(f"**{path}", lambda route: route.fulfill(status=200, content_type="application/json",
                                                         body=json.dumps(body, ensure_ascii=False)))


def test_pool_table_and_csv_from_contract(page, tmp_path):
    stub(page, "/v1/pool/lint", {
        "words": [{"word": "кошка", "issues": []},
                  {"word": "коты", "issues": [{"rule": "plural", "message": "множественное число, «в т.ч.» — нет"}]},
                  {"word": "ООН", "issues": [{"rule": "abbreviation", "message": "аббревиатура"}]}],
        "duplicates": [], "cognate_groups": [["кошка", "коты"]]})
    pool = tmp_path / "pool.csv"
    pool.write_text("кошка,1\nкоты,2\nООН,3\n", encoding="utf-8")
    page.set_input_files("#pool-file", str(pool))
    page.select_option("#pool-game", "codenames")
    page.click("#pool-form button[type=submit]")
    expect(page.locator("#pool-table tr.flagged")).to_have_count(2)
    expect(page.locator("#pool-clean-list li")).to_have_text(["кошка"])
    expect(page.locator("#pool-groups li")).to_have_text(["кошка, коты"])
    with page.expect_download() as download:
        page.click("#pool-csv")
    assert download.value.suggested_filename == "pool-lint.csv"
    rows = Path(download.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert rows == ["слово,правило,сообщение", "кошка,,", 'коты,plural,"множественное число, «в т.ч.» — нет"',
                    "ООН,abbreviation,аббревиатура"]
    shot(page, "pool")


def test_codenames_and_mafia_from_contract(page):
    stub(page, "/v1/codenames/clue", {"valid": False, "penalty": "foul", "violations": [
        {"rule": "cognate", "message": "«рыбак» однокоренное со словом на поле «рыба»", "word": "рыба"}]})
    page.fill("#cn-clue", "рыбак")
    page.fill("#cn-board", "рыба\nдом\nкот")
    page.click("#codenames-form button[type=submit]")
    expect(page.locator("#codenames-result .verdict")).to_have_text("Подсказка недопустима: фол")
    expect(page.locator("#codenames-result .chip.hit")).to_have_text(["рыба"])
    expect(page.locator("#codenames-result mark.finding")).to_have_text("рыбак")
    text = "Клянусь мамой, я мирный. Выставляю третьего."
    stub(page, "/v1/mafia/speech", {"findings": [{"rule": "oath", "token": "Клянусь", "start": 0, "end": 7,
                                                  "penalty": "foul", "message": "клятва"}],
                                    "fouls": 1, "removal": False,
                                    "nominations": [{"action": "nominate", "player": 3, "accepted": True, "reason": "accepted"}]})
    page.fill("#mafia-text", text)
    page.click("#mafia-form button[type=submit]")
    expect(page.locator("#mafia-result .verdict")).to_have_text("Фолов: 1")
    expect(page.locator("#mafia-result mark.finding")).to_have_text("Клянусь")
    expect(page.locator("#mafia-result table")).to_contain_text("выставление")
    shot(page, "games")
