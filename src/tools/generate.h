// Random boards: what `npuzzle gen` prints and the Python module's
// npuzzle.generate() returns. Every draw goes through one unbiased,
// platform-independent generator, so a seed names the same boards in both
// and on every machine.
#pragma once

#include <cstdint>
#include <random>

#include "core/board.h"

namespace npuzzle {

// An unbiased draw from [0, bound), the same on every platform (unlike
// std::uniform_int_distribution). Precondition: bound > 0.
std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound);

// Uniform over the boards solvable for `goal`: a uniform permutation, and
// for one of the wrong parity a swap of its first two tiles, which is a
// bijection between the two parity classes. Precondition: rows, cols >= 2.
Board random_solvable(int rows, int cols, Goal goal, std::mt19937_64& rng);

// `moves` random moves from the goal, never undoing the previous move.
Board random_walk(int rows, int cols, Goal goal, int moves, std::mt19937_64& rng);

}  // namespace npuzzle
