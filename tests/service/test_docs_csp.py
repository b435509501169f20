"""/docs, /redoc and the judges' console carry a CSP that allows this origin only (issue 36, item 8)."""
from __future__ import annotations

import base64
import hashlib
import re

import pytest


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/judge"])
def test_pages_allow_only_their_own_origin(client, path):
    response = client.get(path)
    policy = response.headers.get("content-security-policy", "")
    assert "default-src 'self'" in policy and "object-src 'none'" in policy
    assert not re.search(r"https?:|\*", policy), policy       # no other host (cdn.redoc.ly, jsdelivr …)
    assert "'unsafe-eval'" not in policy
    assert "'unsafe-inline'" not in policy.split("script-src", 1)[-1].split(";", 1)[0]
    for script in re.findall(r"<script>(.*?)</script>", response.text, re.S):   # each inline script by its hash
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy
