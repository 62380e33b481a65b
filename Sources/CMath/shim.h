// The only C the core may call: libm's functions and the byte searches of <string.h> (memchr,
// memcmp). Importing Glibc instead would put open(), read() and every other system call in reach of
// a target that must do no I/O (DESIGN.md §1).
#include <math.h>
#include <string.h>
