// Pattern database files and the on-disk cache.
//
// Layout (little-endian; one file per pattern):
//   [0, 256)      FileHeader: magic "NPUZZPDB", format version, board size,
//                 goal, pattern tiles, entry width (1 byte), entry count,
//                 XXH64 of the payload, build time and creator (npuzzle
//                 version and git revision), and an XXH64 of the header
//                 itself in its last 8 bytes.
//   [256, 4096)   zero padding, so the payload starts on a page boundary.
//   [4096, ...)   the payload: entry_count entries of entry_width bytes,
//                 entry[rank] for rank = PlacementRanker::rank(placement).
//
// Writing is atomic: the file is written under a unique temporary name in
// the same directory, flushed (fsync), read back and checksummed, then
// renamed over the final name. Readers never see a partial file, and two
// writers of the same table leave one complete file (the last rename wins).
// The cache also takes an advisory lock (flock on NAME.lock) so that a second
// process waits for the first build instead of repeating it.
//
// Loading maps the file read-only and shared (MAP_SHARED, PROT_READ, with
// MADV_HUGEPAGE where the kernel offers it): every process and thread
// solving with the same table shares one copy in the page cache.
//
// Checksum policy. Every load checks the header (magic, version, header
// checksum, board, goal, pattern, entry count) and the file's exact size,
// which catches truncation and mismatched tables at no cost. Hashing the
// payload reads all of it: 0.5-20 ms for the tables of 5-5-5, 6-6-3 and the
// 7-tile half of 7-8, but 518 MB for the 8-tile half, which a mapping
// otherwise pages in only as the search touches it. So with the default
// Verify::kAuto a payload up to LoadOptions::always_verify_bytes (64 MiB) is
// verified on every load, and a larger one on its first load only: a
// NAME.verified stamp records the size, device, inode, modification and
// change times and checksum of the file that verified, and any rewrite of
// the file (a copy, an edit, a flipped byte written through the file
// system) forces a new verification. `npuzzle pdb verify` always hashes
// (Verify::kAlways), and so does every build before it publishes its file.
// Verify::kNever skips the payload for callers that know better.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/memory_budget.h"
#include "heuristics/pdb/builder.h"
#include "heuristics/pdb/pattern.h"
#include "heuristics/pdb/table.h"

namespace npuzzle::pdb {

inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint64_t kPayloadOffset = 4096;

// What is wrong with a PDB file, naming the file: "PATH: what".
class FileError : public std::runtime_error {
 public:
  FileError(const std::string& path, const std::string& what);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// XXH64 (seed 0) of data[0, size): the payload and header checksum.
std::uint64_t checksum64(const void* data, std::size_t size);

// The header of a PDB file, decoded.
struct FileInfo {
  std::string path;
  std::uint64_t file_bytes = 0;
  std::uint32_t version = 0;
  int rows = 0;
  int cols = 0;
  Goal goal = Goal::kBlankLast;
  std::vector<int> tiles;
  bool zero_aware = false;
  int entry_width = 1;
  std::uint64_t entry_count = 0;
  std::uint64_t checksum = 0;  // of the payload, as stored
  int max_value = 0;
  std::int64_t created_unix = 0;
  double build_seconds = 0;
  std::string creator;

