#include "io/reader.h"

#include <charconv>
#include <memory>
#include <fstream>
#include <iostream>
#include <string_view>

namespace npuzzle {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The tokens of `s`, at most `max_tokens` + 1 of them (one more than the
// maximum says "too many" without storing them all), into `tokens` (whose
// capacity is reused from line to line). Counted first, so that a long line
// grows the vector once to its final size (a 4096 x 4096 line has 2^24
// tokens: no doubling past them).
void split(std::string_view s, std::size_t max_tokens, std::vector<std::string_view>& tokens) {
  auto is_separator = [](char c) { return c == ' ' || c == '\t' || c == ',' || c == '\r'; };
  tokens.clear();
  if (s.size() > tokens.capacity()) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < s.size() && count <= max_tokens; ++i) {
      if (!is_separator(s[i]) && (i == 0 || is_separator(s[i - 1]))) ++count;
    }
    tokens.reserve(count);
  }
  std::size_t i = 0;
  while (i < s.size() && tokens.size() <= max_tokens) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < s.size() && !(s[i] == ' ' || s[i] == '\t' || s[i] == ',' || s[i] == '\r')) ++i;
    if (i > start) tokens.push_back(s.substr(start, i - start));
  }
}

// A tile or a dimension: a non-negative decimal that fits kMaxCells.
std::optional<std::uint32_t> parse_number(std::string_view token, std::string* error) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && end == token.data() + token.size() &&
                                               value >= static_cast<std::uint64_t>(kMaxCells))) {
    error->assign("number ").append(token.substr(0, 40)).append(" is out of range");
    return std::nullopt;
  }
  if (ec != std::errc() || end != token.data() + token.size()) {
    error->clear();
    error->push_back('\'');
    error->append(token.substr(0, 40)).append("' is not a number");
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(value);
}

int integer_sqrt(std::size_t n) {
  std::size_t k = 0;
  while ((k + 1) * (k + 1) <= n) ++k;
  return static_cast<int>(k);
}

class Parser {
 public:
  Parser(std::istream& in, const std::string& name, const ReadOptions& options)
      : in_(in), name_(display_name(name)), source_(name), rows_(options.rows), cols_(options.cols),
        size_from_options_(options.rows > 0), size_hint_(options.size_hint) {}

  // Parses up to the next record; false at the end of the input.
  bool next(PuzzleRecord& record) {
    while (!pending_ && next_data_line()) {
      if (!line_problem_.empty()) {
        add_invalid(line_number_, line_problem_);
        continue;
      }
      if (format_ == Format::kUnknown) format_ = tokens_.size() <= 2 ? Format::kGrid : Format::kLines;
      if (format_ == Format::kGrid) {
        parse_grid();
      } else {
        parse_line();
      }
    }
    if (!pending_) return false;
    record = std::move(*pending_);
    pending_.reset();
    return true;
  }

  std::optional<Goal> declared_goal() const { return declared_goal_; }
  std::uint64_t count() const { return count_; }

 private:
  // Advances to the next line with tokens, handling comments and
  // directives. A line that passes a bound comes back with no tokens and
  // `line_problem_` saying why; the caller reports it where it belongs.
  bool next_data_line() {
    bool too_long = false;
    line_problem_.clear();
    while (read_bounded_line(in_, text_, kMaxLineBytes, &too_long)) {
      if (line_number_ == kMaxLines) {
        throw InputError(name_ + ":" + std::to_string(line_number_) + ": the input has more than " +
                         std::to_string(kMaxLines) + " lines; split it");
      }
      ++line_number_;
      tokens_.clear();
      if (too_long) {
        line_problem_ = "line is longer than " + std::to_string(kMaxLineBytes) + " bytes";
        return true;
      }
      std::string_view content = text_;
      if (const auto hash = content.find('#'); hash != std::string_view::npos) {
        directive(trim(content.substr(hash + 1)));
        content = content.substr(0, hash);
      }
      split(content, kMaxLineTokens, tokens_);
      if (tokens_.size() > kMaxLineTokens) {
        tokens_.clear();
        line_problem_ = "more than " + std::to_string(kMaxLineTokens) + " numbers on one line (the largest board has " +
                        std::to_string(kMaxCells) + " cells)";
        return true;
      }
      if (!tokens_.empty()) return true;
    }
    return false;
  }

