import Glibc

/// What the calling thread has used so far: CPU time, page faults and involuntary context switches
/// (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, `getrusage(RUSAGE_THREAD)`). The difference of two
/// readings tells a slow frame that worked from one that waited (preempted, or reading pages in).
struct ThreadUsage {
    /// CPU time, user and system (ms).
    var cpuMs: Double
    /// Minor page faults (memory mapped in without reading a file).
    var faults: Int
    /// Major page faults (pages read in from a file: code or data the system had dropped).
    var majorFaults: Int
    /// Times the scheduler took the CPU away while the thread could run.
    var preempted: Int

    /// CPU time the calling thread has used so far (ms; 0 where the system cannot tell).
    static func cpuMs() -> Double {
        var clock = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &clock) == 0 else { return 0 }
        return Double(clock.tv_sec) * 1000 + Double(clock.tv_nsec) / 1_000_000
    }

    /// The calling thread's usage now (zeros where the system cannot tell).
    static func now() -> ThreadUsage {
        let cpu = cpuMs()
        var usage = rusage()
        // RUSAGE_THREAD (Linux, this thread only), which the Glibc module leaves out.
        guard getrusage(__rusage_who_t(1), &usage) == 0 else { return ThreadUsage(cpuMs: cpu) }
        return ThreadUsage(cpuMs: cpu, faults: usage.ru_minflt, majorFaults: usage.ru_majflt, preempted: usage.ru_nivcsw)
    }

    /// A reading of `cpuMs` and the given counts (zero when left out).
    init(cpuMs: Double, faults: Int = 0, majorFaults: Int = 0, preempted: Int = 0) {
        self.cpuMs = cpuMs
        self.faults = faults
        self.majorFaults = majorFaults
        self.preempted = preempted
    }

    /// The usage between `earlier` and this reading.
    func since(_ earlier: ThreadUsage) -> ThreadUsage {
        ThreadUsage(cpuMs: cpuMs - earlier.cpuMs, faults: faults - earlier.faults,
                    majorFaults: majorFaults - earlier.majorFaults, preempted: preempted - earlier.preempted)
    }
}