  Pattern pattern() const { return Pattern(rows, cols, goal, tiles, zero_aware); }
};

struct WriteInfo {
  std::string creator;  // e.g. "npuzzle 0.1.0 (git abc123)"
  double build_seconds = 0;
};

// Writes `table` to `path` atomically (see the top of the file); throws FileError.
void write_pdb_file(const std::string& path, const PatternDb& table, const WriteInfo& info = {});

enum class Verify : std::uint8_t {
  kAuto,    // kAlways up to always_verify_bytes, else hash unless a matching stamp exists
  kAlways,  // hash the payload on every load
  kNever,   // header and size checks only
};

struct LoadOptions {
  Verify verify = Verify::kAuto;
  std::uint64_t always_verify_bytes = std::uint64_t{64} << 20;
};

// Reads and checks the header and the file size. Throws FileError.
FileInfo read_pdb_info(const std::string& path);

// Maps the file. With `expected`, the file must hold exactly that pattern
// (board size, goal and tiles in order). Throws FileError naming the file and
// what is wrong: unreadable, not a PDB file, another format version, a
// corrupt header, truncated or oversized, another board, goal or pattern, or
// (when verified) a payload checksum mismatch.
std::shared_ptr<const PatternDb> load_pdb_file(const std::string& path, const Pattern* expected = nullptr,
                                               const LoadOptions& options = {});

struct VerifyResult {
  bool ok = false;
  std::uint64_t stored = 0;
  std::uint64_t computed = 0;
};
// Hashes the payload and compares it with the header; throws FileError for
// anything but a checksum mismatch (which is reported in the result).
VerifyResult verify_pdb_file(const std::string& path);

// ------------------------------------------- forms derived from a table --
// A form derived from a table file (the one-bit form of dense_zero_aware.h)
// can be kept beside it, as TABLE.KIND ("...-zero-aware.pdb.onebit"), so
// that later loads read it instead of deriving it again. Layout: a 4096-byte
// page holding the header (magic "NPUZZDRV", the format version, the kind,
// the kind's version and parameter, the XXH64 of the source table's payload
// as its header stores it, the payload's size and XXH64, and an XXH64 of the
// header), then the payload. A kept form is a cache of a cache: a file that
// does not match (another source table, kind version, parameter or size) or
// does not verify (the payload is hashed on every read) is ignored, and the
// caller derives the form and writes the file again; neither is an error.
struct DerivedKey {
  std::string kind;            // the file's suffix, e.g. "onebit"
  std::uint32_t version = 0;   // raised whenever the derivation's output changes
  std::uint64_t parameter = 0;  // the kind's own (e.g. its layout)
  std::uint64_t bytes = 0;      // of the payload
};
// TABLE_PATH.KIND.
std::string derived_path(const std::string& table_path, const DerivedKey& key);
// Fills out[0, key.bytes) from the kept form of the table at `table_path`
// and returns true, or returns false (out's contents unspecified) when there
// is none that matches `key` and the table's current payload and verifies.
bool read_derived_file(const std::string& table_path, const DerivedKey& key, void* out) noexcept;
// Keeps data[0, key.bytes) beside the table, atomically (a temporary
// renamed into place). Best effort: returns false, leaving nothing behind,
// when the directory is not writable or would keep under 1 GiB free.
bool write_derived_file(const std::string& table_path, const DerivedKey& key, const void* data) noexcept;

// $XDG_CACHE_HOME/npuzzle, else $HOME/.cache/npuzzle, else ./.npuzzle-cache.
std::string default_cache_dir();
// "4x4-blank-first-1-2-3-4-5-6-7.pdb": size, goal and tiles in pattern order
// ("...-7-zero-aware.pdb" for a zero-aware table).
std::string cache_file_name(const Pattern& pattern);

struct CacheOptions {
  std::string dir;  // empty = default_cache_dir()
  BuildOptions build;
  LoadOptions load;
  std::string creator;        // recorded in files this process builds
  bool build_missing = true;  // false: a missing table is a FileError
  // When set, a build reserves build_memory_bytes() and a mapped table its
  // file size from this budget first (the table holds its share for as
  // long as it lives); MemoryBudgetError when it does not fit. A table this
  // process has mapped already is shared and not counted again.
  std::shared_ptr<MemoryBudget> budget;

  // `dir`, or default_cache_dir() when it is empty.
  std::string directory() const { return dir.empty() ? default_cache_dir() : dir; }
  // Where the table of `pattern` lives in that directory.
  std::string path_of(const Pattern& pattern) const { return directory() + "/" + cache_file_name(pattern); }
};

struct CacheResult {
  std::shared_ptr<const PatternDb> table;
  std::string path;
  bool built = false;  // true when this call built the file
  BuildStats stats;    // set when built
};

// The table of `pattern` from the cache directory, building and writing it
// first if it is missing (under the NAME.lock advisory lock, so concurrent
// callers build it once). Tables already mapped by this process are shared.
// Throws FileError (a bad cached file is reported, never rebuilt silently),
// or MemoryBudgetError (before any large allocation).
CacheResult load_or_build(const Pattern& pattern, const CacheOptions& options);

}  // namespace npuzzle::pdb
