// Perfect ranking of permutations (lexicographic order), for exhaustive BFS
// and state tables of small boards. rank(unrank(r)) == r for r < n!.
#pragma once

#include <cstdint>
#include <vector>

namespace npuzzle {

inline constexpr int kMaxRankedCells = 12;  // 12! < 2^32

std::uint64_t factorial(int n);
// Precondition: perm is a permutation of 0..n-1 with n <= kMaxRankedCells.
std::uint64_t rank_permutation(const std::vector<std::uint32_t>& perm);
std::vector<std::uint32_t> unrank_permutation(std::uint64_t rank, int n);

}  // namespace npuzzle
