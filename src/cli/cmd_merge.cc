// npuzzle merge -o OUT.csv [-i IN] SHARD.csv...: the CSVs of `batch --shard
// K/N` runs joined into the CSV that one run over the whole input writes.
//
// Shard K holds the input's records K-1, K-1+N, K-1+2N, ... (ShardSpec in
// batch/batch.h), each shard's CSV in input order, so complete shards
// interleaved round robin are in input order without reading the input.
// Nothing is written until every check has passed; each failure is reported
// as FILE:LINE: what (or FILE: what), and the exit code is 2:
//   1. every shard has a readable sidecar (SHARD.csv.json) that says the run
//      is complete;
//   2. the shards are 1/N .. N/N of one N, each once;
//   3. they agree on everything that decides a row (kAgreedTop and
//      kAgreedOptions below). Threads, memory limits, the PDB directory and
//      the solution directory may differ: they depend on the machine, and
//      rows do not;
//   4. each CSV has the npuzzle header and as many well-formed rows as its
//      sidecar says it solved, and the shards' sizes are those of a round
//      robin over the input's record count;
//   5. with -i IN: the merged ids are IN's, in IN's order, each once;
//      without it: no id appears twice.
// OUT is written through a temporary name and a rename (it is complete or
// absent), and OUT.csv.json gets the merged provenance: the agreed options,
// totals recounted from the rows (right even for a shard finished with
// --resume, whose own node totals cover only the resumed part) and each
// shard's file, host, times and threads.
#include <unistd.h>

#include <algorithm>
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "batch/provenance.h"
#include "batch/results_file.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "io/json.h"
#include "io/jsonl.h"
#include "io/moves_file.h"

