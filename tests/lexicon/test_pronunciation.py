"""Pronunciation layer: transcription rules, stress readings, homophones."""
from pathlib import Path

import pytest

from lexicon.pronunciation import Pronouncer, Reading, transcribe

DATA = Path(__file__).resolve().parents[1] / "data" / "homophones.tsv"


@pytest.fixture(scope="module")
def pr() -> Pronouncer:
    return Pronouncer()


def same(a: str, b: str) -> bool:
    return transcribe(a) == transcribe(b)


# Each rule: pairs it joins, and a near-miss it must keep apart.
RULES = {
    "final devoicing": (["лу́г|лу́к", "сто́лб|сто́лп", "гла́з|гла́с"], ["лу́га|лу́ка"]),
    "voicing assimilation": (["ло́жка|ло́шка", "сва́дьба|сва́тьба"], ["сва́т|зва́т"]),
    "в does not voice": (["сва́т|сва́т"], ["сва́т|зва́т", "тво́й|дво́й"]),
    "reduction after hard": (["компа́ния|кампа́ния", "отвори́ть|отвари́ть"],
                             ["вода́|вида́"]),
    "reduction after soft": (["примиря́ть|примеря́ть", "лиса́|леса́"],
                             ["лу́к|лю́к"]),
    "ж ш ц hard": (["ло́жь|ло́ж", "ту́ш|ту́шь", "цы́рк|ци́рк"], ["ше́ст|же́ст"]),
    "ч щ soft": (["пла́ч|пла́чь", "ро́щ|ро́щь"], ["пла́ч|пла́т"]),
    "silent consonants": (["ко́стный|ко́сный", "со́лнце|со́нце", "се́рдце|се́рце",
                           "чу́вство|чу́ство", "ле́стница|ле́сница"], ["ко́стный|ко́тный"]),
    "-тся/-ться, тс/дс": (["у́чится|у́читься", "де́тский|де́цкий",
                           "городско́й|гороцко́й"], ["у́чится|у́чиса"]),
    "сч зч жч": (["сча́стье|ща́стье", "мужчи́на|мущи́на", "изво́зчик|изво́щик"],
                 ["сча́стье|ча́стье"]),
    "-ого/-его": (["зелёного|зелёново", "его́|ево́"], ["мно́го|мно́во"]),
    "double consonants": (["гри́б|гри́пп", "ба́л|ба́лл", "ка́сса|ка́са"], ["ба́л|ба́ль"]),
    "ё": (["мёл|мё́л", "ёж|йо́ж"], ["мёл|ме́л"]),
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_rule_minimal_pairs(rule):
    joined, apart = RULES[rule]
    for pair in joined:
        a, b = pair.split("|")
        assert same(a, b), (rule, pair, transcribe(a), transcribe(b))
    for pair in apart:
        a, b = pair.split("|")
        assert not same(a, b), (rule, pair, transcribe(a))


def test_transcription_notation():
    assert transcribe("лу́г") == "лу́к"
    assert transcribe("е́ль") == "йэ́лʲ"
    assert transcribe("компа́ния") == "кампа́нʲийə"


@pytest.mark.parametrize("a,b", [
    ("лук", "люк"), ("мел", "мель"), ("брат", "брать"), ("луга", "лука"),
    ("угол", "уголь"), ("шест", "жест"), ("ель", "ел"), ("сом", "сон"),
    ("гол", "голь"), ("бит", "быт"), ("мыл", "мил")])
def test_not_homophones(pr, a, b):
    assert not pr.homophones(a, b)[0]


@pytest.mark.parametrize("a,b", [
    ("луг", "лук"), ("браг", "брак"), ("столб", "столп"), ("компания", "кампания"),
    ("примирять", "примерять"), ("отворить", "отварить"), ("ложь", "лож"),
    ("плач", "плачь"), ("туш", "тушь"), ("косный", "костный"), ("гриб", "грипп"),
    ("бал", "балл")])
def test_homophones(pr, a, b):
    ok, ra, rb = pr.homophones(a, b)
    assert ok, (ra, rb)


def test_identical_strings_are_one_word(pr):
    assert not pr.homophones("луг", "луг")[0]
    assert not pr.homophones("Луг", "луг")[0]


def stresses(pr, word):
    return {r.stressed for r in pr.readings(word)}


def test_multiple_readings(pr):
    assert {"ве́сти", "вести́"} <= stresses(pr, "вести")
    assert {"по́рок", "поро́к"} <= stresses(pr, "порок")
    assert {"за́мок", "замо́к"} <= stresses(pr, "замок")
    assert {"ме́л", "мё́л"} <= stresses(pr, "мел")  # мёл of мести, ё restored
    assert {"во́ды", "воды́"} <= stresses(pr, "воды")


def test_stress_mark_narrows(pr):
    for marked, want in [("за́мок", "за́мок"), ("замо́к", "замо́к"),
                         ("за+мок", "за́мок"), ("з+амок", "за́мок"), ("зам+ок", "замо́к"),
                         ("замО́к", "замо́к"), ("замОк", "замо́к")]:
        rs = pr.readings(marked)
        assert [r.stressed for r in rs] == [want], marked
        assert rs[0].source == "user"
    assert pr.readings("мёл")[0].stressed == "мё́л"


def test_marked_stress_decides_homophony(pr):
    assert pr.homophones("ве́сти", "вѐсти")[0] is False  # same word
    assert pr.homophones("поро́к", "паро́к")[0]
    assert not pr.homophones("по́рок", "па́рок")[0]


def test_unknown_word_is_a_guess(pr):
    rs = pr.readings("шмурдяк")
    assert rs and all(r.source == "guess" for r in rs)
    assert pr.is_guess("шмурдяк")
    assert not pr.is_guess("вода")
    assert isinstance(rs[0], Reading) and rs[0].phonemes


def test_forms_get_stress(pr):
    assert "бра́г" in stresses(pr, "браг")
    assert "стола́" in stresses(pr, "стола")      # espeak: mobile stress
    assert "ежа́" in stresses(pr, "ежа")          # ё lost: stress on the ending


def test_eval_homophones_tsv(pr):
    rows = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    assert rows
    wrong = [(a, b, label) for a, b, label, *_ in rows
             if pr.homophones(a, b)[0] != (label.strip() == "1")]
    assert not wrong, wrong
