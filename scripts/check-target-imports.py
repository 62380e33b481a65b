#!/usr/bin/env python3
"""Fails when a target imports a module of this package (or of a package product) that it does not
list in its `dependencies` in Package.swift.

Why: SwiftPM rebuilds a target only when one of its *declared* dependencies' .swiftmodule files
changes. A module reached only transitively (SDLPlatformTests importing PlumageCore through
SDLPlatform) is not an input, and the compiler leaves an intermediate .swiftmodule untouched when its
content is the same. So a change to a layout in PlumageCore (a stored property of AppState's, even an
internal one) leaves the importing target's objects compiled against the old layout: an incremental
`swift build` links a binary that mixes two layouts of the same struct (issue 18: SIGSEGV in
"outlined destroy of AppState"; swiftlang/swift-package-manager#10483). SwiftPM's own
`--explicit-target-dependency-import-check error` does not report these on Linux (tried, 6.3.1).

Declared dependencies come from `swift package dump-package` (SwiftPM's reading of the manifest);
imports from the `import` lines of each target's Swift files.
Usage: scripts/check-target-imports.py [package folder]   (exit 1 and a list when something is missing)
"""
import glob
import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)"
)


def main() -> int:
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    manifest = json.loads(subprocess.run(["swift", "package", "--package-path", root, "dump-package"],
                                         check=True, capture_output=True, text=True).stdout)
    targets = {t["name"]: t for t in manifest["targets"]}
    products = set()
    for t in manifest["targets"]:
        for dep in t["dependencies"]:
            if "product" in dep:
                products.add(dep["product"][0])
    known = set(targets) | products
    problems = []
    for name, t in sorted(targets.items()):
        if t["type"] in ("system", "binary", "plugin"):
            continue
        declared = {value[0] for dep in t["dependencies"] for value in dep.values()}
        folder = t.get("path") or os.path.join("Tests" if t["type"] == "test" else "Sources", name)
        imported = {}
        for path in sorted(glob.glob(os.path.join(root, folder, "**", "*.swift"), recursive=True)):
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    m = IMPORT.match(line)
                    if m and m.group(1) in known and m.group(1) != name:
                        imported.setdefault(m.group(1), f"{os.path.relpath(path, root)}:{number}")
        for module in sorted(set(imported) - declared):
            problems.append(f"{name} imports {module} ({imported[module]}) but does not list it in its dependencies")
    for p in problems:
        print(f"check-target-imports: {p}", file=sys.stderr)
    if problems:
        print("check-target-imports: add each to the target's `dependencies` in Package.swift; a module reached "
              "only through another target is not rebuilt against, so an incremental build can link stale layouts",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
