// host-probe: does this machine alone make frames slow? Runs the same frame-like work (copy a
// 1280x800 "backdrop", blend a quarter of it, a little arithmetic; no allocation, and system calls
// only to read clocks and usage) every 16.7 ms for N seconds, like the app's loop, and measures each iteration's
// thread CPU time, wall time and involuntary context switches. Prints the median and every iteration
// over 4x the median after a 10-iteration warm-up. Identical work that takes several times its
// median CPU time, with no context switch, is the machine (host, hypervisor), not the program.
// Used to read soak runs (docs/NOTES.md, "Sanitizers and soak"). Build and run on an idle machine:
//   cc -O2 -o /tmp/host-probe scripts/host-probe.c && /tmp/host-probe 600
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
static long ivcsw(void) { struct rusage u; getrusage(RUSAGE_THREAD, &u); return u.ru_nivcsw; }
static double now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    int secs = argc > 1 ? atoi(argv[1]) : 60;
    size_t n = 1280 * 800;
    uint32_t *src = malloc(n * 4), *dst = malloc(n * 4), *txt = malloc(n);
    for (size_t i = 0; i < n; i++) { src[i] = (uint32_t)(i * 2654435761u); dst[i] = 0; }
    for (size_t i = 0; i < n / 4; i++) txt[i] = (uint32_t)(i * 40503u);
    int max = secs * 60 + 10, count = 0;
    double *cpu = malloc(max * sizeof(double)), *at = malloc(max * sizeof(double)), *wall = malloc(max * sizeof(double)); long *sw = malloc(max * sizeof(long));
    double start = now(CLOCK_MONOTONIC), next = start;
    volatile uint32_t sink = 0;
    while (now(CLOCK_MONOTONIC) - start < secs * 1000.0 && count < max) {
        double c0 = now(CLOCK_THREAD_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC); long s0 = ivcsw();
        memcpy(dst, src, n * 4);
        for (size_t i = 0; i < n / 4; i++) {  // blend a quarter of the frame
            uint32_t s = txt[i], d = dst[i + n / 2], a = s >> 24;
            if (a == 255) dst[i + n / 2] = s; else if (a) {
                uint32_t rb = (((s & 0xff00ff) * a + (d & 0xff00ff) * (255 - a)) >> 8) & 0xff00ff;
                uint32_t g = (((s & 0xff00) * a + (d & 0xff00) * (255 - a)) >> 8) & 0xff00;
                dst[i + n / 2] = rb | g;
            }
        }
        uint32_t h = 0; for (int i = 0; i < 200000; i++) h = h * 31 + (uint32_t)i; sink += h;
        cpu[count] = now(CLOCK_THREAD_CPUTIME_ID) - c0; wall[count] = now(CLOCK_MONOTONIC) - w0; sw[count] = ivcsw() - s0; at[count] = (now(CLOCK_MONOTONIC) - start) / 1000; count++;
        next += 1000.0 / 60;
        double wait = next - now(CLOCK_MONOTONIC);
        if (wait > 0) usleep((useconds_t)(wait * 1000)); else next = now(CLOCK_MONOTONIC);
    }
    double *sorted = malloc(count * sizeof(double)); memcpy(sorted, cpu, count * sizeof(double));
    qsort(sorted, count, sizeof(double), cmp);
    double med = sorted[count / 2];
    int slow = 0;
    printf("iterations %d median %.3f ms p99 %.3f max %.3f\n", count, med, sorted[count * 99 / 100], sorted[count - 1]);
    for (int i = 10; i < count; i++) if (cpu[i] > 4 * med) { slow++; printf("slow at %.2f s: cpu %.3f ms (%.1fx) wall %.3f ms, %ld preemptions\n", at[i], cpu[i], cpu[i] / med, wall[i], sw[i]); }
    int c2 = 0, c3 = 0; for (int i = 10; i < count; i++) { if (cpu[i] > 2 * med) c2++; if (cpu[i] > 3 * med) c3++; }
    printf("over 2x median: %d, over 3x: %d, over 4x: %d\n", c2, c3, slow);
    return 0;
}
