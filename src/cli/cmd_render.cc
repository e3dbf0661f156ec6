// npuzzle render: a picture of a solution (render/render.h). The moves come
// from solving the puzzle with solve's options, from --moves, or from a
// batch CSV's row (-r), so a row of a big run is drawn without solving again.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "batch/verify.h"
#include "cli/commands.h"
#include "cli/notices.h"
#include "cli/options.h"
#include "core/replay.h"
#include "io/csv.h"
#include "io/json.h"

#ifdef NPUZZLE_RENDER
#include "render/render.h"
#endif

namespace npuzzle::cli {

#ifndef NPUZZLE_RENDER

int run_render(const std::vector<std::string>&) {
  std::fputs("npuzzle render: this npuzzle was built without pictures (libgd was not found when it was "
             "configured): apt-get install libgd-dev fonts-dejavu-core, then reconfigure (-DNPUZZLE_RENDER=ON) "
             "and rebuild\n",
             stderr);
  return kExitUsage;
}

#else

namespace {

// An error for the person at the terminal: printed as "npuzzle render: what", exit `code`.
struct Failure {
  std::string what;
  int code = kExitUsage;
};

std::uint64_t count_option(const std::string& name, const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) {
    throw UsageError("--" + name + " takes a whole number, not '" + text + "'");
  }
  return value;
}

std::string where(const PuzzleRecord& record) {
  return record_location(record);
}

struct CsvPick {
  ResultRow row;
  long long line = 0;
};

// The row of `results` with `id` (the first such), or the `row`-th data row
// (1-based), or the first row.
CsvPick pick_csv_row(const std::string& results, const std::string& id, std::uint64_t row_number) {
  std::ifstream csv(results, std::ios::binary);
  if (!csv) throw Failure{results + ": cannot open for reading"};
  std::string line;
  long long line_number = 0;
  std::uint64_t data_rows = 0;
  bool too_long = false;
  ResultFormat format = ResultFormat::kCsv;
  while (read_bounded_line(csv, line, kMaxLineBytes, &too_long)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line_number == 1) {
      // A CSV's header, or a JSON Lines file's first row.
      const auto detected = too_long ? std::nullopt : detect_result_format(line);
      if (!detected) throw Failure{results + ":1: not an npuzzle CSV header or JSON Lines row"};
      format = *detected;
      if (format == ResultFormat::kCsv) continue;
    }
    if (line.empty()) continue;
    ++data_rows;
    if (row_number != 0 && data_rows != row_number) continue;
    const auto row = too_long ? std::nullopt : parse_row(line, format);
    if (!row) {
      if (!id.empty()) continue;  // a torn or edited row is not the one asked for
      throw Failure{results + ":" + std::to_string(line_number) + ": malformed row"};
    }
    if (!id.empty() && row->id != id) continue;
    return CsvPick{*row, line_number};
  }
  if (!id.empty()) throw Failure{results + ": no row with id '" + id + "'"};
  if (row_number != 0) {
    throw Failure{results + ": --row " + std::to_string(row_number) + ", but it has " + std::to_string(data_rows) +
                  " rows"};
  }
  throw Failure{results + ": no rows"};
}

const PuzzleRecord& pick_puzzle(const PuzzleFile& file, const std::string& input, const std::string& id,
                                std::uint64_t number) {
  if (file.puzzles.empty()) throw Failure{display_name(input) + ": no puzzles"};
  const PuzzleRecord* record = nullptr;
  if (!id.empty()) {
    auto it = std::find_if(file.puzzles.begin(), file.puzzles.end(), [&](const PuzzleRecord& p) { return p.id == id; });
    if (it == file.puzzles.end()) throw Failure{input + ": no puzzle with id '" + id + "'"};
    record = &*it;
  } else if (number != 0) {
    if (number > file.puzzles.size()) {
      throw Failure{input + ": --row " + std::to_string(number) + ", but it holds " +
                    std::to_string(file.puzzles.size()) + " puzzles"};
    }
    record = &file.puzzles[number - 1];
  } else {
    record = &file.puzzles.front();
  }
  if (!record->board) throw Failure{record->error};
  return *record;
}

