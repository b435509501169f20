"""The OpenAPI document as a person reads it: every operation's summary and description in Russian, request
examples (the README's curls), the problem+json answers each can give with their real shape, tags per game.

FastAPI builds the schema from the routers; this module adds to it once, in create_app (app.openapi).
The committed openapi.json is this document (`make openapi` writes it; tests/test_openapi.py compares).
"""
from __future__ import annotations

from typing import Any

from service.api.errors import TITLES

# The routers tag operations with short English names (the code's); /docs shows the Russian ones.
TAG_NAMES = {"service": "Сервис", "words": "Слова", "pronunciation": "Произношение", "hat": "Шляпа",
             "codenames": "Codenames", "pool": "Пулы слов", "mafia": "Мафия", "chgk": "ЧГК",
             "rulings": "Решения судей"}
TAGS = [{**tag, "name": TAG_NAMES[tag["name"]]} for tag in [
    {"name": "service", "description": "Состояние сервиса: жив ли процесс, загружен ли словарь"},
    {"name": "words", "description": "Слова и однокоренные: разбор по составу, корни, гнёзда, доказательства"},
    {"name": "pronunciation", "description": "Созвучия: могут ли два написания звучать одинаково"},
    {"name": "hat", "description": "Шляпа: объяснение и догадка по правилам rules/hat.txt"},
    {"name": "codenames", "description": "Codenames: подсказка капитана и раскладка поля"},
    {"name": "pool", "description": "Пулы слов: проверка и генерация"},
    {"name": "mafia", "description": "Мафия: дневная речь игрока по клубным или спортивным правилам"},
    {"name": "chgk", "description": "«Что? Где? Когда?»: зачёт ответов по Кодексу МАК и чтение пакетов"},
    {"name": "rulings", "description": "Решения судей турнира: каждая проверка со `scope` следует им"},
]]

