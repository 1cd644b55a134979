"""Byte-level mutations of a serialized document: encodings, line ends, truncation, YAML bombs."""


def _lines(data):
    return data.split(b"\n")


def truncate(rng, data, yaml):
    return data[: rng.randrange(len(data) + 1)] if data else data


def bom(rng, data, yaml):
    return rng.choice([b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"]) + data


def utf16(rng, data, yaml):
    text = data.decode("utf-8", "replace")
    return text.encode(rng.choice(["utf-16", "utf-16-le", "utf-32"]))


def crlf(rng, data, yaml):
    return data.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\r\r\n", b"\n\r"]))


def tabs(rng, data, yaml):
    lines = _lines(data)
    for _ in range(rng.randint(1, 5)):
        i = rng.randrange(len(lines))
        stripped = lines[i].lstrip(b" ")
        lines[i] = b"\t" * ((len(lines[i]) - len(stripped) + 1) // 2) + stripped
    return b"\n".join(lines)


def invalid_utf8(rng, data, yaml):
    at = rng.randrange(len(data) + 1)
    bad = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf4\x90\x80\x80", b"\x80", b"\xe2\x82"])
    return data[:at] + bad + data[at:]


def control_bytes(rng, data, yaml):
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice([b"\x00", b"\x1b[31m", b"\x7f", b"\xe2\x80\xa8", b"\xe2\x80\xae", b"\x0c"]) + data[at:]


def byte_flips(rng, data, yaml):
    if not data:
        return data
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.choice(b"{}[]:,-&*!|>'\"#%@`\n \t0aZ\\")
    return bytes(out)


def duplicate_line(rng, data, yaml):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return b"\n".join(lines)


def delete_line(rng, data, yaml):
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def shift_indent(rng, data, yaml):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines[i] = rng.choice([b" ", b"   ", b""]) + (lines[i][1:] if rng.random() < 0.5 else lines[i])
    return b"\n".join(lines)


def alias_bomb(rng, data, yaml):
    """Billion laughs under an extension key (YAML only): small text, exponential expansion."""
    if not yaml:
        return None
    levels = rng.choice([6, 9, 12])
    bomb = [b"x-bomb:", b'  l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for k in range(1, levels):
        refs = b",".join([b"*l%d" % (k - 1)] * 9)
        bomb.append(b"  l%d: &l%d [%s]" % (k, k, refs))
    return _append_top_level(data, bomb)


def alias_tricks(rng, data, yaml):
    if not yaml:
        return None
    trick = rng.choice([
        [b"x-self: &a [*a]"], [b"x-undefined: *nowhere"], [b"x-merge:", b"  <<: *nowhere"],
        [b"x-anchor: &a {b: &a 1, c: *a}"], [b"x-merge: &m", b"  <<: *m"],
        [b"x-deep: &d " + b"[" * 2000 + b"]" * 2000], [b"x-tagged: !!binary AAAA", b"x-set: !!set {a, b}"],
        [b"x-custom: !swift 1"], [b"%YAML 1.1"], [b"---", b"second: document"],
    ])
    return _append_top_level(data, trick)


def _append_top_level(data, lines):
    if data.lstrip().startswith(b"{"):
        return None
    return data.rstrip(b"\n") + b"\n" + b"\n".join(lines) + b"\n"


OPERATORS = [
    (truncate, 4), (bom, 2), (utf16, 1), (crlf, 2), (tabs, 2), (invalid_utf8, 3), (control_bytes, 2),
    (byte_flips, 5), (duplicate_line, 3), (delete_line, 3), (shift_indent, 2), (alias_bomb, 1), (alias_tricks, 2),
]


def mutate(rng, data, yaml):
    for _attempt in range(5):
        op = rng.choices([o for o, _ in OPERATORS], weights=[w for _, w in OPERATORS])[0]
        result = op(rng, data, yaml)
        if result is not None:
            return result, op.__name__
    return data, "none"
