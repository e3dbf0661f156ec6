// The batch's output file (CSV or JSON Lines, io/result_row.h), written so that a crash loses at most the rows in
// flight and those of the last kFlushInterval: rows are buffered and a
// flusher thread hands them to the system every kFlushInterval (a write
// call per row cost a tenth of an all-3x3 batch, 181,440 rows in under a
// second); finish() and the destructor flush the rest, so an interrupted
// run (Ctrl-C) loses nothing it wrote. A fresh run writes rows in
// input order straight into OUT (which may be a pipe). Resuming keeps the
// complete rows of an earlier run (a torn last line is cut off), rewrites
// them through a temporary name and an atomic rename, appends the new rows,
// and finish() puts the whole file back in input order the same way, so the
// file on disk is always valid. Rows arrive formatted: the file knows the
// format only for its header and for reading an earlier run's rows.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "batch/pipeline.h"
#include "io/result_row.h"

namespace npuzzle {

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ResultsFile {
 public:
  static constexpr std::chrono::milliseconds kFlushInterval{50};

  // Opens `path` for a fresh run (truncating it) or, with resume, keeps its
  // complete rows. Throws OutputError when the file cannot be opened, or
  // when resuming a file that is not an npuzzle file of `format` (`resume_word`
  // names resuming in the caller's vocabulary).
  ResultsFile(std::string path, bool resume, ResultFormat format, const std::string& resume_word = "resuming");
  ~ResultsFile();
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;

  // Takes one earlier row for `id` (rows are matched to ids in order), or
  // returns false if none is left.
  bool take_previous(const std::string& id, KeptRow* row);
  std::size_t previous_rows() const { return previous_count_; }

  // Appends one formatted row (a line with its '\n'); it reaches the system
  // within kFlushInterval. Throws OutputError on a write error (or one the
  // flusher met since the last call).
  void append(const std::string& line);

  // Flushes, syncs and closes the file. Throws OutputError.
  void finish();
  // As finish(), then, when earlier rows were kept, rewrites the file with
  // `lines` (all the rows, formatted, in input order). Throws OutputError.
  void finish_in_order(const std::vector<std::string>& lines);

  const std::string& path() const { return path_; }

 private:
  void write_or_throw(const std::string& text);
  void flush_periodically();
  void stop_flusher();
  // Replaces the file's content through a temporary name and a rename.
  void write_atomically(const std::string& text);

  std::string path_;
  ResultFormat format_;
  std::FILE* file_ = nullptr;
  std::map<std::string, std::vector<KeptRow>> previous_;
  std::size_t previous_count_ = 0;

  std::mutex mutex_;  // file_, dirty_, stopping_ and flush_error_ between append() and the flusher
  std::condition_variable wake_;
  bool dirty_ = false;
  bool stopping_ = false;
  std::string flush_error_;
  std::thread flusher_;
};

}  // namespace npuzzle
