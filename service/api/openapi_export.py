"""`python -m service.api.openapi_export > openapi.json`: the app's OpenAPI document, as committed (`make openapi`)."""
from __future__ import annotations

import json
import sys


def render() -> str:
    from service.api.app import create_app

    return json.dumps(create_app().openapi(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
