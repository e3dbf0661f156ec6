#include <cstdlib>
#include <vector>

#include "heuristics/exact.h"
#include "heuristics/heuristic.h"
#include "heuristics/tile_tables.h"

namespace npuzzle {

std::string_view heuristic_name(HeuristicKind h) {
  switch (h) {
    case HeuristicKind::kHamming: return "hamming";
    case HeuristicKind::kManhattan: return "manhattan";
    case HeuristicKind::kLinearConflict: return "linear-conflict";
    case HeuristicKind::kPdb: return "pdb";
    case HeuristicKind::kExact: return "exact";
  }
  return "manhattan";
}

std::optional<HeuristicKind> parse_heuristic(std::string_view name) {
  if (name == "hamming") return HeuristicKind::kHamming;
  if (name == "manhattan") return HeuristicKind::kManhattan;
  if (name == "linear-conflict" || name == "lc") return HeuristicKind::kLinearConflict;
  if (name == "exact") return HeuristicKind::kExact;
  return std::nullopt;
}

namespace {

long long manhattan(const Board& board, Goal goal) {
  const int cells = board.cells();
  const int cols = board.cols();
  long long sum = 0;
  for (int pos = 0; pos < cells; ++pos) {
    const int tile = static_cast<int>(board.at(pos));
    if (tile == 0) continue;
    const int home = goal_position(tile, cells, goal);
    sum += std::abs(pos / cols - home / cols) + std::abs(pos % cols - home % cols);
  }
  return sum;
}

long long conflicts(const Board& board, Goal goal) {
  const int rows = board.rows();
  const int cols = board.cols();
  const int cells = board.cells();
  long long sum = 0;
  std::vector<int> line;
  line.resize(cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const int tile = static_cast<int>(board.at(r, c));
      const int home = goal_position(tile, cells, goal);
      line[c] = (tile != 0 && home / cols == r) ? home % cols : -1;
    }
    sum += line_conflict(line.data(), cols);
  }
  line.resize(rows);
  for (int c = 0; c < cols; ++c) {
    for (int r = 0; r < rows; ++r) {
      const int tile = static_cast<int>(board.at(r, c));
      const int home = goal_position(tile, cells, goal);
      line[r] = (tile != 0 && home % cols == c) ? home / cols : -1;
    }
    sum += line_conflict(line.data(), rows);
  }
  return sum;
}

}  // namespace

long long evaluate(const Board& board, Goal goal, HeuristicKind h) {
  switch (h) {
    case HeuristicKind::kHamming: {
      long long misplaced = 0;
      for (int pos = 0; pos < board.cells(); ++pos) {
        const int tile = static_cast<int>(board.at(pos));
        if (tile != 0 && goal_position(tile, board.cells(), goal) != pos) ++misplaced;
      }
      return misplaced;
    }
    case HeuristicKind::kManhattan: return manhattan(board, goal);
    case HeuristicKind::kLinearConflict: return manhattan(board, goal) + conflicts(board, goal);
    case HeuristicKind::kPdb: break;
    case HeuristicKind::kExact: return exact_table_for(board.rows(), board.cols(), goal)->of(board);
  }
  return 0;
}

}  // namespace npuzzle
