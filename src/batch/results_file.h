// The batch's output CSV, written so that a crash loses at most the rows in
// flight: every row is flushed as it is written. A fresh run writes rows in
// input order straight into OUT (which may be a pipe). --resume keeps the
// complete rows of an earlier run (a torn last line is cut off), rewrites
// them through a temporary name and an atomic rename, appends the new rows,
// and finish() puts the whole file back in input order the same way, so the
// file on disk is always a valid CSV.
#pragma once

#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/csv.h"

namespace npuzzle {

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ResultsFile {
 public:
  // Opens `path` for a fresh run (truncating it) or, with resume, keeps its
  // complete rows. Throws OutputError when the file cannot be opened, or
  // when resuming a file whose header is not the npuzzle CSV header.
  ResultsFile(std::string path, bool resume);
  ~ResultsFile();
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;

  // Takes one earlier row for `id` (rows are matched to ids in order), or
  // returns false if none is left.
  bool take_previous(const std::string& id, CsvRow* row);
  std::size_t previous_rows() const { return previous_count_; }

  // Appends and flushes one row. Throws OutputError on a write error.
  void append(const CsvRow& row);

  // Flushes, syncs and closes the file. Throws OutputError.
  void finish();
  // As finish(), then, when earlier rows were kept, rewrites the file with
  // `rows` (all of them, in input order). Throws OutputError.
  void finish_in_order(const std::vector<CsvRow>& rows);

  const std::string& path() const { return path_; }

 private:
  void write_or_throw(const std::string& text);
  // Replaces the file's content through a temporary name and a rename.
  void write_atomically(const std::string& text);

  std::string path_;
  std::FILE* file_ = nullptr;
  std::map<std::string, std::vector<CsvRow>> previous_;
  std::size_t previous_count_ = 0;
};

}  // namespace npuzzle
