#!/usr/bin/env python3
"""Turns a soak run's samples (scripts/soak.sh) into a verdict and a PNG.

Usage: scripts/soak-report.py RSS.txt FRAMES.txt OUT.png

RSS.txt: `seconds rss_kB [hwm_kB]` lines (VmRSS and VmHWM, the kernel's peak RSS so far, every few
seconds). FRAMES.txt: the `plumage run --stats-file`
log (`time frames p50 p99 max over over_idle loading decoded_mb tiles_mb images_mb text_mb`, one
line per second with frames). Prints per-minute peak RSS, worst per-second p99 and the peak of what
the app's bounded caches held (so growth can be told from caches filling up), and checks: peak RSS
after the first 2 minutes drifts at most 5 % (VmHWM at the end against VmHWM at 2 minutes; with no
VmHWM column, the highest later per-minute peak against minute 2's), and no frame over budget
while no image load was in flight (each such frame's `# over_idle` line is printed, at most 40). With `cpu.txt` beside RSS.txt (the machine's /proc/stat ticks
every few seconds) it also prints each minute's machine-wide busy and stolen CPU share, and each
slow frame's share in its sample. Draws both curves with ImageMagick `convert` (no plotting
library needed). Exits 1 when a check fails.
"""

import os
import subprocess
import sys


def read_rows(path):
    """Whitespace-separated number rows of `path`, comments skipped."""
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                rows.append([float(v) for v in line.split()])
    return rows


