"""Every event a client is sent against its type's JSON Schema (protocol/schemas/events/, made
from the event catalogue protocol/events.json by scripts/gen_event_types.py). The validator
covers the subset those schemas use, as tests/support/json_schema.hpp does. A viewer other than
the GM is sent an event without its private fields (the projection strips them) and never with
"private_to", so for such a viewer the private fields are optional and "private_to" is refused.
"""
import json
import os

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_SCHEMAS = os.path.join(_ROOT, "protocol", "schemas", "events")
_CONTEXT_SCHEMAS = os.path.join(_ROOT, "protocol", "schemas", "decisions")
with open(os.path.join(_ROOT, "protocol", "events.json")) as _f:
    _FULL_CATALOGUE = json.load(_f)
_CATALOGUE = _FULL_CATALOGUE["events"]
# Decision kinds whose context carries documents (the battle record, reports): no schema yet.
_DOCUMENT_CONTEXTS = {"battle_report", "battle_dispute"}

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def mismatch(schema, value, path="$"):
    """None when value matches schema; otherwise the first problem, with its path."""
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[k](value) for k in kinds):
            return f"{path}: expected {kinds}, got {json.dumps(value)[:80]}"
    if "const" in schema and value != schema["const"]:
        return f"{path}: expected {schema['const']!r}"
    if "enum" in schema and value not in schema["enum"]:
        return f"{path}: {value!r} not in {schema['enum']}"
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        return f"{path}: too short"
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", len(value)):
            return f"{path}: {len(value)} items"
        for i, item in enumerate(value):
            why = "items" in schema and mismatch(schema["items"], item, f"{path}[{i}]")
            if why:
                return why
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                return f"{path}.{name}: missing"
        props = schema.get("properties", {})
        for name, item in value.items():
            if name in props:
                why = mismatch(props[name], item, f"{path}.{name}")
                if why:
                    return why
            else:
                extra = schema.get("additionalProperties", True)
                if extra is False:
                    return f"{path}.{name}: not allowed"
                if isinstance(extra, dict):  # a schema every unnamed member matches
                    why = mismatch(extra, item, f"{path}.{name}")
                    if why:
                        return why
    return None


_cache = {}


def is_event(x):
    return isinstance(x, dict) and x.get("type") in _CATALOGUE and "audience" in x


def event_mismatch(event, gm):
    """None when `event` is what the catalogue declares for a viewer (the GM or not)."""
    kind = event["type"]
    if kind not in _cache:
        with open(os.path.join(_SCHEMAS, kind + ".json")) as f:
            _cache[kind] = json.load(f)
    schema = _cache[kind]
    if not gm:
        if "private_to" in event:
            return f"{kind}: private_to sent to a player"
        private = set(_CATALOGUE[kind].get("private", []))
        schema = dict(schema, required=[r for r in schema["required"] if r not in private])
    why = mismatch(schema, event, kind)
    return why and f"{why} in {json.dumps(event)[:200]}"


def is_decision_request(x):
    return isinstance(x, dict) and {"id", "kind", "options", "context"} <= x.keys()


def decision_context_mismatch(request):
    """None when a decision request's context is what its kind's schema (protocol/schemas/
    decisions/<kind>.json, from the catalogue's "decision_contexts") declares."""
    kind = request["kind"]
    if kind in _DOCUMENT_CONTEXTS:
        return None
    if kind not in _FULL_CATALOGUE.get("decision_contexts", {}):
        return f"decision kind {kind!r} has no context in the catalogue (protocol/events.json)"
    key = "decisions/" + kind
    if key not in _cache:
        with open(os.path.join(_CONTEXT_SCHEMAS, kind + ".json")) as f:
            _cache[key] = json.load(f)
    why = mismatch(_cache[key], request["context"], f"{kind}.context")
    return why and f"{why} in {json.dumps(request)[:200]}"
