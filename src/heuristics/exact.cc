#include "heuristics/exact.h"

#include <cassert>
#include <map>
#include <mutex>
#include <tuple>

#include "core/geometry.h"
#include "core/ranking.h"
#include "heuristics/registry.h"

namespace npuzzle {

int ExactTable::of(const Board& board) const { return distance[exact_rank(Packed64::from(board), cells)]; }

namespace {

// Breadth-first from the goal over packed boards. The queue holds each state
// once (cells!/2 words), the blank's cell in bits 56..63 beside the grid.
std::unique_ptr<ExactTable> build(int rows, int cols, Goal goal) {
  auto table = std::make_unique<ExactTable>();
  table->rows = rows;
  table->cols = cols;
  table->cells = rows * cols;
  table->goal = goal;
  const int cells = table->cells;
  table->distance.assign(factorial(cells), kUnreachable);
  std::uint8_t* distance = table->distance.data();

  const std::vector<MoveList> moves = move_lists(rows, cols);
  constexpr int kBlankShift = 56;
  constexpr std::uint64_t kGridMask = (std::uint64_t{1} << kBlankShift) - 1;
  const Board solved = Board::solved(rows, cols, goal);
  std::vector<std::uint64_t> queue;
  queue.reserve(table->distance.size() / 2);
  queue.push_back(Packed64::from(solved).key() | std::uint64_t(solved.blank()) << kBlankShift);
  distance[exact_rank(Packed64::from(solved), cells)] = 0;
  // A Packed64 is rebuilt from its word by sliding nothing onto nothing.
  struct Word {
    std::uint64_t word;
    int at(int pos) const { return static_cast<int>((word >> (4 * pos)) & 0xF); }
  };
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint64_t grid = queue[head] & kGridMask;
    const int blank = static_cast<int>(queue[head] >> kBlankShift);
    const std::uint8_t next = static_cast<std::uint8_t>(distance[exact_rank(Word{grid}, cells)] + 1);
    const MoveList& m = moves[static_cast<std::size_t>(blank)];
    for (int i = 0; i < m.count; ++i) {
      const int from = m.target[i];
      const std::uint64_t tile = (grid >> (4 * from)) & 0xF;
      const std::uint64_t child = grid + (tile << (4 * blank)) - (tile << (4 * from));
      std::uint8_t& d = distance[exact_rank(Word{child}, cells)];
      if (d != kUnreachable) continue;
      d = next;
      queue.push_back(child | std::uint64_t(from) << kBlankShift);
    }
  }
  return table;
}

}  // namespace

std::shared_ptr<const ExactTable> exact_table_for(int rows, int cols, Goal goal) {
  assert(rows >= 2 && cols >= 2 && rows * cols <= kMaxExactCells);
  // A batch asks once per puzzle, nearly always for the same table: the
  // last answer per thread skips the lock.
  thread_local std::shared_ptr<const ExactTable> last;
  if (last && last->rows == rows && last->cols == cols && last->goal == goal) return last;
  using Key = std::tuple<int, int, Goal>;
  static std::mutex mutex;
  static auto* tables = new std::map<Key, std::shared_ptr<const ExactTable>>();
  std::lock_guard lock(mutex);
  auto& slot = (*tables)[Key{rows, cols, goal}];
  if (!slot) slot = build(rows, cols, goal);
  last = slot;
  return slot;
}

const HeuristicRow& ExactRow::row() {
  static const HeuristicRow row{
      .name = "exact",
      .help = "the true distance from a table of every state, made by one breadth-first search in memory "
              "(boards of up to 10 cells; 3x3 in about 10 ms): IDA* then expands only the solution path",
      .documentation = "src/heuristics/exact.h; results/all3x3_exact_2t.md",
      .auto_rank = 10,
      .names = [](std::string_view spec) { return spec == "exact"; },
      .size_problem =
          [](std::string_view, int rows, int cols) {
            if (rows * cols <= kMaxExactCells) return std::string();
            return "exact supports boards of at most " + std::to_string(kMaxExactCells) + " cells; " +
                   size_name(rows, cols) + " has " + std::to_string(rows * cols);
          },
      .auto_offers =
          [](int rows, int cols, Goal, const TableOptions&) {
            if (rows * cols > kMaxExactCells) return std::vector<AutoOffer>{};
            return std::vector<AutoOffer>{{"exact", true, {}}};
          },
      .load =
          [](std::string_view, int rows, int cols, Goal goal, const TableOptions&) {
            ResolvedHeuristic h;
            h.row = &ExactRow::row();
            h.rows = rows;
            h.cols = cols;
            h.goal = goal;
            h.data = exact_table_for(rows, cols, goal);  // made in memory, in well under a second
            h.label = "exact";
            return h;
          },
      .evaluate = [](const ResolvedHeuristic& h, const Board& board) -> long long {
        return h.data_as<ExactTable>().of(board);
      },
  };
  return row;
}

}  // namespace npuzzle
