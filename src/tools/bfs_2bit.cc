// npuzzle-bfs-2bit: exhaustive breadth-first search of every state of a
// board of up to 12 cells (3x4: 239,500,800 reachable states) at two bits
// per permutation, the ground truth behind datasets/3x4_* and 4x3_*
// (scripts/bfs_3x4.sh drives it; it is not run in CI).
//
//   npuzzle-bfs-2bit --size 3x4 --goal blank-first --out DIR [--hardest-from 50]
//                    [--hardest-count 40] [--sample 1000] [--seed 1] [--check-pdb SPEC]
//
// The algorithm (Cooperman & Finkelstein's two-bit BFS, as in Korf's
// "Linear-time disk-based implicit graph search", JACM 2008):
//   1. One 2-bit label per permutation rank (rank_permutation's order, tile
//      on cell 0 most significant): 0 unseen, 1 closed, 2 current layer,
//      3 next layer. 12! labels take 120 MB; the other parity class stays 0.
//   2. Layer d: scan the labels for 2s, unrank each, and label every unseen
//      neighbour 3.
//   3. Relabel in one word-parallel pass: 2 -> 1, 3 -> 2; the number of new
//      2s is the size of layer d+1. Stop at an empty layer.
// Depths are not stored, so what needs them is taken as the layers pass:
// the states of the deepest layers (from --hardest-from on), the depth of
// each of the pre-drawn random sample ranks, and with --check-pdb the
// pattern-database value of every state against its depth.
//
// Outputs in DIR, with S the size ("3x4") and every tile list in row-major
// order for the goal given (the other goal's version is the board turned by
// 180 degrees with tile t renamed N-t, at the same distance):
//   S_depths.tsv      depth, number of states
//   S_hardest.txt     the selected hardest states, lines format with IDs
//   S_hardest.tsv     id, tiles, depth, tiles for the other goal
//   S_sample.tsv      id, tiles, depth, tiles for the other goal
// Hardest selection: from the deepest layer down, all its states in rank
// order (lexicographic order of the tile sequence), until --hardest-count.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/ranking.h"
#include "heuristics/pdb/additive.h"

