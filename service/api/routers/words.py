"""Words and roots: health, word analysis, cognate checks."""
from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Path, Request

from lexicon import Lexicon, budget
from lexicon.overrides import Oracle
from lexicon.text import InvalidWord, NormalizedWord, normalize_word
from service.api import metrics
from service.api.errors import json_safe
from service.api.fast_json import OrjsonResponse, shaped
from service.api.deps import Words, get_lexicon, read_word
from service.api.routers import ops
from service import rulings
from service.api.schemas import (MAX_WORD_CHARS, CognatesBatchIn, CognatesBatchOut, CognatesIn, CognatesOut, Health,
                                 WordOut, WordStr)

router = APIRouter(prefix="/v1")


@router.get("/health", response_model=Health, operation_id="health", tags=["service"])
async def health(request: Request) -> dict:
    # A probe: async and no Words dependency, which FastAPI would run in the busy request thread pool.
    token = request.app.state.settings.rulings_token
    return {"status": "ok", "lexicon": await ops.off_loop(get_lexicon(request).info),
            "rulings_writable": bool(token and token.get_secret_value())}


@router.get("/words/{word}", response_model=WordOut, operation_id="get_word", tags=["words"])
def get_word(lexicon: Words, word: WordStr = Path(..., json_schema_extra={"maxLength": MAX_WORD_CHARS})) -> dict:
    analysis = lexicon.analyse(read_word("word", word))
    readings = lexicon.readings(word)
    pronunciations = [r.phonemes for r in readings]
    return {
        "word": word,
        "normalized": analysis.word.text,
        "known": analysis.known,
        "lemmas": list(analysis.lemmas) or [analysis.word.text],
        "analyses": [{**an.to_json(), "related": lexicon.related(an, 20)} for an in analysis.analyses],
        "pronunciations": list(dict.fromkeys(pronunciations)),
        "readings": [{"stressed": r.stressed, "phonemes": r.phonemes, "source": r.source} for r in readings],
        "wiktionary": "https://ru.wiktionary.org/wiki/" + quote(analysis.lemmas[0] if analysis.lemmas else analysis.word.text),
    }


def compared(lexicon: Lexicon, a: NormalizedWord, b: NormalizedWord, oracle: Oracle) -> dict:
    """The verdict on two words read, cached under their normal forms (one entry a pair of words, whatever
    was sent around them: a padded spelling was kept whole as the key); the answer names them as sent."""
    return {**lexicon.compare(a.canonical, b.canonical, oracle).to_json(), "a": a.raw, "b": b.raw}


@router.post("/cognates", response_model=CognatesOut, operation_id="check_cognates", tags=["words"])
def cognates(body: CognatesIn, lexicon: Words, request: Request) -> dict:
    a, b = read_word("a", body.a), read_word("b", body.b)
    # A judge's ruling in `scope` overrides the lexicon; the evidence keeps the lexicon's answer.
    answer = compared(lexicon, a, b, rulings.oracle_for(request.app, body.scope))
    metrics.verdict("cognates", answer["cognate"])
    return answer


@router.post("/cognates/batch", response_model=CognatesBatchOut, operation_id="check_cognates_batch", tags=["words"])
def cognates_batch(body: CognatesBatchIn, lexicon: Words, request: Request) -> OrjsonResponse:
    oracle = rulings.oracle_for(request.app, body.scope)
    rulings.prefetch(oracle, "cognate", [w for pair in body.pairs for w in pair])   # one query for the batch
    results = []
    for index, (a, b) in enumerate(body.pairs):
        budget.check()     # up to 1,000 pairs: a timed-out batch stops here instead of running on unseen
        try:
            results.append(compared(lexicon, normalize_word(a), normalize_word(b), oracle))
        except InvalidWord as exc:
            # One bad pair should not sink a batch of a thousand: report it in place.
            results.append({"a": json_safe(a), "b": json_safe(b), "cognate": False, "confidence": "none", "shared_roots": [],
                            "evidence": [], "error": {"pair": index, "code": exc.code, "message": exc.reason}})
    # Up to 1,000 verdicts: encoded once, not validated again (fast_json); shaped to CognatesOut's fields.
    return OrjsonResponse({"results": [shaped(CognatesOut, r) for r in results]})
