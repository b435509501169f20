"""Request-size limits read from the app's own Settings while a request is validated (issue 31).

The request schemas are classes built once per process, but every app has its Settings
(``create_app(settings=Settings(max_text_chars=10))``).  So a limited field carries a
:class:`Limit` naming the Settings field; the app's :class:`SettingsContext` (pure ASGI, the
innermost layer) puts its Settings in a context variable for the request, and the limit reads it
there while the body is validated.  The refusal is pydantic's own error (``string_too_long`` /
``too_long`` with ``max_length``), so the 422 problem+json names the field and the limit as before.

The OpenAPI document states the Settings class's defaults (``maxLength`` / ``maxItems``): one
document for every deployment, unchanged by KOREN_* variables.  Outside a request (a model built
in a script or a test) the process's Settings apply.
"""
from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import PydanticCustomError, core_schema

from service import settings as settings_module
from service.settings import Settings

_ACTIVE: ContextVar[Settings | None] = ContextVar("koren_request_settings", default=None)


def active() -> Settings:
    """The Settings of the app serving this request; outside one, the process's."""
    found = _ACTIVE.get()
    return found if found is not None else settings_module.current()


def default(name: str) -> int:
    """A limit's default, as the Settings class declares it (what the documentation states)."""
    return Settings.model_fields[name].default


class SettingsContext:
    """ASGI: the app's Settings are the active ones while it handles a request (validation included)."""

    def __init__(self, app: Callable, settings: Settings):
        self.app = app
        self.settings = settings

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        token = _ACTIVE.set(self.settings)
        try:
            await self.app(scope, receive, send)
        finally:
            _ACTIVE.reset(token)


@dataclass(frozen=True)
class Limit:
    """Annotated metadata: at most ``Settings.<setting> × factor`` characters (a str) or items (a list).

    Checked at request time against the active Settings, documented with the class default."""
    setting: str
    factor: int = 1

    def maximum(self) -> int:
        return getattr(active(), self.setting) * self.factor

    def documented(self) -> int:
        return default(self.setting) * self.factor

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        schema = handler(source)
        if schema.get("type") == "str" or (schema.get("type") == "nullable"
                                           and schema.get("schema", {}).get("type") == "str"):
            return core_schema.no_info_after_validator_function(self._check_chars, schema)
        # A list is counted before its items are read: a million-item body is refused without reading them.
        return core_schema.no_info_before_validator_function(self._check_items, schema)

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler) -> dict:
        found = handler(schema)
        target = handler.resolve_ref_schema(found)
        target["maxLength" if target.get("type") == "string" else "maxItems"] = self.documented()
        return found

    def _check_chars(self, value: Any) -> Any:
        if isinstance(value, str):
            limit = self.maximum()
            if len(value) > limit:
                raise PydanticCustomError("string_too_long", "String should have at most {max_length} characters",
                                          {"max_length": limit})
        return value

    def _check_items(self, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            limit = self.maximum()
            if len(value) > limit:
                raise PydanticCustomError(
                    "too_long", "{field_type} should have at most {max_length} items after validation, not "
                    "{actual_length}", {"field_type": "List", "max_length": limit, "actual_length": len(value)})
        return value
