"""What a new judge tripped over in the console (issue 34): tables that wrap letter by letter, a big pool
drawn row by row, the project's own pool files, the Codenames default, English codes on screen.

Answers are stubbed in the contract's shape where the layout is under test (the server's words do not
matter there); the real server answers where its reading matters (a YAML pool, a clue).
Skipped when /usr/bin/chromium or the playwright package is missing: .ci/browser.sh installs it.
"""
from __future__ import annotations

import json
import re

import pytest

from tests.browser.chromium import ARTIFACTS, require
from tests.live_server import live_server

sync_api = require()
expect = sync_api.expect
WIDTHS = {"phone": (390, 844), "laptop": (1280, 900)}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("console")
    with live_server({"KOREN_DATABASE_URL": f"sqlite:///{tmp / 'rulings.sqlite'}"}, tmp / "server.log") as running:
        yield running


def open_console(browser, server, device="laptop"):
    width, height = WIDTHS[device]
    context = browser.new_context(base_url=server.url, locale="ru-RU", viewport={"width": width, "height": height},
                                  is_mobile=device == "phone", has_touch=device == "phone")
    page = context.new_page()
    errors = SCRIPT_ERRORS[context] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # HTTP errors the page shows on purpose (401, 422) are logged by chromium too; anything else is a bug.
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource") else None)
    page.goto("/judge")
    expect(page.locator("body[data-ready='1']")).to_have_count(1)
    return context, page


SCRIPT_ERRORS: dict = {}


def done(context) -> None:
    """Close the page; no script error and no CSP violation on the way."""
    context.close()
    errors = SCRIPT_ERRORS.pop(context)
    assert not errors, errors


def stub(page, url, body, status: int = 200) -> None:
    """Answer `url` (a glob or a regex) with `body`; a callable body is given the request's JSON."""
    def answer(route):
        data = body(route.request.post_data_json) if callable(body) else body
        route.fulfill(status=status, content_type="application/json", body=json.dumps(data, ensure_ascii=False))
    page.route(url, answer)


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"console-{name}.png"), full_page=True)


# --- item 2: a table cell is never narrower than its longest word --------------------------------

# For every visible cell: the width of its longest word set on one line, against the cell's content box.
NARROW_CELLS = """() => {
  const bad = [];
  for (const cell of document.querySelectorAll('main td, main th')) {
    if (!cell.getClientRects().length) continue;               // folded away: not drawn
    const style = getComputedStyle(cell);
    const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;';
    cell.append(probe);
    for (const word of cell.innerText.split(/\\s+/).filter(Boolean)) {
      probe.textContent = word;
      const wide = probe.getBoundingClientRect().width;
      if (wide > inner + 1) bad.push(`${word}: ${Math.round(wide)} px in a ${Math.round(inner)} px cell`);
    }
    probe.remove();
  }
  return bad;
}"""

LONG_NOTE = ("решили на собрании судей после долгого спора: слова из разных гнёзд, хотя звучат похоже, "
             "а этимологический словарь Фасмера возводит их к разным корням") * 2
LINT = {"game": "hat", "words": [
    {"word": "достопримечательность", "issues": [{"rule": "plural", "severity": "error",
                                                 "message": "«достопримечательности» — множественное число, в пул лучше «достопримечательность»"}]},
    {"word": "кошка", "issues": []},
    {"word": "электрификация", "issues": [{"rule": "unknown", "severity": "warning",
                                          "message": "нет в словарях, но в текстах встречается (wordfreq, Zipf 2.1)"}]}],
    "duplicates": [], "cognate_groups": []}
RULINGS = {"scope": "кубок", "rulings": [
    {"id": 1, "scope": "кубок", "kind": "cognate", "a": "свет", "b": "свеча", "verdict": False, "judge": "Ива Судейская",
     "decided_at": "2025-05-01T12:00:00+00:00", "note": LONG_NOTE},
    {"id": 2, "scope": "кубок", "kind": "guess", "a": "достопримечательность", "b": "достопримечательности",
     "verdict": True, "judge": "Пётр Верховный", "decided_at": "2025-05-01T12:05:00+00:00", "note": "форма"}]}
