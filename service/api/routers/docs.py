"""GET /docs and /redoc from packaged assets: the API documentation works without internet.

FastAPI's own pages load Swagger UI and ReDoc from a CDN, which a judge's laptop at a tournament or a
closed network cannot reach.  The assets come from the fastapi-offline wheel (swagger-ui-bundle.js,
swagger-ui.css, redoc.standalone.js, a favicon), read from its package folder and served from a fixed
list: no path from the URL reaches the disk.

Both pages carry a Content-Security-Policy that allows this origin only (issue 36, item 8): Swagger UI's
one inline script by its hash, inline styles (both libraries set style attributes and ReDoc writes its
styles into <style> elements), data: images and fonts, and blob: workers (ReDoc's search).  So
ReDoc's «powered by» logo is not even requested from cdn.redoc.ly (issue 34, item 11).
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import re
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse

from service.api.errors import problem

ASSETS = {"swagger-ui-bundle.js": "text/javascript; charset=utf-8", "swagger-ui.css": "text/css; charset=utf-8",
          "redoc.standalone.js": "text/javascript; charset=utf-8", "favicon.png": "image/png"}
PREFIX = "/docs/static"

router = APIRouter(include_in_schema=False)

INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def csp(html: str) -> str:
    """The page's policy: 'self', plus the page's own inline scripts by their SHA-256."""
    hashes = " ".join("'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
                      for script in INLINE_SCRIPT.findall(html))
    return ("default-src 'self'; " f"script-src 'self'{' ' + hashes if hashes else ''}; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; "
            "worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            "frame-ancestors 'none'; form-action 'none'")


def guarded(page: HTMLResponse) -> HTMLResponse:
    page.headers["Content-Security-Policy"] = csp(page.body.decode())
    page.headers["X-Content-Type-Options"] = "nosniff"
    page.headers["Referrer-Policy"] = "no-referrer"
    return page


def assets_folder() -> Path | None:
    spec = importlib.util.find_spec("fastapi_offline")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "static"


@router.get("/docs")
def swagger(request: Request) -> HTMLResponse:
    return guarded(get_swagger_ui_html(openapi_url=request.app.openapi_url, title=f"{request.app.title} — API",
                                       swagger_js_url=f"{PREFIX}/swagger-ui-bundle.js",
                                       swagger_css_url=f"{PREFIX}/swagger-ui.css",
                                       swagger_favicon_url=f"{PREFIX}/favicon.png"))


@router.get("/redoc")
def redoc(request: Request) -> HTMLResponse:
    return guarded(get_redoc_html(openapi_url=request.app.openapi_url, title=f"{request.app.title} — API",
                                  redoc_js_url=f"{PREFIX}/redoc.standalone.js",
                                  redoc_favicon_url=f"{PREFIX}/favicon.png", with_google_fonts=False))


@router.get(PREFIX + "/{name}")
def asset(name: str):
    folder = assets_folder()
    if name not in ASSETS or folder is None or not (folder / name).is_file():
        return problem(404, "Not Found", f"файла {name} нет среди ресурсов документации", "/problems/not-found")
    return FileResponse(folder / name, media_type=ASSETS[name], headers={"Cache-Control": "public, max-age=86400"})


@router.get("/favicon.ico")
def favicon():
    return asset("favicon.png")