def per_minute(rows, value, reduce):
    """{minute: reduce(values)} of `value(row)` grouped by the row's minute (row[0] is seconds)."""
    groups = {}
    for row in rows:
        groups.setdefault(int(row[0] // 60), []).append(value(row))
    return {m: reduce(v) for m, v in sorted(groups.items())}


def polyline(points, x0, y0, width, height, xmax, ymax):
    """`convert -draw` points for (x, y) data in a plot box at (x0, y0) of `width` × `height`."""
    return " ".join(f"{x0 + x / xmax * width:.1f},{y0 + height - y / ymax * height:.1f}" for x, y in points)


def draw(rss, caches, p99, budget, out):
    """Writes the two-panel PNG: peak RSS (MB) with the caches' peak total (MiB), and worst p99 work
    (ms) per minute."""
    width, height, left, panel = 900, 560, 80, 200
    minutes = max(list(rss) + list(p99) + [1]) + 1
    args = ["convert", "-size", f"{width}x{height}", "xc:white", "-font", "DejaVu-Sans", "-pointsize", "13"]
    panels = [
        ("peak RSS per minute (MiB, blue); what the bounded caches held (MiB, green)",
         {m: v / 1024 for m, v in rss.items()}, 60, "#1f6fb4", None, {m: sum(v) for m, v in caches.items()}),
        (f"worst per-second p99 frame work per minute (ms); budget {budget:.1f} ms", p99, 320, "#c0392b", budget, {}),
    ]
    for title, series, top, colour, line, extra in panels:
        if not series:
            continue
        ymax = max(list(series.values()) + list(extra.values()) + [line or 0]) * 1.15 or 1
        args += ["-fill", "none", "-stroke", "#888", "-draw", f"rectangle {left},{top} {width - 30},{top + panel}"]
        args += ["-fill", "black", "-stroke", "none", "-draw", f"text {left},{top - 10} '{title}'"]
        for frac in (0, 0.5, 1):
            y = top + panel - frac * panel
            args += ["-draw", f"text 10,{y + 4:.0f} '{ymax * frac:.1f}'"]
        for m in range(0, minutes + 1, max(1, minutes // 10)):
            x = left + m / minutes * (width - 30 - left)
            args += ["-draw", f"text {x - 4:.0f},{top + panel + 16} '{m}'"]
        if line:
            y = top + panel - line / ymax * panel
            args += ["-stroke", "#999", "-draw", f"line {left},{y:.1f} {width - 30},{y:.1f}"]
        for values, stroke in ((extra, "#27ae60"), (series, colour)):
            if len(values) < 2:
                continue
            pts = polyline([(m + 0.5, v) for m, v in values.items()], left, top, width - 30 - left, panel, minutes, ymax)
            args += ["-fill", "none", "-stroke", stroke, "-strokewidth", "2", "-draw", f"polyline {pts}", "-strokewidth", "1"]
    args += ["-fill", "black", "-stroke", "none", "-draw", f"text {width // 2 - 30},{height - 8} 'minute'", out]
    subprocess.run(args, check=True)


def cpu_shares(before, after):
    """The machine's busy and stolen share (%) of CPU time between two cumulative /proc/stat samples
    (`seconds user nice system idle iowait irq softirq steal`)."""
    delta = [b - a for a, b in zip(before[1:], after[1:])]
    total = sum(delta) or 1
    return (total - delta[3] - delta[4]) / total * 100, delta[7] / total * 100


def host_at(rows, seconds):
    """`busy % steal %` of the machine in the cpu.txt sample interval holding `seconds`, or '' when
    none does (the samples and the frame log share the app's clock, to the second)."""
    for before, after in zip(rows, rows[1:]):
        if before[0] <= seconds <= after[0] + 1:
            busy, steal = cpu_shares(before, after)
            return f"{busy:.1f} {steal:.1f}"
    return ""


def print_cpu(rows):
    """Per minute, the machine's busy and stolen share of CPU time from cumulative /proc/stat ticks
    (`seconds user nice system idle iowait irq softirq steal`), so slow minutes can be told apart
    from time other processes or the host took."""
    line = [(int(after[0] // 60), *cpu_shares(before, after)) for before, after in zip(rows, rows[1:])]
    minutes = {}
    for m, busy, steal in line:
        minutes.setdefault(m, []).append((busy, steal))
    print("minute  machine busy %  steal % (worst 3-s sample)")
    for m, v in sorted(minutes.items()):
        print(f"{m:6d}  {sum(b for b, _ in v) / len(v):14.1f}  {max(s for _, s in v):7.1f}")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    rss_rows, frame_rows = read_rows(sys.argv[1]), read_rows(sys.argv[2])
    with open(sys.argv[2]) as f:
        header = f.readline()
    budget = float(header.split("budget ")[1].split()[0]) if "budget " in header else 16.67
    rss = per_minute(rss_rows, lambda r: r[1], max)
    p99 = per_minute(frame_rows, lambda r: r[3], max)
    frames = sum(int(r[1]) for r in frame_rows)
    over = sum(int(r[5]) for r in frame_rows)
    over_idle = sum(int(r[6]) for r in frame_rows)
    caches = per_minute([r for r in frame_rows if len(r) >= 12], lambda r: r[8:12], lambda v: [max(c) for c in zip(*v)])
    print("minute  peak RSS MiB  worst p99 ms  peak caches MiB: decoded tiles images text")
    for m in sorted(set(rss) | set(p99)):
        held = " ".join(f"{c:6.0f}" for c in caches.get(m, []))
        print(f"{m:6d}  {rss.get(m, 0) / 1024:11.1f}  {p99.get(m, 0):12.2f}  {held}")
    ok = True
    later = {m: v for m, v in rss.items() if m >= 2}
    if len(later) >= 2:
        base = later[min(later)]
        drift = (max(later.values()) - base) / base * 100
        print(f"RSS per-minute peaks: minute 2 {base / 1024:.1f} MiB, highest later {max(later.values()) / 1024:.1f} MiB "
              f"({drift:+.1f} %), lowest later {min(later.values()) / 1024:.1f} MiB, last minute {later[max(later)] / 1024:.1f} MiB")
        hwm = [(r[0], r[2]) for r in rss_rows if len(r) >= 3]
        if hwm:
            at2 = max((v for t, v in hwm if t <= 120), default=hwm[0][1])
            end = hwm[-1][1]
            drift = (end - at2) / at2 * 100
            print(f"peak RSS (VmHWM): {at2 / 1024:.1f} MiB at 2 minutes, {end / 1024:.1f} MiB at the end ({drift:+.1f} %)")
        ok &= drift <= 5
    else:
        print("RSS: run shorter than 3 minutes, no drift figure")
    print(f"frames: {frames} drawn, {over} over the {budget:.2f} ms budget, {over_idle} of them with no image load in flight")
    slow = [line.split()[2:] for line in open(sys.argv[2]) if line.startswith("# over_idle ")]
    cpu_path = os.path.join(os.path.dirname(sys.argv[1]), "cpu.txt")
    cpu_rows = read_rows(cpu_path) if os.path.exists(cpu_path) else []
    if slow:
        print("  each (ms, then counts): time work cpu layout draw frost present after texts uploads faults major preempted screen"
              + ("; then the machine's busy % and steal % in that 3-s sample" if cpu_rows else ""))
        for fields in slow[:40]:
            print("   ", " ".join(fields), host_at(cpu_rows, float(fields[0])))
    ok &= over_idle == 0
    if cpu_rows:
        print_cpu(cpu_rows)
    draw(rss, caches, p99, budget, sys.argv[3])
    print(f"soak: {'PASS' if ok else 'FAIL'} (curve in {sys.argv[3]})")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
