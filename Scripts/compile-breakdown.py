#!/usr/bin/env python3
"""Where one debug compile job of a generated file spends its time, and what code it emits.

    Scripts/compile-breakdown.py <stats directory> <LLVM IR file>

- The stats directory is the frontend's `-stats-output-dir` of the job (`-Onone -g`): prints the
  job's user CPU split into type checking, SILGen, SIL passes, IRGen and the rest, which is LLVM
  (code generation and debug info; the frontend has no timer of its own for it).
- The IR file is the same job run with `-emit-ir`: prints its functions grouped by the kind of
  declaration they come from (value witnesses, protocol witness thunks, accessors, initializers,
  the coding members, `==`/`hash(into:)`, async continuations, outlined copies …) with their
  share of IR instructions, the measure of what LLVM has to compile.

Used by `BREAKDOWN=1 Scripts/openapi-compile-time.sh`; see docs/performance.md ("Compile time of
generated code").
"""
import collections
import glob
import json
import re
import subprocess
import sys

PHASES = [
    ('type checking', 'time.swift.Type checking and Semantic analysis.user'),
    ('SILGen', 'time.swift.SILGen.user'),
    ('SIL passes', 'time.swift.SIL optimization.user'),
    ('IRGen', 'time.swift.IRGen.user'),
]

# (pattern on the mangled name, pattern on the demangled name, kind); the first match wins.
KINDS = [
    (r'w(?:cp|xx|ca|ta|tk|et|st|ug|up|ui|CP)$', None, 'value witnesses (copy, destroy, enum tags)'),
    (r'TW[a-zA-Z]*$', None, 'protocol conformances (witness thunks, table accessors)'),
    (r'TQ\d+_$|TY\d+_$', None, 'async continuations (funclets)'),
    (None, r'^outlined ', 'outlined copies and destroys'),
    (r'fA\d+_$', None, 'default argument generators'),
    (None, r'init\(from:', 'init(from:)'),
    (None, r'encode\(to:', 'encode(to:)'),
    (None, r'static .*== infix|hash\(into:', '== and hash(into:)'),
    (None, r'init\(rawValue:|\.rawValue\.getter', 'open enums: raw value mapping'),
    (r'vg$|vs$|vM$', None, 'property accessors'),
    (r'fC$|fc$', None, 'initializers'),
    (r'Ma$|Mr$|Mi$', None, 'type metadata'),
]


def phases(directory):
    files = glob.glob(directory + '/*.json')
    if not files:
        return
    stats = json.load(open(files[0]))
    total = next((v for k, v in stats.items() if k.startswith('time.swift-frontend') and k.endswith('.user')), 0)
    rest = total
    parts = []
    for name, key in PHASES:
        value = stats.get(key, 0.0)
        rest -= value
        parts.append(f'{name} {value:.2f}')
    print(f'  user CPU {total:.2f} s: ' + ', '.join(parts) + f', LLVM and the rest {rest:.2f}')


def functions(path):
    names, sizes, current, count = [], [], None, 0
    for line in open(path):
        if line.startswith('define '):
            current, count = re.search(r'@"?([^"(\s]+)"?\(', line).group(1), 0
        elif current is not None:
            if line.startswith('}'):
                names.append(current)
                sizes.append(count)
                current = None
            elif line.startswith('  ') and not line.lstrip().startswith('#dbg'):
                count += 1
    demangled = subprocess.run(
        ['swift', 'demangle', '--simplified'], input='\n'.join(names), capture_output=True, text=True
    ).stdout.split('\n')
    lines, counts = collections.Counter(), collections.Counter()
    for mangled, readable, size in zip(names, demangled, sizes):
        kind = next(
            (k for m, d, k in KINDS if (m and re.search(m, mangled)) or (d and re.search(d, readable))), 'other functions'
        )
        lines[kind] += size
        counts[kind] += 1
    total = sum(lines.values()) or 1
    print(f'  IR: {len(names)} functions, {total} instructions')
    for kind, size in lines.most_common():
        print(f'    {size:8d} {100 * size / total:5.1f} %  {counts[kind]:6d} functions  {kind}')


if __name__ == '__main__':
    phases(sys.argv[1])
    functions(sys.argv[2])
