#include "heuristics/walking_distance.h"

#include "heuristics/registry.h"

#include <bit>
#include <chrono>
#include <cstdio>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace npuzzle {

namespace {

constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) { return a > kSaturated - b ? kSaturated : a + b; }

// a * b, or 0 when that overflows 64 bits.
std::uint64_t checked_multiply(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > kSaturated / a) return 0;
  return a * b;
}

// Code -> the number the build gave its state: open addressing, linear
// probing, a multiplicative hash. The build's only hash table; the search
// never hashes.
class StateNumbers {
 public:
  explicit StateNumbers(std::uint64_t expected) {
    std::size_t capacity = 1024;
    while (capacity < 2 * expected) capacity *= 2;
    resize(capacity);
  }

  // The number of `code`, given `candidate` first when it has none; and
  // whether it was given now.
  std::pair<std::uint32_t, bool> find_or_insert(std::uint64_t code, std::uint32_t candidate) {
    if (2 * (size_ + 1) > keys_.size()) grow();
    for (std::size_t slot = home(code);; slot = (slot + 1) & mask_) {
      if (keys_[slot] == code) return {numbers_[slot], false};
      if (keys_[slot] == kEmpty) {
        keys_[slot] = code;
        numbers_[slot] = candidate;
        ++size_;
        return {candidate, true};
      }
    }
  }

 private:
  // Never a code: codes are below blank_unit * lines, which fits in 64 bits.
  static constexpr std::uint64_t kEmpty = std::numeric_limits<std::uint64_t>::max();

  std::size_t home(std::uint64_t code) const {
    return static_cast<std::size_t>((code * 0x9E3779B97F4A7C15u) >> shift_);
  }
  void resize(std::size_t capacity) {
    keys_.assign(capacity, kEmpty);
    numbers_.assign(capacity, 0);
    mask_ = capacity - 1;
    shift_ = 64 - std::countr_zero(capacity);
  }
  void grow() {
    std::vector<std::uint64_t> keys = std::move(keys_);
    std::vector<std::uint32_t> numbers = std::move(numbers_);
    resize(keys.size() * 2);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] == kEmpty) continue;
      std::size_t slot = home(keys[i]);
      while (keys_[slot] != kEmpty) slot = (slot + 1) & mask_;
      keys_[slot] = keys[i];
      numbers_[slot] = numbers[i];
    }
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> numbers_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
  int shift_ = 0;
};

}  // namespace