MAFIA = {"findings": [], "fouls": 0, "removal": False, "nominations": [
    {"action": "nominate", "player": 3, "accepted": False, "reason": "one_candidature",
     "message": "в этой речи уже выставлен игрок № 3; выставить можно одну кандидатуру"}]}


@pytest.mark.parametrize("device", WIDTHS)
def test_no_table_cell_is_narrower_than_its_longest_word(browser, server, device, tmp_path):
    context, page = open_console(browser, server, device)
    stub(page, "**/v1/pool/lint", LINT)
    stub(page, re.compile(r".*/v1/rulings\?scope=.*"), RULINGS)
    stub(page, "**/v1/mafia/speech", MAFIA)
    page.fill("#pool-words", "\n".join(w["word"] for w in LINT["words"]))
    page.click("#pool-form button[type=submit]")
    expect(page.locator("#pool-table")).to_be_visible()
    page.fill("#scope", "кубок")
    page.click("#rulings-reload")
    expect(page.locator("#rulings-table")).to_be_visible()
    page.fill("#mafia-text", "Выставляю третьего.")
    page.click("#mafia-form button[type=submit]")
    expect(page.locator("#mafia-result table")).to_be_visible()
    shot(page, f"tables-{WIDTHS[device][0]}")
    assert page.evaluate(NARROW_CELLS) == []
    wide, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide <= screen, f"the page is {wide} px wide on a {screen} px screen: a table must scroll in its box"
    if device == "phone":       # the rulings table is wider than a phone: it scrolls inside its own box
        box = page.locator("#rulings-table").evaluate("t => [t.parentElement.scrollWidth, t.parentElement.clientWidth,"
                                                      " getComputedStyle(t.parentElement).overflowX]")
        assert box[0] > box[1] and box[2] == "auto", box
    done(context)


# --- item 5: Codenames starts where a game starts ---------------------------------------------------

def test_codenames_starts_with_the_first_teams_nine_words(browser, server):
    """team_open is how many of the team's words are still open (rules/codenames-tournament.txt): 9 for
    the first team at the start, not 0, under which every clue with a number is a foul."""
    context, page = open_console(browser, server)
    expect(page.locator("#cn-open")).to_have_value("9")
    page.fill("#cn-clue", "река")
    page.fill("#cn-number", "2")
    page.fill("#cn-board", "дом, кот, стол")
    with page.expect_request("**/v1/codenames/clue") as request:
        page.click("#codenames-form button[type=submit]")
    assert request.value.post_data_json["team_open"] == 9
    expect(page.locator("#codenames-result .verdict")).to_have_text("Подсказка допустима")
    page.fill("#cn-open", "")          # an emptied field is the default again, not 0
    with page.expect_request("**/v1/codenames/clue") as request:
        page.click("#codenames-form button[type=submit]")
    assert request.value.post_data_json["team_open"] == 9
    done(context)


# --- item 4: the console reads the pool files the CLI reads, by the CLI's rules ----------------------

POOL_FILES = {
    # the Hat pools' layout (../shared/pools/hat/*.yaml): a header, ---, a list of quoted words
    "hat.yaml": 'name: "Простые слова"\nkind: "standard"\nlanguage: "Russian"\nupdated_at: 2024-08-15\n---\n'
                '- "абзац"\n- "ёлка"\n- \'кошка\'\n# отложено\n- "ООН"\n- "пионеры"\n',
    # the Codenames card sets' layout (../shared/pools/*.json): a JSON list of strings
    "cards.json": '[\n  "Австралия",\n  " кот ",\n  "НьюЙорк",\n  "берёза"\n]\n',
    "pool.csv": 'слово,частота\r\nкошка,1\r\n"дом, милый дом",2\r\n\r\n"ко""т",3\r\n ,4\r\nрыба',
    "pool.txt": "# шапка\nкошка\n\n  собака  \n---\nкот\nключ: значение\n",
    "bom.txt": "\ufeffкошка\nсобака\n",
}


def lint_request(page, path=None, pasted=None) -> list[str]:
    """The words the console sends to /v1/pool/lint for a file (or pasted text)."""
    if path:
        page.set_input_files("#pool-file", str(path))
    else:
        page.set_input_files("#pool-file", [])
        page.fill("#pool-words", pasted)
    with page.expect_request("**/v1/pool/lint") as request:
        page.click("#pool-form button[type=submit]")
    return request.value.post_data_json["words"]


