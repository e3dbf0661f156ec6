#include "search/checkpoint.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace npuzzle {
namespace {

constexpr const char* kFirstLine = "# npuzzle IDA* checkpoint, version 1";
// partial_wanted and partial_subtrees: far above what a search asks for
// (256 subtrees per thread) and what its build gives.
constexpr std::uint64_t kMaxPartialSubtrees = std::uint64_t{1} << 24;

std::string tiles_text(const std::vector<std::uint32_t>& tiles) {
  std::string text;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i) text += ' ';
    text += std::to_string(tiles[i]);
  }
  return text;
}

template <class T>
bool parse_whole(const std::string& text, T* value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::string write_checkpoint(const std::string& path, const IdaCheckpoint& c) {
  std::ostringstream text;
  text << kFirstLine << "\n"
       << "rows: " << c.rows << "\n"
       << "cols: " << c.cols << "\n"
       << "goal: " << goal_name(c.goal) << "\n"
       << "board: " << tiles_text(c.tiles) << "\n"
       << "algorithm: " << c.algorithm << "\n"
       << "heuristic: " << c.heuristic << "\n"
       << "prune: " << c.prune << "\n";
  if (c.fsm_depth > 0) text << "fsm_depth: " << c.fsm_depth << "\n";
  text << "completed_bound: " << c.completed_bound << "\n"
       << "next_bound: " << c.next_bound << "\n"
       << "expanded: " << c.expanded << "\n"
       << "generated: " << c.generated << "\n";
  if (c.partial) {
    text << "partial_wanted: " << c.partial->wanted << "\n"
         << "partial_subtrees: " << c.partial->subtrees << "\n";
    for (const SubtreeDone& d : c.partial->done) {
      text << "subtree: " << d.index << ' ' << d.next_bound << ' ' << d.expanded << ' ' << d.generated << "\n";
    }
  }
  const std::string content = text.str();
  const std::string temporary = path + ".tmp." + std::to_string(getpid());
  std::FILE* out = std::fopen(temporary.c_str(), "wb");
  if (!out) return temporary + ": cannot open for writing: " + std::strerror(errno);
  const bool ok = std::fwrite(content.data(), 1, content.size(), out) == content.size() && std::fflush(out) == 0 &&
                  fsync(fileno(out)) == 0;
  std::fclose(out);
  if (!ok || std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    return path + ": cannot write the checkpoint: " + why;
  }
  return {};
}

std::optional<IdaCheckpoint> read_checkpoint(const std::string& path, std::string* error) {
  error->clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno != ENOENT) *error = path + ": cannot read the checkpoint: " + std::strerror(errno);
    return std::nullopt;
  }
  std::map<std::string, std::string> fields;
  std::vector<SubtreeDone> subtrees_done;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (number == 1) {
      if (line != kFirstLine) {
        *error = path + ":1: not an npuzzle checkpoint (expected '" + kFirstLine + "')";
        return std::nullopt;
      }
      continue;
    }
    const auto colon = line.find(": ");
    if (colon == std::string::npos) {
      *error = path + ":" + std::to_string(number) + ": expected 'key: value'";
      return std::nullopt;
    }
    if (line.compare(0, colon, "subtree") == 0) {
      const std::string where = path + ":" + std::to_string(number) + ": ";
      std::istringstream values(line.substr(colon + 2));
      std::string index, next_bound, expanded, generated, extra;
      SubtreeDone d;
      if (!(values >> index >> next_bound >> expanded >> generated) || (values >> extra) ||
          !parse_whole(index, &d.index) || !parse_whole(next_bound, &d.next_bound) ||
          !parse_whole(expanded, &d.expanded) || !parse_whole(generated, &d.generated)) {
        *error = where + "expected 'subtree: INDEX NEXT_BOUND EXPANDED GENERATED'";
        return std::nullopt;
      }
      if (!subtrees_done.empty() && d.index <= subtrees_done.back().index) {
        *error = where + "subtree " + index + " is not after subtree " + std::to_string(subtrees_done.back().index);
        return std::nullopt;
      }
      subtrees_done.push_back(d);
      continue;
    }
    fields[line.substr(0, colon)] = line.substr(colon + 2);
  }
  IdaCheckpoint c;
  const auto need = [&](const char* key) -> const std::string* {
    auto it = fields.find(key);
    if (it == fields.end()) {
      *error = path + ": the checkpoint has no '" + key + "' line";
      return nullptr;
    }
    return &it->second;
  };
  const char* numbers[] = {"rows", "cols", "completed_bound", "next_bound"};
  int* targets[] = {&c.rows, &c.cols, &c.completed_bound, &c.next_bound};
  for (int i = 0; i < 4; ++i) {
    const std::string* v = need(numbers[i]);
    if (!v) return std::nullopt;
    if (!parse_whole(*v, targets[i])) {
      *error = path + ": bad " + numbers[i] + " '" + *v + "'";
      return std::nullopt;
    }
  }
  for (auto [key, target] : {std::pair{"expanded", &c.expanded}, std::pair{"generated", &c.generated}}) {
    const std::string* v = need(key);
    if (!v) return std::nullopt;
    if (!parse_whole(*v, target)) {
      *error = path + ": bad " + key + " '" + *v + "'";
      return std::nullopt;
    }
  }
  const std::string* goal = need("goal");
  if (!goal) return std::nullopt;
  const auto g = parse_goal(*goal);
  if (!g) {
    *error = path + ": bad goal '" + *goal + "'";
    return std::nullopt;
  }
  c.goal = *g;
  const std::string* board = need("board");
  if (!board) return std::nullopt;
  std::istringstream tiles(*board);
  for (std::uint32_t t; tiles >> t;) c.tiles.push_back(t);
  for (auto [key, target] : {std::pair{"algorithm", &c.algorithm}, std::pair{"heuristic", &c.heuristic},
                             std::pair{"prune", &c.prune}}) {
    const std::string* v = need(key);
    if (!v) return std::nullopt;
    *target = *v;
  }
  if (const auto it = fields.find("fsm_depth"); it != fields.end()) {
    if (!parse_whole(it->second, &c.fsm_depth) || c.fsm_depth <= 0) {
      *error = path + ": bad fsm_depth '" + it->second + "'";
      return std::nullopt;
    }
  }
  const bool has_partial = fields.count("partial_wanted") || fields.count("partial_subtrees");
  if (!has_partial && !subtrees_done.empty()) {
    *error = path + ": the checkpoint has 'subtree' lines but no 'partial_wanted' and 'partial_subtrees'";
    return std::nullopt;
  }
  if (has_partial) {
    PartialIteration part;
    for (auto [key, target] : {std::pair{"partial_wanted", &part.wanted}, std::pair{"partial_subtrees", &part.subtrees}}) {
      const std::string* v = need(key);
      if (!v) return std::nullopt;
      // Bounded, so that a damaged `wanted` cannot make the rebuild expand a
      // whole iteration into memory.
      if (!parse_whole(*v, target) || *target == 0 || *target > kMaxPartialSubtrees) {
        *error = path + ": bad " + key + " '" + *v + "' (1 to " + std::to_string(kMaxPartialSubtrees) + ")";
        return std::nullopt;
      }
    }
    for (const SubtreeDone& d : subtrees_done) {
      if (d.index >= part.subtrees || d.next_bound <= c.next_bound) {
        *error = path + ": subtree " + std::to_string(d.index) + " does not fit the iteration over bound " +
                 std::to_string(c.next_bound) + " with " + std::to_string(part.subtrees) + " subtrees";
        return std::nullopt;
      }
    }
    part.done = std::move(subtrees_done);
    c.partial = std::move(part);
  }
  return c;
}

