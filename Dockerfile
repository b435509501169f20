# Корень HTTP service on the bundled lexicon.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY lexicon ./lexicon
COPY service ./service
# natasha only for its model files, without its requirements (pymorphy2 beside pymorphy3): MODELS in the Makefile.
RUN pip install . && pip install --no-deps natasha==1.6.0 && useradd --system --uid 10001 --no-create-home koren \
 && mkdir -p /app/var && chown koren /app/var
# Rulings live here by default (SQLite): run with a named volume (-v koren-rulings:/app/var), or this
# declaration gives each container an anonymous one that a later `docker run` does not find again;
# or set KOREN_DATABASE_URL=postgresql://…
VOLUME ["/app/var"]

USER koren
EXPOSE 8000
# /v1/health/ready, not /v1/health: only readiness re-verifies the data files and answers 503 when one is
# missing or damaged (service/api/routers/ops.py); /v1/health says ok while the process holds a good copy.
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
  CMD python -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/v1/health/ready', timeout=2).status == 200 else 1)"
CMD ["python", "-m", "service", "serve", "--host", "0.0.0.0", "--port", "8000"]
