"""Structural mutations of a document tree. Each operator returns a new root (the seed tree is
never changed: only the nodes on the mutated path are copied) or None when it does not apply."""
import re

from . import names
from .tree import Dup, Raw

SCHEMA_KEYS = {"type", "$ref", "properties", "items", "allOf", "oneOf", "anyOf", "enum", "format", "nullable"}


def paths(root, limit=200000):
    """Every (path, node) of the tree, iteratively (mutants may be deep), at most `limit`."""
    found = []
    stack = [((), root)]
    while stack and len(found) < limit:
        path, node = stack.pop()
        found.append((path, node))
        if isinstance(node, dict):
            stack.extend((path + (k,), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((path + (i,), v) for i, v in enumerate(node))
    return found


def get(root, path):
    for key in path:
        root = root[key]
    return root


def replace(root, path, value):
    """A copy of root whose node at path is value (None-deletion handled by `delete`)."""
    originals = [root]
    for key in path[:-1]:
        originals.append(originals[-1][key])
    for node, key in zip(reversed(originals), reversed(path)):
        copy = dict(node) if isinstance(node, dict) else list(node)
        copy[key] = value
        value = copy
    return value


def delete(root, path):
    parent = get(root, path[:-1])
    if isinstance(parent, dict):
        new_parent = {k: v for k, v in parent.items() if k != path[-1]}
    else:
        new_parent = [v for i, v in enumerate(parent) if i != path[-1]]
    return replace(root, path[:-1], new_parent)


def pointer(path):
    return "#" + "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def is_schema(node):
    return isinstance(node, dict) and bool(SCHEMA_KEYS & node.keys())


def _pick(rng, all_paths, predicate):
    chosen = [pn for pn in all_paths if predicate(pn[0], pn[1])]
    return rng.choice(chosen) if chosen else None


def _is_scalar(node):
    return not isinstance(node, (dict, list))


def op_delete_key(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: p and isinstance(get(root, p[:-1]), dict))
    return delete(root, hit[0]) if hit else None


def op_retype(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: bool(p))
    return replace(root, hit[0], names.type_value(rng)) if hit else None


def op_hostile_scalar(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: p and _is_scalar(n))
    return replace(root, hit[0], names.hostile_scalar(rng, ctx["yaml"])) if hit else None


def op_long_string(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: isinstance(n, str))
    return replace(root, hit[0], names.long_string(rng)) if hit else None


def op_rename_key(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: isinstance(n, dict) and n)
    if not hit:
        return None
    path, node = hit
    old = rng.choice(list(node))
    new = names.hostile_name(rng)
    return replace(root, path, {(new if k == old else k): v for k, v in node.items()})


def name_maps(root, ps):
    """Paths of the mappings whose keys become Swift names."""
    found = []
    for path, node in ps:
        if not isinstance(node, dict) or not node or not path:
            continue
        last = path[-1]
        if last in ("schemas", "properties", "types", "parameters", "responses", "headers", "securitySchemes"):
            found.append(path)
        elif path == ("endpoints",) or (len(path) == 2 and path[0] == "endpoints"):
            found.append(path)
    return found


def _variant(rng, name, existing):
    s = str(name)
    options = [s.swapcase(), s.upper(), s.lower(), s[:1].swapcase() + s[1:], s + "_", "_" + s,
               re.sub(r"([a-z])([A-Z])", r"\1_\2", s), s.replace("_", ""), s.replace("_", "-"), s + " "]
    options = [o for o in options if o != s and o not in existing]
    return rng.choice(options) if options else s + "2"


def op_case_twin(rng, root, ps, ctx):
    maps = name_maps(root, ps)
    if not maps:
        return None
    path = rng.choice(maps)
    node = get(root, path)
    name = rng.choice(list(node))
    copy = dict(node)
    copy[_variant(rng, name, node)] = node[name]
    return replace(root, path, copy)


def _rewrite_strings(node, rewrite):
    """A copy of node with every string value passed through rewrite (iterative)."""
    if not isinstance(node, (dict, list)):
        return rewrite(node) if isinstance(node, str) else node
    out = {} if isinstance(node, dict) else []
    stack = [(node, out)]
    while stack:
        src, dst = stack.pop()
        items = src.items() if isinstance(src, dict) else enumerate(src)
        for k, v in items:
            if isinstance(v, (dict, list)):
                child = {} if isinstance(v, dict) else []
                stack.append((v, child))
            else:
                child = rewrite(v) if isinstance(v, str) else v
            if isinstance(dst, dict):
                dst[k] = child
            else:
                dst.append(child)
    return out


def op_rename_type(rng, root, ps, ctx):
    """Renames a component schema (or a spec type) to a hostile name and follows every reference."""
    if ctx["kind"] == "openapi":
        table = get_or_none(root, ("components", "schemas")) or get_or_none(root, ("definitions",))
        base = ("components", "schemas") if get_or_none(root, ("components", "schemas")) else ("definitions",)
    else:
        table, base = get_or_none(root, ("types",)), ("types",)
    if not isinstance(table, dict) or not table:
        return None
    old = rng.choice(list(table))
    new = rng.choice([names.hostile_name(rng), _variant(rng, old, table), rng.choice(names.RUNTIME_NAMES)])
    renamed = {(new if k == old else k): v for k, v in table.items()}
    root = replace(root, base, renamed)
    if ctx["kind"] == "openapi":
        old_ref, new_ref = pointer(base + (old,)), pointer(base + (new,))
        return _rewrite_strings(root, lambda s: new_ref + s[len(old_ref):] if s == old_ref or s.startswith(old_ref + "/") else s)
    word = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(str(old)) + r"(?![A-Za-z0-9_])")
    return _rewrite_strings(root, lambda s: word.sub(lambda m: str(new), s) if len(s) < 200 else s)


def get_or_none(root, path):
    try:
        return get(root, path)
    except (KeyError, IndexError, TypeError):
        return None


def op_ref(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: is_schema(n) or (p and p[-1] in ("schema", "items")))
    if not hit:
        return None
    path = hit[0]
    other = rng.choice(ps)[0]
    target = rng.choice([
        "#/components/schemas/Nowhere", pointer(path), pointer(path[:-1]), pointer(path[:-2]), "#/info", "#/paths",
        "#", "", "#/components", "#/components/schemas", pointer(other), "other.yaml#/X", "http://127.0.0.1:1/x.json",
        "#components/schemas/X", "#/components/schemas/" + names.hostile_name(rng), "#/components/parameters/X",
        "#/components/schemas/%7B%7D", "#/paths/~1pets/get/responses/200", "#/definitions/X", "#/$defs/X",
    ])
    node = {"$ref": target}
    if rng.random() < 0.3:
        node["description"] = "sibling"
    return replace(root, path, node)


def op_ref_cycle(rng, root, ps, ctx):
    schemas = get_or_none(root, ("components", "schemas"))
    if not isinstance(schemas, dict) or ctx["kind"] != "openapi":
        return None
    a, b = rng.choice(names.ALL_NAMES + ["A"]), rng.choice(names.RUNTIME_NAMES + ["B"])
    ra, rb = pointer(("components", "schemas", a)), pointer(("components", "schemas", b))
    shapes = [
        ({"$ref": rb}, {"$ref": ra}), ({"allOf": [{"$ref": rb}]}, {"allOf": [{"$ref": ra}]}),
        ({"oneOf": [{"$ref": ra}, {"type": "string"}]}, {"type": "string"}),
        ({"anyOf": [{"$ref": rb}, {"type": "null"}]}, {"oneOf": [{"$ref": ra}]}),
        ({"type": "array", "items": {"$ref": ra}}, {"$ref": ra}),
        ({"type": "object", "additionalProperties": {"$ref": ra}}, {"items": {"$ref": rb}}),
        ({"type": "object", "required": ["x"], "properties": {"x": {"$ref": ra}}}, {"$ref": ra}),
    ]
    sa, sb = rng.choice(shapes)
    copy = dict(schemas)
    copy[a], copy[b] = sa, sb
    root = replace(root, ("components", "schemas"), copy)
    hit = _pick(rng, paths(root), lambda p, n: p and p[-1] == "schema")
    return replace(root, hit[0], {"$ref": ra}) if hit else root


def op_dup_key(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: isinstance(n, dict) and n)
    if not hit:
        return None
    path, node = hit
    pairs = list(node.items())
    key = rng.choice(list(node))
    pairs.insert(rng.randrange(len(pairs) + 1), (key, rng.choice([node[key], names.type_value(rng)])))
    return replace(root, path, Dup(pairs))


def op_deep_nest(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: bool(p))
    if not hit:
        return None
    value = hit[1]
    depth = rng.choice([40, 100, 300, 1000, 5000])
    kind = rng.randrange(5)
    for _ in range(depth):
        value = [{"type": "array", "items": value}, {"allOf": [value]},
                 {"type": "object", "properties": {"a": value}}, [value], {"a": value}][kind]
    return replace(root, hit[0], value)


def op_graft(rng, root, ps, ctx):
    source, target = rng.choice(ps), _pick(rng, ps, lambda p, n: bool(p))
    return replace(root, target[0], source[1]) if target and len(paths(source[1], 5001)) <= 5000 else None


def op_enum(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: is_schema(n))
    if not hit:
        return None
    values = rng.choice([
        ["-name", "-price", "name", "price"], ["", "😀", None], [1, "1", 1.0], [True, "true", "True"], ["a", "A", "a "],
        [rng.choice(names.ALL_NAMES) for _ in range(6)], [str(i) for i in range(3000)], [], [[1], {"a": 1}], [Raw("1e400")],
        ["unknown", "Unknown", "rawValue", "allCases", "init", "self"], [0, -1, 2**63, -(2**63) - 1],
    ])
    node = dict(hit[1])
    node["enum"] = values
    if rng.random() < 0.3:
        node["x-enum-varnames"] = [rng.choice(names.ALL_NAMES) for _ in range(rng.randrange(4))]
    if rng.random() < 0.5:
        node["type"] = rng.choice(["string", "integer", "number", "boolean", "array", ["string", "null"]])
    return replace(root, hit[0], node)


def op_schema_keyword(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: is_schema(n))
    if not hit:
        return None
    node = dict(hit[1])
    key = rng.choice(["type", "format", "allOf", "oneOf", "anyOf", "required", "nullable", "items", "properties",
                      "additionalProperties", "discriminator", "default", "contentMediaType", "const", "not"])
    pools = {
        "type": ["string", "null", "file", "any", "", ["string", "null"], ["integer", "string"], [], ["null"], 7],
        "format": ["binary", "byte", "date-time", "date", "uuid", "int64", "int32", "float", "uri", "", "😀"],
        "required": [[], ["nope"], ["a", "a"], "a", [None], [names.hostile_name(rng)]],
        "items": [{}, [], True, False, None, {"$ref": pointer(hit[0])}],
        "properties": [{}, [], {"": {}}, {names.hostile_name(rng): {"type": "string"}}, {"a": None}],
        "additionalProperties": [True, False, {}, {"$ref": pointer(hit[0])}, "yes"],
        "discriminator": [{"propertyName": "kind"}, {"propertyName": ""}, {"mapping": {"x": "#/nowhere"}}, "kind"],
        "contentMediaType": ["application/octet-stream", "", "*/*"],
    }
    composed = [[], [{}], [{"$ref": pointer(hit[0])}], [{"type": "string"}, {"type": "integer"}], None,
                [{"type": "null"}], [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "string"}]]
    node[key] = rng.choice(pools.get(key, composed if key.endswith("Of") else [names.type_value(rng)]))
    return replace(root, hit[0], node)


