"""Hat explanations as players say them: sound appeals, translations, abbreviations with suffixes, fragments.

Examples written for these tests (the play-test sets in tests/data are measured, not copied here).
"""
import pytest

from service.rules import hat


def findings(lexicon, target, text, severity="violation"):
    result = hat.check_explanation(lexicon, target, text)
    for v in result.violations:
        assert text[v.start:v.end] == v.token      # spans point into the text as sent
        assert v.message and v.evidence
    return {(v.rule, v.token) for v in result.violations if severity is None or v.severity == severity}


def tokens(lexicon, target, text, severity="violation"):
    return {token for _, token in findings(lexicon, target, text, severity)}


# --- sound appeals stated outright (rule E) ---------------------------------------

@pytest.mark.parametrize("target, text, flagged", [
    ("пушка", "из неё стреляют, рифмуется с «мушка»", {"рифмуется", "мушка"}),
    ("мышь", "грызун, в рифму со словом тишь", {"рифму", "тишь"}),
    ("кот", "домашний, звучит как «рот»", {"звучит", "рот"}),
    ("дом", "где живёшь, созвучно с «ком»", {"созвучно", "ком"}),
    ("ложка", "ей едят суп, похоже по звучанию на «кошка»", {"звучанию", "кошка"}),
    ("бочка", "в ней соленья, на слух как «точка»", {"слух", "точка"}),
    ("мост", "через реку, звучит так же, как «мозг»", {"звучит", "мозг"}),
    ("сок", "его пьют, похоже звучит на «сук»", {"звучит", "сук"}),
    ("лук", "овощ, рифмуется: «жук»", {"рифмуется", "жук"}),
    ("кошка", "мурлычет, звучит почти как мошка", {"звучит", "мошка"}),   # no quotes: the word sounds alike
])
def test_sound_appeals_are_violations(lexicon, target, text, flagged):
    assert flagged <= tokens(lexicon, target, text)


@pytest.mark.parametrize("target, text", [
    ("стих", "в нём строчки созвучны, есть рифма и ритм"),
    ("гроза", "гремит, звучит как выстрел, потом ливень"),
    ("песня", "её поют, мелодия звучит красиво"),
    ("виолончель", "большая, звучит как скрипка, только ниже"),       # a sound described, no word alike
    ("музыкант", "он на слух с детства мелодии подбирает"),
])
def test_plain_mentions_of_sound_stay_clean(lexicon, target, text):
    assert not {t for r, t in findings(lexicon, target, text) if r == "letters"}


# --- translations (rule F) ----------------------------------------------------------

@pytest.mark.parametrize("target, text, word", [
    ("собака", "друг человека, э-э, по-английски дог", None),      # «дог» is a Russian word (a breed)
    ("дом", "где живёшь, ну, по-английски хоум", "хоум"),
    ("ночь", "темно, спят, ну, э-э, найт по-английски", "найт"),
    ("ночь", "темно, по-английски это будет найт", "найт"),          # linking words passed over
])
def test_foreign_word_next_to_a_language(lexicon, target, text, word):
    got = {t for r, t in findings(lexicon, target, text) if r == "translation"}
    assert got == ({word} if word else set())


@pytest.mark.parametrize("target, text", [
    ("сеньора", "ну как госпожа, только по-испански"),          # «только» is no translation
    ("багет", "хлеб длинный, Франция по-французски так печёт"),  # a place name is no translation
    ("ребёнок", "малыш, э-э, по-английски, ну, маленький"),      # a pause is no translation
    ("ажиотаж", "шумиха, по-английски хайп, в соцсетях"),          # a loan the lexicon lists is Russian
])
def test_no_translation_false_alarms(lexicon, target, text):
    assert not {t for r, t in findings(lexicon, target, text) if r == "translation"}


# --- abbreviations in any case form, with suffixes (rule B) -------------------------

