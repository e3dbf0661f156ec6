// Helpers for the tests that run the CLI binary (build/npuzzle) through the
// shell: a fresh directory per test, running and starting commands, and
// reading the batch CSV, the JSON sidecars and JSON Lines results back.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace npuzzle {

namespace fs = std::filesystem;


inline const std::string kBinary = NPUZZLE_BINARY;
inline const std::string kHeader =
    "id,rows,cols,status,length,lower_bound,expanded,generated,seconds,algorithm,heuristic,solution";

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void spit(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') {
      q += "'\\''";
    } else {
      q += c;
    }
  }
  return q + "'";
}

struct CliResult {
  int code = -1;
  std::string out;
  std::string err;
};

// The lines of a text, without their line ends.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A fresh directory per test, removed afterwards.
class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/npuzzle-cli-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string path(const std::string& name) const { return dir_ + "/" + name; }

  // Runs `npuzzle ARGS` (ARGS is shell text) with stdin from `stdin_file` if given.
  CliResult npuzzle(const std::string& args, const std::string& stdin_file = "") {
    return shell(quote(kBinary) + " " + args, stdin_file);
  }

  // `gen --size 3x3 --count COUNT --seed SEED` without its comments, with a
  // malformed line ("bad": a duplicate tile) after the BAD_AFTER-th board and
  // an unsolvable board ("odd") after the ODD_AFTER-th, written to in.txt;
  // returns in.txt's path, quoted.
  std::string boards_with_bad_and_odd(int count, int seed, int bad_after, int odd_after) {
    const CliResult g = npuzzle("gen --size 3x3 --count " + std::to_string(count) + " --seed " + std::to_string(seed));
    EXPECT_EQ(g.code, 0) << g.err;
    std::string text;
    int line = 0;
    for (const std::string& l : lines_of(g.out)) {
      if (l.empty() || l[0] == '#') continue;
      text += l + "\n";
      ++line;
      if (line == bad_after) text += "bad 1 2 3 4 5 6 7 8 8\n";
      if (line == odd_after) text += "odd 2 1 3 4 5 6 7 8 0\n";
    }
    spit(path("in.txt"), text);
    return quote(path("in.txt"));
  }

  // Runs shell text, its standard output and error captured; -1 unless it exited.
  CliResult shell(const std::string& text, const std::string& stdin_file = "") {
    const std::string out = path("stdout.txt");
    const std::string err = path("stderr.txt");
    std::string command = "{ " + text + "\n} >" + quote(out) + " 2>" + quote(err);
    command += " <" + (stdin_file.empty() ? std::string("/dev/null") : quote(stdin_file));
    const int status = std::system(command.c_str());
    CliResult r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
  }

  // Starts `npuzzle ARGS` in the background through the shell, which execs
  // it (the pid is npuzzle's). ARGS is shell text and may redirect; stdin
  // is /dev/null.
  pid_t start(const std::string& args) const {
    const std::string command = "exec " + quote(kBinary) + " " + args + " </dev/null";
    const pid_t pid = fork();
    if (pid == 0) {
      execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    return pid;
  }

  std::string dir_;
};

// How a child process ended.
struct Ended {
  bool exited = false;  // by exit(): `code` is set; else by signal `signal`
  int code = -1;
  int signal = 0;
};

inline Ended wait_for(pid_t pid) {
  int status = 0;
  Ended e;
  if (waitpid(pid, &status, 0) != pid) return e;
  e.exited = WIFEXITED(status);
  if (e.exited) e.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) e.signal = WTERMSIG(status);
  return e;
}

// A CSV row split on commas (the rows here never need quoting).
using Row = std::vector<std::string>;
enum Col { kId, kRows, kCols, kStatus, kLength, kLowerBound, kExpanded, kGenerated, kSeconds, kAlgorithm,
           kHeuristic, kSolution };

inline std::vector<Row> read_csv(const std::string& text, std::string* header = nullptr) {
  std::vector<Row> rows;
  const auto lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 0) {
      if (header) *header = lines[0];
      continue;
    }
    if (lines[i].empty()) continue;
    Row row;
    std::size_t start = 0;
    for (std::size_t comma; (comma = lines[i].find(',', start)) != std::string::npos; start = comma + 1) {
      row.push_back(lines[i].substr(start, comma - start));
    }
    row.push_back(lines[i].substr(start));
    EXPECT_EQ(row.size(), 12u) << lines[i];
    rows.push_back(row);
  }
  return rows;
}

// Two runs of the same input (threads, shards, ranks) agree in every column
// but `seconds`, row by row.
inline void expect_same_except_seconds(const std::vector<Row>& got, const std::vector<Row>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    for (std::size_t c = 0; c < want[i].size(); ++c) {
      if (c == kSeconds) continue;
      EXPECT_EQ(got[i][c], want[i][c]) << "row " << i << " column " << c;
    }
  }
}


// A JSON value, for reading the sidecars (OUT.csv.json) back. The parser is
// the tests' own (not io/json.h), so a value is checked as any JSON reader
// would see it. Numbers keep their literal text for exact integer checks.
struct Json {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = kNull;
  bool boolean = false;
  double number = 0;
  std::string text;  // a string's value, or a number's literal
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  // The member `key` of an object; a null value if there is none.
  const Json& operator[](const std::string& key) const {
    static const Json missing;
    for (const auto& [k, v] : members) {
      if (k == key) return v;
    }
    return missing;
  }
  bool has(const std::string& key) const {
    for (const auto& m : members) {
      if (m.first == key) return true;
    }
    return false;
  }
  bool is_string(const std::string& value) const { return kind == kString && text == value; }
  // A non-negative integer's value; -1 if this is not one.
  long long integer() const {
    if (kind != kNumber || text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoll(text);
  }
};

class JsonParser {
 public:
  explicit JsonParser(const std::string& text) : s_(text) {}