# (method, path) → (summary, description, request example or None)
OPERATIONS: dict[tuple[str, str], tuple[str, str, dict | None]] = {
    ("get", "/v1/health"): ("Состояние и словарь", "Версия и размер словаря; можно ли записывать решения судей.", None),
    ("get", "/v1/health/live"): ("Процесс жив", "Отвечает, пока процесс работает; о словаре ничего не говорит "
                                 "(liveness-проба).", None),
    ("get", "/v1/health/ready"): ("Готов к работе", "Готов, когда словарь загружен и каждый файл данных проверен; "
                                  "иначе 503 с именем файла (readiness-проба).", None),
    ("get", "/v1/words/{word}"): ("Слово: разбор и родственные", "Леммы, разбор по составу, корни, гнёзда, "
                                  "родственные слова, произношения и ссылка на Викисловарь.", None),
    ("post", "/v1/cognates"): ("Однокоренные ли два слова", "Вердикт с корнями, чередованием, путём связей, "
                               "источниками и уверенностью (certain / probable / none). Со `scope` решение судей "
                               "турнира главнее словаря.", {"a": "рука", "b": "наручники"}),
    ("post", "/v1/cognates/batch"): ("Однокоренные: много пар", "До KOREN_MAX_BATCH_PAIRS пар за один запрос; "
                                     "каждая пара — как в /v1/cognates.",
                                     {"pairs": [["вода", "водитель"], ["рука", "наручники"]]}),
    ("post", "/v1/homophones"): ("Созвучны ли два написания", "Каждое ударное прочтение каждого слова и совпадают "
                                 "ли они по звучанию (луг / лук).", {"a": "луг", "b": "лук"}),
    ("post", "/v1/hat/explanation"): ("Шляпа: проверить объяснение", "Нарушения в объяснении с позициями в тексте: "
                                      "однокоренные, аббревиатуры, обрывки, буквы, переводы, брань, созвучия.",
                                      {"target": "университет", "text": "МГУ — это такой, птеро… нет"}),
    ("post", "/v1/hat/guess"): ("Шляпа: засчитать догадку", "Засчитывается ли догадка: форма загаданного слова, "
                                "созвучие или однокоренное (не засчитывается).", {"target": "брага", "guess": "брак"}),
    ("post", "/v1/codenames/clue"): ("Codenames: проверить подсказку", "Одно существующее слово, не однокоренное "
                                     "открытым картам, без букв, с допустимым числом; штраф по правилам турнира.",
                                     {"clue": "рыбак", "number": 2, "board": ["рыба", "дом", "кот"], "team_open": 3}),
    ("post", "/v1/codenames/board"): ("Codenames: разложить поле", "25 карт без однокоренных, созвучных и "
                                      "повторяющихся пар — из присланного набора или из словаря; с `key` — карта "
                                      "ключей капитанов.", {"seed": 3, "key": True}),
    ("post", "/v1/pool/lint"): ("Проверить пул слов", "Каждое слово с замечаниями (нет в словарях, не "
                                "существительное, имя собственное, множественное число, аббревиатура, брань) и "
                                "уровнем; повторы, варианты написания, однокоренные группы, конфликты на поле.",
                                {"words": ["кот", "кошка", "столы", "ООН", "Москва"], "game": "hat"}),
    ("post", "/v1/pool/generate"): ("Вытянуть слова для игры", "Нарицательные существительные в ед. ч. из словаря "
                                    "в полосе частоты, без повторов, однокоренных и созвучных пар; у каждого — "
                                    "частота и почему подошло; seed воспроизводит выборку.",
                                    {"count": 1, "difficulty": "medium", "seed": 7}),
    ("post", "/v1/mafia/speech"): ("Мафия: проверить речь", "Что правила наказывают в дневной речи: клятвы, "
                                   "брань, оскорбления, обращения к судье; фолы, удаление, выставленные номера.",
                                   {"text": "Честно, я мирный. Выставляю номер пять. Спасибо, всё.", "ruleset": "sport"}),
    ("post", "/v1/chgk/answer"): ("ЧГК: засчитать ответ", "Зачёт, незачёт или «на жюри» с причиной, совпавшим "
                                  "вариантом и доказательствами — по Кодексу МАК и практике жюри.",
                                  {"answer": "Пётр Первый", "reference": "Пётр I"}),
    ("post", "/v1/chgk/answers"): ("ЧГК: ответы всех команд", "Ответы команд на один вопрос; равнозначные ответы "
                                   "собраны в группы, чтобы судья решал один раз за группу.",
                                   {"reference": "кошка", "answers": [{"team": "A", "answer": "Кошка"},
                                                                      {"team": "B", "answer": "собака"}]}),
    ("post", "/v1/chgk/package"): ("ЧГК: прочитать пакет", "Пакет в формате базы вопросов (db.chgk.info) или 4s: "
                                   "вопросы, ответы, зачёт и незачёт, критерии, раздатка.",
                                   {"text": "Вопрос 1:\nКто первым полетел в космос?\nОтвет: [Юрий] Гагарин.\n"}),
    ("post", "/v1/chgk/package/file"): ("ЧГК: прочитать файл пакета", "Файл пакета как тело запроса (UTF-8, CP1251, "
                                        "KOI8-R, CP866 — кодировка определяется сама).", None),
    ("post", "/v1/rulings"): ("Записать решение судьи", "Решение турнира по паре (однокоренные, догадка, ответ ЧГК); "
                              "со следующей проверки оно главнее словаря. Нужен токен (Authorization: Bearer).",
                              {"scope": "cup-2026", "kind": "cognate", "a": "свет", "b": "свеча", "verdict": False,
                               "note": "решение ГС"}),
    ("get", "/v1/rulings"): ("Решения турнира", "Все решения одного турнира (scope).", None),
    ("get", "/v1/rulings/export"): ("Выгрузить решения", "Решения турнира одним JSON-документом для "
                                    "POST /v1/rulings/import.", None),
    ("post", "/v1/rulings/import"): ("Загрузить решения", "Всё или ничего: одно неверное решение отклоняет весь "
                                     "документ. Нужен токен.", None),
    ("get", "/v1/rulings/{ruling_id}"): ("Одно решение", "Решение по номеру.", None),
    ("delete", "/v1/rulings/{ruling_id}"): ("Удалить решение", "Проверки снова следуют словарю. Нужен токен.", None),
}