@pytest.mark.parametrize("target, text, token", [
    ("инспекция", "ну его остановил ГАИшник на трассе", "ГАИшник"),
    ("инспекция", "ну его остановил гаишник на трассе", "гаишник"),
    ("ситуация", "приехали мчсники, всех спасли", "мчсники"),
    ("отряд", "на митинге стояли ОМОНовцы в шлемах", "ОМОНовцы"),
    ("станция", "военные ставят РЛС на холме", "РЛС"),
    ("олимпиада", "он призёр ВОШ по химии", "ВОШ"),
    ("безопасность", "за ним следит ФСБ-шник", "ФСБ-шник"),
    ("безопасность", "за ним следит эфэсбэшник", "эфэсбэшник"),      # spelled as it is read
    ("университет", "поступил в эмгэу на мехмат", "эмгэу"),
    ("университет", "учился в МГУшной общаге", "МГУшной"),
])
def test_abbreviations_with_suffixes(lexicon, target, text, token):
    assert ("abbreviation", token) in findings(lexicon, target, text)


@pytest.mark.parametrize("target, text", [
    ("школа", "у плуга есть сошник, им пашут"),               # сошник is no СОШ-word
    ("станция", "на стоечке стоит ваза"),                       # стоечка is no СТО-word
    ("кошка", "у неё маленький ДОМик, мурлычет"),
    ("розыск", "кошку звали Мурка, ловила мышей"),              # мур|ка is no МУР-word
])
def test_words_that_only_begin_like_an_abbreviation(lexicon, target, text):
    assert not {t for r, t in findings(lexicon, target, text) if r == "abbreviation"}


# --- fragments: a cut-off part the target completes (rule C) ------------------------

@pytest.mark.parametrize("target, text, token", [
    ("наступление", "ну армия идёт вперёд, а потом контр…", "контр"),      # контрнаступление; «контр» is a word form
    ("вокзал", "поезда приходят, а для самолётов — аэро…", "аэро"),
    ("дактиль", "динозавр летающий, птеро-", "птеро"),
    ("роль", "в шахматах главная фигура — ко…", "ко"),                  # ко + роль = король
])
def test_cut_off_parts_are_fragments(lexicon, target, text, token):
    assert ("fragment", token) in findings(lexicon, target, text)


@pytest.mark.parametrize("target, text", [
    ("счастье", "ну это не… не горе, а радость"),         # a cut-off negation is a hesitation
    ("грядка", "на огороде, такая полоска земли… длинная"),
    ("революция", "ну в семнадцатом году, э… переворот"),
    ("вода", "течёт в реке, ну за… за городом её много, по… пьют"),    # prepositions cut off in a pause
    ("ход", "ну шаг в игре, по… поиграл и всё"),
    ("вода", "ну её много… много в море, лес… лес растёт у реки"),       # frequent words cut off in a pause
])
def test_hesitations_are_no_fragments(lexicon, target, text):
    assert not {t for r, t in findings(lexicon, target, text) if r == "fragment"}


@pytest.mark.parametrize("target, text, token", [
    ("корова", "ну мычит, возьми «кор» и прибавь немного", "кор"),
    ("стол", "на нём едят, возьми «сто» и допиши чуть-чуть, и всё", "сто"),
    ("пароход", "плывёт, «паро» плюс немного", "паро"),
    ("глобус", "шар с картой, гло…", "гло"),
])
def test_parts_left_to_extend(lexicon, target, text, token):
    assert ("fragment", token) in findings(lexicon, target, text)


@pytest.mark.parametrize("target, text", [
    ("котлета", "возьми «кот» и добавь «лета»"),                  # explaining by parts, each part named
    ("стол", "возьми сто рублей и добавь немного сахара"),         # an amount of sugar, not of letters
    ("полка", "на пол не ставят, ещё немного выше вешают"),        # «ещё» counts after a quoted part only
    ("грузин", "житель Тбилиси, возьми название страны и измени конец"),
])
def test_parts_explained_by_meaning_stay_clean(lexicon, target, text):
    assert not {t for r, t in findings(lexicon, target, text) if r == "fragment"}
