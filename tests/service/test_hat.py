
import pytest

from service.evaluation_hat import score_explanations, score_guesses, throughput
from service.rules import hat
from tests.conftest import DATA


def findings(engine, target, text, severity="violation"):
    result = hat.check_explanation(engine, target, text)
    for v in result.violations:
        assert text[v.start:v.end] == v.token      # spans point into the text as sent
        assert v.message and v.evidence
    return [(v.rule, v.token) for v in result.violations if severity is None or v.severity == severity]


# --- cognate -------------------------------------------------------------------

@pytest.mark.parametrize("target, text, token", [
    ("кошка", "это жена кота", "кота"),
    ("кошка", "маленькие котята", "котята"),
    ("рука", "на них надевают наручники", "наручники"),
    ("пароход", "он ходит по реке", "ходит"),
    ("пароход", "выпускает пару", "пару"),
    ("рыба", "её ловит рыбак", "рыбак"),
    ("окно", "есть подоконник", "подоконник"),
    ("кошка", "Кошка!", "Кошка"),                 # the target itself, any case
])
def test_cognates_flagged(engine, target, text, token):
    assert ("cognate", token) in findings(engine, target, text)


@pytest.mark.parametrize("target, text", [
    ("вода", "её пьёт водитель"),                # homonymous root вод
    ("пароход", "подводная лодка"),              # shares only the prefix-like под/по
    ("учитель", "строитель и водитель"),         # shares only the suffix -тель
    ("кошка", "мяукает, жена, ловит мышей"),
])
def test_no_cognate_false_alarms(engine, target, text):
    assert [f for f in findings(engine, target, text) if f[0] == "cognate"] == []


# --- abbreviation ---------------------------------------------------------------

@pytest.mark.parametrize("target, text, token", [
    ("университет", "учился в МГУ", "МГУ"),
    ("государство", "учился в МГУ", "МГУ"),
    ("республика", "распад СССР", "СССР"),
    ("штат", "США состоит из пятидесяти", "США"),
    ("хозяйство", "платим за ЖКХ", "ЖКХ"),
])
def test_abbreviations(engine, target, text, token):
    assert ("abbreviation", token) in findings(engine, target, text)


def test_abbreviation_near_misses(engine):
    assert findings(engine, "страна", "США — одна из них") == []
    assert findings(engine, "город", "учился в МГУ") == []


def test_unknown_capitals_are_a_warning(engine):
    result = hat.check_explanation(engine, "кошка", "как в КТЗ")
    warnings = [v for v in result.violations if v.rule == "abbreviation"]
    assert warnings and all(v.severity == "warning" for v in warnings)
    assert result.ok
    assert findings(engine, "собака", "как в КТЗ", severity=None) == []   # no letter of the root с/б


# --- fragment -------------------------------------------------------------------

def test_fragments(engine):
    assert ("fragment", "птеро") in findings(engine, "дактиль", "птеро…")
    assert ("fragment", "бомбо") in findings(engine, "убежище", "бомбо… куда прячутся при налёте")
    assert findings(engine, "убежище", "куда прячутся при налёте") == []


# --- letters --------------------------------------------------------------------

@pytest.mark.parametrize("target, text, token", [
    ("лес", "первая буква л", "буква"),
    ("лес", "слово из трёх букв", "букв"),
    ("лес", "в нём один слог", "слог"),
    ("сорт", "анаграмма слова рост", "рост"),
    ("рост", "слово наоборот: тсор", "тсор"),
    ("рост", "прочитай наоборот", "наоборот"),
    ("кот", "трёхбуквенное", "трёхбуквенное"),
])
def test_letters(engine, target, text, token):
    assert ("letters", token) in findings(engine, target, text)


@pytest.mark.parametrize("target, text", [
    ("лес", "измени окончание у слова, где растут деревья"),    # morphemes without sizes are allowed
    ("сорт", "рост человека"),                                  # an anagram not named as one
    ("сорт", "анаграмма к слову, обозначающему высоту"),        # allowed by the rules
    ("рост", "наоборот, он низкий"),                            # «on the contrary»
])
def test_letters_near_misses(engine, target, text):
    assert findings(engine, target, text) == []


