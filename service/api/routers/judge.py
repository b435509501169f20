"""GET /judge: the judges' console — plain HTML, CSS and JS from service/web, no build step.

The page calls the public /v1 API from the browser, like any other client.
Files are served from a fixed list (no path from the URL reaches the disk),
with a CSP that allows only this origin: the page renders every server
string as text, and the CSP is the second fence should that ever slip.
"""
from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, RedirectResponse

from service.api.errors import problem

WEB = Path(__file__).resolve().parents[2] / "web"
FILES = {"judge.css": "text/css; charset=utf-8", "judge.js": "text/javascript; charset=utf-8"}
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",   # a judge should see a fix on reload; the files are small
}

router = APIRouter(include_in_schema=False)


@router.get("/judge")
def page() -> FileResponse:
    return FileResponse(WEB / "judge.html", media_type="text/html; charset=utf-8", headers=HEADERS)


@router.get("/judge/")
def page_slash() -> RedirectResponse:
    return RedirectResponse("/judge", status_code=308)


@router.get("/judge/static/{name}")
def static(name: str):
    if name not in FILES:
        return problem(404, "Not found", f"у пульта судьи нет файла {name!r}")
    return FileResponse(WEB / name, media_type=FILES[name], headers=HEADERS)
