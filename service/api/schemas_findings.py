"""Pydantic models of findings, derived from service.rules.findings.Finding.

Each game narrows the same shape: which severities (or penalties) it uses,
whether findings carry a span of the text, what game fields they are about
and whether evidence is one object or a list.  The field list comes from the
dataclass, so the schema cannot drift from what the rules emit.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from service.rules.findings import Finding

SPAN_FIELDS = {
    "token": (str, Field(..., description="the text at start:end, exactly as sent")),
    "start": (int, Field(..., description="offset into the text as sent (Python str index)")),
    "end": (int, Field(..., description="end offset, exclusive")),
}


def finding_model(name: str, *, rules: str, severities: tuple[str, ...], severity_help: str = "",
                  span: bool = False, penalties: tuple[str, ...] | None = None,
                  about: dict[str, tuple[Any, Any]] | None = None, evidence_list: bool = False) -> type[BaseModel]:
    fields: dict[str, tuple[Any, Any]] = {}
    for f in dataclasses.fields(Finding):
        if f.name == "rule":
            fields["rule"] = (str, Field(..., description=rules))
        elif f.name == "message":
            fields["message"] = (str, Field(..., description="why, in Russian"))
        elif f.name == "severity":
            fields["severity"] = (Literal[severities], Field(..., description=severity_help or None))
        elif f.name == "span" and span:
            fields.update(SPAN_FIELDS)
        elif f.name == "penalty" and penalties:
            fields["penalty"] = (Literal[penalties], ...)
        elif f.name == "evidence":
            fields["evidence"] = (list[dict[str, Any]], []) if evidence_list else (dict[str, Any], {})
        elif f.name == "about":
            fields.update(about or {})
    return create_model(name, __base__=BaseModel, **fields)