# --- translation ----------------------------------------------------------------

@pytest.mark.parametrize("target, text, token", [
    ("рука", "хенд по-английски", "хенд"),
    ("рука", "hand по-английски", "hand"),
    ("рука", "ruka", "ruka"),
    ("кошка", "по-английски это не cat, а koshka", "koshka"),
])
def test_translation(engine, target, text, token):
    assert ("translation", token) in findings(engine, target, text)


def test_translation_near_misses(engine):
    assert findings(engine, "рефрижератор", "холодильник по-простому") == []
    assert findings(engine, "настройка", "установка по-английски") == []


# --- profanity ------------------------------------------------------------------

def test_profanity(engine):
    assert ("profanity", "блядь") in findings(engine, "кошка", "ну блядь мяукает")
    soft = hat.check_explanation(engine, "кошка", "хрен знает")
    assert [v.severity for v in soft.violations if v.rule == "profanity"] == ["warning"]
    assert findings(engine, "корабль", "оскорблять, употреблять, колебаться, сабля, мандарин, бляха") == []


# --- result shape ---------------------------------------------------------------

def test_spans_into_text_as_sent(engine):
    text = "  Жена\u00a0КОТА — и МГУ,  птеро…"
    result = hat.check_explanation(engine, "кошка", text)
    assert not result.ok
    for v in result.violations:
        assert text[v.start:v.end] == v.token


def test_clean_text_is_ok(engine):
    result = hat.check_explanation(engine, "кошка", "домашнее животное, мяукает и ловит мышей")
    assert result.ok and result.to_json()["violations"] == []


# --- guesses --------------------------------------------------------------------

@pytest.mark.parametrize("target, guess, accepted, reason", [
    ("рама", "раму", True, "word_form"),
    ("ножницы", "ножницами", True, "word_form"),
    ("ёлка", "ЕЛКА", True, "word_form"),
    ("луг", "лук", True, "homophone"),
    ("брага", "брак", True, "form_homophone"),
    ("ложа", "ложь", True, "form_homophone"),
    ("кошка", "кот", False, "cognate"),
    ("окно", "окошко", False, "cognate"),
    ("стол", "стул", False, "different_word"),
    ("пила", "пьёт", False, "different_word"),   # a form of пить, not of the noun пила
])
def test_guess(engine, target, guess, accepted, reason):
    result = hat.check_guess(engine, target, guess)
    assert (result.accepted, result.reason) == (accepted, reason)
    assert result.message and result.evidence


def test_cognate_guess_message(engine):
    result = hat.check_guess(engine, "кошка", "кот")
    assert result.message == "«кот» однокоренное с «кошка»: слово ещё не отгадано, можно попросить уточнить"


@pytest.mark.parametrize("target, guess, message", [
    ("рама", "раму", "догадка «раму» — форма загаданного слова «рама»"),
    ("луг", "лук", "догадка «лук» звучит так же, как загаданное «луг»"),
    ("стол", "стул", "«стул» — другое слово, не загаданное"),
])
def test_guess_messages_are_russian(engine, target, guess, message):
    assert hat.check_guess(engine, target, guess).message == message


# --- messages shown to judges (Russian) ---------------------------------------------

@pytest.mark.parametrize("target, text, rule, message", [
    ("рыба", "её ловит рыбак", "cognate", "«рыбак» — однокоренное с загаданным «рыба» (корень «рыб»)"),
    ("кошка", "Кошка!", "cognate", "«Кошка» — форма загаданного слова «кошка»"),
    ("университет", "учился в МГУ", "abbreviation",
     "«МГУ» — аббревиатура (Московский государственный университет): буква «У» означает «университет» "
     "— загаданное слово"),
    ("дактиль", "птеро…", "fragment", "«птеро» — не слово, но вместе с загаданным образует слово «птеродактиль»"),
    ("лес", "первая буква л", "letters", "«первая буква» — отсылка к буквам слова"),
    ("рост", "слово наоборот: тсор", "letters", "«тсор» — буквы загаданного слова задом наперёд"),
    ("кот", "трёхбуквенное", "letters", "«трёхбуквенное» — отсылка к числу букв"),
    ("рука", "ruka", "translation", "«ruka» — это «рука» латиницей"),
    ("кошка", "ну блядь мяукает", "profanity", "«блядь» — мат (корень «блядь»)"),
])
def test_messages(engine, target, text, rule, message):
    result = hat.check_explanation(engine, target, text)
    assert message in [v.message for v in result.violations if v.rule == rule]