  // The document's value; false (and `error`) if it is not exactly one JSON value.
  bool parse(Json& out, std::string& error) {
    try {
      out = value();
      space();
      if (at_ != s_.size()) fail("text after the value");
      return true;
    } catch (const std::runtime_error& e) {
      error = e.what();
      return false;
    }
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(what + " at byte " + std::to_string(at_));
  }
  void space() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n' || s_[at_] == '\r' || s_[at_] == '\t')) ++at_;
  }
  bool take(char c) {
    space();
    if (at_ < s_.size() && s_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }
  bool word(const char* w) {
    const std::string t(w);
    if (s_.compare(at_, t.size(), t) != 0) return false;
    at_ += t.size();
    return true;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (at_ < s_.size() && s_[at_] != '"') {
      char c = s_[at_++];
      if (static_cast<unsigned char>(c) < 0x20) fail("a control character in a string");
      if (c == '\\') {
        if (at_ >= s_.size()) fail("an unfinished escape");
        c = s_[at_++];
        switch (c) {
          case '"': case '\\': case '/': out += c; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            if (at_ + 4 > s_.size()) fail("a short \\u escape");
            const unsigned code = static_cast<unsigned>(std::stoul(s_.substr(at_, 4), nullptr, 16));
            at_ += 4;
            if (code >= 0x80) fail("a \\u escape beyond ASCII (not needed here)");
            out += static_cast<char>(code);
            break;
          }
          default: fail("a bad escape");
        }
      } else {
        out += c;
      }
    }
    if (at_ >= s_.size()) fail("an unterminated string");
    ++at_;
    return out;
  }
  Json value() {
    space();
    if (at_ >= s_.size()) fail("no value");
    Json v;
    const char c = s_[at_];
    if (c == '{') {
      v.kind = Json::kObject;
      ++at_;
      if (take('}')) return v;
      do {
        std::string key = string();
        expect(':');
        v.members.emplace_back(std::move(key), value());
      } while (take(','));
      expect('}');
    } else if (c == '[') {
      v.kind = Json::kArray;
      ++at_;
      if (take(']')) return v;
      do v.items.push_back(value());
      while (take(','));
      expect(']');
    } else if (c == '"') {
      v.kind = Json::kString;
      v.text = string();
    } else if (word("true") || word("false")) {
      v.kind = Json::kBool;
      v.boolean = s_[at_ - 1] == 'e' && s_[at_ - 2] == 'u';
    } else if (word("null")) {
      v.kind = Json::kNull;
    } else {
      const std::size_t start = at_;
      while (at_ < s_.size() && std::string("+-0123456789.eE").find(s_[at_]) != std::string::npos) ++at_;
      v.kind = Json::kNumber;
      v.text = s_.substr(start, at_ - start);
      std::size_t used = 0;
      try {
        v.number = std::stod(v.text, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (v.text.empty() || used != v.text.size()) fail("a bad value");
    }
    return v;
  }

  const std::string& s_;
  std::size_t at_ = 0;
};

// Parses `text`; a test failure (and a null value) if it is not JSON.
inline Json parse_json(const std::string& text) {
  Json j;
  std::string error;
  if (!JsonParser(text).parse(j, error)) {
    ADD_FAILURE() << "not JSON: " << error << "\n" << text;
    return Json{};
  }
  return j;
}

// Batch results as JSON Lines, read with the parser above: each line one
// object holding the columns in order, each once, numbers in the numeric
// columns and strings in the others, null for an empty cell; returned as
// the CSV's cells.
inline constexpr const char* kColumnNames[] = {"id",       "rows",      "cols",    "status",
                                               "length",   "lower_bound", "expanded", "generated",
                                               "seconds",  "algorithm", "heuristic", "solution"};
inline bool numeric_column(std::size_t column) { return (column >= 1 && column <= 2) || (column >= 4 && column <= 8); }

inline Row jsonl_row(const std::string& line) {
  Row row;
  const Json j = parse_json(line);
  EXPECT_EQ(j.kind, Json::kObject) << line;
  EXPECT_EQ(j.members.size(), std::size(kColumnNames)) << line;
  for (std::size_t c = 0; c < std::size(kColumnNames) && c < j.members.size(); ++c) {
    const auto& [key, value] = j.members[c];
    EXPECT_EQ(key, kColumnNames[c]) << line;
    if (value.kind == Json::kNull) {
      row.push_back("");
    } else {
      EXPECT_EQ(value.kind, numeric_column(c) ? Json::kNumber : Json::kString) << key << " in " << line;
      EXPECT_FALSE(value.text.empty()) << "an empty cell is null, not \"\": " << key << " in " << line;
      row.push_back(value.text);
    }
  }
  return row;
}

inline std::vector<Row> read_jsonl(const std::string& text) {
  std::vector<Row> rows;
  for (const std::string& line : lines_of(text)) {
    EXPECT_FALSE(line.empty()) << "JSON Lines has no blank lines";
    if (!line.empty()) rows.push_back(jsonl_row(line));
  }
  return rows;
}

inline std::string closing_line(const std::string& out) {
  const auto lines = lines_of(out);
  return lines.empty() ? "" : lines.back();
}

}  // namespace npuzzle
