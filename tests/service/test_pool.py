"""Pool lint: per-word rules, duplicates, cognate groups, board conflicts, the dev set, the HTTP endpoint."""
from __future__ import annotations


import pytest

from service.api.schemas_pool import MAX_WORDS
from service.rules import pool


def lint(lexicon, words, game="hat"):
    return pool.lint_pool(lexicon, words, game)


def rules_of(report, word):
    return {i.rule for w in report.words if w.word == word for i in w.issues}


@pytest.mark.parametrize("word,expected", [
    ("окно", set()), ("кошка", set()), ("ножницы", set()), ("брюки", set()), ("деньги", set()), ("сани", set()),
    ("часы", set()), ("очки", set()),
    ("окна", {"plural"}), ("столы", {"plural"}), ("стулья", {"plural"}),
    ("идти", {"not_noun"}), ("быстро", {"not_noun"}), ("быстрый", {"not_noun"}),
    ("Петербург", {"proper_noun"}), ("Москва", {"proper_noun"}),
    ("ООН", {"abbreviation"}), ("МГУ", {"abbreviation"}),
    ("котогладильщик", {"unknown"}),
    ("границу", {"word_form"}),
])
def test_word_rules(lexicon, word, expected):
    assert rules_of(lint(lexicon, [word]), word) == expected


def test_plural_suggests_the_singular(lexicon):
    report = lint(lexicon, ["окна"])
    assert {"kind": "singular", "text": "окно", "message": "замените на «окно»"} in report.words[0].suggestions
    issue = report.words[0].issues[0]
    assert issue.message == "«окна» — множественное число, в пул лучше «окно»"


@pytest.mark.parametrize("word,needle", [
    ("котогладильщик", "«котогладильщик» нет в словарях"),
    ("идти", "«идти» — не существительное: глагол"),
    ("границу", "«границу» — падежная форма слова «граница»"),
    ("ООН", "«ООН» — аббревиатура"),
    ("Петербург", "«Петербург» — имя собственное (топоним)"),
    ("два слова", "несколько слов вместо одного"),
])
def test_messages_are_russian(lexicon, word, needle):
    messages = [i.message for w in lint(lexicon, [word]).words for i in w.issues]
    assert any(needle in m for m in messages), messages


def test_rare_word_gets_its_frequency(lexicon):
    report = lint(lexicon, ["абсцисса", "дом"])
    rare = [s for s in report.words[0].suggestions if s["kind"] == "rare"]
    assert rare and rare[0]["frequency"]["zipf"] < pool.RARE_ZIPF
    assert rare[0]["message"].startswith("редкое слово")
    assert report.words[1].frequency["zipf"] > 4 and not report.words[1].suggestions


def test_profanity(lexicon):
    assert "profanity" in rules_of(lint(lexicon, ["говно"]), "говно")
    assert "profanity" not in rules_of(lint(lexicon, ["корабль"]), "корабль")


def test_words_are_echoed_exactly_as_sent(lexicon):
    words = ["Ёж", " дом ", "окно", "два слова", ""]
    report = lint(lexicon, words)
    assert [w.word for w in report.words] == words
    assert rules_of(report, "два слова") == {"not_single_word"}
    assert rules_of(report, "") == {"invalid"}


@pytest.mark.parametrize("words,expected", [
    (["дом", "Дом"], [["дом", "Дом"]]),
    (["ёж", "еж"], [["ёж", "еж"]]),
    (["стол", "столы", "стул"], [["стол", "столы"]]),
    (["очки", "очко"], []),
    (["кот", "кошка"], []),
])
def test_duplicates(lexicon, words, expected):
    assert lint(lexicon, words).duplicates == expected


@pytest.mark.parametrize("words,group", [
    (["кот", "кошка", "собака"], {"кот", "кошка"}),
    (["рука", "наручники", "нога"], {"рука", "наручники"}),
    (["рыба", "рыбак", "окно"], {"рыба", "рыбак"}),
])
def test_cognate_groups(lexicon, words, group):
    groups = [set(g) for g in lint(lexicon, words).cognate_groups]
    assert groups == [group]


def test_a_group_holds_only_words_the_pairwise_engine_calls_cognate(lexicon):
    # дневник shares a root with день and (by the lexicon) with дно; день and дно do not: no chain.
    report = lint(lexicon, ["день", "дневник", "дно", "полдень"])
    groups = [set(g) for g in report.cognate_groups]
    assert {"день", "дневник", "полдень"} in groups and not any({"день", "дно"} <= g for g in groups)
    for group in report.cognate_groups:
        for n, a in enumerate(group):
            for b in group[n + 1:]:
                assert lexicon.compare(a, b).cognate, (a, b)


