"""The JSON schemas of the files divbridge reads back (results.json, its run log, peers.json), and the
check that turns a file that does not follow its schema into one line naming the field (exit 2).

The schemas say what the readers rely on (every field they read, its type, the verdicts and
expectations by name), so that a damaged or hand-edited file is refused at the edge instead of
failing deep inside a reader, or worse, being read as something it does not say.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from divbridge.errors import InputError
from divbridge.obligations.model import EXPECTATIONS, FAMILIES
from divbridge.provers.verdicts import ABOUT_PATTERN, SMOKE_CONCLUSION, SMOKE_HYPOTHESES, VERDICTS

if TYPE_CHECKING:
    import jsonschema

_TEXT = {"type": "string"}
_COUNT = {"type": "integer", "minimum": 0}
_LINE = {"type": "integer", "minimum": 0}
_TEXTS = {"type": "array", "items": _TEXT}
_OPERAND = {"type": "object", "required": ["format"], "properties": {"format": _TEXT}}
_COUNTEREXAMPLE = {"anyOf": [{"type": "null"}, {
    "type": "object", "required": ["operands"],
    "properties": {"operands": {"type": "object", "additionalProperties": _OPERAND}, "mirror": _TEXT,
                   "replayed": {"type": "boolean"}, "model": {"type": "object", "additionalProperties": _TEXT}}}]}
_ATTEMPT = {
    "type": "object", "required": ["prover", "verdict"], "additionalProperties": False,
    "properties": {"prover": _TEXT, "verdict": {"enum": list(VERDICTS)}, "version": _TEXT,
                   "counterexample": _COUNTEREXAMPLE, "message": _TEXT,
                   "time_s": {"type": "number", "minimum": 0}, "cached": {"type": "boolean"}}}
_SMOKE = {
    "type": "object", "required": ["hypotheses", "conclusion", "model", "by"], "additionalProperties": False,
    "properties": {"hypotheses": {"enum": list(SMOKE_HYPOTHESES)}, "conclusion": {"anyOf": [
                       {"enum": list(SMOKE_CONCLUSION)}, {"type": "string", "pattern": ABOUT_PATTERN}]},
                   "model": {"type": "object", "additionalProperties": _TEXT}, "by": _TEXT}}
_OBLIGATION = {
    "type": "object", "additionalProperties": False,
    "required": ["id", "title", "family", "format", "kind", "prop", "requirements", "statement", "expect", "params",
                 "backends", "open", "lines", "verdict", "prover", "counterexample", "smoke"],
    "properties": {
        "id": {"type": "string", "minLength": 1}, "title": _TEXT, "family": {"enum": list(FAMILIES)},
        "format": _TEXT, "kind": _TEXT, "prop": {"type": "string", "minLength": 1},
        "requirements": _TEXTS, "statement": _TEXT, "expect": {"enum": list(EXPECTATIONS)},
        "params": {"type": "object"}, "backends": _TEXTS,
        "verdict": {"enum": list(VERDICTS)}, "prover": _TEXT, "counterexample": _COUNTEREXAMPLE,
        "attempts": {"type": "array", "items": _ATTEMPT}, "message": _TEXT,
        "artifacts": {"type": "object", "additionalProperties": _TEXT},
        "crosscheck": {"anyOf": [{"type": "null"}, {
            "type": "object", "required": ["vectors", "failures"],
            "properties": {"vectors": _COUNT, "failures": _COUNT, "first_failure": {"type": ["string", "null"]}}}]},
        "smoke": _SMOKE, "open": _TEXT, "lines": {"type": "array", "items": _LINE}, "status": _TEXT,
        "operator": {"type": "string", "minLength": 1}, "confirmed": _COUNT}}
_REQUIREMENT = {
    "type": "object", "required": ["tag", "section", "text", "lines", "roles"],
    "properties": {"tag": {"type": "string", "minLength": 1}, "line": _LINE, "lines": {"type": "array", "items": _LINE},
                   "text": _TEXT, "section": _TEXT, "roles": _TEXTS}}

RESULTS = {
    "type": "object", "required": ["schema_version", "divbridge_version", "tool_versions", "obligations"],
    "properties": {
        "schema_version": {"type": "integer"}, "divbridge_version": _TEXT,
        "tool_versions": {"type": "object", "additionalProperties": _TEXT},
        "tools": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["path", "size", "sha256"],
            "properties": {"path": _TEXT, "size": {"type": ["integer", "null"]}, "sha256": {"type": ["string", "null"]}}}},
        "document": {"anyOf": [{"type": "null"}, {
            "type": "object", "required": ["path", "requirements"],
            "properties": {"path": _TEXT, "title": {"type": ["string", "null"]},
                           "requirements": {"type": "array", "items": _REQUIREMENT}}}]},
        "obligations": {"type": "array", "items": _OBLIGATION},
        "confirm": {"type": "boolean"},
        "evidence": {"type": "object", "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
        "summary": {"type": "object"},
        "crosscheck": {"type": ["object", "null"]}}}

RUN_LOG = {
    "type": "object", "required": ["schema_version", "generated_at", "command", "machine", "obligations"],
    "properties": {
        "schema_version": {"type": "integer"}, "generated_at": _TEXT, "command": _TEXT, "machine": _TEXT,
        "crosscheck_seconds": {"type": ["number", "null"]},
        "obligations": {"type": "object", "additionalProperties": {
            "type": "object", "required": ["time_s", "cached", "attempts"],
            "properties": {"time_s": {"type": "number", "minimum": 0}, "cached": {"type": "boolean"},
                           "attempts": {"type": "array", "items": {
                               "type": "object", "required": ["prover", "time_s", "cached"],
                               "properties": {"prover": _TEXT, "time_s": {"type": "number", "minimum": 0},
                                              "cached": {"type": "boolean"}}}}}}}}}

PEERS = {
    "type": "object", "required": ["schema_version", "seed", "random_pairs", "peers"],
    "properties": {
        "schema_version": {"type": "integer"}, "operator": _TEXT, "seed": _COUNT, "random_pairs": _COUNT,
        "peers": {"type": "array", "items": {
            "type": "object", "required": ["name", "formats"],
            "properties": {"name": _TEXT, "skipped": _TEXT, "not_run": _TEXT, "formats": {
                "type": "object", "additionalProperties": {
                    "type": "object", "required": ["vectors", "mismatches", "errors", "examples", "error_details"],
                    "properties": {"vectors": _COUNT, "mismatches": _COUNT, "errors": _COUNT,
                                   "examples": {"type": "array"}, "error_details": {"type": "array"}}}}}}}}}


def check(data: Any, schema: dict, path: str, what: str) -> None:
    """InputError naming ``path`` and the first field of ``data`` that does not follow ``schema``.  The schema
    compiled to Python (fastjsonschema) decides whether ``data`` follows it, ten times faster than jsonschema
    walking it (a warm proof run reads every results file); jsonschema says what is wrong when it does not."""
    import fastjsonschema
    import jsonschema   # here: a run that writes its results and reads none does not pay its 0.09 s import

    try:
        _compiled(schema)(data)
        return
    except fastjsonschema.JsonSchemaException:
        pass
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(data))
    if error is None:   # jsonschema, the reference, finds it valid
        return
    while error.validator == "anyOf":   # null or an object: what the object lacks, when it is an object
        inner = [e for e in error.context if e.validator != "type"]
        if not inner:
            break
        error = max(inner, key=lambda e: len(e.absolute_path))
    field = _field(error.absolute_path)
    raise InputError(f"not a valid {what}: {field + ': ' if field else ''}{_problem(error)}", path)


_COMPILED: dict[str, Any] = {}   # a schema's canonical JSON text -> its validator


def _compiled(schema: dict):
    """``schema`` compiled once per process."""
    import fastjsonschema
    key = json.dumps(schema, sort_keys=True)
    if key not in _COMPILED:
        _COMPILED[key] = fastjsonschema.compile(schema)
    return _COMPILED[key]


def _field(parts) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _problem(error: "jsonschema.ValidationError") -> str:
    shown = json.dumps(error.instance)[:60]
    if error.validator == "required":
        missing = [name for name in error.validator_value if name not in error.instance]
        return f"missing field{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
    if error.validator == "enum":
        return f"{shown} is not one of {', '.join(map(str, error.validator_value))}"
    if error.validator == "type":
        kinds = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        return f"{shown} is not {' or '.join(_ARTICLE.get(k, k) for k in kinds)}"
    if error.validator == "additionalProperties":
        return f"unknown field {error.message.split(chr(39))[1]!r}" if "'" in error.message else error.message
    if error.validator == "anyOf":
        return f"{shown} is neither null nor an object"
    return error.message.replace("None", "null")


_ARTICLE = {"string": "a string", "integer": "an integer", "number": "a number", "object": "an object",
            "array": "an array", "boolean": "true or false", "null": "null"}
