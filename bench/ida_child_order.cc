// Does ordering a node's children by h shorten IDA*'s last iteration?
//
// A self-contained IDA* with Manhattan distance on Korf's 15-puzzles
// (blank-first goal), kept apart from the engine on purpose: it measures an
// idea before the kernels take it. With the default order (the blank moves
// up, left, right, down; no move back to the parent) its generated counts are
// Korf's published ones plus the siblings after the solution path, which
// the engine does not count (about the solution length); that is the check
// that it searches the same trees. `ordered` visits the children that fit
// the bound by increasing h instead (ties in the default order). Earlier
// iterations are searched in full either way, so only the last one can
// differ. Prints one line per instance and the totals (results/korf24_levers.md).
//
// Usage: ida_child_order KORF100_TSV MAX_PUBLISHED_NODES [ordered]
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr int kSide = 4;
constexpr int kCells = kSide * kSide;

struct Search {
  std::array<std::array<int, kCells>, kCells> manhattan{};  // [tile][cell]
  std::array<int, kCells> board{};
  bool ordered = false;
  int bound = 0;
  int next_bound = 0;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;

  Search() {
    for (int tile = 1; tile < kCells; ++tile) {
      for (int cell = 0; cell < kCells; ++cell) {
        manhattan[tile][cell] = std::abs(tile / kSide - cell / kSide) + std::abs(tile % kSide - cell % kSide);
      }
    }
  }

  // True when the goal lies below the node whose blank is on `blank`.
  bool dfs(int g, int h, int blank, int parent) {
    ++expanded;
    std::array<int, 4> child_cell{};
    std::array<int, 4> child_h{};
    int children = 0;
    const std::array<bool, 4> exists = {blank >= kSide, blank % kSide > 0, blank % kSide < kSide - 1,
                                        blank < kCells - kSide};
    const std::array<int, 4> offset = {-kSide, -1, 1, kSide};
    for (int d = 0; d < 4; ++d) {
      const int cell = blank + offset[d];
      if (!exists[d] || cell == parent) continue;
      const int tile = board[cell];
      const int h2 = h - manhattan[tile][cell] + manhattan[tile][blank];
      ++generated;
      if (g + 1 + h2 > bound) {
        next_bound = std::min(next_bound, g + 1 + h2);
        continue;
      }
      child_cell[children] = cell;
      child_h[children] = h2;
      ++children;
    }
    if (ordered) {
      for (int i = 1; i < children; ++i) {
        for (int j = i; j > 0 && child_h[j] < child_h[j - 1]; --j) {
          std::swap(child_h[j], child_h[j - 1]);
          std::swap(child_cell[j], child_cell[j - 1]);
        }
      }
    }
    for (int i = 0; i < children; ++i) {
      if (child_h[i] == 0) return true;
      const int cell = child_cell[i];
      const int tile = board[cell];
      board[blank] = tile;
      board[cell] = 0;
      if (dfs(g + 1, child_h[i], cell, blank)) return true;
      board[cell] = tile;
      board[blank] = 0;
    }
    return false;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: ida_child_order KORF100_TSV MAX_PUBLISHED_NODES [ordered]\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "ida_child_order: cannot read %s\n", argv[1]);
    return 2;
  }
  const long long max_published = std::atoll(argv[2]);
  Search search;
  search.ordered = argc > 3 && std::string(argv[3]) == "ordered";
  std::string line;
  std::getline(in, line);  // the header: id, tiles, optimal_length, ..., published_ida_nodes
  std::uint64_t total = 0;
  std::uint64_t total_last = 0;
  int instances = 0;
  while (std::getline(in, line)) {
    std::vector<std::string> field;
    std::istringstream columns(line);
    for (std::string f; std::getline(columns, f, '\t');) field.push_back(f);
    if (field.size() < 6 || std::atoll(field[5].c_str()) > max_published) continue;
    std::istringstream tiles(field[1]);
    int blank = 0;
    int h = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      tiles >> search.board[cell];
      if (search.board[cell] == 0) blank = cell;
      else h += search.manhattan[search.board[cell]][cell];
    }
    search.bound = h;
    search.expanded = search.generated = 0;
    std::uint64_t before_last = 0;
    for (;;) {
      search.next_bound = 1 << 30;
      const std::uint64_t before = search.expanded;
      if (search.dfs(0, h, blank, -1)) {
        before_last = before;
        break;
      }
      search.bound = search.next_bound;
    }
    std::printf("%s length=%d (published %s) published_generated=%s expanded=%llu generated=%llu last_iteration=%llu\n",
                field[0].c_str(), search.bound, field[2].c_str(), field[5].c_str(),
                static_cast<unsigned long long>(search.expanded), static_cast<unsigned long long>(search.generated),
                static_cast<unsigned long long>(search.expanded - before_last));
    total += search.expanded;
    total_last += search.expanded - before_last;
    ++instances;
  }
  std::printf("%s: %d instances, %llu expanded, %llu in the last iterations\n", search.ordered ? "ordered" : "default",
              instances, static_cast<unsigned long long>(total), static_cast<unsigned long long>(total_last));
}
