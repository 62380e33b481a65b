// The ThreadSanitizer false positive behind scripts/tsan.supp (docs/NOTES.md, "Sanitizers and soak"): two
// threads touch an array only inside Synchronization.Mutex.withLock, yet `swiftc -sanitize=thread -g
// scripts/tsan-mutex-repro.swift -o /tmp/m && /tmp/m` reports a "Swift access race" (Swift 6.3.1, Linux):
// the Mutex locks with futex calls and atomics in the uninstrumented runtime, which TSan cannot see.
import Synchronization
import Foundation
final class Box: Sendable { let m = Mutex<[Int]>([]) }
let box = Box()
let done = DispatchSemaphore(value: 0)
for t in 0..<2 {
    Thread.detachNewThread {
        for i in 0..<20000 { box.m.withLock { $0.append(i + t) ; if $0.count > 100 { $0.removeFirst(50) } } }
        done.signal()
    }
}
done.wait(); done.wait()
print(box.m.withLock { $0.count })
