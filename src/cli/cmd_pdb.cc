// npuzzle pdb build|info|verify|eval: build, inspect and check pattern
// database files, and evaluate an additive set on puzzles.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

#include "batch/provenance.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "cli/options.h"
#include "heuristics/pdb/additive_cache.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/pdb/file.h"

namespace npuzzle::cli {
namespace {

constexpr const char* kPdbUsage =
    "usage: npuzzle pdb COMMAND ...\n"
    "\n"
    "  build SPEC [--size RxC] [--goal G] [--pdb-dir DIR] [--threads N]\n"
    "        build every table of SPEC not yet in the cache (pdb:555, pdb:663, pdb:78, pdb:6666,\n"
    "        rectangles pdb:3x4-65, pdb:4x3-65, pdb:3x5-77, pdb:5x3-77, pdb:3x6-665, pdb:6x3-665,\n"
    "        pdb:2x8-654, pdb:8x2-654, pdb:4x5-6544, pdb:5x4-6544, or tiles like pdb:1,2,3,4/5,6,7,8;\n"
    "        zpdb:... for zero-aware tables, cat:NAME for every table of a catalogue)\n"
    "  info FILE...     a table's header, size and histogram of values\n"
    "  verify FILE...   recompute each file's checksum; exit 1 on a mismatch\n"
    "  eval SPEC [FILE...] [--no-reflection]\n"
    "        the additive value of each puzzle (plain, reflected, and the max), and the averages\n"
    "\n"
    "Tables are cached in --pdb-dir, else $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle.\n"
    "'npuzzle pdb COMMAND --help' lists a command's options.\n";

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
  return digits;
}

std::string creator() { return "npuzzle " + npuzzle_version() + " (git " + git_revision() + ")"; }

// The board a spec is for: --size, else the named spec's board, else the
// square board whose largest tile the partition names.
std::pair<int, int> spec_board(const std::string& spec, const CommonOptions& common) {
  if (!pdb::is_pdb_spec(spec)) throw UsageError("'" + spec + "' is not a pattern database spec (pdb:...)");
  const std::string body(pdb::is_catalogue_spec(spec) ? spec.substr(4) : pdb::spec_body(spec));
  if (!pdb::named_spec_size(spec) && !pdb::is_catalogue_spec(spec) &&
      body.find_first_not_of("0123456789,/") != std::string::npos) {
    throw UsageError("unknown pattern database '" + spec + "' (expected " + pdb::named_partition_list() +
                     " or tiles like pdb:1,2,3/4,5,6,7)");
  }
  if (!common.size.empty()) {
    const ReadOptions r = read_options(common);
    return {r.rows, r.cols};
  }
  if (auto named = pdb::named_spec_size(spec)) return *named;
  int largest = 0;
  std::string number;
  for (char c : body + ",") {
    if (c >= '0' && c <= '9') {
      number += c;
    } else if (!number.empty()) {
      largest = std::max(largest, std::stoi(number.substr(0, 6)));
      number.clear();
    }
  }
  for (int side = 2; side <= 5; ++side) {
    if (side * side == largest + 1) return {side, side};
  }
  throw UsageError("cannot tell the board of '" + spec + "': give --size RxC");
}

std::vector<pdb::Pattern> spec_patterns(const std::string& spec, int rows, int cols, Goal goal,
                                        bool require_cover = true) {
  if (!pdb::is_pdb_spec(spec)) throw UsageError("'" + spec + "' is not a pattern database spec (pdb:...)");
  std::vector<pdb::Pattern> patterns;
  try {
    for (const std::string& member : pdb::catalogue_members(spec, rows, cols)) {
      for (auto& tiles : pdb::partition_tiles(member, rows, cols, goal, require_cover)) {
        pdb::Pattern p(rows, cols, goal, tiles, pdb::is_zero_aware_spec(member));
        if (std::find(patterns.begin(), patterns.end(), p) == patterns.end()) patterns.push_back(std::move(p));
      }
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return patterns;
}

// A one-line progress bar on standard error, for a terminal.
class BuildBar {
 public:
  BuildBar(std::string label, bool enabled)
      : label_(std::move(label)), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

  void operator()(double fraction) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    constexpr int kWidth = 30;
    const int filled = std::clamp(static_cast<int>(fraction * kWidth), 0, kWidth);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::string bar(static_cast<std::size_t>(filled), '=');
    bar.resize(kWidth, ' ');
    std::fprintf(stderr, "\r  %s [%s] %5.1f%%  %.0f s ", label_.c_str(), bar.c_str(), 100 * fraction, seconds);
    if (fraction >= 1.0) std::fprintf(stderr, "\r%*s\r", static_cast<int>(label_.size()) + kWidth + 24, "");
    std::fflush(stderr);
  }

 private:
  std::string label_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
};

void add_pdb_dir(po::options_description& desc, std::string& dir) {
  desc.add_options()("pdb-dir", po::value(&dir),
                     "PDB cache directory (default $XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle)");
}

bool wants_help(const std::vector<std::string>& args) {
  return std::find(args.begin(), args.end(), "--help") != args.end() ||
         std::find(args.begin(), args.end(), "-h") != args.end();
}

int pdb_build(const std::vector<std::string>& args) {
  CommonOptions common;
  std::string spec;
  std::string dir;
  po::options_description visible(
      "npuzzle pdb build SPEC: build every table of an additive pattern database set not yet cached\noptions");
  add_pdb_dir(visible, dir);
  add_common_options(visible, common);
  po::options_description all;
  all.add(visible).add_options()("spec", po::value(&spec));
  po::positional_options_description positional;
  positional.add("spec", 1);
  if (wants_help(args)) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  parse(args, all, &positional);
  if (spec.empty()) throw UsageError("missing SPEC (e.g. pdb:663)");
  if (common.threads < 0) throw UsageError("--threads must not be negative");
  const auto [rows, cols] = spec_board(spec, common);
  const Goal goal = goal_option(common).value_or(Goal::kBlankLast);
  // Building some tables of a set is fine; using them as a heuristic needs all.
  const auto patterns = spec_patterns(spec, rows, cols, goal, /*require_cover=*/false);
  if (dir.empty()) dir = pdb::default_cache_dir();

  const std::uint64_t memory = physical_memory();
  for (const auto& p : patterns) {
    if (memory && pdb::build_memory_bytes(p) > memory / 10 * 9) {
      throw UsageError("building tiles " + p.tile_list() + " needs about " + mib_text(pdb::build_memory_bytes(p)) +
                       ", more than this machine's " + mib_text(memory));
    }
  }
  std::printf("%s on %s, goal %s: %zu tables in %s\n", spec.c_str(), size_name(rows, cols).c_str(),
              std::string(goal_name(goal)).c_str(), patterns.size(), dir.c_str());
  const bool bar = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total_bytes = 0;
  int built = 0;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    const pdb::Pattern& p = patterns[i];
    BuildBar progress("tiles " + p.tile_list(), bar);
    pdb::CacheOptions cache;
    cache.dir = dir;
    cache.creator = creator();
    cache.build.threads = common.threads;
    cache.build.on_progress = [&progress](double f) { progress(f); };
    pdb::CacheResult r;
    try {
      r = pdb::load_or_build(p, cache);
    } catch (const pdb::FileError& e) {
      std::fprintf(stderr, "npuzzle pdb build: %s\n", e.what());
      return kExitFailed;
    }
    total_bytes += r.table->size() + pdb::kPayloadOffset;
    std::printf("  %zu/%zu tiles %-24s %14s entries  ", i + 1, patterns.size(), p.tile_list().c_str(),
                with_commas(p.entries()).c_str());
    if (r.built) {
      ++built;
      std::printf("built in %.1f s (max %d, %d layers, %s of arrays)\n", r.stats.seconds, r.stats.max_value,
                  r.stats.layers, mib_text(r.stats.memory_bytes).c_str());
      std::printf("      %s states, %s regions expanded, %s moves examined\n", with_commas(r.stats.states).c_str(),
                  with_commas(r.stats.regions).c_str(), with_commas(r.stats.edges).c_str());
    } else {
      std::printf("cached\n");
    }
    std::printf("      %s\n", r.path.c_str());
    std::fflush(stdout);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d built, %zu cached; %.1f s; %s on disk\n", built, patterns.size() - static_cast<std::size_t>(built),
              seconds, mib_text(total_bytes).c_str());
  return kExitOk;
}

// The FILE... arguments of `pdb info` and `pdb verify`; nullopt after
// printing the help.
std::optional<std::vector<std::string>> file_arguments(const std::vector<std::string>& args, const char* title) {
  std::vector<std::string> files;
  po::options_description visible(std::string(title) + "\noptions");
  visible.add_options()("help,h", "show this help");
  if (wants_help(args)) {
    std::cout << visible << "\n";
    return std::nullopt;
  }
  parse_with_files(args, visible, files);
  if (files.empty()) throw UsageError("missing FILE");
  return files;
}

int pdb_info(const std::vector<std::string>& args) {
  const auto parsed = file_arguments(args, "npuzzle pdb info FILE...: a table's header, size and histogram");
  if (!parsed) return kExitOk;
  const std::vector<std::string>& files = *parsed;
  int exit_code = kExitOk;
  for (const std::string& path : files) {
    try {
      const pdb::FileInfo info = pdb::read_pdb_info(path);
      const auto table = pdb::load_pdb_file(path, nullptr, pdb::LoadOptions{pdb::Verify::kNever});
      std::vector<std::uint64_t> histogram(256, 0);
      const std::uint8_t* data = table->data();
      for (std::uint64_t r = 0; r < table->size(); ++r) ++histogram[data[r]];
      double sum = 0;
      std::uint64_t counted = 0;
      for (int v = 0; v < 255; ++v) {
        sum += static_cast<double>(histogram[static_cast<std::size_t>(v)]) * v;
        counted += histogram[static_cast<std::size_t>(v)];
      }
      char created[64] = "?";
      const std::time_t t = static_cast<std::time_t>(info.created_unix);
      std::tm tm{};
      if (gmtime_r(&t, &tm)) std::strftime(created, sizeof created, "%Y-%m-%d %H:%M:%S UTC", &tm);
      std::printf("file        %s\n", path.c_str());
      std::printf("format      version %u, %s bytes (%" PRIu64 "-byte header, %d-byte entries)\n", info.version,
                  with_commas(info.file_bytes).c_str(), pdb::kPayloadOffset, info.entry_width);
      std::printf("board       %s, goal %s\n", size_name(info.rows, info.cols).c_str(),
                  std::string(goal_name(info.goal)).c_str());
      std::printf("pattern     %zu tiles: %s\n", info.tiles.size(), info.pattern().tile_list().c_str());
      std::printf("entries     %s\n", with_commas(info.entry_count).c_str());
      std::printf("checksum    xxh64 %016" PRIx64 " (as stored; 'npuzzle pdb verify' recomputes it)\n",
                  info.checksum);
      std::printf("created     %s by %s, built in %.1f s\n", created,
                  info.creator.empty() ? "?" : info.creator.c_str(), info.build_seconds);
      std::printf("values      max %d, mean %.4f\n", info.max_value, counted ? sum / static_cast<double>(counted) : 0);
      std::printf("histogram   %5s %16s %9s\n", "value", "entries", "percent");
      for (int v = 0; v < 256; ++v) {
        const std::uint64_t n = histogram[static_cast<std::size_t>(v)];
        if (n == 0) continue;
        std::printf("            %5s %16s %8.4f%%\n", v == 255 ? "none" : std::to_string(v).c_str(),
                    with_commas(n).c_str(), 100.0 * static_cast<double>(n) / static_cast<double>(table->size()));
      }
      if (&path != &files.back()) std::printf("\n");
    } catch (const pdb::FileError& e) {
      std::fprintf(stderr, "npuzzle pdb info: %s\n", e.what());
      exit_code = kExitFailed;
    }
  }
  return exit_code;
}

int pdb_verify(const std::vector<std::string>& args) {
  const auto parsed = file_arguments(args, "npuzzle pdb verify FILE...: recompute each table's checksum");
  if (!parsed) return kExitOk;
  const std::vector<std::string>& files = *parsed;
  int failed = 0;
  for (const std::string& path : files) {
    try {
      const auto start = std::chrono::steady_clock::now();
      const pdb::VerifyResult r = pdb::verify_pdb_file(path);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (r.ok) {
        std::printf("%s: ok (xxh64 %016" PRIx64 ", %.2f s)\n", path.c_str(), r.computed, seconds);
      } else {
        ++failed;
        std::printf("%s: CHECKSUM MISMATCH (stored %016" PRIx64 ", computed %016" PRIx64
                    "): the file is corrupt\n",
                    path.c_str(), r.stored, r.computed);
      }
    } catch (const pdb::FileError& e) {
      ++failed;
      std::printf("%s\n", e.what());
    }
  }
  std::printf("%zu passed, %d failed\n", files.size() - static_cast<std::size_t>(failed), failed);
  return failed ? kExitFailed : kExitOk;
}

int pdb_eval(const std::vector<std::string>& args) {
  CommonOptions common;
  std::string spec;
  std::string dir;
  std::vector<std::string> files;
  bool no_reflection = false;
  bool quiet = false;
  po::options_description visible(
      "npuzzle pdb eval SPEC [FILE...]: the additive pattern database value of each puzzle\noptions");
  add_pdb_dir(visible, dir);
  visible.add_options()("no-reflection", po::bool_switch(&no_reflection),
                        "leave out the reflection about the main diagonal")(
      "quiet,q", po::bool_switch(&quiet), "print only the averages");
  add_common_options(visible, common);
  po::options_description all;
  all.add(visible).add_options()("spec", po::value(&spec))("file", po::value(&files));
  po::positional_options_description positional;
  positional.add("spec", 1).add("file", -1);
  if (wants_help(args)) {
    std::cout << visible << "\n";
    return kExitOk;
  }
  parse(args, all, &positional);
  if (spec.empty()) throw UsageError("missing SPEC (e.g. pdb:663)");
  if (!pdb::is_pdb_spec(spec)) throw UsageError("'" + spec + "' is not a pattern database spec (pdb:...)");
  const ReadOptions read = read_options(common);
  const std::optional<Goal> goal_override = goal_option(common);
  if (files.empty()) files.push_back("-");
  const bool bar = isatty(STDERR_FILENO) != 0;

  std::map<std::tuple<int, int, Goal>, std::shared_ptr<const pdb::AdditivePdb>> sets;
  auto set_for = [&](int rows, int cols, Goal goal) {
    auto& slot = sets[{rows, cols, goal}];
    if (!slot) {
      // Usage errors first; then say so before a build that may take minutes.
      const std::string cache_dir = dir.empty() ? pdb::default_cache_dir() : dir;
      for (const pdb::Pattern& p : spec_patterns(spec, rows, cols, goal)) {
        const std::string path = cache_dir + "/" + pdb::cache_file_name(p);
        if (access(path.c_str(), F_OK) != 0) {
          std::fprintf(stderr, "npuzzle pdb eval: building %s (%s entries)\n", path.c_str(),
                       with_commas(p.placements()).c_str());
        }
      }
      pdb::AdditiveOptions options;
      options.reflect = !no_reflection;
      options.cache.dir = dir;
      options.cache.creator = creator();
      options.cache.build.threads = common.threads;
      auto progress = std::make_shared<BuildBar>(spec + " " + size_name(rows, cols), bar);
      options.cache.build.on_progress = [progress](double f) { (*progress)(f); };
      slot = pdb::load_additive(spec, rows, cols, goal, options);
    }
    return slot;
  };

  int exit_code = kExitOk;
  double total_plain = 0, total_h = 0;
  long long count = 0;
  if (!quiet) std::printf("%-8s %-7s %-11s %6s %9s %6s\n", "id", "size", "goal", "plain", "reflected", "h");
  InputTally tally;
  try {
    tally = for_each_puzzle(files, read, goal_override, "pdb eval", [&](const PuzzleRecord& p, Goal goal) {
      if (!p.board) {
        std::fprintf(stderr, "%s\n", p.error.c_str());
        exit_code = kExitFailed;
        return;
      }
      const Board& b = *p.board;
      const std::shared_ptr<const pdb::AdditivePdb> set = set_for(b.rows(), b.cols(), goal);
      const int plain = set->evaluate_plain(b);
      const int h = set->evaluate(b);
      total_plain += plain;
      total_h += h;
      ++count;
      if (!quiet) {
        const std::string reflected = set->reflected() ? std::to_string(set->evaluate_reflected(b)) : "-";
        std::printf("%-8s %-7s %-11s %6d %9s %6d\n", p.id.c_str(), size_name(b.rows(), b.cols()).c_str(),
                    std::string(goal_name(goal)).c_str(), plain, reflected.c_str(), h);
      }
    });
  } catch (const pdb::FileError& e) {
    std::fprintf(stderr, "npuzzle pdb eval: %s\n", e.what());
    return kExitFailed;
  }
  if (count > 0) {
    std::printf("%s over %lld puzzles: average plain %.3f, average h %.3f (%s)\n", spec.c_str(), count,
                total_plain / static_cast<double>(count), total_h / static_cast<double>(count),
                no_reflection ? "no reflection" : "max with the diagonal reflection");
  }
  return input_exit_code(tally, exit_code);
}

}  // namespace

int run_pdb(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::fputs(kPdbUsage, args.empty() ? stderr : stdout);
    return args.empty() ? kExitUsage : kExitOk;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "build") return pdb_build(rest);
  if (args[0] == "info") return pdb_info(rest);
  if (args[0] == "verify") return pdb_verify(rest);
  if (args[0] == "eval") return pdb_eval(rest);
  std::fprintf(stderr, "npuzzle pdb: unknown command '%s'\n\n%s", args[0].c_str(), kPdbUsage);
  return kExitUsage;
}

}  // namespace npuzzle::cli
