#!/usr/bin/env python3
"""Prints the median of each numeric field over `plumage bench ... --json` lines, one file per source."""
import json
import statistics
import sys

for path in sys.argv[1:]:
    runs = [json.loads(line) for line in open(path) if line.strip().startswith("{")]
    if not runs:
        continue
    fields = [k for k, v in runs[0].items() if isinstance(v, (int, float))]
    medians = {k: round(statistics.median(r[k] for r in runs), 3) for k in fields}
    print(f"{path} (median of {len(runs)}): " + json.dumps(medians))