def op_operation_field(rng, root, ps, ctx):
    hit = _pick(rng, ps, lambda p, n: p and p[-1] in ("operationId", "name", "in", "style", "tags", "summary"))
    if not hit:
        return None
    existing = [n for p, n in ps if p and p[-1] == hit[0][-1] and isinstance(n, str)]
    value = rng.choice([names.hostile_name(rng), rng.choice(existing) if existing else "x", "query", "path", "cookie"])
    return replace(root, hit[0], value)


def op_path_key(rng, root, ps, ctx):
    table = get_or_none(root, ("paths",))
    if not isinstance(table, dict) or not table:
        return None
    old = rng.choice(list(table))
    new = rng.choice(["/pets/{}", "/pets/{id}/{id}", "/{😀}", "/pets/{id", "pets", "", "/a b", "/" + "x" * 5000,
                      "/{class}", "/{self}", "/%7Bid%7D", old + "/", old.upper(), "/{a}{b}", "/{" + "a" * 300 + "}"])
    return replace(root, ("paths",), {(new if k == old else k): v for k, v in table.items()})


def op_spec_type_expression(rng, root, ps, ctx):
    if ctx["kind"] != "spec":
        return None
    hit = _pick(rng, ps, lambda p, n: isinstance(n, str) and len(p) >= 2 and p[0] in ("types", "endpoints"))
    if not hit:
        return None
    value = rng.choice(names.SPEC_TYPE_EXPRESSIONS + [names.hostile_name(rng)])
    return replace(root, hit[0], value)


