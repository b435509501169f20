"""Property tests: hostile and broken input never yields a 5xx, and spans stay inside the text.

Strategies mix Russian letters with the things players' apps actually send:
stress marks, zero-width and bidi marks, Latin look-alikes, emoji, control
characters, surrogates' neighbours and very long tokens.
"""
import json
import unicodedata
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.app import create_app

# `make test` replays a fixed set of examples so CI is reproducible; `make fuzz` explores anew.
FUZZ_EXAMPLES = int(os.environ.get("KOREN_FUZZ_EXAMPLES", "0"))

NOISE = "\u0301\u0300\u200b\u200d\u200e\u202e\ufeff\u034f\ufe0f\u00ad\U000e0100\x00\x07\t\n aoecpxAOECPX😀ё-+.,!?«»—…"
RUSSIAN = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
words = st.one_of(
    st.text(alphabet=RUSSIAN, min_size=1, max_size=12),
    st.text(alphabet=RUSSIAN + NOISE, max_size=20),
    st.text(max_size=30),
    st.sampled_from(["кот", "кошка", "за+мок", "за\u0301мок", "кoт", "МГУ", "птеро", "", " ", "к" * 70]),
)
texts = st.lists(words, max_size=40).map(" ".join) | st.text(max_size=300)
json_junk = st.one_of(st.none(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.booleans(), st.lists(st.integers(), max_size=3),
                      st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
SETTINGS = settings(max_examples=FUZZ_EXAMPLES or 60, deadline=None, derandomize=not FUZZ_EXAMPLES,
                    suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def api(engine):
    with TestClient(create_app(engine)) as client:
        yield client


def check_spans(body: dict, text: str) -> None:
    for key in ("violations", "findings"):
        for item in body.get(key, []):
            if "start" in item:
                assert 0 <= item["start"] <= item["end"] <= len(text)
                assert text[item["start"]:item["end"]] == item["token"]


def ok_or_4xx(response) -> dict:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/problem+json")
    return response.json()


@SETTINGS
@given(a=words, b=words)
def test_cognates(api, a, b):
    ok_or_4xx(api.post("/v1/cognates", json={"a": a, "b": b}))


@SETTINGS
@given(a=st.one_of(words, json_junk), b=st.one_of(words, json_junk))
def test_cognates_wrong_types(api, a, b):
    ok_or_4xx(api.post("/v1/cognates", json={"a": a, "b": b}))


@SETTINGS
@given(pairs=st.lists(st.tuples(words, words), max_size=8))
def test_batch(api, pairs):
    body = ok_or_4xx(api.post("/v1/cognates/batch", json={"pairs": pairs}))
    if "results" in body:
        assert len(body["results"]) == len(pairs)


@SETTINGS
@given(word=words)
def test_word(api, word):
    ok_or_4xx(api.get("/v1/words/" + quote(word, safe="")))


@SETTINGS
@given(a=words, b=words)
def test_homophones(api, a, b):
    ok_or_4xx(api.post("/v1/homophones", json={"a": a, "b": b}))


@SETTINGS
@given(target=words, text=texts)
def test_hat_explanation(api, target, text):
    body = ok_or_4xx(api.post("/v1/hat/explanation", json={"target": target, "text": text}))
    check_spans(body, text)


@SETTINGS
@given(text=texts)
def test_hat_explanation_with_real_target(api, text):
    body = ok_or_4xx(api.post("/v1/hat/explanation", json={"target": "кошка", "text": text}))
    check_spans(body, text)


@SETTINGS
@given(target=words, guess=words)
def test_hat_guess(api, target, guess):
    ok_or_4xx(api.post("/v1/hat/guess", json={"target": target, "guess": guess}))


def test_raw_garbage_bodies(api):
    for raw in (b"\xff\xfe\x00", b"[]", b"null", b'{"a": "\xd0"}', b"{" * 10000, b'{"a": "\\ud800", "b": "kot"}'):
        response = api.post("/v1/cognates", content=raw, headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, (raw[:20], response.text)


# Legal-looking JSON that strict encoders refuse: Python's parser reads all of these, so any
# handler that echoes input (validation errors, per-pair errors) must survive writing them back.
SPECIAL_TOKENS = ["NaN", "Infinity", "-Infinity", "1e999999", "-1e999999", '"\\ud800"', '"\\udfff кот"',
                  '"кот\\ud83d"', "12345678901234567890123456789", '"\\u0000"', "[]", "{}", "null"]
POST_ENDPOINTS = ["/v1/cognates", "/v1/cognates/batch", "/v1/homophones", "/v1/hat/explanation", "/v1/hat/guess",
                  "/v1/codenames/clue", "/v1/pool/lint", "/v1/mafia/speech", "/v1/chgk/answer",
                  "/v1/chgk/answers", "/v1/chgk/package"]
FIELDS = ["a", "b", "pairs", "target", "text", "guess", "clue", "number", "board", "team_open", "words", "game",
          "ruleset", "answer", "reference", "accepted", "rejected", "answers", "scope"]


def raw_value(depth: int = 2):
    leaf = st.one_of(st.sampled_from(SPECIAL_TOKENS), words.map(lambda w: json.dumps(w)))
    if depth == 0:
        return leaf
    inner = raw_value(depth - 1)
    return st.one_of(leaf, st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"))


raw_bodies = st.dictionaries(st.sampled_from(FIELDS), raw_value(), min_size=1, max_size=5).map(
    lambda d: "{" + ", ".join(f'"{k}": {v}' for k, v in d.items()) + "}")


@SETTINGS
@given(path=st.sampled_from(POST_ENDPOINTS), body=raw_bodies)
def test_special_json_values_never_500(api, path, body):
    response = api.post(path, content=body.encode("utf-8", "surrogatepass"),
                        headers={"content-type": "application/json"})
    ok_or_4xx(response)


@pytest.mark.parametrize("path", POST_ENDPOINTS)
@pytest.mark.parametrize("token", SPECIAL_TOKENS)
def test_each_special_value_in_each_endpoint(api, path, token):
    # Every field at once, so each endpoint meets the token in the fields it reads.
    body = "{" + ", ".join(f'"{field}": {token}' for field in FIELDS) + "}"
    ok_or_4xx(api.post(path, content=body, headers={"content-type": "application/json"}))
    pairs = '{"pairs": [[%s, "кот"], ["кот", %s]]}' % (token, token)
    ok_or_4xx(api.post("/v1/cognates/batch", content=pairs, headers={"content-type": "application/json"}))


# Combinatorial inputs: entries full of [optional] parts and «/» alternatives, lists at their maximum.
# Each must end quickly in a verdict or a 413 naming a limit — never a 5xx or minutes of work.
optional_entry = st.lists(st.sampled_from(["кот", "[кот]", "[большой]", "пёс/собака", "[и]", "XIV", "1812"]),
                          min_size=1, max_size=9).map(" ".join)


@SETTINGS
@given(reference=optional_entry, accepted=st.lists(optional_entry, max_size=50),
       rejected=st.lists(optional_entry, max_size=50), answer=optional_entry)
def test_combinatorial_chgk_answers(api, reference, accepted, rejected, answer):
    body = {"answer": answer, "reference": reference, "accepted": accepted, "rejected": rejected}
    response = api.post("/v1/chgk/answer", json=body)
    ok_or_4xx(response)
    if response.status_code == 413:
        assert response.json()["limit"] in ("reference_variants", "reference_comparisons")


@SETTINGS
@given(reference=optional_entry, answers=st.lists(optional_entry, min_size=1, max_size=200))
def test_combinatorial_chgk_batches(api, reference, answers):
    body = {"reference": reference, "answers": [{"answer": a} for a in answers]}
    ok_or_4xx(api.post("/v1/chgk/answers", json=body))


# Invisible characters inside words (issue 36, item 4): every format character (Cf) and the other
# default-ignorable code points must change nothing in an answer but where its spans point.
DEFAULT_IGNORABLE = ["\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u180b", "\u180c", "\u180d", "\u180f", "\u2065",
                     "\u3164", "\uffa0", "\ufff0"]
ignorables = st.one_of(st.characters(categories=("Cf",)), st.sampled_from(DEFAULT_IGNORABLE),
                       st.characters(min_codepoint=0xFE00, max_codepoint=0xFE0F),
                       st.characters(min_codepoint=0xE0100, max_codepoint=0xE01EF))
HIDDEN_CASES = [
    ("/v1/hat/explanation", {"target": "кошка", "text": "маленький котёнок, koshka по-английски, в рифму с «ложка»"}),
    ("/v1/mafia/speech", {"text": "Честно, я мирный. Клянусь! Выставляю номер 5.", "ruleset": "club", "alive": [5]}),
    ("/v1/codenames/clue", {"clue": "рыбак", "number": 1, "board": ["рыба", "утюг"], "team_open": 2}),
    ("/v1/chgk/answer", {"answer": "Юрий Гагарин", "reference": "Гагарин"}),
    ("/v1/cognates", {"a": "котёнок", "b": "кошка"}),
    ("/v1/pool/lint", {"game": "hat", "words": ["котёнок", "кошка", "честно"]}),
]


def _hide(text: str, draw) -> str:
    """`text` with invisible characters drawn into some places between two of its letters."""
    inside = [i for i in range(1, len(text)) if text[i - 1].isalpha() and text[i].isalpha()]
    chosen = set(draw(st.lists(st.sampled_from(inside), min_size=1, max_size=6)))
    return "".join((draw(ignorables) if i in chosen else "") + ch for i, ch in enumerate(text))


def _invisible(ch: str) -> bool:
    return (unicodedata.category(ch) == "Cf" or ch in DEFAULT_IGNORABLE or "\ufe00" <= ch <= "\ufe0f"
            or "\U000e0000" <= ch <= "\U000e0fff")


def _seen(value):
    """An answer as a player sees it: no invisible characters, no offsets, no timings."""
    if isinstance(value, str):
        return "".join(ch for ch in value if not _invisible(ch))
    if isinstance(value, list):
        return [_seen(v) for v in value]
    if isinstance(value, dict):
        return {k: _seen(v) for k, v in value.items() if k not in ("start", "end", "elapsed_ms")}
    return value


@SETTINGS
@given(case=st.sampled_from(HIDDEN_CASES), data=st.data())
def test_invisible_characters_inside_words_change_nothing(api, case, data):
    path, body = case
    field = next(k for k in ("text", "clue", "answer", "a", "words") if k in body)
    hidden = dict(body)
    if field == "words":
        hidden["words"] = [_hide(w, data.draw) for w in body["words"]]
    else:
        hidden[field] = _hide(body[field], data.draw)
    plain, sprinkled = api.post(path, json=body), api.post(path, json=hidden)
    assert plain.status_code == sprinkled.status_code == 200, sprinkled.text
    assert _seen(sprinkled.json()) == _seen(plain.json())
    if field == "text":
        check_spans(sprinkled.json(), hidden["text"])
        for item in sprinkled.json().get("nominations", []):
            assert hidden["text"][item["start"]:item["end"]] == item["token"]


# Lone surrogates (issue 36, item 6): {"clue": "рыбак", "number": "\ud800", …} was a 500 and a dropped
# connection — the clue's answer echoes `number`, and no UTF-8 encoder writes a surrogate.  A valid
# body of every JSON endpoint with one string field made a lone surrogate must be a 422 naming the field.
VALID_BODIES = {
    "/v1/cognates": {"a": "кот", "b": "кошка", "scope": "проба суррогатов"},
    "/v1/cognates/batch": {"pairs": [["кот", "кошка"]], "scope": "проба суррогатов"},
    "/v1/homophones": {"a": "луг", "b": "лук"},
    "/v1/hat/explanation": {"target": "кошка", "text": "домашнее животное", "scope": "проба суррогатов"},
    "/v1/hat/guess": {"target": "кошка", "guess": "кошки"},
    "/v1/codenames/clue": {"clue": "рыбак", "number": "unlimited", "board": ["рыба"], "team_open": 2,
                           "scope": "проба суррогатов"},
    "/v1/codenames/board": {"difficulty": "easy", "seed": 1},
    "/v1/pool/lint": {"game": "hat", "words": ["кот", "пёс"]},
    "/v1/pool/generate": {"count": 3, "difficulty": "easy", "extend": ["кот"]},
    "/v1/mafia/speech": {"text": "Выставляю номер 5", "ruleset": "club", "scope": "проба суррогатов"},
    "/v1/chgk/answer": {"answer": "кот", "reference": "кот", "accepted": ["кошка"]},
    "/v1/chgk/answers": {"reference": "кот", "answers": [{"team": "А", "answer": "кот"}]},
    "/v1/chgk/package": {"text": "Вопрос 1: Кто мяукает?\nОтвет: кот"},
    "/v1/rulings": {"kind": "cognate", "a": "кот", "b": "кошка", "verdict": True, "scope": "проба суррогатов"},
    "/v1/rulings/import": {"rulings": [{"kind": "cognate", "a": "кот", "b": "кошка", "verdict": True}],
                           "scope": "проба суррогатов"},
}


def _string_places(value, at=()):
    """Where the strings of a body are: paths of keys and indices."""
    if isinstance(value, str):
        yield at
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _string_places(v, at + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _string_places(v, at + (i,))


def _with(value, at, new):
    if not at:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[at[0]] = _with(value[at[0]], at[1:], new)
    return copy


SURROGATE_CASES = [(path, at) for path, body in VALID_BODIES.items() for at in _string_places(body)]


@pytest.mark.parametrize("path, at", SURROGATE_CASES, ids=lambda v: v if isinstance(v, str) else ".".join(map(str, v)))
@pytest.mark.parametrize("surrogate", ["\ud800", "кот\udfff"])
def test_lone_surrogate_in_any_string_field_is_422(api, path, at, surrogate):
    from service.settings import Settings

    settings = api.app.state.settings
    api.app.state.settings = Settings(rulings_token="s3cret")      # /v1/rulings writes need it
    try:
        headers = {"content-type": "application/json", "Authorization": "Bearer s3cret"}
        assert api.post(path, content=json.dumps(VALID_BODIES[path]), headers=headers).status_code < 400, path
        body = json.dumps(_with(VALID_BODIES[path], at, surrogate))      # json.dumps writes the escape \ud800
        response = api.post(path, content=body, headers=headers)
    finally:
        api.app.state.settings = settings
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["errors"][0]["code"] == "lone_surrogate" and problem["errors"][0]["field"] == str(at[0])


def test_every_json_body_refuses_lone_surrogates(api):
    # A new endpoint gets the check by deriving its body from schemas.Strict (the validator lives there).
    import importlib
    import pkgutil

    import service.api
    from service.api.schemas import Strict

    models = {name: obj for info in pkgutil.iter_modules(service.api.__path__) if info.name.startswith("schemas")
              for name, obj in vars(importlib.import_module(f"service.api.{info.name}")).items()}
    refs = [media["schema"]["$ref"].rsplit("/", 1)[-1] for item in api.get("/openapi.json").json()["paths"].values()
            for op in item.values() if isinstance(op, dict) and "requestBody" in op
            for kind, media in op["requestBody"]["content"].items() if kind == "application/json"]
    assert refs and all(issubclass(models[name], Strict) for name in refs), refs


# Over-long words (issue 36, item 2): padding of any kind around a word, past the word limit, is a 422
# naming the field in every word endpoint, never a 500 and never read.
padding = st.sampled_from([" ", "\u200b", "\u00ad", "к", "\u0301", "\t"])


@SETTINGS
@given(pad=padding, extra=st.integers(min_value=1, max_value=5000), path_field=st.sampled_from([
    ("/v1/cognates", "a"), ("/v1/homophones", "a"), ("/v1/hat/guess", "guess")]))
def test_over_long_words_are_422(api, pad, extra, path_field):
    from service.settings import current

    path, field = path_field
    body = {"a": "кот", "b": "кошка"} if path != "/v1/hat/guess" else {"target": "кошка", "guess": "кот"}
    body[field] = pad * (current().max_word_chars + extra) + "кот"
    response = api.post(path, json=body)
    assert response.status_code == 422, response.text[:200]
    assert response.headers["content-type"].startswith("application/problem+json")
