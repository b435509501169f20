"""The house's rules (issue 13), checked so they stay true as the code changes.

Rules ask the Lexicon, never the store; nothing in service/ imports a private lexicon name;
ё becomes е in one module; no function grows past 80 lines; the rulings are an oracle, not a patch.
"""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_FUNCTION_LINES = 80


def sources(*packages: str):
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, path.read_text(encoding="utf-8")


def test_rules_and_routers_never_reach_into_the_store():
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p, text in sources("service")
                 if "service/rulings/" not in p.as_posix()
                 for n, line in enumerate(text.splitlines(), 1) if ".store." in line]
    assert not offenders, offenders


def test_service_imports_no_private_lexicon_name():
    offenders = []
    for path, text in sources("service"):
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("lexicon"):
                offenders += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names if a.name.startswith("_")]
                if any(part.startswith("_") for part in (node.module or "").split(".")):
                    offenders.append(f"{path.relative_to(ROOT)}: {node.module}")
    assert not offenders, offenders


def test_yo_is_folded_in_lexicon_text_only():
    fold = re.compile(r"""replace\(\s*["']ё["']|def fold\b|^fold\s*=""", re.M)
    offenders = [str(p.relative_to(ROOT)) for p, text in sources("lexicon", "service")
                 if p != ROOT / "lexicon" / "text.py" and fold.search(text)]
    assert not offenders, offenders


def test_no_function_over_80_lines():
    long = []
    for path, text in sources("lexicon", "service"):
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    assert not long, long


def test_rulings_are_an_oracle_not_a_patch():
    assert not (ROOT / "service" / "rulings" / "apply.py").exists()
    routers = "\n".join(text for _, text in sources("service/api/routers"))
    assert "rulings.apply" not in routers and "rulings_apply" not in routers


def test_lexicon_does_not_import_service():
    offenders = [str(p.relative_to(ROOT)) for p, text in sources("lexicon")
                 if re.search(r"^\s*(from|import) service\b", text, re.M)]
    assert not offenders, offenders