namespace npuzzle::cli {
namespace {

namespace fs = std::filesystem;
namespace pt = boost::property_tree;

// Sidecar values that must be equal in every shard. (The input is compared
// by file name: shards may run in different directories or machines.)
constexpr const char* kAgreedTop[] = {"version", "git_revision", "goal", "notation"};
enum class Kind { kString, kNumber, kWholeNumber };
struct AgreedOption {
  const char* key;
  Kind kind;
};
constexpr AgreedOption kAgreedOptions[] = {
    {"algorithm", Kind::kString},      {"heuristic", Kind::kString},  {"weight", Kind::kNumber},
    {"time_limit_seconds", Kind::kNumber}, {"max_nodes", Kind::kWholeNumber}, {"inline_limit", Kind::kWholeNumber},
    {"prune", Kind::kString},          {"fsm_depth", Kind::kWholeNumber}, {"bound_growth", Kind::kNumber},
};

struct MergeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ShardFile {
  std::string csv;      // as given
  std::string sidecar;  // csv + ".json"
  std::string sidecar_text;
  pt::ptree json;
  ShardSpec spec;
  std::vector<ResultRow> rows;
  std::vector<int> row_lines;  // each row's line in the CSV
  std::size_t next = 0;        // the next row to merge
};

// The 1-based line of the first `"key":` in a sidecar, at or after `after`;
// 1 when absent (the message then names the file's start).
int line_of(const std::string& text, const std::string& key, const std::string& after = {}) {
  std::size_t from = after.empty() ? 0 : text.find(json_quote(after));
  if (from == std::string::npos) from = 0;
  const std::size_t at = text.find(json_quote(key) + ":", from);
  if (at == std::string::npos) return 1;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::string where(const std::string& file, int line) { return file + ":" + std::to_string(line); }

// Step 1: the sidecar, read and complete.
void read_sidecar_of(ShardFile& shard) {
  shard.sidecar = shard.csv + ".json";
  std::ifstream in(shard.sidecar, std::ios::binary);
  if (!in) {
    throw MergeError(shard.sidecar + ": cannot read (" + std::strerror(errno) +
                     "); merge needs each shard's sidecar, written by batch beside its CSV");
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  shard.sidecar_text = buffer.str();
  try {
    std::istringstream text(shard.sidecar_text);
    pt::read_json(text, shard.json);
  } catch (const pt::json_parser_error& e) {
    throw MergeError(where(shard.sidecar, static_cast<int>(e.line())) + ": not JSON: " + e.message());
  }
  const std::string state = shard.json.get<std::string>("state", "");
  if (state != "complete") {
    throw MergeError(where(shard.sidecar, line_of(shard.sidecar_text, "state")) + ": the run is '" +
                     (state.empty() ? std::string("unknown") : state) +
                     "', not complete: finish it with the same command and --resume");
  }
  const std::string label = shard.json.get<std::string>("shard", "1/1");
  const auto spec = parse_shard(label);
  if (!spec) throw MergeError(where(shard.sidecar, line_of(shard.sidecar_text, "shard")) + ": bad shard '" + label + "'");
  shard.spec = *spec;
}

// Step 2: shards 1..N of one N, each once.
void check_shard_numbers(const std::vector<ShardFile>& shards) {
  const std::uint64_t n = shards.front().spec.count;
  std::map<std::uint64_t, const ShardFile*> seen;
  for (const ShardFile& s : shards) {
    const int line = line_of(s.sidecar_text, "shard", "goal");
    if (s.spec.count != n) {
      throw MergeError(where(s.sidecar, line) + ": shard " + s.spec.label() + ", but " + shards.front().sidecar +
                       " is shard " + shards.front().spec.label() + ": all shards must split the input into the same N");
    }
    if (auto [it, fresh] = seen.emplace(s.spec.index, &s); !fresh) {
      throw MergeError(where(s.sidecar, line) + ": shard " + s.spec.label() + " again (also " + it->second->sidecar +
                       ")");
    }
  }
  if (seen.size() != n) {
    std::string missing;
    for (std::uint64_t k = 0; k < n && missing.size() < 200; ++k) {
      if (!seen.count(k)) missing += (missing.empty() ? "" : ", ") + ShardSpec{k, n}.label();
    }
    throw MergeError("npuzzle merge: shard " + missing + " missing (" + std::to_string(shards.size()) + " of " +
                     std::to_string(n) + " given)");
  }
}

// Step 3: the same options everywhere.
void check_agreement(const std::vector<ShardFile>& shards) {
  const ShardFile& first = shards.front();
  auto differ = [&](const ShardFile& s, const std::string& path, const std::string& ours, const std::string& theirs,
                    int line) {
    throw MergeError(where(s.sidecar, line) + ": " + path + " is '" + ours + "', but " + first.sidecar + " has '" +
                     theirs + "': the shards must be run with the same options and build");
  };
  for (const ShardFile& s : shards) {
    for (const char* key : kAgreedTop) {
      const std::string ours = s.json.get<std::string>(key, ""), theirs = first.json.get<std::string>(key, "");
      if (ours != theirs) differ(s, key, ours, theirs, line_of(s.sidecar_text, key, "shard"));
    }
    for (const AgreedOption& option : kAgreedOptions) {
      const std::string path = std::string("options.") + option.key;
      const std::string ours = s.json.get<std::string>(path, ""), theirs = first.json.get<std::string>(path, "");
      if (ours != theirs) differ(s, path, ours, theirs, line_of(s.sidecar_text, option.key, "options"));
    }
    const std::string ours = fs::path(s.json.get<std::string>("options.input", "")).filename().string();
    const std::string theirs = fs::path(first.json.get<std::string>("options.input", "")).filename().string();
    if (ours != theirs) differ(s, "options.input", ours, theirs, line_of(s.sidecar_text, "input", "options"));
  }
}

// Step 4: the rows, of a CSV (after its header) or of JSON Lines, each
// shard's format told by its first line.
void read_rows(ShardFile& shard) {
  std::ifstream in(shard.csv, std::ios::binary);
  if (!in) throw MergeError(shard.csv + ": cannot read: " + std::strerror(errno));
  std::string line;
  int number = 0;
  bool too_long = false;
  ResultFormat format = ResultFormat::kCsv;
  while (read_bounded_line(in, line, kMaxLineBytes, &too_long)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (too_long) throw MergeError(where(shard.csv, number) + ": line too long for a batch result row");
    if (number == 1) {
      const auto detected = detect_result_format(line);
      if (!detected) {
        throw MergeError(where(shard.csv, 1) + ": neither the npuzzle batch CSV header nor a JSON Lines row");
      }
      format = *detected;
      if (format == ResultFormat::kCsv) continue;
    }
    auto row = parse_row(line, format);
    bool numbers = row.has_value();
    for (std::size_t i = 0; numbers && i < kResultColumns; ++i) {
      numbers = !is_numeric_column(i) || row->field(i).empty() || is_json_number(row->field(i));
    }
    if (!row || row->id.empty() || row->status.empty() || !numbers) {
      throw MergeError(where(shard.csv, number) + ": not a batch " +
                       (format == ResultFormat::kCsv ? "CSV row of " + std::to_string(kResultColumns) + " fields"
                                                     : std::string("JSON Lines row of the ") +
                                                           std::to_string(kResultColumns) + " columns") +
                       " with an id, a status and numbers in the numeric columns");
    }
    shard.rows.push_back(std::move(*row));
    shard.row_lines.push_back(number);
  }
  if (number == 0) throw MergeError(shard.csv + ": empty (no CSV header or JSON Lines row)");
  const std::uint64_t solved = shard.json.get<std::uint64_t>("puzzles", shard.rows.size());
  if (solved != shard.rows.size()) {
    throw MergeError(shard.csv + ": " + std::to_string(shard.rows.size()) + " rows, but its sidecar counts " +
                     std::to_string(solved) + " puzzles (" + where(shard.sidecar, line_of(shard.sidecar_text, "puzzles")) +
                     ")");
  }
}

// Step 4, continued: the sizes of a round robin over `records` records.
void check_sizes(const std::vector<ShardFile>& shards, std::uint64_t records) {
  for (const ShardFile& s : shards) {
    const std::uint64_t input = s.json.get<std::uint64_t>("input_puzzles", records);
    if (input != records) {
      throw MergeError(where(s.sidecar, line_of(s.sidecar_text, "input_puzzles")) + ": its run read " +
                       std::to_string(input) + " input records, but the shards hold " + std::to_string(records) +
                       " rows in all");
    }
    if (s.rows.size() != s.spec.size_of(records)) {
      throw MergeError(s.csv + ": shard " + s.spec.label() + " of " + std::to_string(records) + " records must hold " +
                       std::to_string(s.spec.size_of(records)) + " rows, not " + std::to_string(s.rows.size()) +
                       " (a shard of another input?)");
    }
  }
}

// Step 5 with -i: IN's ids, in order, each once. Returns the merged order
// as (shard, row) pairs.
std::vector<std::pair<std::size_t, std::size_t>> order_from_input(std::vector<ShardFile*>& by_number,
                                                                 const std::string& input, const ReadOptions& read) {
  std::vector<std::pair<std::size_t, std::size_t>> order;
  const std::uint64_t n = by_number.size();
  PuzzleReader reader(input, read);  // throws InputError
  PuzzleRecord record;
  for (std::uint64_t position = 0; reader.next(record); ++position) {
    ShardFile& s = *by_number[position % n];
    if (s.next >= s.rows.size()) {
      throw MergeError(record_location(record) + ": puzzle " + record.id + " is in no shard (" + s.csv + ", shard " +
                       s.spec.label() + ", ends before it)");
    }
    if (s.rows[s.next].id != record.id) {
      throw MergeError(where(s.csv, s.row_lines[s.next]) + ": id " + s.rows[s.next].id + " where " +
                       record_location(record) + " has puzzle " + record.id + " (shard " + s.spec.label() +
                       " holds records " + std::to_string(s.spec.index + 1) + ", " +
                       std::to_string(s.spec.index + 1 + n) + ", ... of the input)");
    }
    order.emplace_back(position % n, s.next++);
  }
  for (const ShardFile* s : by_number) {
    if (s->next < s->rows.size()) {
      throw MergeError(where(s->csv, s->row_lines[s->next]) + ": id " + s->rows[s->next].id + " is past the end of " +
                       display_name(input));
    }
  }
  return order;
}

// Step 5 without -i: round robin, no id twice.
std::vector<std::pair<std::size_t, std::size_t>> order_round_robin(const std::vector<ShardFile*>& by_number,
                                                                  std::uint64_t records) {
  std::vector<std::pair<std::size_t, std::size_t>> order;
  std::map<std::string, std::pair<std::size_t, std::size_t>> seen;
  const std::uint64_t n = by_number.size();
  for (std::uint64_t position = 0; position < records; ++position) {
    const std::size_t k = position % n;
    const std::size_t row = position / n;
    const ShardFile& s = *by_number[k];
    if (auto [it, fresh] = seen.emplace(s.rows[row].id, std::make_pair(k, row)); !fresh) {
      const ShardFile& other = *by_number[it->second.first];
      throw MergeError(where(s.csv, s.row_lines[row]) + ": id " + s.rows[row].id + " again (also " +
                       where(other.csv, other.row_lines[it->second.second]) +
                       "); if the input itself repeats ids, merge with -i IN");
    }
    order.emplace_back(k, row);
  }
  return order;
}

// A side-file reference ("@path", relative to the shard CSV's directory)
// made relative to OUT's directory.
std::string rebase_reference(const std::string& cell, const std::string& shard_csv, const std::string& out) {
  if (cell.empty() || cell[0] != kSideFileMark) return cell;
  fs::path target = cell.substr(1);
  if (target.is_relative()) target = fs::path(shard_csv).parent_path() / target;
  fs::path base = fs::path(out).parent_path();
  if (base.empty()) base = ".";
  std::error_code ec;
  const fs::path relative = fs::proximate(target, base, ec);
  return std::string(1, kSideFileMark) + (ec ? target : relative).generic_string();
}

void write_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp." + std::to_string(getpid());
  std::FILE* out = std::fopen(temporary.c_str(), "wb");
  if (!out) throw MergeError(temporary + ": cannot open for writing: " + std::strerror(errno));
  const bool ok = std::fwrite(text.data(), 1, text.size(), out) == text.size() && std::fflush(out) == 0 &&
                  (fsync(fileno(out)) == 0 || errno == EINVAL);
  const int saved = errno;
  std::fclose(out);
  if (!ok || std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(ok ? errno : saved);
    std::remove(temporary.c_str());
    throw OutputError(path + ": could not write: " + why);
  }
}

JsonObject merged_sidecar(const std::vector<ShardFile*>& by_number, const std::vector<const ResultRow*>& rows,
                          const std::string& command_line, ResultFormat format) {
  const pt::ptree& first = by_number.front()->json;
  JsonObject options;
  options.add("input", first.get<std::string>("options.input", ""));
  options.add("goal", first.get<std::string>("goal", ""));
  for (const AgreedOption& option : kAgreedOptions) {
    const std::string path = std::string("options.") + option.key;
    switch (option.kind) {
      case Kind::kString: options.add(option.key, first.get<std::string>(path, "")); break;
      case Kind::kNumber: options.add(option.key, first.get<double>(path, 0)); break;
      case Kind::kWholeNumber: options.add(option.key, first.get<std::uint64_t>(path, 0)); break;
    }
  }
  options.add("notation", first.get<std::string>("notation", ""));
  options.add("shard", "1/1");

  std::map<std::string, std::uint64_t> counts;
  std::uint64_t expanded = 0, generated = 0;
  double search_seconds = 0;
  for (const ResultRow* row : rows) {
    ++counts[row->status];
    expanded += std::strtoull(row->expanded.c_str(), nullptr, 10);
    generated += std::strtoull(row->generated.c_str(), nullptr, 10);
    search_seconds += std::strtod(row->seconds.c_str(), nullptr);
  }
  std::uint64_t unsupported = 0;
  std::string start, end;
  double wall = 0;
  int threads = 0;
  std::vector<JsonObject> shard_list;
  for (const ShardFile* s : by_number) {
    unsupported += s->json.get<std::uint64_t>("counts.unsupported", 0);
    const std::string started = s->json.get<std::string>("start_time", ""), ended = s->json.get<std::string>("end_time", "");
    if (start.empty() || started < start) start = started;
    if (ended > end) end = ended;
    wall = std::max(wall, s->json.get<double>("wall_seconds", 0));
    threads += s->json.get<int>("threads", 0);
    JsonObject entry;
    entry.add("shard", s->spec.label());
    entry.add("csv", s->csv);
    entry.add("git_revision", s->json.get<std::string>("git_revision", ""));
    entry.add("command_line", s->json.get<std::string>("command_line", ""));
    entry.add("hostname", s->json.get<std::string>("machine.hostname", ""));
    entry.add("cpu", s->json.get<std::string>("machine.cpu", ""));
    entry.add("threads", s->json.get<int>("threads", 0));
    entry.add("start_time", started);
    entry.add("end_time", ended);
    entry.add("puzzles", static_cast<std::uint64_t>(s->rows.size()));
    entry.add("wall_seconds", s->json.get<double>("wall_seconds", 0));
    shard_list.push_back(std::move(entry));
  }
  JsonObject count_object;
  for (const char* status : {"optimal", "solved", "unsolvable", "limit", "invalid", "cancelled"}) {
    count_object.add(status, counts[status]);
  }
  count_object.add("unsupported", unsupported);

  JsonObject j;
  j.add("tool", "npuzzle");
  j.add("version", first.get<std::string>("version", ""));
  j.add("git_revision", first.get<std::string>("git_revision", ""));
  j.add("command_line", command_line);
  j.add("merged_by", npuzzle_version() + " (git " + git_revision() + ")");
  j.add("state", "complete");
  j.add("options", options);
  j.add("goal", first.get<std::string>("goal", ""));
  j.add("notation", first.get<std::string>("notation", ""));
  j.add("format", result_format_name(format));
  j.add("shard", "1/1");
  j.add("threads", threads);
  j.add("start_time", start);
  j.add("end_time", end);
  j.add("puzzles", static_cast<std::uint64_t>(rows.size()));
  j.add("input_puzzles", static_cast<std::uint64_t>(rows.size()));
  j.add("counts", count_object);
  j.add("total_expanded", expanded);
  j.add("total_generated", generated);
  j.add("search_seconds", search_seconds);
  j.add("wall_seconds", wall);  // the slowest shard's: shards run side by side
  j.add("shards", shard_list);
  return j;
}

}  // namespace

int run_merge(const std::vector<std::string>& args) {
  CommonOptions common;
  std::string output;
  std::string input;
  std::vector<std::string> shard_csvs;
  std::string format_name;
  po::options_description desc(
      "npuzzle merge -o OUT.csv [-i IN] SHARD.csv...: join the CSVs of 'batch --shard K/N' runs into one CSV in "
      "input order\noptions");
  desc.add_options()
      ("output,o", po::value(&output)->required(),
       "the merged results, a CSV, or JSON Lines when OUT ends in .jsonl; its provenance goes to OUT.json")
      ("format", po::value(&format_name), "csv or jsonl; default: from OUT's name (the shards may be either)")
      ("input,i", po::value(&input), "the shards' input: check that the merged ids are its ids, in its order, "
                                     "each once (--size as for batch)")
      ("shards", po::value(&shard_csvs)->multitoken(), "the shard CSVs (positional), each with its .csv.json");
  add_common_options(desc, common);
  if (std::find(args.begin(), args.end(), "--help") != args.end() ||
      std::find(args.begin(), args.end(), "-h") != args.end()) {
    std::cout << desc << "\n";
    return kExitOk;
  }
  po::positional_options_description positional;
  positional.add("shards", -1);
  parse(args, desc, &positional);
  if (shard_csvs.empty()) throw UsageError("no shard CSVs given");
  ResultFormat out_format = result_format_of(output);
  if (!format_name.empty()) {
    const auto chosen = parse_result_format(format_name);
    if (!chosen) throw UsageError("unknown --format '" + format_name + "' (expected csv or jsonl)");
    out_format = *chosen;
  }
  const ReadOptions read = read_options(common);

  std::vector<ShardFile> shards(shard_csvs.size());
  std::vector<const ResultRow*> merged;
  std::vector<ShardFile*> by_number;
  try {
    for (std::size_t i = 0; i < shards.size(); ++i) {
      shards[i].csv = shard_csvs[i];
      read_sidecar_of(shards[i]);
    }
    check_shard_numbers(shards);
    check_agreement(shards);
    std::uint64_t records = 0;
    for (ShardFile& s : shards) {
      read_rows(s);
      records += s.rows.size();
    }
    check_sizes(shards, records);
    by_number.resize(shards.size());
    for (ShardFile& s : shards) by_number[s.spec.index] = &s;
    const auto order = input.empty() ? order_round_robin(by_number, records) : order_from_input(by_number, input, read);
    for (const auto& [k, row] : order) merged.push_back(&by_number[k]->rows[row]);
  } catch (const MergeError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return kExitUsage;
  } catch (const InputError& e) {
    std::fprintf(stderr, "npuzzle merge: %s\n", e.what());
    return kExitUsage;
  }

  std::string text(result_header(out_format));
  for (std::size_t i = 0; i < merged.size(); ++i) {
    ResultRow row = *merged[i];
    row.solution = rebase_reference(row.solution, by_number[i % by_number.size()]->csv, output);
    text += format_row(row, out_format);
  }
  try {
    write_atomically(output, text);
    write_atomically(output + ".json",
                     merged_sidecar(by_number, merged, joined_command_line("merge", args), out_format).dump() + "\n");
  } catch (const MergeError& e) {  // OUT could not be opened: nothing written
    std::fprintf(stderr, "npuzzle merge: %s\n", e.what());
    return kExitUsage;
  } catch (const OutputError& e) {
    std::fprintf(stderr, "npuzzle merge: %s\n", e.what());
    return kExitFailed;
  }
  std::fprintf(stderr, "npuzzle merge: %zu rows from %zu shards into %s\n", merged.size(), shards.size(),
               output.c_str());
  return kExitOk;
}

}  // namespace npuzzle::cli
