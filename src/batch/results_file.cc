#include "batch/results_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace npuzzle {
namespace {

std::string errno_text() { return std::strerror(errno); }

}  // namespace

ResultsFile::ResultsFile(std::string path, bool resume, ResultFormat format, const std::string& resume_word)
    : path_(std::move(path)), format_(format) {
  // Only a regular file (or a new one) can be rewritten through a rename.
  struct stat st {};
  if (resume && stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    throw OutputError(path_ + ": " + resume_word + " needs a regular file");
  }
  const std::string header(result_header(format_));
  std::string kept;  // the complete rows of an earlier run
  if (resume) {
    std::ifstream in(path_, std::ios::binary);
    if (in) {
      std::stringstream buffer;
      buffer << in.rdbuf();
      const std::string content = buffer.str();
      std::size_t start = 0;
      bool at_header = !header.empty();
      // Only lines ending in '\n' are complete; a torn last line is dropped.
      for (std::size_t end; (end = content.find('\n', start)) != std::string::npos; start = end + 1) {
        std::string_view line(content.data() + start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (at_header) {
          if (std::string(line) + "\n" != header) {
            throw OutputError(path_ + ": cannot resume: the first line is not the npuzzle CSV header");
          }
          at_header = false;
          continue;
        }
        auto row = parse_row(line, format_);
        // JSON Lines has no header: a first line that is not a row says the
        // file is not an earlier run's (later bad lines are skipped, as in a CSV).
        if (!row && start == 0 && format_ == ResultFormat::kJsonLines) {
          throw OutputError(path_ + ": cannot resume: the first line is not an npuzzle JSON Lines row");
        }
        if (!row) continue;
        if (row->status.empty() || row->status == "cancelled") continue;
        KeptRow keep{format_row(*row, format_), std::move(*row)};
        kept += keep.line;
        previous_[keep.row.id].push_back(std::move(keep));
        ++previous_count_;
      }
    }
  }
  if (resume) {
    // The kept rows reach the disk under a temporary name first, so that a
    // crash while resuming never loses them.
    write_atomically(header + kept);
    file_ = std::fopen(path_.c_str(), "ab");
  } else {
    // Written in place, not renamed over: OUT may be a pipe or a device.
    file_ = std::fopen(path_.c_str(), "wb");
  }
  if (!file_) throw OutputError(path_ + ": cannot open for writing: " + errno_text());
  std::setvbuf(file_, nullptr, _IOFBF, std::size_t{1} << 16);
  if (!resume && !header.empty()) write_or_throw(header);
  flusher_ = std::thread([this] { flush_periodically(); });
}

ResultsFile::~ResultsFile() {
  stop_flusher();
  if (file_) std::fclose(file_);
}

void ResultsFile::flush_periodically() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, kFlushInterval, [this] { return stopping_; });
    if (dirty_ && file_) {
      if (std::fflush(file_) != 0 && flush_error_.empty()) flush_error_ = path_ + ": write failed: " + errno_text();
      dirty_ = false;
    }
  }
}

void ResultsFile::stop_flusher() {
  if (!flusher_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  flusher_.join();
}

bool ResultsFile::take_previous(const std::string& id, KeptRow* row) {
  auto it = previous_.find(id);
  if (it == previous_.end() || it->second.empty()) return false;
  *row = std::move(it->second.front());
  it->second.erase(it->second.begin());
  return true;
}

void ResultsFile::write_or_throw(const std::string& text) {
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0) {
    throw OutputError(path_ + ": write failed: " + errno_text());
  }
}

void ResultsFile::append(const std::string& text) {
  std::lock_guard lock(mutex_);
  if (!flush_error_.empty()) throw OutputError(flush_error_);
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) {
    throw OutputError(path_ + ": write failed: " + errno_text());
  }
  dirty_ = true;
}

void ResultsFile::finish() {
  stop_flusher();
  if (!flush_error_.empty()) throw OutputError(flush_error_);
  const bool ok = std::fflush(file_) == 0 && fsync(fileno(file_)) == 0;
  if (!ok && errno != EINVAL) throw OutputError(path_ + ": write failed: " + errno_text());
  std::fclose(file_);
  file_ = nullptr;
}

void ResultsFile::finish_in_order(const std::vector<std::string>& lines) {
  finish();
  // A fresh run wrote its rows in input order already; a resumed one
  // appended the new rows after the kept ones and is put in order here.
  if (previous_count_ == 0) return;
  std::string text(result_header(format_));
  for (const std::string& line : lines) text += line;
  write_atomically(text);
}

void ResultsFile::write_atomically(const std::string& text) {
  const std::string temporary = path_ + ".tmp." + std::to_string(getpid());
  std::FILE* out = std::fopen(temporary.c_str(), "wb");
  if (!out) throw OutputError(temporary + ": cannot open for writing: " + errno_text());
  const bool ok = std::fwrite(text.data(), 1, text.size(), out) == text.size() && std::fflush(out) == 0 &&
                  fsync(fileno(out)) == 0;
  std::fclose(out);
  if (!ok || std::rename(temporary.c_str(), path_.c_str()) != 0) {
    const std::string why = errno_text();
    std::remove(temporary.c_str());
    throw OutputError(path_ + ": could not write: " + why);
  }
}

}  // namespace npuzzle