MoveSequence parse_move_text(const std::string& text, std::optional<Notation> notation, const std::string& what) {
  const Notation n = notation.value_or(detect_notation(text));
  std::size_t bad = 0;
  auto moves = parse_moves(text, n, &bad);
  if (!moves) {
    throw Failure{what + ": letter '" + std::string(1, text[bad]) + "' at " + std::to_string(bad + 1) +
                  " is not a " + std::string(notation_name(n)) + " move (u d l r, U D L R or H J K L)"};
  }
  return *moves;
}

constexpr const char* kHelp =
    "npuzzle render -i PUZZLE -o OUT.{gif,png,svg}: a picture of a solution\n"
    "\n"
    "The file type comes from OUT's extension:\n"
    "  .gif  an animation, one frame per move (+ --smooth in-between frames), looping\n"
    "  .png  one board (--frame K: after K moves; the start by default), or a contact\n"
    "        sheet of the boards along the solution (--sheet strip|grid)\n"
    "  .svg  an animation (SMIL: steps, or sliding with --smooth N > 0), or a still\n"
    "        board (--frame K) or sheet (--sheet) like the PNG's\n"
    "The moves are found by solving PUZZLE with solve's options (--heuristic,\n"
    "--algorithm ...), or given with --moves, or taken from a batch CSV with -r.\n"
    "The moving tile is highlighted; the caption shows the move and the total.\n"
    "A board is R x C cells of T = --tile-size pixels in a frame of max(3, T/10) pixels,\n"
    "with a caption strip of max(16, 2T/5) pixels under it; a sheet puts the boards in\n"
    "rows, that frame's width apart.\n"
    "\n"
    "examples:\n"
    "  npuzzle render -i puzzle.txt -o solution.gif --heuristic linear-conflict\n"
    "  npuzzle render -i korf100.txt -r out.csv --id 42 -o k42.gif --smooth 3\n"
    "  npuzzle render -i puzzle.txt -o sheet.png --sheet grid --tile-size 32\n"
    "  npuzzle render -i board.txt --moves ullddrru -o walk.svg --theme dark\n";

}  // namespace

