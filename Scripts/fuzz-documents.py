#!/usr/bin/env python3
"""Mutation fuzzer for the documents `specwright` reads: OpenAPI documents and our own specs.

Takes the OpenAPI documents of ../shared/data/openapi and openapi-edge, the ones under Tests/,
specs/*.yaml and the spec fixtures, mutates them structurally (keys deleted, values of another
JSON type, repeated keys, edge numbers, hostile names, $refs to nowhere / to themselves / to
non-schemas, cycles, deep nesting, long strings) and as bytes (truncation, BOMs, CRLF, tabs,
invalid UTF-8, YAML alias bombs), runs the release `specwright validate` and `generate` on each
mutant under a time limit and an address-space limit, and reports every crash, hang, exhaustion
of memory, exit code other than 0/1, diagnostic that is not `file:line:col: severity: message`,
validate/generate disagreement, and (for a sample of outputs) generated code that does not
type-check against SpecwrightRuntime in Swift 6 mode or warns. Findings are copied with their
stderr to the findings folder. Deterministic for a given --seed. Not part of CI; see
docs/fuzzing.md ("Mutating whole documents through the CLI").

    Scripts/fuzz-documents.py --seed 1 --count 2000 [--time 1800] [--jobs 2] [--compile 0.2]
    Scripts/fuzz-documents.py --replay path/to/mutant.yaml
"""
import argparse
import collections
import glob
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzzdocs import runner, text_mutations, tree, tree_mutations, typecheck  # noqa: E402

MAX_MUTANT_CHARS = 8 << 20
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def data_folder(explicit):
    candidates = [explicit] if explicit else [os.path.join(ROOT, "../shared/data"), os.path.join(ROOT, "../../shared/data")]
    return next((c for c in candidates if c and os.path.isdir(c)), None)


def seed_files(data, max_bytes):
    patterns = ["Tests/Fixtures/openapi/*", "Tests/SpecwrightCoreTests/Fixtures/BrokenOpenAPI/*.yaml",
                "Tests/SpecwrightCoreTests/Fixtures/BrokenSpecs/*.yaml", "Tests/SpecwrightCoreTests/Fixtures/*.yaml",
                "specs/*.yaml", "Tests/Fixtures/*.yaml", "Tests/EndToEndTests/*.specwright.yaml"]
    files = [f for p in patterns for f in glob.glob(os.path.join(ROOT, p))]
    if data:
        files += glob.glob(os.path.join(data, "openapi", "*"))
        files += glob.glob(os.path.join(data, "openapi-edge", "**", "*"), recursive=True)
    files = [f for f in files if f.endswith((".yaml", ".yml", ".json")) and os.path.isfile(f)]
    return sorted(f for f in set(files) if os.path.getsize(f) <= max_bytes)


class Seed:
    def __init__(self, path):
        self.path = path
        self.data = open(path, "rb").read()
        self.is_json = path.endswith(".json")
        self.tree = tree.load(self.data.decode("utf-8", "replace"), self.is_json)
        root = self.tree if isinstance(self.tree, dict) else {}
        self.valid = False
        self.kind = "openapi" if ("openapi" in root or "swagger" in root) else "spec" if "specwright" in root else "other"


def make_mutant(rng, seeds):
    """(bytes, extension, operator names, seed path). Half the mutants start from a document that
    validates and only change names, enums and references, so they reach naming and rendering."""
    valid = [s for s in seeds if s.valid and s.tree is not None]
    gentle = valid and rng.random() < 0.5
    seed = rng.choice(valid if gentle else seeds)
    ops = []
    as_json = seed.is_json if rng.random() < 0.85 else not seed.is_json
    data = seed.data
    if seed.tree is not None and (gentle or rng.random() < 0.85):
        operators = tree_mutations.NAME_OPERATORS if gentle else None
        context = {"kind": seed.kind, "yaml": not as_json}
        mutant, ops = tree_mutations.mutate(rng, seed.tree, context, rng.randint(1, 4 if gentle else 3), operators)
        text = tree.to_json(mutant) if as_json or rng.random() < 0.1 else tree.to_yaml(mutant)
        if len(text) > MAX_MUTANT_CHARS and not as_json:  # block YAML of deep nesting grows quadratically
            text = tree.to_json(mutant)
        data = text.encode("utf-8", "surrogatepass")
    else:
        as_json = seed.is_json
    if not ops or (not gentle and rng.random() < 0.25):
        data, op = text_mutations.mutate(rng, data, not as_json)
        ops.append(op)
    return data, ".json" if as_json else ".yaml", ops, os.path.relpath(seed.path, ROOT)


class Findings:
    def __init__(self, folder, keep):
        self.folder, self.keep = folder, keep
        self.lock = threading.Lock()
        self.by_signature = collections.OrderedDict()
        self.counts = collections.Counter()

    def add(self, klass, step, signature, index, data, ext, ops, seed, detail):
        with self.lock:
            key = (klass, signature)
            entry = self.by_signature.setdefault(key, {"class": klass, "signature": signature, "count": 0, "examples": []})
            entry["count"] += 1
            self.counts[klass] += 1
            if len(entry["examples"]) >= self.keep:
                return
            tag = hashlib.sha1(("%s|%s" % key).encode()).hexdigest()[:8]
            base = os.path.join(self.folder, klass, "%s-m%d" % (tag, index))
            os.makedirs(os.path.dirname(base), exist_ok=True)
            open(base + ext, "wb").write(data)
            with open(base + ".txt", "w") as f:
                f.write("class: %s\nstep: %s\nsignature: %s\nseed: %s\noperators: %s\n\n%s\n" %
                        (klass, step, signature, seed, ", ".join(ops), detail[-6000:]))
            entry["examples"].append(os.path.relpath(base + ext, ROOT))


