// What npuzzle-mpi's ranks send each other, as bytes for MPI_BYTE messages:
// a chunk of puzzles (rank 0 to a worker) and a batch of results (back).
// Both ranks run the same build (one mpirun), so the encoding is this
// machine's byte order and sizes, with no versioning. Every read is
// bounds-checked: a short or corrupt message throws MessageError instead of
// reading past the buffer.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "batch/pipeline.h"

namespace npuzzle::mpi {

// Message tags. A worker sends kRequest (its thread count) when it wants
// work and kResults as puzzles finish; rank 0 answers each kRequest with
// a chunk, as kWorkPart messages and a last kWork one, or with kStop (no
// more work: finish what you have and exit). Chunks and results go in
// parts of a few KB, each small enough to be sent eagerly
// (distributed.cc's kEagerBytes), and each a count and that many puzzles.
enum Tag : int { kRequest = 1, kWork = 2, kStop = 3, kResults = 4, kWorkPart = 5 };

class MessageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Writer {
 public:
  template <typename T>
  void put(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const char*>(&value);
    bytes_.append(p, sizeof value);
  }
  void put(const std::string& s) {
    put<std::uint64_t>(s.size());
    bytes_ += s;
  }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    need(sizeof(T));
    T value;
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  // The bytes not read yet.
  std::uint64_t left() const { return bytes_.size() - at_; }
  std::string get_string() {
    const auto size = get<std::uint64_t>();
    need(size);
    std::string s = bytes_.substr(at_, size);
    at_ += size;
    return s;
  }

 private:
  void need(std::uint64_t n) const {
    if (n > bytes_.size() - at_) throw MessageError("npuzzle-mpi: a message ended early (corrupt?)");
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
};

// One puzzle of a chunk: its place in rank 0's order, its goal and record.
void put_work(Writer& w, std::uint64_t sequence, const BatchItem& item);
void get_work(Reader& r, std::uint64_t* sequence, BatchItem& item);

// One finished puzzle: its SolveReport, as values (rank 0's sink formats
// the row, writes side files and words the messages), the moves two bits each.
void put_result(Writer& w, std::uint64_t sequence, const BatchItem& item);
void get_result(Reader& r, std::uint64_t* sequence, BatchItem& item);

}  // namespace npuzzle::mpi