WalkingDistanceAbstraction::WalkingDistanceAbstraction(int lines, int tiles_per_line, int goal_blank_line)
    : lines_(lines), tiles_per_line_(tiles_per_line), goal_blank_line_(goal_blank_line) {
  assert(lines >= 2 && tiles_per_line >= 2 && goal_blank_line >= 0 && goal_blank_line < lines);
  const auto start = std::chrono::steady_clock::now();
  const int n = lines;
  const std::size_t width = static_cast<std::size_t>(n);

  // Step 5: the digits' weights, (T+1)^i, and the blank line's unit above them.
  const int digits = (n - 1) * (n - 1);
  digit_weight_.resize(static_cast<std::size_t>(digits));
  std::uint64_t unit = 1;
  for (int i = 0; i < digits; ++i) {
    digit_weight_[static_cast<std::size_t>(i)] = unit;
    unit = checked_multiply(unit, static_cast<std::uint64_t>(tiles_per_line + 1));
    if (unit == 0) throw std::length_error("walking distance: state codes do not fit in 64 bits");
  }
  blank_unit_ = unit;
  if (checked_multiply(blank_unit_, width) == 0) {
    throw std::length_error("walking distance: state codes do not fit in 64 bits");
  }

  // Breadth-first search from the goal, states numbered in the order found;
  // the transitions are recorded in that numbering and renumbered below.
  // The goal: every tile on its goal line, and the blank on its own.
  std::uint64_t goal_code = blank_weight(goal_blank_line);
  for (int line = 0; line < n; ++line) {
    goal_code += static_cast<std::uint64_t>(goal_line_sum(line)) * tile_weight(line, line);
  }
  std::vector<std::uint64_t> found{goal_code};  // by number found
  std::vector<std::uint8_t> found_distance{0};
  std::vector<std::uint32_t> found_next;  // [(found * 2 + direction) * lines + goal line], kNoState: no move
  // Sized from the count when that is cheap (at most 7 lines and tiles).
  const std::uint64_t expected =
      lines <= 7 && tiles_per_line <= 7 ? walking_distance_states(lines, tiles_per_line) : 0;
  if (expected > kMaxStates) throw std::length_error("walking distance: too many states");
  StateNumbers number_of(expected);
  number_of.find_or_insert(goal_code, 0);
  found.reserve(expected);
  found_distance.reserve(expected);
  found_next.reserve(expected * 2 * width);
  std::vector<int> counts(width * width);
  for (std::size_t head = 0; head < found.size(); ++head) {
    const std::uint64_t code = found[head];
    int blank = 0;
    decode(code, counts.data(), &blank);
    for (int direction : {kTowardLower, kTowardHigher}) {
      // The tile moves from `source` onto the blank's line; the blank goes to `source`.
      const int source = direction == kTowardLower ? blank + 1 : blank - 1;
      for (int goal_line = 0; goal_line < n; ++goal_line) {
        std::uint32_t target = kNoState;
        if (source >= 0 && source < n && counts[static_cast<std::size_t>(source * n + goal_line)] > 0) {
          const std::uint64_t next_code = code + tile_weight(blank, goal_line) - tile_weight(source, goal_line) +
                                          blank_weight(source) - blank_weight(blank);
          const auto [number, inserted] =
              number_of.find_or_insert(next_code, static_cast<std::uint32_t>(found.size()));
          if (inserted) {
            if (found.size() >= kMaxStates) throw std::length_error("walking distance: too many states");
            const int d = found_distance[head] + 1;
            if (d > 255) throw std::length_error("walking distance: a distance above 255");
            found.push_back(next_code);
            found_distance.push_back(static_cast<std::uint8_t>(d));
          }
          target = number;
        }
        found_next.push_back(target);
      }
    }
  }
  number_of = StateNumbers(0);

  // Renumber in code order (step 5) and pack each transition's target with
  // its distance (step 6).
  const std::size_t states = found.size();
  std::vector<std::uint32_t> by_code(states);
  std::iota(by_code.begin(), by_code.end(), 0u);
  std::sort(by_code.begin(), by_code.end(), [&found](std::uint32_t a, std::uint32_t b) { return found[a] < found[b]; });
  std::vector<std::uint32_t> index_of_found(states);
  codes_.resize(states);
  distance_.resize(states);
  for (std::size_t index = 0; index < states; ++index) {
    const std::uint32_t f = by_code[index];
    index_of_found[f] = static_cast<std::uint32_t>(index);
    codes_[index] = found[f];
    distance_[index] = found_distance[f];
  }
  const std::size_t stride = 2 * width;
  next_.resize(states * stride);
  for (std::size_t index = 0; index < states; ++index) {
    const std::uint32_t* from = found_next.data() + by_code[index] * stride;
    for (std::size_t k = 0; k < stride; ++k) {
      next_[index * stride + k] = from[k] == kNoState ? kNoEntry : entry(index_of_found[from[k]]);
    }
  }
  goal_state_ = index_of_found[0];
  max_distance_ = *std::max_element(distance_.begin(), distance_.end());
  build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::uint64_t WalkingDistanceAbstraction::bytes() const {
  return codes_.size() * sizeof(std::uint64_t) + distance_.size() + next_.size() * sizeof(Entry);
}

void WalkingDistanceAbstraction::decode(std::uint64_t code, int* counts, int* blank_line) const {
  const int n = lines_;
  const std::uint64_t base = static_cast<std::uint64_t>(tiles_per_line_ + 1);
  *blank_line = static_cast<int>(code / blank_unit_);
  std::uint64_t rest = code % blank_unit_;
  for (int line = 0; line < n - 1; ++line) {
    for (int goal_line = 0; goal_line < n - 1; ++goal_line) {
      counts[line * n + goal_line] = static_cast<int>(rest % base);
      rest /= base;
    }
  }
  for (int line = 0; line < n - 1; ++line) {
    int sum = 0;
    for (int goal_line = 0; goal_line < n - 1; ++goal_line) sum += counts[line * n + goal_line];
    counts[line * n + n - 1] = line_sum(line, *blank_line) - sum;
  }
  for (int goal_line = 0; goal_line < n; ++goal_line) {
    int sum = 0;
    for (int line = 0; line < n - 1; ++line) sum += counts[line * n + goal_line];
    counts[(n - 1) * n + goal_line] = goal_line_sum(goal_line) - sum;
  }
}

std::uint32_t WalkingDistanceAbstraction::state_of_counts(std::span<const int> counts, int blank_line) const {
  const int n = lines_;
  if (counts.size() != static_cast<std::size_t>(n * n) || blank_line < 0 || blank_line >= n) return kNoState;
  std::uint64_t code = blank_weight(blank_line);
  for (int line = 0; line < n; ++line) {
    int sum = 0;
    for (int goal_line = 0; goal_line < n; ++goal_line) {
      const int count = counts[static_cast<std::size_t>(line * n + goal_line)];
      if (count < 0) return kNoState;
      sum += count;
      code += static_cast<std::uint64_t>(count) * tile_weight(line, goal_line);
    }
    if (sum != line_sum(line, blank_line)) return kNoState;
  }
  for (int goal_line = 0; goal_line < n; ++goal_line) {
    int sum = 0;
    for (int line = 0; line < n; ++line) sum += counts[static_cast<std::size_t>(line * n + goal_line)];
    if (sum != goal_line_sum(goal_line)) return kNoState;
  }
  return state_of_code(code);
}

std::pair<std::vector<int>, int> WalkingDistanceAbstraction::counts_of(std::uint32_t state) const {
  std::pair<std::vector<int>, int> out{std::vector<int>(static_cast<std::size_t>(lines_ * lines_)), 0};
  decode(codes_[state], out.first.data(), &out.second);
  return out;
}

std::uint64_t walking_distance_states(int lines, int tiles_per_line) {
  assert(lines >= 2 && tiles_per_line >= 2 && lines <= 7 && tiles_per_line <= 7);
  // Matrices filled one line at a time: the first line holds T-1 tiles (the
  // blank's line; which line it is does not change the count), the others
  // T. The number of ways to fill the lines left depends only on the
  // multiset of what each goal line still needs, so the memo is keyed on
  // that sorted. One goal line needs T-1 (the goal blank's), the others T.
  std::vector<std::map<std::vector<int>, std::uint64_t>> memo(static_cast<std::size_t>(lines));
  const auto fill = [&](auto& self, int line, std::vector<int> needed) -> std::uint64_t {
    std::sort(needed.begin(), needed.end());
    if (line == lines) return std::all_of(needed.begin(), needed.end(), [](int x) { return x == 0; }) ? 1 : 0;
    auto& slot = memo[static_cast<std::size_t>(line)];
    if (const auto it = slot.find(needed); it != slot.end()) return it->second;
    std::uint64_t ways = 0;
    std::vector<int> after = needed;
    // Every way to put `left` tiles of this line on goal lines k.. .
    const auto place = [&](auto& place_self, int k, int left) -> void {
      if (k == lines - 1) {
        if (left > needed[static_cast<std::size_t>(k)]) return;
        after[static_cast<std::size_t>(k)] = needed[static_cast<std::size_t>(k)] - left;
        ways = saturating_add(ways, self(self, line + 1, after));
        return;
      }
      for (int x = 0; x <= std::min(left, needed[static_cast<std::size_t>(k)]); ++x) {
        after[static_cast<std::size_t>(k)] = needed[static_cast<std::size_t>(k)] - x;
        place_self(place_self, k + 1, left - x);
      }
    };
    place(place, 0, line == 0 ? tiles_per_line - 1 : tiles_per_line);
    slot.emplace(std::move(needed), ways);
    return ways;
  };
  std::vector<int> needed(static_cast<std::size_t>(lines), tiles_per_line);
  needed[0] = tiles_per_line - 1;
  const std::uint64_t matrices = fill(fill, 0, needed);
  const std::uint64_t states = checked_multiply(matrices, static_cast<std::uint64_t>(lines));
  return states == 0 && matrices != 0 ? kSaturated : states;
}

namespace {

// Codes, distances and transitions (step 6) per state of L lines.
std::uint64_t bytes_per_state(int lines) {
  return sizeof(std::uint64_t) + 1 + 2 * static_cast<std::uint64_t>(lines) * sizeof(WalkingDistanceAbstraction::Entry);
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
  return digits;
}

std::string mebibytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

}  // namespace

std::uint64_t walking_distance_bytes(int rows, int cols) {
  assert(rows >= 2 && cols >= 2 && rows <= 7 && cols <= 7);
  const std::uint64_t vertical = checked_multiply(walking_distance_states(rows, cols), bytes_per_state(rows));
  if (rows == cols) return vertical == 0 ? kSaturated : vertical;
  const std::uint64_t horizontal = checked_multiply(walking_distance_states(cols, rows), bytes_per_state(cols));
  if (vertical == 0 || horizontal == 0) return kSaturated;
  return saturating_add(vertical, horizontal);
}

std::string walking_distance_shape_problem(int rows, int cols) {
  const std::string shape = size_name(rows, cols);
  if (rows < 2 || cols < 2) return "walking distance needs a board of at least 2 rows and 2 columns, not " + shape;
  if (rows > kMaxWalkingDistanceSide || cols > kMaxWalkingDistanceSide) {
    // A side of 7 or more lines, each of at least 2 tiles: at least as many
    // states as 7 lines of 2 (adding a line, or a tile to every line, maps
    // states to distinct states).
    const std::uint64_t at_least = walking_distance_states(kMaxWalkingDistanceSide + 1, 2);
    return "walking distance tables for " + shape + " would have at least " + with_commas(at_least) +
           " states in one direction; they are limited to " + mebibytes(kMaxWalkingDistanceBytes) +
           ", which boards of up to " + std::to_string(kMaxWalkingDistanceSide) + " rows and columns may fit";
  }
  const std::uint64_t bytes = walking_distance_bytes(rows, cols);
  if (bytes > kMaxWalkingDistanceBytes) {
    std::string states = with_commas(walking_distance_states(rows, cols));
    if (rows != cols) states += " + " + with_commas(walking_distance_states(cols, rows));
    return "walking distance tables for " + shape + " would take " + mebibytes(bytes) + " (" + states +
           " states), more than the " + mebibytes(kMaxWalkingDistanceBytes) + " they are limited to";
  }
  return "";
}

std::shared_ptr<const WalkingDistanceTable> walking_distance_table_for(int rows, int cols, Goal goal) {
  assert(walking_distance_shape_problem(rows, cols).empty());
  // A batch asks once per puzzle, nearly always for the same table: the
  // last answer per thread skips the lock.
  thread_local std::shared_ptr<const WalkingDistanceTable> last;
  if (last && last->rows == rows && last->cols == cols && last->goal == goal) return last;
  using TableKey = std::tuple<int, int, Goal>;
  using AbstractionKey = std::tuple<int, int, int>;  // lines, tiles per line, goal blank line (step 4)
  static std::mutex mutex;
  static auto* tables = new std::map<TableKey, std::shared_ptr<const WalkingDistanceTable>>();
  static auto* abstractions = new std::map<AbstractionKey, std::shared_ptr<const WalkingDistanceAbstraction>>();
  std::lock_guard lock(mutex);
  auto& slot = (*tables)[TableKey{rows, cols, goal}];
  if (!slot) {
    const auto abstraction = [](int lines, int tiles_per_line, int goal_blank_line) {
      auto& shared = (*abstractions)[AbstractionKey{lines, tiles_per_line, goal_blank_line}];
      if (!shared) shared = std::make_shared<const WalkingDistanceAbstraction>(lines, tiles_per_line, goal_blank_line);
      return shared;
    };
    auto table = std::make_shared<WalkingDistanceTable>();
    table->rows = rows;
    table->cols = cols;
    table->cells = rows * cols;
    table->goal = goal;
    const int goal_blank = goal_position(0, table->cells, goal);
    table->vertical = abstraction(rows, cols, goal_blank / cols);
    table->horizontal = abstraction(cols, rows, goal_blank % cols);
    for (int tile = 0; tile < table->cells; ++tile) {
      const int home = goal_position(tile, table->cells, goal);
      table->goal_row[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(tile == 0 ? rows : home / cols);
      table->goal_col[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(tile == 0 ? cols : home % cols);
    }
    for (int line = 0; line < rows; ++line) {
      for (int goal_line = 0; goal_line < rows; ++goal_line) {
        table->vertical_weight[static_cast<std::size_t>(line * (rows + 1) + goal_line)] =
            table->vertical->tile_weight(line, goal_line);
      }
      table->vertical_weight[static_cast<std::size_t>(line * (rows + 1) + rows)] = table->vertical->blank_weight(line);
    }
    for (int line = 0; line < cols; ++line) {
      for (int goal_line = 0; goal_line < cols; ++goal_line) {
        table->horizontal_weight[static_cast<std::size_t>(line * (cols + 1) + goal_line)] =
            table->horizontal->tile_weight(line, goal_line);
      }
      table->horizontal_weight[static_cast<std::size_t>(line * (cols + 1) + cols)] =
          table->horizontal->blank_weight(line);
    }
    slot = std::move(table);
  }
  last = slot;
  return slot;
}

long long walking_distance(const Board& board, Goal goal) {
  return walking_distance_table_for(board.rows(), board.cols(), goal)->value(board);
}

const HeuristicRow& WalkingDistanceRow::row() {
  static const HeuristicRow row{
      .name = "wd",
      .help = "walking distance (Takahashi): the moves two abstractions of the board need, the tiles counted by "
              "row and goal row, and by column and goal column; never below Manhattan, with the same parity; "
              "boards up to 4x4 and 2x6, 3x5 and their transposes (tables made in memory: 4x4 in about 10 ms, "
              "1 MiB)",
      .documentation = "src/heuristics/walking_distance.h; results/walking_distance.md",
      .auto_rank = 0,
      .names = [](std::string_view spec) { return spec == "wd" || spec == "walking-distance"; },
      .size_problem = [](std::string_view, int rows, int cols) { return walking_distance_shape_problem(rows, cols); },
      .load =
          [](std::string_view, int rows, int cols, Goal goal, const TableOptions&) {
            ResolvedHeuristic h;
            h.row = &WalkingDistanceRow::row();
            h.rows = rows;
            h.cols = cols;
            h.goal = goal;
            h.data = walking_distance_table_for(rows, cols, goal);
            h.label = "wd";
            return h;
          },
      .evaluate = [](const ResolvedHeuristic& h, const Board& board) -> long long {
        return h.data_as<WalkingDistanceTable>().value(board);
      },
  };
  return row;
}

}  // namespace npuzzle