# Answers as the README shows them (abridged: the schema lists every field).
RESPONSE_EXAMPLES: dict[tuple[str, str], dict] = {
    ("post", "/v1/cognates"): {
        "a": "рука", "b": "наручники", "cognate": True, "confidence": "certain", "shared_roots": ["рук", "руч"],
        "evidence": [{"kind": "same_family", "alternation": "к/ч",
                      "explanation": "корень «рук» слова «рука» и корень «руч» слова «наручник» — один корень "
                                     "(чередование к/ч)"}]},
    ("post", "/v1/hat/guess"): {"target": "брага", "guess": "брак", "accepted": True, "reason": "form_homophone",
                                "message": "догадка «брак» звучит так же, как «браг», форма загаданного слова «брага»"},
    ("post", "/v1/chgk/answer"): {"verdict": "accept", "reason": "number",
                                  "message": "ответ совпадает с эталоном, число записано по-другому: зачёт",
                                  "matched": "Пётр I", "source": "reference"},
    ("post", "/v1/pool/generate"): {"words": [{"word": "разделение", "zipf": 3.9, "why": "нарицательное "
                                               "существительное в им. п. ед. ч. (pymorphy3); частота Zipf 3.9 "
                                               "(wordfreq) — полоса «средне» (3.0–4.0); первое выбранное слово"}],
                                    "count": 1, "seed": 7, "difficulty": "medium"},
}

PROBLEM_SCHEMA = {
    "type": "object", "required": ["type", "title", "status", "detail", "code"],
    "properties": {
        "type": {"type": "string", "description": "адрес типа проблемы (/problems/…) или about:blank"},
        "title": {"type": "string", "description": "краткое название по-русски (программе — поле `code`)"},
        "status": {"type": "integer"},
        "detail": {"type": "string", "description": "что не так — для человека, по-русски"},
        "code": {"type": "string", "description": "устойчивый машинный код"},
        "errors": {"type": "array", "description": "поля запроса, которые не прошли проверку",
                   "items": {"type": "object", "properties": {"field": {"type": "string"}, "code": {"type": "string"},
                                                               "message": {"type": "string"}}}},
        "limit": {"type": "string", "description": "413: какой предел превышен"},
    },
}
PROBLEMS = {
    "400": ("тело запроса — не JSON в UTF-8", {"type": "about:blank", "title": TITLES["Bad request"], "status": 400,
                                               "detail": "тело запроса — не JSON в UTF-8", "code": "bad-request"}),
    "403": ("запись решений выключена: не задан KOREN_RULINGS_TOKEN", None),
    "404": ("нет такого адреса или такой записи", None),
    "413": ("тело больше KOREN_MAX_BODY_BYTES или работа больше предела (`limit` называет его)",
            {"type": "/problems/too-much-work", "title": TITLES["Request too large"], "status": 413,
             "detail": "вариантов эталона больше 512 …", "code": "too-much-work", "limit": "reference_variants"}),
    "415": ("тело не в JSON", None),
    "422": ("поле запроса не прошло проверку (`errors` называет поля)",
            {"type": "/problems/validation", "title": TITLES["Invalid request"], "status": 422,
             "detail": "a: обязательное поле отсутствует", "code": "validation",
             "errors": [{"field": "a", "code": "missing", "message": "обязательное поле отсутствует"}]}),
    "503": ("сервер перегружен, не успел за KOREN_REQUEST_TIMEOUT_MS или словарь недоступен", None),
}
COMMON = ("400", "413", "415", "422", "503")


def _problem_response(code: str) -> dict:
    description, example = PROBLEMS[code]
    content: dict[str, Any] = {"schema": {"$ref": "#/components/schemas/Problem"}}
    if example:
        content["example"] = example
    return {"description": description, "content": {"application/problem+json": content}}


def document(schema: dict) -> dict:
    """The generated schema with the Russian texts, examples and problem answers added (in place)."""
    schema.setdefault("components", {}).setdefault("schemas", {})["Problem"] = PROBLEM_SCHEMA
    schema["tags"] = TAGS
    for path, methods in schema.get("paths", {}).items():
        for method, op in methods.items():
            summary, description, example = OPERATIONS.get((method, path), (op.get("summary"), op.get("description"),
                                                                              None))
            op["summary"], op["description"] = summary, description
            if "tags" in op:
                op["tags"] = [TAG_NAMES.get(tag, tag) for tag in op["tags"]]
            if example is not None:
                body = op.get("requestBody", {}).get("content", {}).get("application/json")
                if body is not None:
                    body["example"] = example
            answer = RESPONSE_EXAMPLES.get((method, path))
            ok = op.get("responses", {}).get("200", {}).get("content", {}).get("application/json")
            if answer is not None and ok is not None:
                ok["example"] = answer
            responses = op.setdefault("responses", {})
            wanted = COMMON + (("403",) if path.startswith("/v1/rulings") else ()) + (
                ("404",) if "{" in path else ())
            for code in (*wanted, *(c for c in responses if c in PROBLEMS)):
                responses[code] = _problem_response(code)     # the one shape every problem answer has
    return schema
