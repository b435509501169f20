"""Relative redirects: Starlette's slash redirect builds an absolute URL from the Host header.

A client (or a proxy in front of us) that sends a forged Host would get a
redirect to another site; a relative Location avoids trusting the header at
all and works the same behind any proxy.
"""
from __future__ import annotations

from urllib.parse import urlsplit


def relative_location(location: str) -> str:
    parts = urlsplit(location)
    path = "/" + parts.path.lstrip("/")          # never "//host": that is a protocol-relative URL
    return path + (f"?{parts.query}" if parts.query else "")


class RelativeRedirectMiddleware:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_relative(message):
            if message["type"] == "http.response.start" and 300 <= message["status"] < 400:
                message = {**message, "headers": [
                    (k, relative_location(v.decode("latin-1")).encode("latin-1") if k.lower() == b"location" else v)
                    for k, v in message.get("headers", [])]}
            await send(message)

        await self.app(scope, receive, send_relative)