def test_warning_messages_leave_it_to_the_judge(engine):
    for target, text, rule in [("кошка", "как в КТЗ", "abbreviation"), ("кошка", "хрен знает", "profanity")]:
        warnings = [v for v in hat.check_explanation(engine, target, text).violations if v.rule == rule]
        assert warnings and all(v.severity == "warning" and v.message.endswith("решает судья") for v in warnings)
    soft = [v for v in hat.check_explanation(engine, "кошка", "хрен знает").violations if v.rule == "profanity"]
    assert "другое значение (растение)" in soft[0].message


# --- evaluation thresholds --------------------------------------------------------

def test_guess_set_is_perfect(engine):
    score = score_guesses(engine, DATA / "hat_guess.tsv")
    assert score.accuracy == 1.0, score.misses


def test_explanation_set(engine):
    score = score_explanations(engine, DATA / "hat_explain.jsonl")
    assert score.flags_found >= 0.9, score.misses
    assert score.clean_left_alone >= 0.95, score.misses


def test_throughput_smoke(engine):
    # timing belongs to `make bench`; this only guards against an order-of-magnitude regression
    figures = throughput(engine, seconds=0.3)
    assert figures["checks_per_second"] > 100


# --- HTTP -----------------------------------------------------------------------

@pytest.fixture
def hat_client(client):
    return client  # the service app shared by all tests (tests/conftest.py)


def test_http_explanation(hat_client):
    text = "МГУ — это такой"
    r = hat_client.post("/v1/hat/explanation", json={"target": "университет", "text": text})
    assert r.status_code == 200
    body = r.json()
    assert body["ok"] is False
    v = body["violations"][0]
    assert {"rule", "token", "start", "end", "message", "severity", "evidence"} <= v.keys()
    assert v["rule"] == "abbreviation" and text[v["start"]:v["end"]] == v["token"] == "МГУ"


def test_http_guess(hat_client):
    r = hat_client.post("/v1/hat/guess", json={"target": "луг", "guess": "лук"})
    assert r.status_code == 200
    assert r.json()["accepted"] is True and r.json()["reason"] == "homophone"


def test_http_bad_input(hat_client):
    r = hat_client.post("/v1/hat/explanation", json={"target": "two words", "text": "x"})
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
    r = hat_client.post("/v1/hat/explanation", json={"target": "кошка", "text": "а" * 5001})
    assert r.status_code == 422 and "text" in r.json()["detail"]
    r = hat_client.post("/v1/hat/guess", json={"target": "кошка"})
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")


def test_http_operation_ids(hat_client):
    ops = {op["operationId"] for path in hat_client.get("/openapi.json").json()["paths"].values() for op in path.values()}
    assert {"check_hat_explanation", "check_hat_guess"} <= ops


def test_appeals_to_the_shape_of_letters(engine):
    for text, token in [("круглая приставка, а дальше про море", "круглая приставка"),
                        ("в середине как крест, это животное", "в середине как крест")]:
        found = [v for v in hat.check_explanation(engine, "корова", text).violations if v.rule == "letters"]
        assert found and found[0].token == token and found[0].severity == "violation", text
        assert text[found[0].start:found[0].end] == token
    # Round things and crosses in their plain sense are fine.
    clean = hat.check_explanation(engine, "колесо", "круглое, как у машины, и крест на дороге")
    assert not [v for v in clean.violations if v.rule == "letters"]