def release_binary(build):
    if build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "specwright"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "specwright")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=500, help="mutants to run")
    parser.add_argument("--time", type=float, default=0, help="stop starting mutants after this many seconds")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30, help="seconds per command before it counts as a hang")
    parser.add_argument("--memory-mb", type=int, default=4096, help="address-space limit per command (ulimit -v)")
    parser.add_argument("--compile", type=float, default=0.15, help="fraction of generated outputs to type-check")
    parser.add_argument("--kind", choices=["openapi", "spec", "all"], default="all")
    parser.add_argument("--data", help="the shared data folder (default: ../shared/data next to the checkout)")
    parser.add_argument("--max-seed-kb", type=int, default=1024, help="skip larger seeds (Twilio is 5 MB)")
    parser.add_argument("--findings", default=os.path.join(ROOT, ".build/fuzz-documents"))
    parser.add_argument("--keep", type=int, default=3, help="examples kept per signature")
    parser.add_argument("--bin", help="a specwright executable (default: build and use the release one)")
    parser.add_argument("--replay", nargs="*", help="run these files once each and print what happened")
    args = parser.parse_args()

    binary = args.bin or release_binary(build=True)
    modules = typecheck.modules_directory(ROOT)
    if args.replay:
        return replay(args, binary, modules)
    seeds = [Seed(p) for p in seed_files(data_folder(args.data), args.max_seed_kb * 1024)]
    seeds = [s for s in seeds if args.kind == "all" or s.kind == args.kind]
    if not seeds:
        sys.exit("no seed documents found")
    for seed in seeds:
        code, _, _, _ = runner.run([binary, "validate", "-q", seed.path], args.timeout, args.memory_mb, ROOT)
        seed.valid = code == 0
    if args.compile and not modules:
        print("note: no SpecwrightRuntime module under .build (swift build --target SpecwrightRuntime); not compiling",
              file=sys.stderr)
    os.makedirs(args.findings, exist_ok=True)
    findings = Findings(args.findings, args.keep)
    work = tempfile.mkdtemp(prefix="fuzz-documents-")
    started = time.monotonic()
    stats = collections.Counter()

    def one(index):
        if args.time and time.monotonic() - started > args.time:
            return
        rng = random.Random("%d:%d" % (args.seed, index))
        data, ext, ops, seed = make_mutant(rng, seeds)
        name = "m%d%s" % (index, ext)
        folder = os.path.join(work, "w%d" % index)
        os.makedirs(folder)
        open(os.path.join(folder, name), "wb").write(data)
        found, output, seconds = runner.check(binary, name, folder, args.timeout, args.memory_mb)
        stats["mutants"] += 1
        stats["generated"] += output is not None
        for step, klass, signature, stderr in found:
            findings.add(klass, step, signature, index, data, ext, ops, seed, stderr)
        if output and modules and rng.random() < args.compile:
            stats["type-checked"] += 1
            outcome = typecheck.typecheck(ROOT, modules, output, 600)
            if outcome:
                findings.add(outcome[0], "typecheck", outcome[1], index, data, ext, ops, seed, outcome[2])
        shutil.rmtree(folder, ignore_errors=True)

    with ThreadPoolExecutor(args.jobs) as pool:
        for done, _ in enumerate(pool.map(one, range(args.count)), 1):
            if done % 100 == 0:
                print("%d mutants, %d s, findings %s" % (done, time.monotonic() - started, dict(findings.counts)),
                      file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    summary = {"seed": args.seed, "seeds": len(seeds), "seconds": round(time.monotonic() - started),
               **stats, "findings": list(findings.by_signature.values())}
    json.dump(summary, open(os.path.join(args.findings, "summary-%d.json" % args.seed), "w"), indent=1, ensure_ascii=False)
    print("seed %d: %d mutants of %d seed documents in %d s; %d generated, %d type-checked" %
          (args.seed, stats["mutants"], len(seeds), summary["seconds"], stats["generated"], stats["type-checked"]))
    for entry in findings.by_signature.values():
        print("  %-15s x%-4d %s  (%s)" % (entry["class"], entry["count"], entry["signature"], entry["examples"][0]))
    return 1 if findings.by_signature else 0


def replay(args, binary, modules):
    status = 0
    for path in args.replay:
        folder = tempfile.mkdtemp(prefix="fuzz-replay-")
        name = "m" + os.path.splitext(path)[1]
        shutil.copy(path, os.path.join(folder, name))
        found, output, seconds = runner.check(binary, name, folder, args.timeout, args.memory_mb)
        if output and modules:
            outcome = typecheck.typecheck(ROOT, modules, output, 600)
            if outcome:
                found.append(("typecheck", outcome[0], outcome[1], outcome[2]))
                print(outcome[2][-3000:])
        code, out, err, _ = runner.run([binary, "validate", name], args.timeout, args.memory_mb, folder)
        print("%s: %.1f s; validate exit %s\n%s" % (path, seconds, code, err[-3000:]))
        for step, klass, signature, _ in found:
            print("  %s %s: %s" % (step, klass, signature))
            status = 1
        shutil.rmtree(folder, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
