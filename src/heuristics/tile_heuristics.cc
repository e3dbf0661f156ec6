// The per-tile heuristics: their names, their from-scratch values, and
// their rows (registry.h). The kernels' incremental versions are
// TileHeuristic (incremental.h) and LinearConflict (linear_conflict.h).
#include <cstdlib>
#include <vector>

#include "heuristics/exact.h"
#include "heuristics/heuristic.h"
#include "heuristics/incremental.h"
#include "heuristics/registry.h"
#include "heuristics/tile_tables.h"

namespace npuzzle {

std::string_view heuristic_name(HeuristicKind h) {
  switch (h) {
    case HeuristicKind::kHamming: return "hamming";
    case HeuristicKind::kManhattan: return "manhattan";
    case HeuristicKind::kLinearConflict: return "linear-conflict";
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
    case HeuristicKind::kExact: return exact_table_for(board.rows(), board.cols(), goal)->of(board);
  }
  return 0;
}

namespace {

bool lines_fit(int rows, int cols) { return rows <= kMaxConflictLine && cols <= kMaxConflictLine; }

template <HeuristicKind kKind>
ResolvedHeuristic load_tile(std::string_view, int rows, int cols, Goal goal, const TableOptions&) {
  ResolvedHeuristic h;
  h.row = &TileRow<kKind>::row();
  h.rows = rows;
  h.cols = cols;
  h.goal = goal;
  h.variant = static_cast<int>(kKind);
  h.label = std::string(heuristic_name(kKind));
  return h;
}

template <HeuristicKind kKind>
long long evaluate_tile(const ResolvedHeuristic& h, const Board& board) {
  return evaluate(board, h.goal, kKind);
}

}  // namespace

template <>
const HeuristicRow& HammingRow::row() {
  static const HeuristicRow row{
      .name = "hamming",
      .help = "misplaced tiles",
      .documentation = "src/heuristics/incremental.h",
      .auto_rank = 0,
      .names = [](std::string_view spec) { return spec == "hamming"; },
      .size_problem = [](std::string_view, int, int) { return std::string(); },
      .load = load_tile<HeuristicKind::kHamming>,
      .evaluate = evaluate_tile<HeuristicKind::kHamming>,
  };
  return row;
}

template <>
const HeuristicRow& ManhattanRow::row() {
  static const HeuristicRow row{
      .name = "manhattan",
      .help = "sum of the tiles' Manhattan distances",
      .documentation = "src/heuristics/incremental.h; results/korf100_manhattan_ida_1t.md (Korf 1985's node counts)",
      .auto_rank = 90,
      .names = [](std::string_view spec) { return spec == "manhattan"; },
      .size_problem = [](std::string_view, int, int) { return std::string(); },
      .auto_offers = [](int, int, Goal, const TableOptions&) { return std::vector<AutoOffer>{{"manhattan", true, {}}}; },
      .load = load_tile<HeuristicKind::kManhattan>,
      .evaluate = evaluate_tile<HeuristicKind::kManhattan>,
  };
  return row;
}

template <>
const HeuristicRow& LinearConflictRow::row() {
  static const HeuristicRow row{
      .name = "linear-conflict",
      .help = "Manhattan plus linear conflicts (lines of up to 7 cells); also 'lc'",
      .documentation = "src/heuristics/linear_conflict.h, src/heuristics/tile_tables.h; "
                       "results/korf100_linear-conflict_ida_1t.md",
      .auto_rank = 80,
      .names = [](std::string_view spec) { return spec == "linear-conflict" || spec == "lc"; },
      .size_problem =
          [](std::string_view, int rows, int cols) {
            if (lines_fit(rows, cols)) return std::string();
            return "linear-conflict supports lines of at most " + std::to_string(kMaxConflictLine) + " cells";
          },
      .auto_offers =
          [](int rows, int cols, Goal, const TableOptions&) {
            if (!lines_fit(rows, cols)) return std::vector<AutoOffer>{};
            return std::vector<AutoOffer>{{"linear-conflict", true, {}}};
          },
      .load = load_tile<HeuristicKind::kLinearConflict>,
      .evaluate = evaluate_tile<HeuristicKind::kLinearConflict>,
  };
  return row;
}

}  // namespace npuzzle