int run_render(const std::vector<std::string>& args) {
  CommonOptions common;
  SearchOptions search;
  std::string input, output, moves_text, results, id, row_text = "0", theme_name = "classic", font, sheet_name,
                                                               frame_text;
  std::vector<std::string> colour_overrides;
  render::RenderOptions options;
  bool no_caption = false;
  std::string every_text = "1";

  po::options_description source("where the moves come from");
  source.add_options()
      ("input,i", po::value(&input), "the puzzle file (its first puzzle, or --id / --row)")
      ("output,o", po::value(&output), "the picture: OUT.gif, OUT.png or OUT.svg")
      ("moves", po::value(&moves_text), "draw these moves (any notation) instead of solving")
      ("results,r", po::value(&results), "draw a solution from this batch CSV (with its OUT.csv.json)")
      ("id", po::value(&id), "the puzzle (and the CSV row) with this ID")
      ("row", po::value(&row_text), "the N-th puzzle of the input, or with -r the N-th row of the CSV (1-based)");
  po::options_description picture("picture");
  picture.add_options()
      ("tile-size", po::value(&options.style.tile_size)->default_value(64), "pixels per cell (12 to 512)")
      ("theme", po::value(&theme_name)->default_value("classic"),
       ("colours: " + render::theme_names()).c_str())
      ("colour", po::value(&colour_overrides)->composing(),
       "KEY=#RRGGBB over the theme (frame, blank, tile, text, moving, moving-text, home, home-text, caption); "
       "repeatable")
      ("mark-home", po::bool_switch(&options.style.mark_home), "tiles in their goal cell in the home colour")
      ("no-caption", po::bool_switch(&no_caption), "no 'move 12 / 45' caption")
      ("font", po::value(&font), "TrueType file for the numbers (default: $NPUZZLE_FONT, else DejaVu Sans Bold)");
  po::options_description animation("animation (.gif, .svg)");
  animation.add_options()
      ("delay", po::value(&options.timing.delay_ms)->default_value(300),
       "milliseconds per move (shared by its frames with --smooth)")
      ("start-pause", po::value(&options.timing.start_pause_ms)->default_value(1000), "milliseconds on the start board")
      ("final-pause", po::value(&options.timing.final_pause_ms)->default_value(2000),
       "milliseconds on the last board before the loop starts over")
      ("smooth", po::value(&options.smooth)->default_value(0),
       "in-between frames per move, the tile sliding (0 = step; up to 30; GIF delays are in 1/100 s, at least 2)");
  po::options_description still("still pictures (.png, .svg)");
  still.add_options()
      ("frame", po::value(&frame_text), "the board after K moves (0 = the start, 'last' = the end)")
      ("sheet", po::value(&sheet_name), "the boards along the solution: strip (one row) or grid")
      ("columns", po::value(&options.columns)->default_value(0), "boards per row of a grid (0 = about square)")
      ("every", po::value(&every_text)->default_value("1"), "a sheet shows every K-th board (and the last)");
  po::options_description common_desc("common");
  add_common_options(common_desc, common);
  po::options_description search_desc("solving (as npuzzle solve)");
  add_search_options(search_desc, search);
  po::options_description all;
  all.add(source).add(picture).add(animation).add(still).add(search_desc).add(common_desc);
  const po::variables_map vm = parse(args, all);
  if (common.help) {
    std::cout << kHelp << "\n" << all << "\n";
    return kExitOk;
  }

  // Everything about the options is checked before any work.
  if (input.empty()) throw UsageError("-i PUZZLE is required (the start board)");
  if (output.empty()) throw UsageError("-o OUT.gif|OUT.png|OUT.svg is required");
  const auto format = render::format_of(output);
  if (!format) throw UsageError(output + ": unknown picture type (the extension must be .gif, .png or .svg)");
  if (vm.count("moves") && !results.empty()) throw UsageError("--moves and -r exclude each other");
  const std::uint64_t row_number = count_option("row", row_text);
  if (!id.empty() && row_number != 0) throw UsageError("--id and --row exclude each other");
  if (vm.count("row") && row_number == 0) throw UsageError("--row counts from 1");
  auto theme = render::find_theme(theme_name);
  if (!theme) throw UsageError("unknown theme '" + theme_name + "' (" + render::theme_names() + ")");
  options.style.theme = *theme;
  for (const std::string& assignment : colour_overrides) {
    if (std::string why = render::set_colour(options.style.theme, assignment); !why.empty()) {
      throw UsageError("--colour: " + why);
    }
  }
  options.style.caption = !no_caption;
  options.style.font = font;
  options.every = count_option("every", every_text);
  if (sheet_name == "strip") {
    options.sheet = render::Sheet::kStrip;
  } else if (sheet_name == "grid") {
    options.sheet = render::Sheet::kGrid;
  } else if (!sheet_name.empty()) {
    throw UsageError("unknown --sheet '" + sheet_name + "' (strip or grid)");
  }
  const bool frame_last = frame_text == "last";
  if (!frame_text.empty()) options.frame = frame_last ? 0 : count_option("frame", frame_text);
  if (std::string why = render::check_options(options, *format); !why.empty()) throw UsageError(why);
  if (*format == render::Format::kPng && options.sheet == render::Sheet::kNone &&
      (vm.count("smooth") && options.smooth != 0)) {
    throw UsageError("--smooth is for animations (.gif, .svg); a .png is one board or a sheet");
  }
  if (*format != render::Format::kSvg) {
    const std::string found = font.empty() ? render::find_font() : font;
    if (found.empty()) {
      throw UsageError("no TrueType font for the numbers: install fonts-dejavu-core "
                       "(/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf), or pass --font FILE.ttf");
    }
    options.style.font = found;
  }
  const std::optional<Notation> notation = notation_option(common);
  const std::optional<RunOptions> config =
      vm.count("moves") || !results.empty() ? std::nullopt : std::optional<RunOptions>(make_run_options(common, search));

  try {
    // Created first, so an unwritable OUT is reported before any solving.
    render::OutputFile out(output);

    PuzzleFile file;
    try {
      file = read_puzzle_file(input, read_options(common));
    } catch (const InputError& e) {
      throw Failure{e.what()};
    }
    std::optional<CsvPick> csv;
    std::string sidecar;
    if (!results.empty()) {
      csv = pick_csv_row(results, id, row_number);
      sidecar = read_sidecar(results + ".json");
    }
    const PuzzleRecord& record =
        csv ? pick_puzzle(file, input, csv->row.id, 0) : pick_puzzle(file, input, id, row_number);
    std::optional<Goal> goal_choice = goal_option(common);
    if (!goal_choice && csv) {
      if (auto g = find_json_string(sidecar, "goal")) goal_choice = parse_goal(*g);
    }
    const Goal goal = effective_goal(goal_choice, file.declared_goal);
    options.goal = goal;
    const Board& start = *record.board;

    MoveSequence moves;
    if (vm.count("moves")) {
      moves = parse_move_text(moves_text, notation, "--moves");
      Board board = start;
      if (std::string why = apply_moves(board, moves); !why.empty()) throw Failure{"--moves: " + why};
    } else if (csv) {
      const std::string at = results + ":" + std::to_string(csv->line) + ": id " + csv->row.id;
      if (csv->row.status != "optimal" && csv->row.status != "solved") {
        throw Failure{at + " has status '" + csv->row.status + "': no solution to draw"};
      }
      std::optional<Notation> csv_notation = notation;
      if (!csv_notation) {
        if (auto n = find_json_string(sidecar, "notation")) csv_notation = parse_notation(*n);
      }
      if (std::string why = check_row(csv->row, record, goal, csv_notation); !why.empty()) {
        throw Failure{at + ": " + why};
      }
      moves = parse_move_text(csv->row.solution, csv_notation, at);
    } else {
      SolveRequest request = config->request;
      request.goal = goal;
      // The build step first: a named table set that is missing is built before the search.
      const auto missing = tables_to_build(request.heuristic, start.rows(), start.cols(), goal, request.tables);
      if (!missing.empty()) {
        std::fprintf(stderr, "%s\n",
                     building_notice(request.heuristic.text, start.rows(), start.cols(), goal, missing).c_str());
        build_tables(request.heuristic, start.rows(), start.cols(), goal, request.tables);
      }
      const SolveReport report = solve_checked(start, request, cli_vocabulary());
      if (report.auto_choice) {
        const std::string notice = auto_notice(start.rows(), start.cols(), goal, *report.auto_choice);
        if (!notice.empty()) std::fprintf(stderr, "%s\n", notice.c_str());
      }
      const Status s = report.result.status;
      if (s == Status::kLimit || s == Status::kCancelled) {
        throw Failure{where(record) + ": puzzle " + record.id + ": " + report.explanation, kExitFailed};
      }
      if (s != Status::kOptimal && s != Status::kSolved) {
        throw Failure{where(record) + ": puzzle " + record.id + " is " + report.explanation};
      }
      moves = report.result.moves;
    }
    if (frame_last) options.frame = moves.size();
    if (options.frame.value_or(0) > moves.size()) {
      throw Failure{"--frame " + std::to_string(*options.frame) + ": the solution has " +
                    std::to_string(moves.size()) + " moves"};
    }

    const render::Summary summary = render::write_picture(out, *format, start, moves, options);
    const std::uint64_t bytes = out.commit();
    std::printf("%s: %s board, %llu moves, %llu %s, %dx%d, %llu bytes\n", output.c_str(),
                size_name(start.rows(), start.cols()).c_str(), static_cast<unsigned long long>(moves.size()),
                static_cast<unsigned long long>(summary.frames),
                options.sheet != render::Sheet::kNone ? "boards" : summary.frames == 1 ? "frame" : "frames",
                summary.width, summary.height, static_cast<unsigned long long>(bytes));
    return kExitOk;
  } catch (const Failure& f) {
    std::fprintf(stderr, "npuzzle render: %s\n", f.what.c_str());
    return f.code;
  } catch (const render::WriteError& e) {
    std::fprintf(stderr, "npuzzle render: %s\n", e.what());
    return kExitFailed;
  } catch (const render::RenderError& e) {
    std::fprintf(stderr, "npuzzle render: %s\n", e.what());
    return kExitUsage;
  }
}

#endif  // NPUZZLE_RENDER

}  // namespace npuzzle::cli
