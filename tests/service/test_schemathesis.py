"""Schemathesis drives every operation of our own /openapi.json: no 5xx, responses match the schema.

Bounded: a few dozen examples per operation, so the whole run stays in seconds.
"""
import os
import schemathesis

from hypothesis import HealthCheck, settings

from lexicon.cognates import CognateEngine
from lexicon.pronunciation import Pronouncer
from service.api.app import create_app

# `make test` replays a fixed set of examples so CI is reproducible; `make fuzz` explores anew.
FUZZ_EXAMPLES = int(os.environ.get("KOREN_FUZZ_EXAMPLES", "0"))

app = create_app(CognateEngine(), Pronouncer())
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
# Negative cases too (wrong types, missing fields, out-of-range numbers) and NUL bytes in strings:
# the inputs an attacker sends, not only the ones the schema promises.
schema.config.generation.update(modes=[schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE],
                                allow_x00=True)


@schema.parametrize()
@settings(max_examples=FUZZ_EXAMPLES or 25, deadline=None, derandomize=not FUZZ_EXAMPLES,
          suppress_health_check=list(HealthCheck))
def test_operation(case):
    response = case.call()
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        assert response.headers["content-type"][0].startswith("application/problem+json"), response.text
        return
    case.validate_response(response, checks=[schemathesis.checks.not_a_server_error,
                                             schemathesis.checks.response_schema_conformance])

