#include "core/ranking.h"

#include <cassert>

namespace npuzzle {

std::uint64_t factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

std::uint64_t rank_permutation(const std::vector<std::uint32_t>& perm) {
  const int n = static_cast<int>(perm.size());
  assert(n <= kMaxRankedCells);
  std::uint32_t used = 0;  // bit t set once tile t has been placed
  std::uint64_t rank = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t smaller_unused = static_cast<std::uint32_t>(
        __builtin_popcount(~used & ((1u << perm[i]) - 1)));
    rank = rank * static_cast<std::uint64_t>(n - i) + smaller_unused;
    used |= 1u << perm[i];
  }
  return rank;
}

std::vector<std::uint32_t> unrank_permutation(std::uint64_t rank, int n) {
  assert(n <= kMaxRankedCells);
  std::vector<std::uint32_t> digits(n);
  for (int i = n - 1; i >= 0; --i) {
    const std::uint64_t base = static_cast<std::uint64_t>(n - i);
    digits[i] = static_cast<std::uint32_t>(rank % base);
    rank /= base;
  }
  std::vector<std::uint32_t> perm(n);
  std::uint32_t used = 0;
  for (int i = 0; i < n; ++i) {
    std::uint32_t skip = digits[i];
    std::uint32_t tile = 0;
    for (;; ++tile) {
      if (used & (1u << tile)) continue;
      if (skip == 0) break;
      --skip;
    }
    perm[i] = tile;
    used |= 1u << tile;
  }
  return perm;
}

}  // namespace npuzzle