def op_rename_name(rng, root, ps, ctx):
    """Renames an entry of a mapping whose keys become Swift names (property, parameter, group …)."""
    maps = name_maps(root, ps)
    if not maps:
        return None
    path = rng.choice(maps)
    node = get(root, path)
    old = rng.choice(list(node))
    new = rng.choice([names.hostile_name(rng), _variant(rng, old, node)])
    if new in node:
        return None
    return replace(root, path, {(new if k == old else k): v for k, v in node.items()})


def op_name_value(rng, root, ps, ctx):
    """Sets a name-bearing string (operationId, parameter name, enum value, tag, title) to a hostile name."""
    hit = _pick(rng, ps, lambda p, n: isinstance(n, str) and len(p) >= 2 and (
        p[-1] in ("operationId", "name", "title", "propertyName") or (isinstance(p[-1], int) and p[-2] in ("enum", "tags"))))
    if not hit:
        return None
    existing = [n for p, n in ps if p and p[-1] == hit[0][-1] and isinstance(n, str)]
    return replace(root, hit[0], rng.choice([names.hostile_name(rng), names.hostile_name(rng), rng.choice(existing or ["x"])]))


def op_inject(rng, root, ps, ctx):
    """Puts text that would break out of a Swift string, comment or template into a string the
    generator copies into code (description, default, example, enum value, title, server url, header name)."""
    keys = ("description", "summary", "default", "example", "title", "url", "pattern", "name", "propertyName")
    hit = _pick(rng, ps, lambda p, n: isinstance(n, str) and p and (p[-1] in keys or (
        isinstance(p[-1], int) and len(p) >= 2 and p[-2] == "enum")))
    if not hit:
        return None
    value = rng.choice(names.INJECTIONS)
    return replace(root, hit[0], value if rng.random() < 0.5 else hit[1] + value)