  void directive(std::string_view comment) {
    auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
      if (comment.substr(0, key.size()) != key) return std::nullopt;
      return trim(comment.substr(key.size()));
    };
    if (auto goal = value_of("goal:")) {
      if (auto g = parse_goal(*goal)) declared_goal_ = *g;
    } else if (auto size = value_of("size:"); size && !size_from_options_) {
      if (auto rc = parse_size(std::string(*size))) {
        rows_ = rc->first;
        cols_ = rc->second;
      }
    }
  }

  // Every record goes through here: the file's bound on puzzles.
  void add_record(PuzzleRecord r) {
    if (count_ == kMaxPuzzles) {
      throw InputError(name_ + ":" + std::to_string(r.line) + ": more than " + std::to_string(kMaxPuzzles) +
                       " puzzles in one file; split it");
    }
    ++count_;
    pending_ = std::move(r);
  }

  std::string next_id() const { return std::to_string(count_ + 1); }

  void add_invalid(int line, const std::string& what, int rows = 0, int cols = 0) {
    PuzzleRecord r;
    r.id = next_id();
    r.source = source_;
    r.line = line;
    r.rows = rows;
    r.cols = cols;
    r.error = name_ + ":" + std::to_string(line) + ": " + what;
    add_record(std::move(r));
  }

  void add_board(std::string id, int line, int rows, int cols, std::vector<std::uint32_t> tiles) {
    if (std::string why = Board::validate(rows, cols, tiles); !why.empty()) {
      add_invalid(line, why, rows, cols);
      pending_->id = std::move(id);
      return;
    }
    PuzzleRecord r;
    r.id = std::move(id);
    r.source = source_;
    r.line = line;
    r.rows = rows;
    r.cols = cols;
    r.board = Board(rows, cols, std::move(tiles));
    add_record(std::move(r));
  }

  // Parses the tokens [first, end) as tiles; false (and an invalid record) on a bad token.
  bool parse_tiles(std::size_t first, std::vector<std::uint32_t>& tiles, std::string* error) {
    for (std::size_t i = first; i < tokens_.size(); ++i) {
      auto v = parse_number(tokens_[i], error);
      if (!v) return false;
      tiles.push_back(*v);
    }
    return true;
  }

  void parse_grid() {
    const int header_line = line_number_;
    const std::string id = next_id();
    std::string error;
    std::vector<std::uint32_t> dims;
    if (tokens_.size() > 2 || !parse_tiles(0, dims, &error)) {
      if (error.empty() && last_grid_end_ + 1 == line_number_ && tokens_.size() == static_cast<std::size_t>(last_cols_)) {
        error = "extra row after a " + size_name(last_rows_, last_cols_) +
                " grid (each grid has exactly its rows; a new grid starts with a size line)";
      }
      add_invalid(header_line, error.empty() ? "expected a size line ('n' or 'R C') before a grid" : error);
      return;
    }
    const std::int64_t rows = dims[0];
    const std::int64_t cols = dims.size() == 2 ? dims[1] : dims[0];
    if (rows < 2 || cols < 2 || rows * cols > kMaxCells) {
      add_invalid(header_line, "board " + std::to_string(rows) + "x" + std::to_string(cols) +
                                   (rows < 2 || cols < 2 ? " is below the minimum 2x2"
                                                         : " exceeds the maximum of " + std::to_string(kMaxCells) + " cells"));
      return;
    }
    std::vector<std::uint32_t> tiles;
    tiles.reserve(static_cast<std::size_t>(rows * cols));
    std::string first_error;
    for (std::int64_t r = 0; r < rows; ++r) {
      if (!next_data_line()) {
        add_invalid(header_line, "expected " + std::to_string(rows) + " rows, the input ended after " +
                                     std::to_string(r), static_cast<int>(rows), static_cast<int>(cols));
        return;
      }
      if (!first_error.empty()) continue;
      if (!line_problem_.empty()) {
        first_error = name_ + ":" + std::to_string(line_number_) + ": " + line_problem_;
        continue;
      }
      if (static_cast<std::int64_t>(tokens_.size()) != cols) {
        first_error = name_ + ":" + std::to_string(line_number_) + ": row " + std::to_string(r + 1) + " has " +
                      std::to_string(tokens_.size()) + " numbers, expected " + std::to_string(cols);
        continue;
      }
      if (!parse_tiles(0, tiles, &error)) first_error = name_ + ":" + std::to_string(line_number_) + ": " + error;
    }
    if (!first_error.empty()) {
      add_invalid(header_line, "", static_cast<int>(rows), static_cast<int>(cols));
      pending_->error = first_error;
      return;
    }
    last_grid_end_ = line_number_;
    last_rows_ = static_cast<int>(rows);
    last_cols_ = static_cast<int>(cols);
    add_board(id, header_line, static_cast<int>(rows), static_cast<int>(cols), std::move(tiles));
  }

  void parse_line() {
    const std::size_t count = tokens_.size();
    int rows = rows_;
    int cols = cols_;
    std::size_t first_tile = 0;
    if (rows > 0) {
      const std::size_t cells = static_cast<std::size_t>(rows) * cols;
      if (count == cells + 1) {
        first_tile = 1;
      } else if (count != cells) {
        add_invalid(line_number_, "expected " + std::to_string(cells) + " numbers for a " + size_name(rows, cols) +
                                      " board (or an ID and " + std::to_string(cells) + "), found " +
                                      std::to_string(count), rows, cols);
        return;
      }
    } else {
      const int k = integer_sqrt(count);
      const int k_id = integer_sqrt(count - 1);
      if (k >= 2 && static_cast<std::size_t>(k) * k == count) {
        rows = cols = k;
      } else if (k_id >= 2 && static_cast<std::size_t>(k_id) * k_id + 1 == count) {
        rows = cols = k_id;
        first_tile = 1;
      } else {
        add_invalid(line_number_, "found " + std::to_string(count) +
                                      " numbers: a k x k board needs k*k of them (k >= 2), or an ID and k*k" +
                                      (size_hint_.empty() ? std::string() : "; use " + size_hint_ + " for other shapes"));
        return;
      }
    }
    std::string id = first_tile ? std::string(tokens_[0].substr(0, 200)) : next_id();
    std::vector<std::uint32_t> tiles;
    tiles.reserve(count - first_tile);
    std::string error;
    if (!parse_tiles(first_tile, tiles, &error)) {
      add_invalid(line_number_, error, rows, cols);
      pending_->id = std::move(id);
      return;
    }
    add_board(std::move(id), line_number_, rows, cols, std::move(tiles));
  }

  std::istream& in_;
  std::string name_;
  std::string source_;
  int rows_;
  int cols_;
  bool size_from_options_;
  std::string size_hint_;
  std::string text_;
  std::vector<std::string_view> tokens_;
  std::string line_problem_;  // why the current line has no tokens, if a bound was passed
  int line_number_ = 0;
  enum class Format { kUnknown, kGrid, kLines } format_ = Format::kUnknown;
  std::optional<PuzzleRecord> pending_;  // the record the last parse step produced
  std::uint64_t count_ = 0;
  std::optional<Goal> declared_goal_;
  // The last well-formed grid: where it ended and its shape, to name an extra row.
  int last_grid_end_ = -2;
  int last_rows_ = 0;
  int last_cols_ = 0;
};

}  // namespace

