#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "batch/verify.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "io/json.h"

namespace npuzzle::cli {
int run_verify(const std::vector<std::string>& args) {
  CommonOptions common;
  std::string input;
  std::string results;
  po::options_description desc(
      "npuzzle verify -i IN -r OUT.csv: replay every solution of OUT from its puzzle in IN\noptions");
  desc.add_options()("input,i", po::value(&input)->required(), "the puzzles")(
      "results,r", po::value(&results)->required(), "the batch results, CSV or JSON Lines (OUT.json beside them gives the notation and goal)");
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
  if (file.puzzles.empty() || std::none_of(file.puzzles.begin(), file.puzzles.end(),
                                           [](const PuzzleRecord& p) { return p.board.has_value(); })) {
    for (const PuzzleRecord& p : file.puzzles) std::fprintf(stderr, "%s\n", p.error.c_str());
    if (file.puzzles.empty()) std::fprintf(stderr, "%s: no puzzles\n", display_name(input).c_str());
    return kExitUsage;
  }
  const std::string sidecar = read_sidecar(results + ".json");
  std::optional<Notation> notation = notation_option(common);
  if (!notation) {
    if (auto n = find_json_string(sidecar, "notation")) notation = parse_notation(*n);
  }
  std::optional<Goal> goal = goal_option(common);
  if (!goal) {
    if (auto g = find_json_string(sidecar, "goal")) goal = parse_goal(*g);
  }
  const Goal resolved = effective_goal(goal, file.declared_goal);

  std::ifstream csv(results, std::ios::binary);
  if (!csv) {
    std::fprintf(stderr, "npuzzle verify: %s: cannot open for reading\n", results.c_str());
    return kExitUsage;
  }
  // Side files ("@PATH" cells) are found relative to the results' directory.
  std::string side_file_base = std::filesystem::path(results).parent_path().string();
  if (side_file_base.empty()) side_file_base = ".";
  std::map<std::string, std::vector<const PuzzleRecord*>> by_id;
  for (const PuzzleRecord& p : file.puzzles) by_id[p.id].push_back(&p);

  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t skipped = 0;
  std::string line;
  long long line_number = 0;
  auto fail = [&](const std::string& what) {
    ++failed;
    std::fprintf(stderr, "%s:%lld: %s\n", results.c_str(), line_number, what.c_str());
  };
  bool too_long = false;
  ResultFormat format = ResultFormat::kCsv;
  while (read_bounded_line(csv, line, kMaxLineBytes, &too_long)) {
    ++line_number;
    if (too_long) {
      fail("line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
      continue;
    }
    if (line_number == 1) {
      // A CSV's header, or a JSON Lines file's first row.
      const auto detected = detect_result_format(line);
      if (!detected) {
        std::fprintf(stderr, "npuzzle verify: %s:1: not an npuzzle CSV header or JSON Lines row\n", results.c_str());
        return kExitUsage;
      }
      format = *detected;
      if (format == ResultFormat::kCsv) continue;
    }
    if (line.empty()) continue;
    const auto row = parse_row(line, format);
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
    if (std::string why = check_row(*row, *puzzle, resolved, notation, side_file_base); !why.empty()) {
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
