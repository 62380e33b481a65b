#if canImport(Glibc)
import CMalloc
#endif

/// How the process asks glibc's allocator to hand memory back (docs/NOTES.md, "Sanitizers and soak").
///
/// Decoded photos are large (a 3000 px photo is 27 MB, plus its pyramid) and are made on worker
/// threads and freed on the main thread, in no order. glibc's defaults raise the mmap threshold to the
/// largest block freed so far (up to 32 MiB), after which such bitmaps come from per-thread arenas
/// that fragment and are rarely returned: a soak paging through 200 photos grew to 2.6 GB with a
/// 1.5 GiB pixel budget. A fixed threshold keeps every block of 1 MiB or more in its own mapping,
/// given back when freed, and two arenas bound what the small blocks of many threads can strand.
/// A fixed threshold also fixes glibc's trim threshold at its 128 KiB default (the dynamic rule
/// would make it twice the mmap threshold): the frosted bar's read-back (~270 KB, made and freed
/// every frame) was then given back and faulted in again, 66 page faults a frame; it is set to
/// twice the mmap threshold, as glibc would.
enum MallocTuning {
    /// Blocks at least this large are mapped on their own and unmapped when freed.
    static let mmapThreshold: Int32 = 1 << 20
    /// Free memory at the top of the heap beyond this much is given back to the system.
    static let trimThreshold: Int32 = 2 << 20
    /// At most this many malloc arenas (glibc's default is 8 per core).
    static let arenas: Int32 = 2

    /// Applies the settings; call before any thread starts. `MALLOC_ARENA_MAX`,
    /// `MALLOC_MMAP_THRESHOLD_` or `MALLOC_TRIM_THRESHOLD_` in the environment win, so a run can
    /// compare the defaults.
    static func apply(environment: [String: String]) {
        #if canImport(Glibc)
        if environment["MALLOC_MMAP_THRESHOLD_"] == nil { mallopt(M_MMAP_THRESHOLD, mmapThreshold) }
        if environment["MALLOC_TRIM_THRESHOLD_"] == nil { mallopt(M_TRIM_THRESHOLD, trimThreshold) }
        if environment["MALLOC_ARENA_MAX"] == nil { mallopt(M_ARENA_MAX, arenas) }
        #endif
    }
}
