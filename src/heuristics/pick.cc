#include "heuristics/pick.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "heuristics/registry.h"

namespace npuzzle {
namespace {

constexpr std::string_view kPrefix = "pick(";
constexpr std::string_view kCost = "cost=";
constexpr std::string_view kProbe = "probe=";

// A row other than pick's that names `spec`, or null.
const HeuristicRow* inner_row(std::string_view spec) {
  if (spec.empty() || spec.substr(0, kPrefix.size()) == kPrefix) return nullptr;
  for (const HeuristicRow* row : heuristic_rows()) {
    if (row != &PickRow::row() && row->names(spec)) return row;
  }
  return nullptr;
}

bool parse_number(std::string_view text, std::uint64_t& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}
// A decimal such as 3 or 2.75 (no sign, no exponent), by hand: the
// WebAssembly build's library has no floating-point from_chars, and strtod
// follows the locale, which the game window sets from the environment.
bool parse_number(std::string_view text, double& value) {
  const std::size_t dot = text.find('.');
  std::uint64_t whole = 0;
  if (!parse_number(text.substr(0, dot), whole)) return false;
  value = static_cast<double>(whole);
  if (dot == std::string_view::npos) return true;
  const std::string_view digits = text.substr(dot + 1);
  std::uint64_t fraction = 0;
  if (digits.size() > 18 || !parse_number(digits, fraction)) return false;
  value += static_cast<double>(fraction) / std::pow(10.0, static_cast<double>(digits.size()));
  return true;
}

struct Inner {
  const HeuristicRow* row;
  std::string_view spec;
};

Inner first_of(const PickSpec& p) { return {inner_row(p.first), p.first}; }
Inner second_of(const PickSpec& p) { return {inner_row(p.second), p.second}; }

PickSpec checked(std::string_view spec) {
  auto parts = parse_pick(spec);
  if (!parts) throw std::invalid_argument("'" + std::string(spec) + "' is not pick(A,B[,cost=C][,probe=N])");
  return *parts;
}

std::string size_problem(std::string_view spec, int rows, int cols) {
  const PickSpec parts = checked(spec);
  for (const Inner& inner : {first_of(parts), second_of(parts)}) {
    if (!inner.row->size_problem) continue;
    if (std::string why = inner.row->size_problem(inner.spec, rows, cols); !why.empty()) {
      return std::string(inner.spec) + ": " + why;
    }
  }
  return {};
}

ResolvedHeuristic load_inner(const Inner& inner, int rows, int cols, Goal goal, const TableOptions& tables) {
  ResolvedHeuristic h = inner.row->load(inner.spec, rows, cols, goal, tables);
  h.label = HeuristicSpec{inner.row, std::string(inner.spec)}.label(tables.reflect);
  return h;
}

}  // namespace

std::optional<PickSpec> parse_pick(std::string_view spec) {
  if (spec.size() <= kPrefix.size() + 1 || spec.substr(0, kPrefix.size()) != kPrefix || spec.back() != ')') {
    return std::nullopt;
  }
  std::string_view inner = spec.substr(kPrefix.size(), spec.size() - kPrefix.size() - 1);
  PickSpec parts;
  // The options, from the end: ",cost=C" and ",probe=N", each at most once.
  bool cost_seen = false;
  bool probe_seen = false;
  for (;;) {
    const std::size_t comma = inner.rfind(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const std::string_view last = inner.substr(comma + 1);
    if (last.substr(0, kCost.size()) == kCost) {
      if (cost_seen || !parse_number(last.substr(kCost.size()), parts.cost) || !(parts.cost > 0) ||
          !std::isfinite(parts.cost)) {
        return std::nullopt;
      }
      cost_seen = true;
    } else if (last.substr(0, kProbe.size()) == kProbe) {
      if (probe_seen || !parse_number(last.substr(kProbe.size()), parts.probe) || parts.probe == 0) return std::nullopt;
      probe_seen = true;
    } else {
      break;
    }
    inner = inner.substr(0, comma);
  }
  // A,B: the one comma after which a row's name begins (a partition such as
  // pdb:1,2,3/4,5,6/7,8 has commas too, but no name after them).
  std::optional<std::size_t> split;
  for (std::size_t comma = inner.find(','); comma != std::string_view::npos; comma = inner.find(',', comma + 1)) {
    if (inner_row(inner.substr(0, comma)) && inner_row(inner.substr(comma + 1))) {
      if (split) return std::nullopt;  // ambiguous
      split = comma;
    }
  }
  if (!split) return std::nullopt;
  parts.first = std::string(inner.substr(0, *split));
  parts.second = std::string(inner.substr(*split + 1));
  return parts;
}

const HeuristicRow& PickRow::row() {
  static const HeuristicRow row{
      .name = "pick(A,B)",
      .help = "for each board, one of two heuristics, chosen by its first iterations: IDA* with A until it has "
              "expanded N nodes (probe=N, 8000000 unless given), then B to the same bound, and on with B if "
              "its nodes times C (cost=C, 1 unless given: what a node of B costs in nodes of A) are fewer, "
              "else with A; the row names the one chosen, and its counts are that heuristic's own; e.g. "
              "pick(zpdb:6666,cat:small,cost=3) for the 24-puzzle (unweighted ida only)",
      .documentation = "src/heuristics/pick.h, src/search/pick.h; results/korf24_levers.md (section 31)",
      .auto_rank = 0,
      .reflects = true,
      .names = [](std::string_view spec) { return parse_pick(spec).has_value(); },
      .size_problem = size_problem,
      .load =
          [](std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
            const PickSpec parts = checked(spec);
            if (std::string why = size_problem(spec, rows, cols); !why.empty()) throw std::invalid_argument(why);
            auto pair = std::make_shared<HeuristicPair>();
            pair->first = load_inner(first_of(parts), rows, cols, goal, tables);
            pair->second = load_inner(second_of(parts), rows, cols, goal, tables);
            pair->cost = parts.cost;
            pair->probe = parts.probe;
            return ResolvedHeuristic{.row = &PickRow::row(), .rows = rows, .cols = cols, .goal = goal,
                                     .data = std::move(pair),
                                     .label = std::string(spec) + (tables.reflect ? "" : "/no-reflect")};
          },
      .missing_tables =
          [](std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
            const PickSpec parts = checked(spec);
            std::vector<std::string> missing;
            for (const Inner& inner : {first_of(parts), second_of(parts)}) {
              if (!inner.row->missing_tables) continue;
              for (std::string& table : inner.row->missing_tables(inner.spec, rows, cols, goal, tables)) {
                if (std::find(missing.begin(), missing.end(), table) == missing.end()) missing.push_back(std::move(table));
              }
            }
            return missing;
          },
      .build =
          [](std::string_view spec, int rows, int cols, Goal goal, const TableOptions& tables) {
            const PickSpec parts = checked(spec);
            for (const Inner& inner : {first_of(parts), second_of(parts)}) {
              if (inner.row->build) inner.row->build(inner.spec, rows, cols, goal, tables);
            }
          },
      // Both are admissible: the larger (info's value; the search uses one).
      .evaluate = [](const ResolvedHeuristic& h, const Board& board) -> long long {
        const auto& pair = h.data_as<HeuristicPair>();
        const auto value = [&](const ResolvedHeuristic& one) {
          return one.row->evaluate ? one.row->evaluate(one, board) : 0LL;
        };
        return std::max(value(pair.first), value(pair.second));
      },
  };
  return row;
}

}  // namespace npuzzle
