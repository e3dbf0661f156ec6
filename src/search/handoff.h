// Happens-before edges that ThreadSanitizer cannot see on its own.
//
// oneTBB passes work between threads inside libtbb, which Debian does not
// build with -fsanitize=thread, so TSan sees neither a puzzle handed from
// one pipeline stage to the next nor the one-at-a-time order of a serial
// stage, and reports races on our data that cannot happen. (Defining
// TBB_USE_THREADING_TOOLS does not help: it emits ITT notifications for
// Intel's tools, which TSan does not read. A suppression would hide real
// races on the same data.) Marking each hand-off, release where oneTBB
// publishes and acquire where it consumes, states exactly what oneTBB
// guarantees and no more: two parallel solves stay unordered, so a real
// race between them is still reported. No-ops unless built with
// -fsanitize=thread.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define NPUZZLE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define NPUZZLE_TSAN 1
#endif
#endif

#if defined(NPUZZLE_TSAN)
#include <sanitizer/tsan_interface.h>
#endif

namespace npuzzle {

// Everything this thread did before is visible to a later handoff_acquire(tag).
inline void handoff_release([[maybe_unused]] const void* tag) {
#if defined(NPUZZLE_TSAN)
  __tsan_release(const_cast<void*>(tag));
#endif
}

// Sees everything done before every earlier handoff_release(tag).
inline void handoff_acquire([[maybe_unused]] const void* tag) {
#if defined(NPUZZLE_TSAN)
  __tsan_acquire(const_cast<void*>(tag));
#endif
}

}  // namespace npuzzle
