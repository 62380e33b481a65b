import Glibc

/// What the calling thread has used so far: CPU time, page faults and involuntary context switches
/// (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, `getrusage(RUSAGE_THREAD)`). The difference of two
/// readings tells a slow frame that worked from one that waited (preempted, or faulting pages in).
struct ThreadUsage {
    /// CPU time, user and system (ms).
    var cpuMs: Double
    /// Page faults, minor and major.
    var faults: Int
    /// Times the scheduler took the CPU away while the thread could run.
    var preempted: Int

    /// The calling thread's usage now (zeros where the system cannot tell).
    static func now() -> ThreadUsage {
        var clock = timespec()
        let cpu = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &clock) == 0
            ? Double(clock.tv_sec) * 1000 + Double(clock.tv_nsec) / 1_000_000 : 0
        var usage = rusage()
        // RUSAGE_THREAD (Linux): this thread only.
        guard getrusage(__rusage_who_t(1), &usage) == 0 else { return ThreadUsage(cpuMs: cpu, faults: 0, preempted: 0) }
        return ThreadUsage(cpuMs: cpu, faults: usage.ru_minflt + usage.ru_majflt, preempted: usage.ru_nivcsw)
    }

    /// The usage between `earlier` and this reading.
    func since(_ earlier: ThreadUsage) -> ThreadUsage {
        ThreadUsage(cpuMs: cpuMs - earlier.cpuMs, faults: faults - earlier.faults, preempted: preempted - earlier.preempted)
    }
}
