// glibc's allocator settings (mallopt and its M_* parameters), which the Glibc module leaves out;
// only the executable uses them (Sources/plumage/MallocTuning.swift).
#include <malloc.h>