def test_pool_files_read_as_the_cli_reads_them(browser, server, tmp_path, monkeypatch):
    import io
    import sys

    from service.cli.lint import read_pool

    context, page = open_console(browser, server)
    accept = page.locator("#pool-file").get_attribute("accept")
    assert ".yaml" in accept and ".json" in accept
    stub(page, "**/v1/pool/lint", lambda body: {"game": "hat", "words": [{"word": w, "issues": []} for w in body["words"]],
                                                 "duplicates": [], "cognate_groups": []})
    for name, text in POOL_FILES.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert lint_request(page, path) == read_pool(str(path)), name
    pasted = "кошка, собака\nдом\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(pasted))
    assert lint_request(page, pasted=pasted) == read_pool("-")
    done(context)


def test_a_yaml_pool_lints_its_words_only(browser, server, tmp_path):
    path = tmp_path / "hat.yaml"
    path.write_text(POOL_FILES["hat.yaml"], encoding="utf-8")
    context, page = open_console(browser, server)
    assert lint_request(page, path) == ["абзац", "ёлка", "кошка", "ООН", "пионеры"]
    expect(page.locator("#pool-result")).to_contain_text("слов: 5,")        # the real server's answer
    expect(page.locator("#pool-result")).not_to_contain_text("Russian")
    done(context)


# --- item 3: a big pool shows its problems and groups first, the clean words folded and paged ----------

SYLLABLES = ["ба", "ве", "ги", "до", "жу", "за", "ки", "ло", "му", "ны"]
BIG = 8_214          # as many words as the real Hat pool (russian_hard.yaml); these are made up


def synthetic_pool(n: int = BIG) -> list[str]:
    """n distinct made-up words of four syllables: бабабаба, бабабаве, …"""
    words = []
    for i in range(n):
        digits = f"{i:04d}"
        words.append("".join(SYLLABLES[int(d)] for d in digits))
    return words


def big_report(body: dict) -> dict:
    """A lint answer in the contract's shape: every 265th word flagged (31 in 8,214), 40 pairs grouped."""
    words = body["words"]
    flagged = set(range(0, len(words), 265))
    groups = [[words[i + 1], words[i + 2]] for i in range(3, 40 * 200, 200)]
    return {"game": "hat", "duplicates": [[words[5], words[5]]], "cognate_groups": groups,
            "cognate_details": [{"words": g, "roots": ["ба"]} for g in groups],
            "summary": {"by_rule": {"unknown": len(flagged)}},
            "words": [{"word": w, "issues": [{"rule": "unknown", "severity": "error", "message": f"«{w}» — нет в словарях"}]
                       if i in flagged else []} for i, w in enumerate(words)]}


def test_a_big_pool_shows_problems_first_and_folds_clean_words(browser, server, tmp_path):
    words = synthetic_pool()
    path = tmp_path / "big.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    context, page = open_console(browser, server)
    stub(page, "**/v1/pool/lint", big_report)
    page.set_input_files("#pool-file", str(path))
    page.click("#pool-form button[type=submit]")
    result = page.locator("#pool-result")
    expect(result.locator(".pool-summary")).to_contain_text("слов: 8 214, с замечаниями: 31")
    expect(page.locator("#pool-table tr.flagged")).to_have_count(31)          # all problems on the first page
    expect(page.locator("#pool-groups li")).to_have_count(40)                # groups: a list, not one paragraph
    expect(page.locator("#pool-groups li").first).to_have_text(f"{words[4]}, {words[5]}корень «ба»")
    clean = page.locator("details#pool-list-clean")
    expect(clean).not_to_have_attribute("open", "")
    expect(clean.locator("summary")).to_have_text("Без замечаний: 8 183")
    ys = [page.locator(sel).bounding_box()["y"] for sel in ("#pool-list-problems", "#pool-list-groups", "#pool-list-clean")]
    assert ys == sorted(ys), "problems, then groups, then the clean words"
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 8_000, f"the page is {height} px tall"

    clean.locator("summary").click()
    items = page.locator("#pool-clean-list li")
    expect(items).to_have_count(100)
    expect(items.first).to_have_text(words[1])                   # words[0] has a problem
    assert items.first.get_attribute("value") == "2"             # its place in the file
    page.click("#pool-list-clean .pager-next")
    expect(page.locator("#pool-list-clean .pager-where")).to_have_text("101–200 из 8 183")
    assert page.evaluate("document.documentElement.scrollHeight") < 10_000
    shot(page, "big-pool")

    page.fill("#pool-search", words[530])                         # a flagged word: one problem, no clean word
    expect(page.locator("#pool-table tr.flagged")).to_have_count(1)
    expect(page.locator("#pool-table tr.flagged td").nth(1)).to_have_text(words[530])
    expect(items).to_have_count(0)
    page.fill("#pool-search", words[4005])                        # a clean word in a group: found in both
    expect(items).to_have_text([words[4005]])
    expect(page.locator("#pool-groups li")).to_have_text([f"{words[4004]}, {words[4005]}корень «ба»"])
    page.fill("#pool-search", "")
    expect(page.locator("#pool-table tr.flagged")).to_have_count(31)
    done(context)


