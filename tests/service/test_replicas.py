"""Replicas (issue 19): stateless servers behind a balancer share the rulings in PostgreSQL — a ruling
written through one replica is applied by another at once; and the deploy files say so correctly.

The two-server test needs a PostgreSQL URL in KOREN_TEST_POSTGRES_URL (`.ci/run` and `make test-postgres`
start a throwaway cluster); the deploy files are parsed without one.
"""
from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest
import yaml

from tests.live_server import ROOT, live_server

DEPLOY = ROOT / "deploy"
TOKEN = "replica-test-token"


def call(url: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method="POST" if body is not None else "GET",
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


@pytest.mark.skipif(not os.environ.get("KOREN_TEST_POSTGRES_URL"), reason="KOREN_TEST_POSTGRES_URL is not set")
def test_a_ruling_written_through_one_replica_is_applied_by_the_other(tmp_path):
    env = {"KOREN_DATABASE_URL": os.environ["KOREN_TEST_POSTGRES_URL"], "KOREN_RULINGS_TOKEN": TOKEN}
    scope = f"replicas-{os.getpid()}"
    with live_server(env, tmp_path / "a.log") as a, live_server(env, tmp_path / "b.log") as b:
        check = {"a": "свет", "b": "свеча", "scope": scope}
        status, before = call(b.url, "/v1/cognates", check)
        assert status == 200 and before["cognate"] is True
        status, written = call(a.url, "/v1/rulings", {"scope": scope, "kind": "cognate", "a": "свет", "b": "свеча",
                                                      "verdict": False, "note": "решение ГС"}, TOKEN)
        assert status == 201, written
        status, after = call(b.url, "/v1/cognates", check)
        assert status == 200 and after["cognate"] is False
        assert after["evidence"][0]["kind"] == "ruling"
        status, listed = call(b.url, f"/v1/rulings?scope={scope}")
        assert status == 200 and [r["id"] for r in listed["rulings"]] == [written["id"]]


def load(name: str):
    return list(yaml.safe_load_all((DEPLOY / name).read_text(encoding="utf-8")))


def test_compose_runs_replicas_behind_a_proxy_with_postgres():
    compose = load("compose.yaml")[0]
    services = compose["services"]
    assert {"postgres", "koren", "proxy"} <= set(services)
    koren = services["koren"]
    assert koren["deploy"]["replicas"] >= 2
    assert koren["healthcheck"]["test"] and "/v1/health/ready" in " ".join(koren["healthcheck"]["test"])
    assert {"koren_rulings_token", "koren_database_url"} <= set(koren["secrets"])
    assert koren["environment"]["KOREN_RULINGS_TOKEN_FILE"] == "/run/secrets/koren_rulings_token"
    assert koren["environment"]["KOREN_DATABASE_URL_FILE"] == "/run/secrets/koren_database_url"
    assert not any(k in koren["environment"] for k in ("KOREN_RULINGS_TOKEN", "KOREN_DATABASE_URL"))
    assert koren["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert services["postgres"]["healthcheck"]["test"]
    assert services["proxy"]["depends_on"]["koren"]["condition"] == "service_healthy"
    assert {"koren_rulings_token", "koren_database_url", "postgres_password"} <= set(compose["secrets"])
    proxy_conf = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
    assert "upstream koren" in proxy_conf and "proxy_pass http://koren" in proxy_conf


def test_kubernetes_manifests():
    docs = {doc["kind"]: doc for name in sorted(p.name for p in (DEPLOY / "k8s").glob("*.yaml"))
            for doc in load(f"k8s/{name}") if doc}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "Secret"} <= set(docs)
    pod = docs["Deployment"]["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/v1/health/ready"
    assert container["livenessProbe"]["httpGet"]["path"] == "/v1/health/live"
    env = {e["name"]: e for e in container["env"]}
    assert env["KOREN_DATABASE_URL"]["valueFrom"]["secretKeyRef"]["name"] == docs["Secret"]["metadata"]["name"]
    assert env["KOREN_RULINGS_TOKEN"]["valueFrom"]["secretKeyRef"]["name"] == docs["Secret"]["metadata"]["name"]
    assert docs["Deployment"]["spec"]["replicas"] >= 2
    assert docs["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]["name"] == docs["Deployment"]["metadata"]["name"]
    assert docs["Service"]["spec"]["selector"] == docs["Deployment"]["spec"]["selector"]["matchLabels"]