bool read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes, bool* too_long) {
  line.clear();
  *too_long = false;
  std::streambuf* buffer = in.rdbuf();
  if (!in.good() || buffer == nullptr) return false;
  bool any = false;
  for (;;) {
    const int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return any;
    }
    any = true;
    if (c == '\n') return true;
    if (line.size() < max_bytes) {
      line.push_back(static_cast<char>(c));
    } else {
      *too_long = true;
    }
  }
}

std::optional<std::pair<int, int>> parse_size(const std::string& text) {
  std::string error;
  const auto x = text.find_first_of("xX");
  const std::string_view rows_text = std::string_view(text).substr(0, x);
  auto rows = parse_number(trim(rows_text), &error);
  auto cols = x == std::string::npos ? rows : parse_number(trim(std::string_view(text).substr(x + 1)), &error);
  if (!rows || !cols || *rows < 2 || *cols < 2 ||
      static_cast<std::int64_t>(*rows) * static_cast<std::int64_t>(*cols) > kMaxCells) {
    return std::nullopt;
  }
  return std::make_pair(static_cast<int>(*rows), static_cast<int>(*cols));
}

namespace {

// What a first pass over a seekable file finds: the goal its comments
// declare (the last one wins, wherever it stands) and, for the lines format,
// how many puzzles follow. Bounded memory, like the reader.
struct Preview {
  std::optional<Goal> goal;
  std::optional<std::uint64_t> puzzles;
};

Preview preview(std::istream& in) {
  Preview p;
  std::string text;
  bool too_long = false;
  std::uint64_t data_lines = 0;
  bool lines_format = false;
  std::vector<std::string_view> tokens;
  while (read_bounded_line(in, text, kMaxLineBytes, &too_long)) {
    std::string_view content = text;
    if (const auto hash = content.find('#'); hash != std::string_view::npos) {
      const std::string_view comment = trim(content.substr(hash + 1));
      if (comment.substr(0, 5) == "goal:") {
        if (auto g = parse_goal(trim(comment.substr(5)))) p.goal = *g;
      }
      content = content.substr(0, hash);
    }
    if (too_long) {
      ++data_lines;
      continue;
    }
    split(content, 2, tokens);
    if (tokens.empty()) continue;
    if (data_lines == 0) lines_format = tokens.size() > 2;
    ++data_lines;
  }
  if (lines_format) p.puzzles = data_lines;
  return p;
}

}  // namespace

