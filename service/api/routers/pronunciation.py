"""Pronunciation: do two written forms sound the same?"""
from __future__ import annotations

from fastapi import APIRouter

from service.api.deps import Words, read_word
from service.api.schemas import HomophonesIn, HomophonesOut

router = APIRouter(prefix="/v1", tags=["pronunciation"])


@router.post("/homophones", response_model=HomophonesOut, operation_id="check_homophones")
def homophones(body: HomophonesIn, lexicon: Words) -> dict:
    pronouncer = lexicon.pronouncer
    read_word("a", body.a)  # same 422s as every word field
    read_word("b", body.b)
    same, readings_a, readings_b = pronouncer.homophones(body.a, body.b)
    sounds_a = list(dict.fromkeys(r.phonemes for r in readings_a))
    sounds_b = list(dict.fromkeys(r.phonemes for r in readings_b))
    matched = [s for s in sounds_a if s in sounds_b]
    guess = pronouncer.is_guess(body.a) or pronouncer.is_guess(body.b)
    if same:
        pair = next((ra, rb) for ra in readings_a for rb in readings_b if ra.phonemes == rb.phonemes)
        explanation = f"«{pair[0].stressed}» и «{pair[1].stressed}» оба произносятся [{pair[0].phonemes}]"
    elif matched:
        explanation = "это одно и то же слово, а не пара омофонов"
    else:
        explanation = "ни одно прочтение одного слова не звучит как прочтение другого"
    as_json = lambda rs: [{"stressed": r.stressed, "phonemes": r.phonemes, "source": r.source} for r in rs]
    return {"a": body.a, "b": body.b, "homophones": same, "a_pronunciations": sounds_a, "b_pronunciations": sounds_b,
            "a_readings": as_json(readings_a), "b_readings": as_json(readings_b), "matched": matched,
            "guess": guess, "explanation": explanation}
