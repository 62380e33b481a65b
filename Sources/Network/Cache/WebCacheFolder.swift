import Files
import Glibc

/// The web cache's folder: which names in it are entries and temporaries, creating it, listing it,
/// and sweeping the temporaries of writers that died. Temporaries follow the existing caches'
/// convention (`AtomicFile`, `SourceCacheStore`): `<entry name>.<n>.tmp-<pid>`, removed when no
/// process `<pid>` exists; the `<n>` lets threads and instances of one process write the same entry.
enum WebCacheFolder {
    /// The end of every entry's file name.
    static let entrySuffix = ".entry"

    /// An entry file found by `scan`: its name, size in bytes and modification time (the last use).
    struct Listed {
        let name: String
        let size: Int
        let lastUsed: Int64
    }

    /// Whether `name` is an entry's: 64 lowercase hex digits and `.entry`.
    static func isEntryName(_ name: Substring) -> Bool {
        let utf8 = name.utf8
        guard utf8.count == 64 + entrySuffix.utf8.count, name.hasSuffix(entrySuffix) else { return false }
        return utf8.prefix(64).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The process id that wrote `name` when it is a temporary of an entry (`<entry>.<n>.tmp-<pid>`).
    static func temporaryOwner(_ name: String) -> Int32? {
        guard let dash = name.lastIndex(of: "-"), name[..<dash].hasSuffix(".tmp"),
            let pid = Int32(name[name.index(after: dash)...]), pid > 0
        else { return nil }
        let front = name[..<dash].dropLast(4)  // "<entry>.<n>"
        guard let dot = front.lastIndex(of: "."), isEntryName(front[..<dot]),
            front[front.index(after: dot)...].allSatisfy({ $0 >= "0" && $0 <= "9" }),
            front.index(after: dot) < front.endIndex
        else { return nil }
        return pid
    }

    /// Creates `folder` and its missing parents (mode 0700, `Folders.create`); false when it cannot be
    /// made or is no folder.
    @discardableResult
    static func make(_ folder: String) -> Bool {
        do throws(FolderError) {
            try Folders.create(folder)
            return true
        } catch {
            return false
        }
    }

    /// The entry files in `folder` (regular files with entry names; anything else there is not the
    /// cache's and is left alone), after deleting the temporaries of processes that are gone.
    static func scan(_ folder: String) -> [Listed] {
        guard let dir = opendir(folder) else { return [] }
        var listed: [Listed] = []
        var abandoned: [String] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isEntryName(name[...]) {
                var status = stat()
                guard fstatat(dirfd(dir), name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG
                else { continue }
                listed.append(Listed(name: name, size: Int(status.st_size), lastUsed: nanoseconds(status.st_mtim)))
            } else if let pid = temporaryOwner(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                abandoned.append(name)
            }
        }
        closedir(dir)
        for name in abandoned { unlink(folder + "/" + name) }
        return listed
    }

    /// Flushes `folder`'s list of names to disk (after a rename), as `AtomicFile` does.
    static func sync(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// `time` in nanoseconds since 1970.
    static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }

    /// `nanoseconds` (since 1970) as a `timespec`.
    static func timespecOf(_ nanoseconds: Int64) -> timespec {
        let (seconds, remainder) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        return remainder < 0
            ? timespec(tv_sec: Int(seconds - 1), tv_nsec: Int(remainder + 1_000_000_000))
            : timespec(tv_sec: Int(seconds), tv_nsec: Int(remainder))
    }
}