struct PuzzleReader::State {
  std::ifstream file;
  std::istream* in = nullptr;
  std::string path;
  std::unique_ptr<Parser> parser;
  Preview preview;
};

PuzzleReader::PuzzleReader(const std::string& path, const ReadOptions& options) : state_(std::make_unique<State>()) {
  state_->path = path;
  if (path == "-") {
    state_->in = &std::cin;
  } else {
    state_->file.open(path, std::ios::binary);
    if (!state_->file) throw InputError(path + ": cannot open for reading");
    state_->in = &state_->file;
    // A regular file is read twice: first for its goal comment, so that a
    // comment below the first puzzle still applies to it, and for the count.
    state_->preview = preview(state_->file);
    if (state_->file.bad()) throw InputError(path + ": read error");
    state_->file.clear();
    state_->file.seekg(0);
  }
  state_->parser = std::make_unique<Parser>(*state_->in, path, options);
}

PuzzleReader::PuzzleReader(std::istream& in, const std::string& name, const ReadOptions& options)
    : state_(std::make_unique<State>()) {
  state_->path = name;
  state_->in = &in;
  state_->parser = std::make_unique<Parser>(in, name, options);
}

PuzzleReader::~PuzzleReader() = default;
PuzzleReader::PuzzleReader(PuzzleReader&&) noexcept = default;
PuzzleReader& PuzzleReader::operator=(PuzzleReader&&) noexcept = default;

bool PuzzleReader::next(PuzzleRecord& record) {
  const bool got = state_->parser->next(record);
  if (state_->in->bad()) throw InputError(state_->path + ": read error");
  return got;
}

std::optional<Goal> PuzzleReader::declared_goal() const {
  if (state_->preview.goal) return state_->preview.goal;
  return state_->parser->declared_goal();
}

std::optional<std::uint64_t> PuzzleReader::expected_puzzles() const { return state_->preview.puzzles; }

std::uint64_t PuzzleReader::count() const { return state_->parser->count(); }

const std::string& PuzzleReader::path() const { return state_->path; }

PuzzleFile read_puzzles(std::istream& in, const std::string& name, const ReadOptions& options) {
  PuzzleReader reader(in, name, options);
  PuzzleFile file;
  PuzzleRecord record;
  while (reader.next(record)) file.puzzles.push_back(std::move(record));
  file.declared_goal = reader.declared_goal();
  return file;
}

PuzzleFile read_puzzle_file(const std::string& path, const ReadOptions& options) {
  PuzzleReader reader(path, options);
  PuzzleFile file;
  PuzzleRecord record;
  while (reader.next(record)) file.puzzles.push_back(std::move(record));
  file.declared_goal = reader.declared_goal();
  return file;
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::string record_location(const PuzzleRecord& record) {
  return display_name(record.source) + ":" + std::to_string(record.line);
}

Goal effective_goal(std::optional<Goal> override_goal, std::optional<Goal> declared) {
  if (override_goal) return *override_goal;
  return declared.value_or(Goal::kBlankLast);
}

}  // namespace npuzzle
