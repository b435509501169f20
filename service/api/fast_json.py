"""Big answers (a pool lint, a cognate batch) as bytes from orjson, not validated a second time.

FastAPI validates a returned dict against the response model and serialises the validated copy: for
an 8,000-word pool that is 3 MB of JSON built twice.  The rules already emit the model's shape (a test
compares the two on every field), so an endpoint that returns an OrjsonResponse skips both; its
`response_model` stays on the route for the OpenAPI document only.  orjson writes compact UTF-8, as
the default serialiser did: the bytes are the same.
"""
from __future__ import annotations

from typing import Any

import orjson
from fastapi.responses import JSONResponse
from pydantic import BaseModel


class OrjsonResponse(JSONResponse):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def shaped(model: type[BaseModel], item: dict) -> dict:
    """`item` with exactly the model's top-level fields in the model's order, defaults filled — what
    validation would have made of a dict whose nested values already fit (no validation here)."""
    return {name: item[name] if name in item else field.get_default(call_default_factory=True)
            for name, field in model.model_fields.items()}