def test_pairs_within_groups_are_counted_before_any_is_asked(lexicon):
    from lexicon import grouping
    from lexicon.overrides import NO_RULINGS

    drafting = grouping.Drafting(lexicon, ["выигрыш", "игра", "игрок", "игрушка"])   # one root, not one family
    drafting.read()
    drafting.join_families()
    drafting.ask_candidates(None)
    with pytest.raises(grouping.TooManyPairs) as refused:
        grouping.Grouping(drafting, NO_RULINGS).run(max_pairs=5, ruled=())
    assert refused.value.stage == "members" and refused.value.need == 6
    assert grouping.Grouping(drafting, NO_RULINGS).run(max_pairs=6, ruled=()).groups == [[0, 1, 2, 3]]


def test_homonymous_roots_are_not_grouped(lexicon):
    assert lint(lexicon, ["вода", "водитель"]).cognate_groups == []


def test_groups_list_every_spelling_and_name_the_root(lexicon):
    report = lint(lexicon, ["кот", "Кот", "кошка"])
    assert [sorted(g) for g in report.cognate_groups] == [sorted(["кот", "Кот", "кошка"])]
    assert report.cognate_details[0]["roots"]


def test_a_compound_does_not_weld_its_roots_together(lexicon):
    groups = [set(g) for g in lint(lexicon, ["пароход", "пар", "ходьба"]).cognate_groups]
    assert {"пар", "ходьба"} not in [g & {"пар", "ходьба"} for g in groups if len(g & {"пар", "ходьба"}) == 2]
    assert any({"пароход", "пар"} <= g for g in groups)


def test_codenames_board_conflicts(lexicon):
    board = ["кот", "кошка", "мышь", "Австралия", "рука", "наручники"] + ["дом"]
    report = lint(lexicon, board, game="codenames")
    pairs = {frozenset((c["a"], c["b"])) for c in report.board_conflicts}
    assert frozenset(("кот", "кошка")) in pairs and frozenset(("рука", "наручники")) in pairs
    assert "board_cognate" in rules_of(report, "кот")
    conflict = next(c for c in report.board_conflicts if {c["a"], c["b"]} == {"кот", "кошка"})
    assert "однокоренные" in conflict["message"] and "не кладите их на одно поле" in conflict["message"]
    # proper nouns are normal Codenames cards: reported, but only as information
    issue = next(i for w in report.words if w.word == "Австралия" for i in w.issues)
    assert issue.rule == "proper_noun" and issue.severity == "info"


def test_problems_count(lexicon):
    assert lint(lexicon, ["кот", "дом", "окно"]).problems() == 0
    assert lint(lexicon, ["кот", "кошка"]).problems() == 1
    assert lint(lexicon, ["окна"]).problems() == 1


def test_to_json_shape(lexicon):
    body = lint(lexicon, ["окна", "окно"]).to_json()
    assert set(body) >= {"words", "duplicates", "cognate_groups", "summary"}
    assert body["words"][0]["word"] == "окна" and body["words"][0]["issues"][0]["rule"] == "plural"
    assert body["summary"]["by_rule"] == {"plural": 1}


