"""Type-checks generated outputs against the SpecwrightRuntime module (Swift 6 mode): a mutant
that generated code which does not compile, or compiles with warnings, is a finding."""
import glob
import os
import re

from .runner import _normalize, run


def modules_directory(root):
    for pattern in [".build/debug/Modules", ".build/*/debug/Modules", ".build/release/Modules", ".build/*/release/Modules"]:
        for path in sorted(glob.glob(os.path.join(root, pattern))):
            if os.path.exists(os.path.join(path, "SpecwrightRuntime.swiftmodule")):
                return path
    return None


def typecheck(root, modules, output, timeout):
    """(class, signature, compiler output) or None when the output type-checks without warnings."""
    files = sorted(glob.glob(os.path.join(output, "*.swift")))
    if not files:
        return "no-compile", "no Swift files written", ""
    arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules,
                 "-I", os.path.join(root, "Sources/CSQLite")] + files
    code, out, err, _ = run(arguments, timeout, 8192, output)
    text = out + err
    if code is None:
        return "no-compile", "compiler timed out", text
    errors = [l for l in text.splitlines() if ": error: " in l]
    if code != 0 or errors:
        first = errors[0] if errors else "exit %s" % code
        return "no-compile", _normalize(re.sub(r"^.*?: error: ", "error: ", first)), text
    warnings = [l for l in text.splitlines() if ": warning: " in l]
    if warnings:
        return "compile-warning", _normalize(re.sub(r"^.*?: warning: ", "warning: ", warnings[0])), text
    return None
