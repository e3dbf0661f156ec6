// The engine for the browser (web/): a front end on the engine's public
// API, compiled to WebAssembly by scripts/build_web.sh (emscripten, no
// threads). It exposes a small JavaScript API (embind), called from the
// page's Web Worker (web/worker.js), so a search never blocks the page:
//
//   const M = await createNpuzzle();
//   await M.loadCache();                       // IndexedDB -> /cache (pattern databases)
//   M.solve({tiles, rows, cols, goal, heuristic, algorithm, timeLimit, maxNodes, notation, onProgress})
//   M.tablesToBuild(spec, rows, cols, goal); M.buildTables(spec, rows, cols, goal, onProgress)
//   M.generate(rows, cols, goal, seed, walk); M.replay(tiles, rows, cols, goal, moves)
//   M.info(tiles, rows, cols, goal); M.parsePuzzles(text, name, size)
//   M.checkResults(puzzleText, puzzleName, resultsText, resultsName, goal, notation)
//   M.svg(tiles, rows, cols, goal, moves, secondsPerMove); M.heuristics(); M.version
//
// Results are plain objects with the CLI's names (status, length, moves,
// expanded ...). Messages are worded in the page's vocabulary (the
// request's keys: heuristic, algorithm, goal ...), never the CLI's flags.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "batch/verify.h"
#include "core/notation.h"
#include "core/replay.h"
#include "core/solvability.h"
#include "heuristics/heuristic.h"
#include "heuristics/registry.h"
#include "heuristics/tile_tables.h"
#include "io/reader.h"
#include "io/result_row.h"
#include "render/svg.h"
#include "search/engine.h"
#include "search/registry.h"
#include "tools/generate.h"