namespace npuzzle {
namespace {

constexpr int kMaxLabelledCells = 12;  // 12! two-bit labels = 120 MB
constexpr std::uint64_t kEvenBits = 0x5555555555555555ULL;

struct Options {
  int rows = 3;
  int cols = 4;
  Goal goal = Goal::kBlankFirst;
  std::string out = ".";
  int hardest_from = 50;
  int hardest_count = 40;
  int sample = 1000;
  std::uint64_t seed = 1;
  std::string check_pdb;
};

using Tiles = std::array<std::uint8_t, kMaxLabelledCells>;

// rank_permutation for a fixed-size array (the same order).
std::uint64_t rank_tiles(const Tiles& tiles, int n) {
  std::uint32_t used = 0;
  std::uint64_t rank = 0;
  for (int i = 0; i < n; ++i) {
    const auto smaller_unused = static_cast<std::uint64_t>(std::popcount(~used & ((1u << tiles[i]) - 1)));
    rank = rank * static_cast<std::uint64_t>(n - i) + smaller_unused;
    used |= 1u << tiles[i];
  }
  return rank;
}

void unrank_tiles(std::uint64_t rank, int n, Tiles& tiles) {
  std::array<std::uint32_t, kMaxLabelledCells> digits{};
  for (int i = n - 1; i >= 0; --i) {
    const auto base = static_cast<std::uint64_t>(n - i);
    digits[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(rank % base);
    rank /= base;
  }
  std::uint32_t free = (1u << n) - 1;
  for (int i = 0; i < n; ++i) {
    std::uint32_t f = free;
    for (std::uint32_t k = 0; k < digits[static_cast<std::size_t>(i)]; ++k) f &= f - 1;
    const int tile = std::countr_zero(f);
    tiles[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(tile);
    free &= ~(1u << tile);
  }
}

std::string tile_string(const Tiles& tiles, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " " : "") + std::to_string(tiles[static_cast<std::size_t>(i)]);
  return s;
}

// The same board for the other goal: turned by 180 degrees, tile t renamed
// N-t (the blank stays 0). It maps one goal onto the other and moves onto
// moves, so distances are equal.
Tiles other_goal(const Tiles& tiles, int n) {
  Tiles turned{};
  for (int c = 0; c < n; ++c) {
    const int t = tiles[static_cast<std::size_t>(n - 1 - c)];
    turned[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(t == 0 ? 0 : n - t);
  }
  return turned;
}

class TwoBitLabels {
 public:
  explicit TwoBitLabels(std::uint64_t count) : words_((count + 31) / 32, 0) {}
  int get(std::uint64_t r) const { return static_cast<int>((words_[r >> 5] >> ((r & 31) * 2)) & 3); }
  void set(std::uint64_t r, int label) {
    const unsigned shift = static_cast<unsigned>((r & 31) * 2);
    words_[r >> 5] = (words_[r >> 5] & ~(3ULL << shift)) | (static_cast<std::uint64_t>(label) << shift);
  }
  // Calls f(rank) for every rank labelled 2 (the current layer).
  template <typename F>
  void for_each_current(F&& f) const {
    for (std::size_t w = 0; w < words_.size(); ++w) {
      const std::uint64_t word = words_[w];
      std::uint64_t current = (word >> 1) & ~word & kEvenBits;
      while (current) {
        const int bit = std::countr_zero(current);
        f(static_cast<std::uint64_t>(w) * 32 + static_cast<std::uint64_t>(bit / 2));
        current &= current - 1;
      }
    }
  }
  // 2 -> 1, 3 -> 2 (0 and 1 stay); returns the number of new 2s.
  std::uint64_t advance() {
    std::uint64_t layer = 0;
    for (std::uint64_t& word : words_) {
      const std::uint64_t lo = word & kEvenBits;
      const std::uint64_t hi = (word >> 1) & kEvenBits;
      word = ((hi & lo) << 1) | (hi ^ lo);
      layer += static_cast<std::uint64_t>(std::popcount(hi & lo));
    }
    return layer;
  }

 private:
  std::vector<std::uint64_t> words_;
};

int run(const Options& o) {
  const int n = o.rows * o.cols;
  if (n > kMaxLabelledCells) throw std::invalid_argument("at most 12 cells");
  const std::uint64_t count = factorial(n);
  const std::string size = size_name(o.rows, o.cols);
  std::shared_ptr<const pdb::AdditivePdb> table;
  if (!o.check_pdb.empty()) table = pdb::load_additive(o.check_pdb, o.rows, o.cols, o.goal);

  TwoBitLabels labels(count);
  const std::vector<std::uint32_t> goal = Board::solved(o.rows, o.cols, o.goal).tiles();
  labels.set(rank_permutation(goal), 2);

  // Candidates for the sample: uniform ranks; about half are in the other
  // parity class, so twice as many plus a margin are drawn.
  std::mt19937_64 random(o.seed);
  std::vector<std::uint64_t> candidates(static_cast<std::size_t>(o.sample) * 2 + 200);
  for (auto& r : candidates) r = std::uniform_int_distribution<std::uint64_t>(0, count - 1)(random);
  std::vector<int> candidate_depth(candidates.size(), -1);

  std::vector<std::uint64_t> histogram{1};
  std::map<int, std::vector<std::uint64_t>> deep;  // depth -> ranks, for depth >= hardest_from
  std::uint64_t pdb_violations = 0;
  std::uint64_t pdb_exact = 0;
  long double pdb_sum = 0;
  long double depth_sum = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int depth = 0;; ++depth) {
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (candidate_depth[i] < 0 && labels.get(candidates[i]) == 2) candidate_depth[i] = depth;
    }
    Tiles tiles{};
    labels.for_each_current([&](std::uint64_t rank) {
      unrank_tiles(rank, n, tiles);
      if (depth >= o.hardest_from) deep[depth].push_back(rank);
      int blank = 0;
      while (tiles[static_cast<std::size_t>(blank)] != 0) ++blank;
      if (table) {
        std::array<std::uint8_t, pdb::kMaxPdbCells> where{};
        for (int c = 0; c < n; ++c) where[tiles[static_cast<std::size_t>(c)]] = static_cast<std::uint8_t>(c);
        const int h = table->evaluate_positions(where);
        pdb_violations += h > depth;
        pdb_exact += h == depth;
        pdb_sum += h;
        depth_sum += depth;
      }
      const int r = blank / o.cols;
      const int c = blank % o.cols;
      const int neighbours[4] = {r > 0 ? blank - o.cols : -1, r + 1 < o.rows ? blank + o.cols : -1,
                                 c > 0 ? blank - 1 : -1, c + 1 < o.cols ? blank + 1 : -1};
      for (int next : neighbours) {
        if (next < 0) continue;
        std::swap(tiles[static_cast<std::size_t>(blank)], tiles[static_cast<std::size_t>(next)]);
        const std::uint64_t child = rank_tiles(tiles, n);
        if (labels.get(child) == 0) labels.set(child, 3);
        std::swap(tiles[static_cast<std::size_t>(blank)], tiles[static_cast<std::size_t>(next)]);
      }
    });
    const std::uint64_t layer = labels.advance();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "depth %d: %llu states (%.0f s)\n", depth, static_cast<unsigned long long>(histogram.back()),
                 seconds);
    if (layer == 0) break;
    histogram.push_back(layer);
  }