# --- item 9 (the console): Russian where a judge reads, whatever codes the API carries -----------------

LATIN = re.compile(r"[A-Za-z_]{2,}")


def no_latin(page, selector: str) -> str:
    text = page.locator(selector).inner_text()
    assert not LATIN.findall(text), f"{selector}: {LATIN.findall(text)} in {text!r}"
    return text


def test_codes_and_problems_are_said_in_russian(browser, server):
    context, page = open_console(browser, server)
    stub(page, "**/v1/hat/explanation", {"type": "about:blank", "title": "Unauthorized", "status": 401,
                                         "detail": "нужен токен", "code": "unauthorized"}, status=401)
    page.fill("#hat-target", "рыба")
    page.fill("#hat-text", "рыбак")
    page.click("#hat-form button[type=submit]")
    expect(page.locator("#hat-result .notice.error strong")).to_have_text("Ошибка 401: нужен верный токен судьи")
    no_latin(page, "#hat-result")

    stub(page, "**/v1/pool/lint", {"type": "/problems/validation", "title": "Invalid request", "status": 422,
                                   "code": "validation", "detail": "words.13: строка длиннее 200 символов",
                                   "errors": [{"field": "words.13", "code": "string_too_long",
                                               "message": "строка длиннее 200 символов"}]}, status=422)
    page.fill("#pool-words", "кошка")
    page.click("#pool-form button[type=submit]")
    expect(page.locator("#pool-result .notice.error")).to_contain_text("слово пула № 14: строка длиннее 200 символов")
    no_latin(page, "#pool-result")
    page.unroute("**/v1/pool/lint")

    stub(page, "**/v1/chgk/answer", {"verdict": "accept", "reason": "transliteration", "matched": "Пушкин",
                                     "message": "иностранное имя написано по-другому: зачёт"})
    page.fill("#chgk-answer", "Пушкин")
    page.fill("#chgk-reference", "Пушкин")
    page.click("#chgk-form button[type=submit]")
    expect(page.locator("#chgk-result .tag")).to_have_text("написано другими буквами")
    no_latin(page, "#chgk-result")

    stub(page, "**/v1/mafia/speech", {"findings": [{"rule": "oath", "token": "Клянусь", "start": 0, "end": 7,
                                                    "penalty": "foul", "severity": "violation", "message": "клятва"}],
                                      "fouls": 1, "removal": False, "nominations": [
        {"action": "nominate", "player": 3, "accepted": False, "reason": "removed",
         "message": "игрок уже удалён в этой речи: выставление не принято"}]})
    page.fill("#mafia-text", "Клянусь, выставляю третьего.")
    page.click("#mafia-form button[type=submit]")
    expect(page.locator("#mafia-result table")).to_contain_text("игрок уже удалён")
    assert page.locator("#mafia-result mark.finding").get_attribute("title") == "клятва: фол"
    no_latin(page, "#mafia-result")

    stub(page, "**/v1/pool/lint", {"game": "hat", "duplicates": [], "cognate_groups": [],
                                   "summary": {"by_rule": {"invalid": 1, "word_form": 1}},
                                   "words": [{"word": "абв1", "issues": [{"rule": "invalid", "severity": "error",
                                                                          "message": "в слове цифра"}]},
                                             {"word": "кошки", "issues": [{"rule": "word_form", "severity": "error",
                                                                           "message": "падежная форма"}]}]})
    page.click("#pool-form button[type=submit]")
    expect(page.locator("#pool-table")).to_contain_text("не слово")
    expect(page.locator("#pool-result .pool-summary")).to_contain_text("не начальная форма: 1")
    no_latin(page, "#pool-result")

    stub(page, re.compile(r".*/v1/rulings\?scope=.*"), RULINGS)
    page.fill("#scope", "кубок")
    page.click("#rulings-reload")
    expect(page.locator("#rulings-table td").nth(1)).to_have_text("однокоренные")
    no_latin(page, "#rulings-result")
    done(context)