namespace npuzzle::web {
namespace {

using emscripten::val;

constexpr const char* kCacheDir = "/cache";

const Vocabulary& page_vocabulary() {
  static const Vocabulary vocabulary{
      [](RequestOption option) -> std::string {
        switch (option) {
          case RequestOption::kGoal: return "goal";
          case RequestOption::kAlgorithm: return "algorithm";
          case RequestOption::kHeuristic: return "heuristic";
          case RequestOption::kWeight: return "weight";
          case RequestOption::kBoundGrowth: return "bound growth";
          case RequestOption::kPruning: return "pruning";
          case RequestOption::kFsmDepth: return "machine depth";
          case RequestOption::kShorten: return "shortening";
          case RequestOption::kTimeLimit: return "time limit";
          case RequestOption::kMaxNodes: return "node limit";
          case RequestOption::kMemoryLimit: return "memory limit";
          case RequestOption::kMemoryBudget: return "memory budget";
          case RequestOption::kReflect: return "reflection";
          case RequestOption::kSize: return "size";
          case RequestOption::kNotation: return "notation";
          case RequestOption::kResume: return "resuming";
          case RequestOption::kShard: return "shard";
          case RequestOption::kThreads: return "threads";
        }
        return "an option";
      },
      [](RequestOption option, std::string_view value) -> std::string {
        return page_vocabulary().option(option) + " " + std::string(value);
      },
  };
  return vocabulary;
}

std::string text_of(const val& v, const char* key, const std::string& fallback) {
  const val x = v[key];
  return x.isUndefined() || x.isNull() ? fallback : x.as<std::string>();
}
double number_of(const val& v, const char* key, double fallback) {
  const val x = v[key];
  return x.isUndefined() || x.isNull() ? fallback : x.as<double>();
}

Goal goal_of(const std::string& name) { return parse_goal(name).value_or(Goal::kBlankLast); }

std::vector<std::uint32_t> tiles_of(const val& tiles) {
  std::vector<std::uint32_t> out;
  const int n = tiles["length"].as<int>();
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out.push_back(tiles[i].as<std::uint32_t>());
  return out;
}

val tiles_val(const Board& board) {
  val out = val::array();
  for (int i = 0; i < board.cells(); ++i) out.call<void>("push", board.at(i));
  return out;
}

// A board from the page, or why not (in the reader's words).
std::optional<Board> board_of(const val& tiles, int rows, int cols, std::string* error) {
  std::vector<std::uint32_t> t = tiles_of(tiles);
  if (std::string why = Board::validate(rows, cols, t); !why.empty()) {
    *error = why;
    return std::nullopt;
  }
  return Board(rows, cols, std::move(t));
}

TableOptions table_options() {
  TableOptions tables;
  tables.cache.dir = kCacheDir;
  tables.cache.creator = "npuzzle web " + std::string(NPUZZLE_VERSION);
  return tables;
}

val solve(val request) {
  val out = val::object();
  const int rows = static_cast<int>(number_of(request, "rows", 0));
  const int cols = static_cast<int>(number_of(request, "cols", 0));
  std::string error;
  const std::optional<Board> board = board_of(request["tiles"], rows, cols, &error);
  if (!board) {
    out.set("status", "invalid");
    out.set("explanation", error);
    return out;
  }
  SolveRequest r;
  r.goal = goal_of(text_of(request, "goal", "blank-last"));
  const auto heuristic = parse_heuristic_spec(text_of(request, "heuristic", "auto"));
  const auto algorithm = parse_algorithm(text_of(request, "algorithm", "ida"));
  const auto notation = parse_notation(text_of(request, "notation", "blank"));
  if (!heuristic || !algorithm || !notation) {
    out.set("status", "unsupported");
    out.set("explanation", !heuristic   ? "unknown heuristic '" + text_of(request, "heuristic", "") + "'"
                           : !algorithm ? "unknown algorithm '" + text_of(request, "algorithm", "") + "'"
                                        : "unknown notation '" + text_of(request, "notation", "") + "'");
    return out;
  }
  r.heuristic = *heuristic;
  r.algorithm = *algorithm;
  r.tables = table_options();
  r.limits.seconds = number_of(request, "timeLimit", 0);
  r.limits.max_nodes = static_cast<std::uint64_t>(number_of(request, "maxNodes", 0));
  const val progress = request["onProgress"];
  if (!progress.isUndefined() && !progress.isNull()) {
    r.limits.on_progress = [progress](const Progress& p) {
      val report = val::object();
      report.set("expanded", static_cast<double>(p.expanded));
      report.set("bound", p.bound);
      report.set("seconds", p.seconds);
      progress(report);
    };
  }
  SolveReport report;
  try {
    report = solve_checked(*board, r, page_vocabulary());
  } catch (const std::exception& e) {  // never expected: the engine reports problems as statuses
    out.set("status", "invalid");
    out.set("explanation", std::string("internal error: ") + e.what());
    return out;
  }
  const SolveResult& result = report.result;
  out.set("status", std::string(status_name(result.status)));
  const bool solved = result.status == Status::kOptimal || result.status == Status::kSolved;
  out.set("length", solved ? val(static_cast<double>(result.length)) : val::null());
  out.set("lowerBound", result.lower_bound >= 0 && result.status != Status::kUnsolvable
                            ? val(static_cast<double>(result.lower_bound))
                            : val::null());
  out.set("moves", solved ? format_moves(result.moves, *notation) : std::string());
  out.set("expanded", static_cast<double>(result.expanded));
  out.set("generated", static_cast<double>(result.generated));
  out.set("seconds", result.seconds);
  out.set("heuristic", report.heuristic);
  out.set("explanation", report.explanation);
  out.set("solvableFor", report.solvable_for ? val(std::string(goal_name(*report.solvable_for))) : val::null());
  std::string notice;
  if (report.auto_choice && !report.auto_choice->stronger.empty() && !report.auto_choice->row->missing_tables) {
    notice = "a pattern database (" + report.auto_choice->stronger.back().spec + ") would make this faster";
  }
  out.set("notice", notice);
  return out;
}

val tables_to_build_js(const std::string& spec, int rows, int cols, const std::string& goal) {
  val out = val::array();
  const auto parsed = parse_heuristic_spec(spec);
  if (!parsed) return out;
  try {
    for (const std::string& path : tables_to_build(*parsed, rows, cols, goal_of(goal), table_options())) {
      out.call<void>("push", path);
    }
  } catch (const std::exception&) {
  }
  return out;
}

std::string build_tables_js(const std::string& spec, int rows, int cols, const std::string& goal, val on_progress) {
  const auto parsed = parse_heuristic_spec(spec);
  if (!parsed) return "unknown heuristic '" + spec + "'";
  TableOptions tables = table_options();
  const Goal g = goal_of(goal);
  try {
    const auto missing = tables_to_build(*parsed, rows, cols, g, tables);
    if (!on_progress.isUndefined() && !on_progress.isNull() && !missing.empty()) {
      // The overall fraction over the tables built, each reporting its own.
      auto done = std::make_shared<int>(0);
      const int count = static_cast<int>(missing.size());
      tables.cache.build.on_progress = [on_progress, done, count](double fraction) {
        on_progress((*done + fraction) / count);
        if (fraction >= 1.0) ++*done;
      };
    }
    build_tables(*parsed, rows, cols, g, tables);
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

val generate(int rows, int cols, const std::string& goal, double seed, int walk) {
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  const Goal g = goal_of(goal);
  return tiles_val(walk > 0 ? random_walk(rows, cols, g, walk, rng) : random_solvable(rows, cols, g, rng));
}

val replay(val tiles, int rows, int cols, const std::string& goal, const std::string& moves) {
  val out = val::object();
  std::string error;
  std::optional<Board> board = board_of(tiles, rows, cols, &error);
  if (board) {
    std::size_t bad = 0;
    const Notation n = detect_notation(moves);
    const auto sequence = parse_moves(moves, n, &bad);
    if (!sequence) {
      error = "move " + std::to_string(bad + 1) + " is not a letter of the " + std::string(notation_name(n)) +
              " notation";
    } else {
      error = apply_moves(*board, *sequence);
    }
  }
  out.set("error", error);
  out.set("tiles", board ? tiles_val(*board) : val::null());
  out.set("solved", board && error.empty() && board->is_solved(goal_of(goal)));
  return out;
}

val info(val tiles, int rows, int cols, const std::string& goal) {
  val out = val::object();
  std::string error;
  const std::optional<Board> board = board_of(tiles, rows, cols, &error);
  if (!board) {
    out.set("error", error);
    return out;
  }
  const Goal g = goal_of(goal);
  const Goal other = g == Goal::kBlankLast ? Goal::kBlankFirst : Goal::kBlankLast;
  out.set("error", "");
  out.set("solvable", is_solvable(*board, g));
  out.set("solvableFor", is_solvable(*board, g) ? val(goal) : is_solvable(*board, other)
                                                                 ? val(std::string(goal_name(other)))
                                                                 : val::null());
  out.set("inversions", static_cast<double>(count_inversions(*board)));
  out.set("hamming", static_cast<double>(evaluate(*board, g, HeuristicKind::kHamming)));
  out.set("manhattan", static_cast<double>(evaluate(*board, g, HeuristicKind::kManhattan)));
  const bool lines_fit = rows <= kMaxConflictLine && cols <= kMaxConflictLine;
  out.set("linearConflict", lines_fit ? val(static_cast<double>(evaluate(*board, g, HeuristicKind::kLinearConflict)))
                                      : val::null());
  return out;
}

// The text as a file the reader opens by its name, so that messages say
// "NAME:LINE: what" as the CLI's do.
std::string stage(const std::string& text, const std::string& name) {
  std::filesystem::create_directories("/input");
  std::string base = std::filesystem::path(name.empty() ? "puzzles.txt" : name).filename().string();
  if (base.empty() || base == "." || base == "..") base = "puzzles.txt";
  const std::string path = "/input/" + base;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return path;
}

PuzzleFile read_text(const std::string& text, const std::string& name, const std::string& size, std::string* error) {
  ReadOptions read;
  read.size_hint = "the size (RxC)";
  if (!size.empty()) {
    if (const auto shape = parse_size(size)) {
      read.rows = shape->first;
      read.cols = shape->second;
    }
  }
  const std::string path = stage(text, name);
  std::filesystem::current_path("/input");
  try {
    return read_puzzle_file(std::filesystem::path(path).filename().string(), read);
  } catch (const InputError& e) {
    *error = e.what();
    return {};
  }
}

val parse_puzzles(const std::string& text, const std::string& name, const std::string& size) {
  std::string error;
  const PuzzleFile file = read_text(text, name, size, &error);
  val out = val::object();
  out.set("error", error);
  out.set("goal", file.declared_goal ? val(std::string(goal_name(*file.declared_goal))) : val::null());
  val puzzles = val::array();
  for (const PuzzleRecord& p : file.puzzles) {
    val x = val::object();
    x.set("id", p.id);
    x.set("line", p.line);
    x.set("rows", p.rows);
    x.set("cols", p.cols);
    x.set("tiles", p.board ? tiles_val(*p.board) : val::null());
    x.set("error", p.error);
    puzzles.call<void>("push", x);
  }
  out.set("puzzles", puzzles);
  return out;
}

val check_results(const std::string& puzzle_text, const std::string& puzzle_name, const std::string& results_text,
                  const std::string& results_name, val goal_name_given, val notation_given) {
  val out = val::object();
  val rows = val::array();
  out.set("rows", rows);
  std::string error;
  const PuzzleFile file = read_text(puzzle_text, puzzle_name, "", &error);
  std::optional<Goal> goal;
  if (!goal_name_given.isNull() && !goal_name_given.isUndefined()) goal = parse_goal(goal_name_given.as<std::string>());
  const Goal g = effective_goal(goal, file.declared_goal);
  std::optional<Notation> notation;
  if (!notation_given.isNull() && !notation_given.isUndefined()) {
    notation = parse_notation(notation_given.as<std::string>());
  }
  std::istringstream in(results_text);
  std::string line;
  int number = 0;
  std::optional<ResultFormat> format;
  std::vector<bool> used(file.puzzles.size(), false);
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1) {
      format = detect_result_format(line);
      if (!format) {
        out.set("error", results_name + ":1: not an npuzzle CSV header or JSON Lines row");
        return out;
      }
      if (*format == ResultFormat::kCsv) continue;
    }
    if (line.empty()) continue;
    val x = val::object();
    x.set("line", number);
    const auto row = parse_row(line, *format);
    if (!row) {
      x.set("check", results_name + ":" + std::to_string(number) + ": malformed row");
      rows.call<void>("push", x);
      continue;
    }
    const char* keys[] = {"id", "rows", "cols", "status", "length", "lowerBound", "expanded", "generated",
                          "seconds", "algorithm", "heuristic", "solution"};
    for (std::size_t i = 0; i < kResultColumns; ++i) {
      const std::string& cell = row->field(i);
      if (!is_numeric_column(i)) {
        x.set(keys[i], cell);
      } else {
        x.set(keys[i], cell.empty() ? val::null() : val(std::strtod(cell.c_str(), nullptr)));
      }
    }
    int index = -1;
    for (std::size_t i = 0; i < file.puzzles.size(); ++i) {
      if (!used[i] && file.puzzles[i].id == row->id) {
        index = static_cast<int>(i);
        used[i] = true;
        break;
      }
    }
    x.set("puzzle", index);
    if (index < 0) {
      x.set("check", "id '" + row->id + "' is not in " + puzzle_name);
    } else if (row->status == "limit" || row->status == "cancelled") {
      x.set("check", "");
    } else {
      // Side files ("@PATH") are not in the page: such a row says so.
      x.set("check", check_row(*row, file.puzzles[static_cast<std::size_t>(index)], g, notation, {}));
    }
    rows.call<void>("push", x);
  }
  out.set("format", format ? std::string(result_format_name(*format)) : std::string("csv"));
  out.set("error", "");
  return out;
}

std::string svg(val tiles, int rows, int cols, const std::string& goal, const std::string& moves,
                double seconds_per_move) {
  std::string error;
  const std::optional<Board> board = board_of(tiles, rows, cols, &error);
  if (!board) return {};
  std::size_t bad = 0;
  const auto sequence = parse_moves(moves, detect_notation(moves), &bad);
  if (!sequence) return {};
  render::RenderOptions options;
  options.goal = goal_of(goal);
  options.timing.delay_ms = static_cast<int>(seconds_per_move > 0 ? seconds_per_move * 1000 : 300);
  options.smooth = 1;
  char* text = nullptr;
  std::size_t size = 0;
  std::FILE* out = open_memstream(&text, &size);
  if (!out) return {};
  try {
    render::write_svg_animation(out, *board, *sequence, options);
  } catch (const std::exception&) {
  }
  std::fclose(out);
  std::string result(text, size);
  std::free(text);
  return result;
}

val heuristics() {
  val out = val::array();
  val automatic = val::array();
  automatic.call<void>("push", std::string("auto"));
  automatic.call<void>("push", std::string(auto_heuristic_help()));
  out.call<void>("push", automatic);
  for (const HeuristicRow* row : heuristic_rows()) {
    val pair = val::array();
    pair.call<void>("push", std::string(row->name));
    pair.call<void>("push", std::string(row->help));
    out.call<void>("push", pair);
  }
  return out;
}

std::string version() { return NPUZZLE_VERSION; }

}  // namespace
}  // namespace npuzzle::web

EMSCRIPTEN_BINDINGS(npuzzle) {
  using namespace npuzzle::web;
  emscripten::function("solve", &solve);
  emscripten::function("tablesToBuild", &tables_to_build_js);
  emscripten::function("buildTables", &build_tables_js);
  emscripten::function("generate", &generate);
  emscripten::function("replay", &replay);
  emscripten::function("info", &info);
  emscripten::function("parsePuzzles", &parse_puzzles);
  emscripten::function("checkResults", &check_results);
  emscripten::function("svg", &svg);
  emscripten::function("heuristics", &heuristics);
  emscripten::function("engineVersion", &version);
}
