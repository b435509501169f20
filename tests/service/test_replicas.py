"""Replicas (issue 19): stateless servers behind a balancer share the rulings in PostgreSQL — a ruling
written through one replica is applied by another at once; and the deploy files say so correctly.

The two-server test needs a PostgreSQL URL in KOREN_TEST_POSTGRES_URL (`.ci/run` and `make test-postgres`
start a throwaway cluster); the deploy files are parsed without one.
"""
from __future__ import annotations

import json
import os
import re
import tomllib
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


def kubernetes_docs() -> dict:
    return {doc["kind"]: doc for name in sorted(p.name for p in (DEPLOY / "k8s").glob("*.yaml"))
            for doc in load(f"k8s/{name}") if doc}


def test_kubernetes_manifests():
    docs = kubernetes_docs()
    assert {"Deployment", "Service", "HorizontalPodAutoscaler"} <= set(docs)
    secret = load("k8s-secret.example.yaml")[0]
    assert secret["kind"] == "Secret" and set(secret["stringData"]) == {"database-url", "rulings-token"}
    pod = docs["Deployment"]["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/v1/health/ready"
    assert container["livenessProbe"]["httpGet"]["path"] == "/v1/health/live"
    env = {e["name"]: e for e in container["env"]}
    assert env["KOREN_DATABASE_URL"]["valueFrom"]["secretKeyRef"]["name"] == secret["metadata"]["name"]
    assert env["KOREN_RULINGS_TOKEN"]["valueFrom"]["secretKeyRef"]["name"] == secret["metadata"]["name"]
    assert docs["Deployment"]["spec"]["replicas"] >= 2
    assert docs["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]["name"] == docs["Deployment"]["metadata"]["name"]
    assert docs["Service"]["spec"]["selector"] == docs["Deployment"]["spec"]["selector"]["matchLabels"]


def test_kubernetes_apply_holds_no_placeholder_secret():
    """`kubectl apply -f deploy/k8s/` must not replace the Secret the operator created with «change-me»."""
    assert "Secret" not in kubernetes_docs()
    assert "change-me" not in "".join(p.read_text(encoding="utf-8") for p in (DEPLOY / "k8s").glob("*"))


def test_kubernetes_image_is_pinned():
    container = kubernetes_docs()["Deployment"]["spec"]["template"]["spec"]["containers"][0]
    name, _, tag = container["image"].rpartition(":")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert name == "koren" and tag == version, container["image"]
    assert container["imagePullPolicy"] == "IfNotPresent"


# README's measured runs of `--workers 2` (Load and Soak, 2026-12-02): workers' PSS at the end.
LOAD_PSS_MB, SOAK_PSS_MB = 785, 1255


def mebibytes(quantity: str) -> float:
    units = {"Mi": 1, "Gi": 1024, "M": 1e6 / 2**20, "G": 1e9 / 2**20}
    for unit, factor in sorted(units.items(), key=lambda kv: -len(kv[0])):
        if quantity.endswith(unit):
            return float(quantity[: -len(unit)]) * factor
    return float(quantity) / 2**20


def test_kubernetes_memory_covers_the_measured_soak():
    """A pod of 2 workers at 512 Mi was killed long before the soak's 1,255 MB: the limit sits above it."""
    container = kubernetes_docs()["Deployment"]["spec"]["template"]["spec"]["containers"][0]
    assert "--workers" in container["args"] and container["args"][container["args"].index("--workers") + 1] == "2"
    resources = container["resources"]
    soak_mib = SOAK_PSS_MB * 1e6 / 2**20
    assert mebibytes(resources["requests"]["memory"]) >= LOAD_PSS_MB * 1e6 / 2**20
    assert mebibytes(resources["limits"]["memory"]) >= 1.25 * soak_mib     # growth still under way at 10 min
    assert "soak" in (DEPLOY / "k8s" / "koren.yaml").read_text(encoding="utf-8")   # the comment says how


def healthcheck_path(text: str) -> str:
    match = re.search(r"https?://127\.0\.0\.1:8000(/[^'\"\s]*)", text)
    assert match, text
    return match.group(1)


def test_docker_healthcheck_asks_readiness():
    from service.api.routers import ops

    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    check = dockerfile[dockerfile.index("HEALTHCHECK"):].split("\nCMD", 1)[0]
    ready = next(route.path for route in ops.router.routes if route.name == "ready")
    assert healthcheck_path(check) == ready
    compose = load("compose.yaml")[0]["services"]["koren"]["healthcheck"]["test"]
    assert healthcheck_path(" ".join(compose)) == ready


def test_readme_docker_run_keeps_rulings_in_a_named_volume():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    runs = re.findall(r"docker run [^`]*", readme)
    assert runs
    for run in runs:
        volume = re.search(r"(?:-v|--volume)[ =]([^:\s]+):/app/var", run)
        assert volume, f"rulings in an anonymous volume: {run}"
        assert not volume.group(1).startswith(("/", ".", "$")), run   # a name, not a bind mount


def test_nginx_resolve_has_a_version_that_knows_it():
    """`server … resolve` in an upstream is open-source nginx only from 1.27.3: a floating tag may be older."""
    conf = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
    assert re.search(r"^\s*server\s+\S+\s+resolve", conf, re.M)
    image = load("compose.yaml")[0]["services"]["proxy"]["image"]
    name, _, tag = image.partition(":")
    assert name == "nginx" and re.fullmatch(r"\d+\.\d+\.\d+", tag), f"{image}: pin a full version"
    assert tuple(map(int, tag.split("."))) >= (1, 27, 3)
