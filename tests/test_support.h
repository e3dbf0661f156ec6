// Helpers shared by the test binaries: build-speed scaling for the heavy
// sweeps, the Korf dataset, and small board utilities.
//
// Ground truth in these tests comes from exhaustive BFS (tools/bfs.h, and
// a tiny independent BFS in core_test), the published optimal lengths and
// IDA* node counts of Korf's 100 (datasets/korf100.tsv) and Korf & Felner's
// 24-puzzle lengths (datasets/korf50_24.tsv), textbook parity
// rules, and replaying solutions. Never from the program's own output.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/board.h"

namespace npuzzle::testing {

// True in an optimised build without sanitizers: the exhaustive sweeps run
// in full. Under sanitizers or without optimisation they run on a sample
// (every kSlowStride-th state plus the hardest ones), so the suite stays
// within minutes. NPUZZLE_TEST_FULL=1 forces the full sweeps anyway.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kFastBuild = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(undefined_behavior_sanitizer) || __has_feature(memory_sanitizer)
inline constexpr bool kFastBuild = false;
#elif defined(__OPTIMIZE__)
inline constexpr bool kFastBuild = true;
#else
inline constexpr bool kFastBuild = false;
#endif
#elif defined(__OPTIMIZE__)
inline constexpr bool kFastBuild = true;
#else
inline constexpr bool kFastBuild = false;
#endif

inline bool full_sweeps() {
  if (kFastBuild) return true;
  const char* env = std::getenv("NPUZZLE_TEST_FULL");
  return env != nullptr && std::string(env) == "1";
}

// In a slow build, only every kSlowStride-th state of an exhaustive sweep is checked.
inline constexpr std::uint64_t kSlowStride = 37;
inline std::uint64_t sweep_stride() { return full_sweeps() ? 1 : kSlowStride; }

inline std::vector<std::uint32_t> parse_tiles(const std::string& text) {
  std::vector<std::uint32_t> tiles;
  std::istringstream in(text);
  for (std::uint32_t t; in >> t;) tiles.push_back(t);
  return tiles;
}

inline Board board_of(int rows, int cols, const std::string& text) {
  return Board(rows, cols, parse_tiles(text));
}

inline Board random_permutation_board(int rows, int cols, std::mt19937_64& rng) {
  std::vector<std::uint32_t> tiles(static_cast<std::size_t>(rows) * cols);
  for (std::size_t i = 0; i < tiles.size(); ++i) tiles[i] = static_cast<std::uint32_t>(i);
  std::shuffle(tiles.begin(), tiles.end(), rng);
  return Board(rows, cols, std::move(tiles));
}

// A random walk of `moves` blank moves from the goal that never undoes the previous move.
inline Board random_walk(int rows, int cols, Goal goal, int moves, std::mt19937_64& rng) {
  Board b = Board::solved(rows, cols, goal);
  int previous = -1;
  for (int i = 0; i < moves; ++i) {
    std::vector<Direction> options;
    for (int d = 0; d < 4; ++d) {
      const auto dir = static_cast<Direction>(d);
      if (b.can_move(dir) && (previous < 0 || dir != opposite(static_cast<Direction>(previous)))) {
        options.push_back(dir);
      }
    }
    const Direction d = options[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(rng)];
    b.move(d);
    previous = static_cast<int>(d);
  }
  return b;
}

struct KorfInstance {
  int id = 0;
  std::vector<std::uint32_t> tiles;            // blank-first goal
  int optimal_length = 0;
  std::vector<std::uint32_t> tiles_blank_last;  // the same instance for the blank-last goal
  int manhattan = 0;
  std::uint64_t published_ida_nodes = 0;
};

inline std::string source_path(const std::string& relative) {
  return std::string(NPUZZLE_SOURCE_DIR) + "/" + relative;
}

// Reads a Korf dataset (datasets/korf100.tsv, datasets/korf50_24.tsv: one
// header line, tab-separated).
inline std::vector<KorfInstance> korf_tsv(const std::string& relative) {
  std::ifstream in(source_path(relative));
  std::vector<KorfInstance> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) {
      fields.push_back(line.substr(start, tab - start));
    }
    fields.push_back(line.substr(start));
    if (fields.size() < 6) continue;
    KorfInstance k;
    k.id = std::stoi(fields[0]);
    k.tiles = parse_tiles(fields[1]);
    k.optimal_length = std::stoi(fields[2]);
    k.tiles_blank_last = parse_tiles(fields[3]);
    k.manhattan = std::stoi(fields[4]);
    k.published_ida_nodes = std::stoull(fields[5]);
    out.push_back(std::move(k));
  }
  return out;
}

// Korf's 100 15-puzzle instances (1985).
inline std::vector<KorfInstance> korf100() { return korf_tsv("datasets/korf100.tsv"); }

// Korf & Felner's 50 24-puzzle instances (2002); published_ida_nodes are
// their 6-6-6-6 PDB node counts.
inline std::vector<KorfInstance> korf50_24() { return korf_tsv("datasets/korf50_24.tsv"); }

}  // namespace npuzzle::testing
