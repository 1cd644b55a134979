"""Seed documents as Python trees, and mutants written back as YAML (block) or JSON text.

Two node kinds exist only in mutants: `Raw` (a token written verbatim, e.g. `1e400`, `.nan`,
`-0`, which no Python value round-trips) and `Dup` (a mapping that repeats a key).
"""
import json
import re

import yaml


class Raw:
    """A scalar token written exactly as given."""

    def __init__(self, token):
        self.token = token


class Dup:
    """A mapping written with its entries in order, keys possibly repeated."""

    def __init__(self, pairs):
        self.pairs = pairs


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """SafeLoader without the timestamp rule (dates stay the strings the file holds)."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def load(text, is_json):
    """The tree of a seed's text, or None when Python cannot read it (then only text mutations apply)."""
    try:
        if is_json:
            return json.loads(text)
        return yaml.load(text, Loader=_Loader)
    except Exception:
        return None


_PLAIN = re.compile(r"^[A-Za-z_$/#][A-Za-z0-9_$./#{}-]*$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def _yaml_scalar(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, Raw):
        return value.token
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith(":"):
        return text
    return json.dumps(text, ensure_ascii=False)


def _number(value):
    if isinstance(value, float) and value != value:
        return ".nan"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "1e400" if value > 0 else "-1e400"
    return json.dumps(value)


def _entries(node):
    return node.pairs if isinstance(node, Dup) else list(node.items())


def _is_collection(node):
    return isinstance(node, (dict, list, Dup)) and len(node.pairs if isinstance(node, Dup) else node) > 0


def to_yaml(node):
    """Block-style YAML; strings that are not plain words are double-quoted (JSON escapes)."""
    lines = []
    stack = [(node, 0, None)]
    # Iterative, so a deeply nested mutant does not exhaust Python's recursion limit.
    while stack:
        item, indent, prefix = stack.pop()
        pad = " " * indent
        if prefix is not None and not _is_collection(item):
            lines.append(pad + prefix + " " + _flow_empty_or_scalar(item))
            continue
        if prefix is not None:
            lines.append(pad + prefix)
            indent += 2
            pad = " " * indent
        if isinstance(item, (dict, Dup)):
            children = [(v, indent, _yaml_key(k) + ":") for k, v in _entries(item)]
        elif isinstance(item, list):
            children = [(v, indent, "-") for v in item]
        else:
            lines.append(pad + _flow_empty_or_scalar(item))
            continue
        if not children:
            lines.append(pad + _flow_empty_or_scalar(item))
        stack.extend(reversed(children))
    return "\n".join(lines) + "\n"


def _yaml_key(key):
    return _yaml_scalar(key) if not isinstance(key, (dict, list)) else json.dumps(str(key))


def _flow_empty_or_scalar(item):
    if isinstance(item, (dict, Dup)):
        return "{}"
    if isinstance(item, list):
        return "[]"
    return _yaml_scalar(item)


def to_json(node):
    """Compact-ish JSON (one entry per line, so line numbers mean something); raw tokens verbatim."""
    out = []
    stack = [("value", node, 0)]
    while stack:
        kind, item, depth = stack.pop()
        if kind == "text":
            out.append(item)
            continue
        if isinstance(item, (dict, Dup)):
            entries = _entries(item)
            stack.append(("text", "}", 0))
            for index in reversed(range(len(entries))):
                key, value = entries[index]
                stack.append(("value", value, depth + 1))
                sep = "\n" if index == 0 else ",\n"
                stack.append(("text", sep + json.dumps(str(key), ensure_ascii=False) + ": ", 0))
            stack.append(("text", "{", 0))
        elif isinstance(item, list):
            stack.append(("text", "]", 0))
            for index in reversed(range(len(item))):
                stack.append(("value", item[index], depth + 1))
                if index:
                    stack.append(("text", ", ", 0))
            stack.append(("text", "[", 0))
        elif isinstance(item, Raw):
            out.append(item.token)
        elif item is None or isinstance(item, (bool, int, float)):
            out.append("null" if item is None else _number(item) if not isinstance(item, bool) else json.dumps(item))
        else:
            out.append(json.dumps(str(item), ensure_ascii=False))
    return "".join(out) + "\n"
