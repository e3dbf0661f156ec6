// Helpers for the tests that run the CLI binary (build/npuzzle) through the
// shell: a fresh directory per test, running and starting commands, and
// reading the batch CSV back.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
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

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
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


inline std::string closing_line(const std::string& out) {
  const auto lines = lines_of(out);
  return lines.empty() ? "" : lines.back();
}

}  // namespace npuzzle
