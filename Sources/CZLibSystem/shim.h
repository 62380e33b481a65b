// The system's zlib (Debian's zlib1g-dev): raw inflate for zip members (Archives) and deflate plus
// CRC-32 for the zips the tests write (PlumageTestSupport). Our own module, not ZIPFoundation's
// internal `CZlib`, which a dependency may rename or drop (DESIGN.md §1).
#include <zlib.h>