def test_a_big_pool_compares_few_of_its_pairs(lexicon):
    # 2,000 distinct nouns from pymorphy3's dictionary: candidate pairs come from buckets, not n².
    from lexicon.morphology import analyzer

    words = []
    for word, tag, normal, *_ in analyzer().dictionary.iter_known_words("кон"):
        if str(tag).startswith("NOUN") and "sing,nomn" in str(tag) and word == normal and word not in words:
            words.append(word)
        if len(words) == 600:
            break
    # Fast by construction, not by the clock: grouping may compare only a twentieth of all n² pairs.
    report = pool.lint_pool(lexicon, words, max_pairs=len(words) * (len(words) - 1) // 2 // 20)
    assert len(report.words) == len(words)


# ------------------------------------------------------------------ HTTP ---


@pytest.fixture
def api(client):
    return client  # the service app shared by all tests (tests/conftest.py)


def test_http_contract(api):
    r = api.post("/v1/pool/lint", json={"words": ["Петербург", "окно", "Окно", "окна", "кот", "кошка"], "game": "hat"})
    assert r.status_code == 200
    body = r.json()
    assert [w["word"] for w in body["words"]] == ["Петербург", "окно", "Окно", "окна", "кот", "кошка"]
    assert body["words"][0]["issues"][0]["rule"] == "proper_noun"
    assert body["words"][0]["issues"][0]["message"]
    assert ["окно", "Окно", "окна"] in body["duplicates"]
    assert any(set(g) == {"кот", "кошка"} for g in body["cognate_groups"])


def test_http_default_game_is_hat(api):
    r = api.post("/v1/pool/lint", json={"words": ["окно"]})
    assert r.status_code == 200 and r.json()["game"] == "hat"


def test_http_operation_id(api):
    spec = api.get("/openapi.json").json()
    assert spec["paths"]["/v1/pool/lint"]["post"]["operationId"] == "lint_pool"


@pytest.mark.parametrize("body,field", [
    ({"words": ["окно"] * (MAX_WORDS + 1)}, "words"),
    ({"words": []}, "words"),
    ({"words": ["окно"], "game": "chess"}, "game"),
    ({"words": ["x" * 201]}, "words.0"),
    ({"words": "окно"}, "words"),
])
def test_http_limits_are_clear_422s(api, body, field):
    r = api.post("/v1/pool/lint", json=body)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    assert field in r.json()["detail"]


# ----------------------------------------------------------------- rulings ---

TOKEN = "t0ken-for-pool-tests"


@pytest.fixture
def judged(engine, tmp_path, monkeypatch):
    """The service with its own rulings store, and a token to write rulings with."""
    from fastapi.testclient import TestClient

    from service.api.app import create_app
    from service.rulings import RulingsStore

    monkeypatch.setenv("KOREN_RULINGS_TOKEN", TOKEN)
    store = RulingsStore(f"sqlite:///{tmp_path / 'rulings.sqlite'}")
    app = create_app(engine)
    app.state.rulings = store
    with TestClient(app) as client:
        yield client
    store.close()


def rule(api, a, b, verdict, note=""):
    ruling = {"scope": "cup", "kind": "cognate", "a": a, "b": b, "verdict": verdict, "note": note}
    r = api.post("/v1/rulings", json=ruling, headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 201, r.text


def test_cognate_groups_follow_the_scope_rulings(judged):
    body = {"words": ["кот", "кошка", "котёнок", "свет", "гореть", "дом"], "scope": "cup"}
    before = judged.post("/v1/pool/lint", json=body).json()
    assert {frozenset(g) for g in before["cognate_groups"]} == {frozenset(("кот", "кошка", "котёнок"))}
    rule(judged, "кот", "кошка", False, "не считаем")
    rule(judged, "свет", "гореть", True, "так решили")
    after = judged.post("/v1/pool/lint", json=body).json()
    # Pairwise: котёнок stays with each of them, кот and кошка no longer share a group.
    assert {frozenset(g) for g in after["cognate_groups"]} == {
        frozenset(("кот", "котёнок")), frozenset(("кошка", "котёнок")), frozenset(("свет", "гореть"))}
    apart = after["ruled_apart"]
    assert [(p["a"], p["b"]) for p in apart] == [("кот", "кошка")]
    assert apart[0]["evidence"]["note"] == "не считаем" and apart[0]["evidence"]["engine"]["cognate"] is True
    joined = next(d for d in after["cognate_details"] if set(d["words"]) == {"свет", "гореть"})
    ruling = next(link for link in joined["links"] if link["kind"] == "ruling")
    assert ruling["evidence"]["note"] == "так решили" and ruling["evidence"]["engine"]["cognate"] is False
    unscoped = judged.post("/v1/pool/lint", json={**body, "scope": None}).json()
    assert unscoped["cognate_groups"] == before["cognate_groups"] and unscoped["ruled_apart"] == []


def test_board_conflicts_follow_the_scope_rulings(judged):
    body = {"words": ["кот", "кошка", "рыбак", "дом"], "game": "codenames", "scope": "cup"}
    rule(judged, "кот", "кошка", False)
    rule(judged, "рыбак", "дом", True, "так решили")
    out = judged.post("/v1/pool/lint", json=body).json()
    assert [(c["a"], c["b"]) for c in out["board_conflicts"]] == [("рыбак", "дом")]
    conflict = out["board_conflicts"][0]
    assert "по решению судьи" in conflict["message"] and conflict["evidence"][0]["note"] == "так решили"
    issues = {w["word"]: [i for i in w["issues"] if i["rule"] == "board_cognate"] for w in out["words"]}
    assert not issues["кот"] and not issues["кошка"]
    evidence = issues["дом"][0]["evidence"]
    assert evidence["other"] == "рыбак" and evidence["ruling"]["kind"] == "ruling"


def test_a_bad_scope_is_a_422(judged):
    r = judged.post("/v1/pool/lint", json={"words": ["кот"], "scope": "a\x00b"})
    assert r.status_code == 422
