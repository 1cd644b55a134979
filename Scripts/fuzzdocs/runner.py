"""Runs `specwright validate` and `generate` on one mutant under a time and memory limit, and
classifies what happened."""
import os
import re
import resource
import signal
import subprocess
import time

CLASSES = ["crash", "hang", "memory", "bad-exit", "unlocated", "disagree", "no-compile", "compile-warning"]


def _limit(memory_mb):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()
    return apply


def run(arguments, timeout, memory_mb, cwd):
    """(exit code or None on timeout, stdout, stderr, seconds). A timed-out process group is killed."""
    start = time.monotonic()
    process = subprocess.Popen(arguments, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=_limit(memory_mb))
    try:
        out, err = process.communicate(timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        code = None
    return code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), time.monotonic() - start


def _normalize(line):
    """A finding's signature: numbers and quoted text replaced, so one bug is one signature."""
    line = re.sub(r"'[^']*'", "'…'", line)
    line = re.sub(r"\"[^\"]*\"", "\"…\"", line)
    return re.sub(r"\d+", "N", line)[:200]


def _top_frame(err):
    """` in Type.function(_:)` of the backtrace's first frame in our code, when there is one."""
    frame = re.search(r"^\s*\d+ .*? (\S*(?:Importer|Specwright|Spec|Naming|Render|Generation|IR|Pass)\S*\(.*?\)) \+",
                      err, re.M)
    return " in " + frame.group(1) if frame else ""


def classify(name, code, err, memory_mb):
    """(class, signature) of one command's outcome, or None when it behaved."""
    if code is None:
        return "hang", "timeout"
    fatal = [l for l in err.splitlines() if "Fatal error" in l or "fatal error" in l.lower() and "error:" not in l]
    if "can't allocate" in err or "out of memory" in err.lower() or "std::bad_alloc" in err:
        return "memory", _normalize(fatal[0] if fatal else "allocation failed")
    if code < 0 or code >= 128 or fatal:
        detail = fatal[0] if fatal else "signal %d" % (-code if code < 0 else code - 128)
        return "crash", _normalize(detail) + _top_frame(err)
    if code not in (0, 1):
        return "bad-exit", "exit %d" % code
    located = re.compile(r"^" + re.escape(name) + r":\d+:\d+: (error|warning|note): \S")
    lines = [l for l in err.splitlines() if l.strip()]
    file_level = "error: cannot read '%s': " % name
    stray = [l for l in lines if not located.match(l) and not l.startswith(file_level)]
    if stray:
        return "unlocated", _normalize(stray[0].replace(name, "FILE"))
    if code == 1 and not any(": error: " in l for l in lines):
        return "unlocated", "exit 1 without a located error"
    if code == 0 and any(": error: " in l for l in lines):
        return "unlocated", "an error but exit 0"
    return None


def check(binary, name, work, timeout, memory_mb):
    """Validates and generates the mutant `work/name`; returns (findings as (step, class, signature,
    stderr), the output folder or None, seconds)."""
    findings = []
    vcode, _, verr, vt = run([binary, "validate", name], timeout, memory_mb, work)
    outcome = classify(name, vcode, verr, memory_mb)
    if outcome:
        findings.append(("validate",) + outcome + (verr,))
    output = os.path.join(work, "out-" + name)
    gcode, _, gerr, gt = run([binary, "generate", name, "--output", output], timeout, memory_mb, work)
    outcome = classify(name, gcode, gerr, memory_mb)
    if outcome:
        findings.append(("generate",) + outcome + (gerr,))
    if vcode in (0, 1) and gcode in (0, 1) and vcode != gcode:
        findings.append(("generate", "disagree", "validate exit %d, generate exit %d" % (vcode, gcode), verr + gerr))
    generated = output if gcode == 0 and os.path.isdir(output) else None
    return findings, generated, vt + gt