  std::uint64_t total = 0;
  {
    std::ofstream out(o.out + "/" + size + "_depths.tsv");
    out << "# npuzzle-bfs-2bit --size " << size << " --goal " << goal_name(o.goal)
        << ": states at each distance from the goal (the other goal's histogram is the same)\n";
    out << "depth\tstates\n";
    for (std::size_t d = 0; d < histogram.size(); ++d) {
      out << d << '\t' << histogram[d] << '\n';
      total += histogram[d];
    }
  }
  std::fprintf(stderr, "%llu states, largest distance %zu\n", static_cast<unsigned long long>(total),
               histogram.size() - 1);

  const std::string other = std::string(goal_name(o.goal == Goal::kBlankFirst ? Goal::kBlankLast : Goal::kBlankFirst));
  const std::string header = "# npuzzle-bfs-2bit --size " + size + " --goal " + std::string(goal_name(o.goal));
  {
    std::ofstream txt(o.out + "/" + size + "_hardest.txt");
    std::ofstream tsv(o.out + "/" + size + "_hardest.tsv");
    txt << header << " --hardest-from " << o.hardest_from << " --hardest-count " << o.hardest_count << '\n'
        << "# the " << o.hardest_count << " farthest states: deepest layer first, each layer in rank "
        << "(lexicographic) order\n# goal: " << goal_name(o.goal) << "\n# size: " << size << '\n';
    tsv << "id\ttiles\tdepth\ttiles_" << other << "_goal\n";
    int id = 0;
    for (auto it = deep.rbegin(); it != deep.rend() && id < o.hardest_count; ++it) {
      std::sort(it->second.begin(), it->second.end());
      for (std::uint64_t rank : it->second) {
        if (id == o.hardest_count) break;
        Tiles tiles{};
        unrank_tiles(rank, n, tiles);
        ++id;
        txt << id << ' ' << tile_string(tiles, n) << '\n';
        tsv << id << '\t' << tile_string(tiles, n) << '\t' << it->first << '\t'
            << tile_string(other_goal(tiles, n), n) << '\n';
      }
    }
  }
  {
    std::ofstream tsv(o.out + "/" + size + "_sample.tsv");
    tsv << header << " --sample " << o.sample << " --seed " << o.seed
        << ": uniformly random solvable states (mt19937_64 ranks, the other parity class skipped)\n";
    tsv << "id\ttiles\tdepth\ttiles_" << other << "_goal\n";
    int id = 0;
    for (std::size_t i = 0; i < candidates.size() && id < o.sample; ++i) {
      if (candidate_depth[i] < 0) continue;
      Tiles tiles{};
      unrank_tiles(candidates[i], n, tiles);
      ++id;
      tsv << id << '\t' << tile_string(tiles, n) << '\t' << candidate_depth[i] << '\t'
          << tile_string(other_goal(tiles, n), n) << '\n';
    }
  }
  if (table) {
    std::printf("%s on all %llu states: %llu above the distance, %llu exact, mean h %.3f, mean distance %.3f\n",
                o.check_pdb.c_str(), static_cast<unsigned long long>(total),
                static_cast<unsigned long long>(pdb_violations), static_cast<unsigned long long>(pdb_exact),
                static_cast<double>(pdb_sum / total), static_cast<double>(depth_sum / total));
    if (pdb_violations) return 1;
  }
  return 0;
}

}  // namespace
}  // namespace npuzzle

int main(int argc, char** argv) {
  using namespace npuzzle;
  Options o;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (i + 1 >= argc) throw std::invalid_argument("missing value after " + arg);
      const std::string value = argv[++i];
      if (arg == "--size") {
        if (std::sscanf(value.c_str(), "%dx%d", &o.rows, &o.cols) != 2) throw std::invalid_argument("--size RxC");
      } else if (arg == "--goal") {
        const auto g = parse_goal(value);
        if (!g) throw std::invalid_argument("--goal blank-first|blank-last");
        o.goal = *g;
      } else if (arg == "--out") {
        o.out = value;
      } else if (arg == "--hardest-from") {
        o.hardest_from = std::stoi(value);
      } else if (arg == "--hardest-count") {
        o.hardest_count = std::stoi(value);
      } else if (arg == "--sample") {
        o.sample = std::stoi(value);
      } else if (arg == "--seed") {
        o.seed = std::stoull(value);
      } else if (arg == "--check-pdb") {
        o.check_pdb = value;
      } else {
        throw std::invalid_argument("unknown option " + arg);
      }
    }
    if (o.rows < 2 || o.cols < 2) throw std::invalid_argument("--size RxC with R, C >= 2");
    return run(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "npuzzle-bfs-2bit: %s\n", e.what());
    return 2;
  }
}