def test_a_word_the_server_refuses_is_said_in_russian(browser, server):
    context, page = open_console(browser, server)
    page.fill("#hat-target", "fish")                 # the real server: 422, «Not a Russian word»
    page.fill("#hat-text", "плавает")
    page.click("#hat-form button[type=submit]")
    expect(page.locator("#hat-result .notice.error strong")).to_have_text("Ошибка 422: это не русское слово")
    expect(page.locator("#hat-result .notice.error")).to_contain_text("загаданное слово:")
    done(context)


# --- issue 33: a tour's answers, the groups a jury must rule on, the most teams first --------------

def test_a_tours_judge_groups_come_most_teams_first(browser, server):
    context, page = open_console(browser, server)
    sent = []

    def batch(body):
        sent.append(body)
        group = {"matched": None, "matched_variant": None, "source": None, "normalized": "", "rules": "",
                 "evidence": [{"kind": "close", "explanation": "слово эталона «пистолет»"}]}
        return {"groups": [
            {**group, "verdict": "judge", "reason": "name_part", "message": "только часть", "representative": "Юрий",
             "answers": [{"team": "Б", "answer": "Юрий", "reason": "name_part"}], "size": 1, "teams": 1},
            {**group, "verdict": "accept", "reason": "exact", "message": "зачёт", "representative": "Гагарин",
             "answers": [{"team": "А", "answer": "Гагарин", "reason": "exact"}], "size": 1, "teams": 1},
            {**group, "verdict": "judge", "reason": "close", "message": "близко", "representative": "космонавт",
             "answers": [{"team": "В", "answer": "космонавт", "reason": "close"},
                         {"team": "Г", "answer": "Космонавт", "reason": "close"}], "size": 2, "teams": 2}],
            "results": [], "judge_order": [2, 0],
            "counts": {"accept": 1, "reject": 0, "judge": 3, "answers": 4, "groups": 3, "groups_to_judge": 2}}
    stub(page, "**/v1/chgk/answers", batch)
    page.fill("#chgk-reference", "Юрий Гагарин")
    page.fill("#chgk-batch-answers", "А: Гагарин\nБ: Юрий\nВ\tкосмонавт\nГ: Космонавт")
    page.click("#chgk-batch-form button[type=submit]")
    items = page.locator("#chgk-judge-groups > li")
    expect(items).to_have_count(2)
    expect(items.nth(0).locator("strong")).to_have_text("«космонавт»")
    expect(items.nth(0).locator(".teams")).to_have_text("команд: 2")
    expect(items.nth(0).locator(".tag")).to_have_text("близко по смыслу")
    expect(items.nth(0)).to_contain_text("В: «космонавт»; Г: «Космонавт»")
    expect(items.nth(0).locator(".evidence")).to_contain_text("слово эталона «пистолет»")
    expect(items.nth(1).locator("strong")).to_have_text("«Юрий»")
    assert sent[0]["reference"] == "Юрий Гагарин"
    assert sent[0]["answers"] == [{"team": "А", "answer": "Гагарин"}, {"team": "Б", "answer": "Юрий"},
                                  {"team": "В", "answer": "космонавт"}, {"team": "Г", "answer": "Космонавт"}]
    no_latin(page, "#chgk-batch-result")
    shot(page, "chgk-batch")
    done(context)