std::string checkpoint_mismatch(const IdaCheckpoint& saved, const IdaCheckpoint& ours, const Vocabulary& vocabulary) {
  if (saved.rows != ours.rows || saved.cols != ours.cols || saved.tiles != ours.tiles) {
    return "the checkpoint is for another board (" + size_name(saved.rows, saved.cols) + ": " +
           tiles_text(saved.tiles) + ")";
  }
  if (saved.goal != ours.goal) {
    return "the checkpoint was written for the " + std::string(goal_name(saved.goal)) + " goal, this run has " +
           std::string(goal_name(ours.goal));
  }
  const std::pair<RequestOption, std::pair<const std::string*, const std::string*>> options[] = {
      {RequestOption::kAlgorithm, {&saved.algorithm, &ours.algorithm}},
      {RequestOption::kHeuristic, {&saved.heuristic, &ours.heuristic}},
      {RequestOption::kPruning, {&saved.prune, &ours.prune}},
  };
  for (const auto& [option, values] : options) {
    if (*values.first != *values.second) {
      return "the checkpoint was written with " + vocabulary.setting(option, *values.first) + ", this run has " +
             *values.second;
    }
  }
  if (saved.fsm_depth != ours.fsm_depth) {
    if (saved.fsm_depth == 0) {
      return "the checkpoint does not say how deep its move-pruning machine was (an older npuzzle wrote it); "
             "this run's is " + std::to_string(ours.fsm_depth) + " moves deep";
    }
    return "the checkpoint was written with a move-pruning machine " + std::to_string(saved.fsm_depth) +
           " moves deep, this run's is " + std::to_string(ours.fsm_depth) + " (" +
           vocabulary.setting(RequestOption::kFsmDepth, std::to_string(saved.fsm_depth)) + " resumes it)";
  }
  return {};
}

}  // namespace npuzzle