# Operators that keep a valid document valid more often than not: they reach naming and rendering.
NAME_OPERATORS = [(op_rename_type, 5), (op_case_twin, 4), (op_rename_name, 6), (op_name_value, 5), (op_enum, 3),
                  (op_spec_type_expression, 2), (op_ref_cycle, 1), (op_schema_keyword, 2), (op_inject, 4)]

OPERATORS = [
    (op_delete_key, 6), (op_retype, 6), (op_hostile_scalar, 5), (op_long_string, 1), (op_rename_key, 4),
    (op_case_twin, 4), (op_rename_type, 5), (op_ref, 5), (op_ref_cycle, 2), (op_dup_key, 2), (op_deep_nest, 1),
    (op_graft, 3), (op_enum, 4), (op_schema_keyword, 6), (op_operation_field, 4), (op_path_key, 2),
    (op_spec_type_expression, 6), (op_inject, 2),
]


def mutate(rng, root, ctx, count, operators=None):
    """Applies `count` operators (each chosen by weight; one that does not apply is skipped); returns
    the mutant and the operators' names."""
    operators = operators or OPERATORS
    applied = []
    for _ in range(count):
        for _attempt in range(5):
            op = rng.choices([o for o, _ in operators], weights=[w for _, w in operators])[0]
            result = op(rng, root, paths(root), ctx)
            if result is not None:
                root = result
                applied.append(op.__name__[3:])
                break
    return root, applied
