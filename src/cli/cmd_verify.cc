#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/commands.h"
#include "cli/options.h"
#include "core/solvability.h"
#include "io/json.h"
#include "search/replay.h"

namespace npuzzle::cli {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool parse_count(const std::string& text, long long* value) {
  if (text.empty() || text.size() > 18) return false;
  long long v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *value = v;
  return true;
}

// Checks one CSV row against its puzzle; empty when it holds.
std::string check_row(const CsvRow& row, const PuzzleRecord& puzzle, Goal goal, std::optional<Notation> notation) {
  if (!puzzle.board) {
    return row.status == "invalid" ? "" : "the input puzzle is malformed but the row says '" + row.status + "'";
  }
  const Board& board = *puzzle.board;
  if (row.rows != std::to_string(board.rows()) || row.cols != std::to_string(board.cols())) {
    return "the row says " + row.rows + "x" + row.cols + ", the puzzle is " + size_name(board.rows(), board.cols());
  }
  if (row.status == "unsolvable") {
    return is_solvable(board, goal) ? "marked unsolvable, but the board is solvable for " + std::string(goal_name(goal))
                                    : "";
  }
  if (row.status != "optimal" && row.status != "solved") return "status '" + row.status + "' has no solution to check";
  long long length = 0;
  if (!parse_count(row.length, &length)) return "length '" + row.length + "' is not a number";
  const Notation n = notation.value_or(detect_notation(row.solution));
  std::size_t bad = 0;
  const auto moves = parse_moves(row.solution, n, &bad);
  if (!moves) {
    return "letter '" + std::string(1, row.solution[bad]) + "' at " + std::to_string(bad + 1) + " is not a " +
           std::string(notation_name(n)) + " move";
  }
  if (static_cast<long long>(moves->size()) != length) {
    return "the solution has " + std::to_string(moves->size()) + " moves, the length column says " + row.length;
  }
  if (std::string why = check_solution(board, *moves, goal); !why.empty()) return why;
  long long bound = 0;
  if (row.status == "optimal" && parse_count(row.lower_bound, &bound) && bound != length) {
    return "optimal, but lower_bound " + row.lower_bound + " differs from length " + row.length;
  }
  return {};
}

}  // namespace

int run_verify(const std::vector<std::string>& args) {
  CommonOptions common;
  std::string input;
  std::string results;
  po::options_description desc(
      "npuzzle verify -i IN -r OUT.csv: replay every solution of OUT from its puzzle in IN\noptions");
  desc.add_options()("input,i", po::value(&input)->required(), "the puzzles")(
      "results,r", po::value(&results)->required(), "the batch CSV (its OUT.csv.json gives notation and goal)");
  add_common_options(desc, common);
  if (std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "-h") != args.end()) {
    std::cout << desc << "\n";
    return kExitOk;
  }
  parse(args, desc);
  PuzzleFile file;
  try {
    file = read_puzzle_file(input, read_options(common));
  } catch (const InputError& e) {
    std::fprintf(stderr, "npuzzle verify: %s\n", e.what());
    return kExitUsage;
  }
  const std::string sidecar = read_text(results + ".json");
  std::optional<Notation> notation = notation_option(common);
  if (!notation) {
    if (auto n = find_json_string(sidecar, "notation")) notation = parse_notation(*n);
  }
  std::optional<Goal> goal = goal_option(common);
  if (!goal) {
    if (auto g = find_json_string(sidecar, "goal")) goal = parse_goal(*g);
  }
  const Goal resolved = goal.value_or(file.declared_goal.value_or(Goal::kBlankLast));

  std::ifstream csv(results, std::ios::binary);
  if (!csv) {
    std::fprintf(stderr, "npuzzle verify: %s: cannot open for reading\n", results.c_str());
    return kExitUsage;
  }
  std::map<std::string, std::vector<const PuzzleRecord*>> by_id;
  for (const PuzzleRecord& p : file.puzzles) by_id[p.id].push_back(&p);

  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t skipped = 0;
  std::string line;
  int line_number = 0;
  auto fail = [&](const std::string& what) {
    ++failed;
    std::fprintf(stderr, "%s:%d: %s\n", results.c_str(), line_number, what.c_str());
  };
  while (std::getline(csv, line)) {
    ++line_number;
    if (line_number == 1) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line != kCsvHeader) {
        std::fprintf(stderr, "npuzzle verify: %s:1: not an npuzzle CSV header\n", results.c_str());
        return kExitUsage;
      }
      continue;
    }
    if (line.empty()) continue;
    const auto row = parse_csv_row(line);
    if (!row) {
      fail("malformed row");
      continue;
    }
    auto it = by_id.find(row->id);
    if (it == by_id.end() || it->second.empty()) {
      fail("id '" + row->id + "' is not in " + input);
      continue;
    }
    const PuzzleRecord* puzzle = it->second.front();
    it->second.erase(it->second.begin());
    if (row->status == "limit" || row->status == "cancelled") {
      ++skipped;
      continue;
    }
    if (std::string why = check_row(*row, *puzzle, resolved, notation); !why.empty()) {
      fail("id " + row->id + ": " + why);
    } else {
      ++passed;
    }
  }
  for (const auto& [id, left] : by_id) {
    for (std::size_t i = 0; i < left.size(); ++i) {
      ++failed;
      std::fprintf(stderr, "%s: id '%s' has no row in %s\n", input.c_str(), id.c_str(), results.c_str());
    }
  }
  if (skipped) {
    std::printf("%llu passed, %llu failed, %llu skipped\n", static_cast<unsigned long long>(passed),
                static_cast<unsigned long long>(failed), static_cast<unsigned long long>(skipped));
  } else {
    std::printf("%llu passed, %llu failed\n", static_cast<unsigned long long>(passed),
                static_cast<unsigned long long>(failed));
  }
  return failed ? kExitFailed : kExitOk;
}

}  // namespace npuzzle::cli
