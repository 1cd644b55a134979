#!/usr/bin/env python3
"""Rewrites a generated client (Types.swift, Endpoints.swift, Client.swift) in place into its
declaration floor: the declarations any typed client of the same API must have, with no behaviour.

- Types.swift: every object keeps its stored properties and public memberwise `init`; every enum
  keeps its cases. Conformances become `Sendable` only (no Codable, Hashable, raw values).
- Endpoints.swift: every endpoint enum keeps its cases; no request-building properties.
- Client.swift: protocols, clients and the default-argument extensions stay, every method body
  becomes `fatalError()`.

Used by `FLOOR=1 Scripts/openapi-compile-time.sh` to time how long the compiler needs for the
surface alone, which bounds what any change to the templates can reach.
    Scripts/compile-floor.py <directory holding the generated files>
"""
import re
import sys
from pathlib import Path

TYPE_HEADER = re.compile(r'^public (?:indirect )?(struct|enum) (\w+)(?:: [^{]*)?\{$')
STORED = re.compile(r'^    public (?:let|var) \w+: [^{]+$')


def member_block_end(lines, start):
    """Index after a member that starts at `start` (indent 4), spanning to its closing line."""
    line = lines[start].rstrip()
    if not (line.endswith('{') or line.endswith('[') or line.endswith('(')):
        return start + 1
    end = start + 1
    while not re.match(r'^    [}\])]', lines[end]):
        end += 1
    # a multi-line signature `(` … `) {` continues to its body
    if lines[end].rstrip().endswith('{'):
        end += 1
        while not re.match(r'^    }', lines[end]):
            end += 1
    return end + 1


def floor_types(lines):
    out, i = [], 0
    while i < len(lines):
        header = TYPE_HEADER.match(lines[i])
        if not header:
            out.append(lines[i])
            i += 1
            continue
        out.append(f'public {header.group(1)} {header.group(2)}: Sendable {{')
        i += 1
        while lines[i] != '}':
            line = lines[i]
            if line.startswith('    ///') or line.startswith('    case ') or line.strip() == '' or STORED.match(line):
                out.append(line)
                i += 1
            elif line.startswith('    public init(') and 'decoder' not in line and 'rawValue' not in line:
                end = member_block_end(lines, i)
                out.extend(lines[i:end])
                i = end
            else:
                i = member_block_end(lines, i)
        out.append('}')
        i += 1
    return out


def floor_endpoints(lines):
    out, i = [], 0
    while i < len(lines):
        header = TYPE_HEADER.match(lines[i])
        if not header:
            out.append(lines[i])
            i += 1
            continue
        out.append(f'public enum {header.group(2)}: Sendable {{')
        i += 1
        while lines[i] != '}':
            if lines[i].startswith('    ///') or lines[i].startswith('    case '):
                out.append(lines[i])
                if lines[i].startswith('    case ') and lines[i].rstrip().endswith('('):
                    # a case the printer wrapped: its associated values up to the closing parenthesis
                    while not lines[i].startswith('    )'):
                        i += 1
                        out.append(lines[i])
            i += 1
        out.append('}')
        i += 1
    return out


def floor_client(lines):
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        if re.match(r'^    public func ', line):
            while not lines[i].rstrip().endswith('{'):
                out.append(lines[i])
                i += 1
            out.append(lines[i])
            i += 1
            while not re.match(r'^    }', lines[i]):
                i += 1
            out.append('        fatalError()')
            continue
        out.append(line)
        i += 1
    return out


def main():
    directory = Path(sys.argv[1])
    for name, rewrite in (('Types.swift', floor_types), ('Endpoints.swift', floor_endpoints), ('Client.swift', floor_client)):
        path = directory / name
        path.write_text('\n'.join(rewrite(path.read_text().split('\n'))))


if __name__ == '__main__':
    main()
