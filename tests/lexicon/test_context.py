"""lexicon.context: the sentence chooses a form's reading (slovnet's tagger over pymorphy3's parses)."""
from __future__ import annotations

import threading

import pytest

from lexicon import context
from lexicon.context import UDTag, agrees, choose, readings_by_lemma

STEEL = {"steel": ("сталь",), "become": ("стать",)}
SAW = {"saw": ("пила",), "drink": ("пить",)}


def test_the_model_files_come_from_the_installed_natasha_package():
    assert context.natasha_data(context.MORPH_MODEL).name == "slovnet_morph_news_v1.tar"
    assert context.natasha_data(context.EMBEDDINGS).stat().st_size > 1_000_000


def test_the_tagger_loads_once_even_when_threads_ask_together():
    seen = []
    threads = [threading.Thread(target=lambda: seen.append(context.tagger())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(t) for t in seen}) == 1


@pytest.mark.parametrize("words, index, options, meant", [
    ("мы стали друзьями", 1, STEEL, "become"),
    ("из стали делают ножи", 1, STEEL, "steel"),
    ("она пила чай", 1, SAW, "drink"),
    ("острая пила лежит", 1, SAW, "saw"),
])
def test_the_sentence_chooses_the_reading(words, index, options, meant):
    choice = choose(words.split(), index, options)
    assert choice.decided and choice.chosen == meant
    assert abs(sum(choice.shares.values()) - 1) < 1e-6


def test_a_close_call_is_left_undecided(hesitant):
    choice = choose("пила по дереву".split(), 0, SAW)
    assert choice.tagged and not choice.decided
    assert choice.shares["saw"] == pytest.approx(0.5)


def test_a_clear_lead_decides():
    assert choose("пила по дереву".split(), 0, SAW).chosen == "saw"        # noun 0.63 against verb 0.37


def test_the_part_of_speech_of_the_chosen_reading():
    assert choose("она пила чай".split(), 1, SAW).parts["drink"] == "VERB"
    assert context.pos_word("VERB") == "глагол"


def test_parts_of_speech_agree_and_a_proper_name_is_propn():
    assert agrees(UDTag.parse("NOUN|Animacy=Inan|Case=Nom|Gender=Fem|Number=Sing"), "NOUN,inan,femn sing,gent")
    assert not agrees(UDTag.parse("NOUN|Case=Gen"), "NOUN,anim,masc,Name sing,gent")   # «пил»: a name
    assert agrees(UDTag.parse("PROPN|Case=Gen"), "NOUN,anim,masc,Name sing,gent")
    assert agrees(UDTag.parse("VERB|Tense=Past"), "VERB,impf,tran femn,sing,past,indc")
    assert agrees(UDTag.parse("ADJ|Case=Nom"), "PRTF,perf,past,pssv masc,sing,nomn")     # participles either way
    assert not agrees(UDTag.parse("ADV"), "NOUN,inan,femn sing,nomn")


def test_readings_by_lemma_lists_each_lemma_with_its_parts_of_speech():
    readings = readings_by_lemma("стали")
    assert readings["стать"] == {"VERB"} and readings["сталь"] == {"NOUN"}
    assert readings_by_lemma("пила")["пил"] == {"PROPN"}


def test_without_the_tagger_nothing_is_decided(monkeypatch):
    def missing(relative):
        raise context.TaggerUnavailable("пакет natasha с моделью slovnet не установлен")

    monkeypatch.setattr(context, "_tagger", None)
    context._choose.cache_clear()        # answers cached with the tagger would hide its absence
    monkeypatch.setattr(context, "natasha_data", missing)
    choice = choose("мы стали друзьями".split(), 1, STEEL)
    assert not choice.tagged and not choice.decided
