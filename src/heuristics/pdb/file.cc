#include "heuristics/pdb/file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <type_traits>

namespace npuzzle::pdb {

static_assert(std::endian::native == std::endian::little, "PDB files are little-endian; add byte swapping");

namespace {

// ----------------------------------------------------------------- XXH64 --
// Written from the published XXH64 specification (Yann Collet); the unit
// test checks it against the specification's test vectors.
constexpr std::uint64_t kP1 = 0x9E3779B185EBCA87ULL;
constexpr std::uint64_t kP2 = 0xC2B2AE3D27D4EB4FULL;
constexpr std::uint64_t kP3 = 0x165667B19E3779F9ULL;
constexpr std::uint64_t kP4 = 0x85EBCA77C2B2AE63ULL;
constexpr std::uint64_t kP5 = 0x27D4EB2F165667C5ULL;

inline std::uint64_t read64(const unsigned char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline std::uint32_t read32(const unsigned char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
inline std::uint64_t xxh_round(std::uint64_t acc, std::uint64_t input) {
  acc += input * kP2;
  acc = std::rotl(acc, 31);
  return acc * kP1;
}
inline std::uint64_t xxh_merge(std::uint64_t acc, std::uint64_t v) {
  acc ^= xxh_round(0, v);
  return acc * kP1 + kP4;
}

// ------------------------------------------------------------ the header --
constexpr char kMagic[8] = {'N', 'P', 'U', 'Z', 'Z', 'P', 'D', 'B'};
constexpr std::uint32_t kHeaderBytes = 256;

struct FileHeader {
  char magic[8];
  std::uint32_t version;
  std::uint32_t header_bytes;
  std::uint64_t payload_offset;
  std::uint64_t entry_count;
  std::uint64_t payload_checksum;
  std::int64_t created_unix;
  double build_seconds;
  std::uint8_t rows;
  std::uint8_t cols;
  std::uint8_t goal;  // 0 blank-last, 1 blank-first
  std::uint8_t pattern_size;
  std::uint8_t entry_width;
  std::uint8_t max_value;
  std::uint8_t zero_aware;  // 1: one entry per (placement, blank region) (zero_aware.h); 0 in older files
  std::uint8_t reserved0;
  std::uint8_t tiles[32];
  char creator[80];
  std::uint8_t reserved1[72];
  std::uint64_t header_checksum;  // XXH64 of the 248 bytes before it
};
static_assert(sizeof(FileHeader) == kHeaderBytes);
static_assert(offsetof(FileHeader, rows) == 56);
static_assert(offsetof(FileHeader, tiles) == 64);
static_assert(offsetof(FileHeader, header_checksum) == kHeaderBytes - 8);
static_assert(std::is_trivially_copyable_v<FileHeader>);

std::uint8_t goal_code(Goal g) { return g == Goal::kBlankFirst ? 1 : 0; }

std::string errno_text() { return std::strerror(errno); }

std::string hex64(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// A file descriptor that closes itself.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

// A read-only shared mapping of a whole file.
struct Mapping {
  void* addr = MAP_FAILED;
  std::size_t bytes = 0;
  ~Mapping() {
    if (addr != MAP_FAILED) ::munmap(addr, bytes);
  }
};

std::uint64_t expected_bytes(std::uint64_t entries) { return kPayloadOffset + entries; }

// Decodes and checks a header read from a file of `file_bytes` bytes.
FileInfo decode(const std::string& path, const FileHeader& h, std::uint64_t file_bytes) {
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) {
    throw FileError(path, "not an npuzzle pattern database (bad magic number)");
  }
  if (h.version != kFormatVersion) {
    throw FileError(path, "format version " + std::to_string(h.version) + ", but this npuzzle reads version " +
                              std::to_string(kFormatVersion) + "; delete it and build the table again");
  }
  if (checksum64(&h, offsetof(FileHeader, header_checksum)) != h.header_checksum) {
    throw FileError(path, "the header is corrupt (header checksum mismatch)");
  }
  if (h.header_bytes != kHeaderBytes || h.payload_offset != kPayloadOffset || h.entry_width != 1) {
    throw FileError(path, "unsupported layout (header " + std::to_string(h.header_bytes) + " bytes, payload at " +
                              std::to_string(h.payload_offset) + ", entries of " + std::to_string(h.entry_width) +
                              " bytes)");
  }
  FileInfo info;
  info.path = path;
  info.file_bytes = file_bytes;
  info.version = h.version;
  info.rows = h.rows;
  info.cols = h.cols;
  info.goal = h.goal == 1 ? Goal::kBlankFirst : Goal::kBlankLast;
  if (h.goal > 1) throw FileError(path, "unknown goal code " + std::to_string(h.goal) + " in the header");
  if (h.pattern_size == 0 || h.pattern_size > sizeof h.tiles) {
    throw FileError(path, "invalid pattern size " + std::to_string(h.pattern_size) + " in the header");
  }
  info.tiles.assign(h.tiles, h.tiles + h.pattern_size);
  if (h.zero_aware > 1) throw FileError(path, "unknown table kind " + std::to_string(h.zero_aware) + " in the header");
  info.zero_aware = h.zero_aware == 1;
  info.entry_width = h.entry_width;
  info.entry_count = h.entry_count;
  info.checksum = h.payload_checksum;
  info.max_value = h.max_value;
  info.created_unix = h.created_unix;
  info.build_seconds = h.build_seconds;
  info.creator.assign(h.creator, strnlen(h.creator, sizeof h.creator));
  Pattern pattern;
  try {
    pattern = info.pattern();
  } catch (const std::invalid_argument& e) {
    throw FileError(path, std::string("invalid pattern in the header: ") + e.what());
  }
  if (pattern.entries() != info.entry_count) {
    throw FileError(path, "the header claims " + std::to_string(info.entry_count) + " entries, but pattern " +
                              pattern.describe() + " has " + std::to_string(pattern.entries()));
  }
  const std::uint64_t want = expected_bytes(info.entry_count);
  if (file_bytes < want) {
    throw FileError(path, "truncated: the file has " + std::to_string(file_bytes) + " bytes, its header promises " +
                              std::to_string(want));
  }
  if (file_bytes > want) {
    throw FileError(path, "the file has " + std::to_string(file_bytes) + " bytes, " +
                              std::to_string(file_bytes - want) + " more than its header promises (" +
                              std::to_string(want) + ")");
  }
  return info;
}

// A PDB file opened for reading, its header decoded and checked: what
// reading the header, loading, verifying and a build's read-back all start
// from. The descriptor closes with the object.
struct OpenedFile {
  explicit OpenedFile(int descriptor) : fd(descriptor) {}
  Fd fd;
  struct stat st {};
  FileInfo info;
};

// Opens `path` and decodes its header (decode). Throws FileError; the
// descriptor is closed on every path.
OpenedFile open_and_decode(const std::string& path) {
  OpenedFile file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  const int fd = file.fd.get();
  if (fd < 0) throw FileError(path, "cannot open: " + errno_text());
  struct stat& st = file.st;
  if (::fstat(fd, &st) != 0) throw FileError(path, "cannot stat: " + errno_text());
  if (!S_ISREG(st.st_mode)) throw FileError(path, "not a regular file");
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size < kHeaderBytes) {
    throw FileError(path, "truncated: " + std::to_string(size) + " bytes, shorter than the " +
                              std::to_string(kHeaderBytes) + "-byte header");
  }
  FileHeader h;
  std::size_t got = 0;
  while (got < sizeof h) {
    const ssize_t n = ::pread(fd, reinterpret_cast<char*>(&h) + got, sizeof h - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw FileError(path, "cannot read the header: " + (n < 0 ? errno_text() : "unexpected end"));
    got += static_cast<std::size_t>(n);
  }
  file.info = decode(path, h, size);
  return file;
}

// The whole of an opened file, mapped read-only and shared; the mapping
// outlives the descriptor.
std::shared_ptr<Mapping> map_file(const std::string& path, const OpenedFile& file) {
  const std::uint64_t bytes = file.info.file_bytes;
  auto m = std::make_shared<Mapping>();
  m->bytes = bytes;
  m->addr = ::mmap(nullptr, bytes, PROT_READ, MAP_SHARED, file.fd.get(), 0);
  if (m->addr == MAP_FAILED) throw FileError(path, "cannot map: " + errno_text());
#ifdef MADV_HUGEPAGE
  // Fewer TLB misses on random lookups where the kernel supports huge pages
  // for this file system; an error only means it does not.
  ::madvise(m->addr, bytes, MADV_HUGEPAGE);
#endif
  return m;
}

const std::uint8_t* payload_of(const Mapping& m) { return static_cast<const std::uint8_t*>(m.addr) + kPayloadOffset; }

std::string stamp_path(const std::string& path) { return path + ".verified"; }

std::string stamp_text(const struct stat& st, std::uint64_t checksum) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "npuzzle-pdb-verified 1 size=%lld dev=%llu ino=%llu mtime=%lld.%09ld ctime=%lld.%09ld xxh64=%s\n",
                static_cast<long long>(st.st_size), static_cast<unsigned long long>(st.st_dev),
                static_cast<unsigned long long>(st.st_ino), static_cast<long long>(st.st_mtim.tv_sec),
                static_cast<long>(st.st_mtim.tv_nsec), static_cast<long long>(st.st_ctim.tv_sec),
                static_cast<long>(st.st_ctim.tv_nsec), hex64(checksum).c_str());
  return buf;
}

bool stamp_matches(const std::string& path, const struct stat& st, std::uint64_t checksum) {
  std::FILE* f = std::fopen(stamp_path(path).c_str(), "rb");
  if (!f) return false;
  char buf[512] = {};
  const std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  return std::string(buf, n) == stamp_text(st, checksum);
}

std::atomic<std::uint64_t> temp_counter{0};

std::string temp_name(const std::string& path) {
  return path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(temp_counter.fetch_add(1));
}

void write_all(int fd, const void* data, std::uint64_t bytes, const std::string& path) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::write(fd, p, std::min<std::uint64_t>(bytes, std::uint64_t{1} << 30));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw FileError(path, "cannot write: " + errno_text());
    p += n;
    bytes -= static_cast<std::uint64_t>(n);
  }
}

// Best effort: a stamp that cannot be written only means the next load verifies again.
void write_stamp(const std::string& path, const struct stat& st, std::uint64_t checksum) {
  const std::string text = stamp_text(st, checksum);
  const std::string tmp = temp_name(stamp_path(path));
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return;
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), stamp_path(path).c_str()) != 0) ::unlink(tmp.c_str());
}

std::string directory_of(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

}  // namespace

FileError::FileError(const std::string& path, const std::string& what)
    : std::runtime_error(path + ": " + what), path_(path) {}

std::uint64_t checksum64(const void* data, std::size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  const unsigned char* const end = p + size;
  std::uint64_t h;
  if (size >= 32) {
    std::uint64_t v1 = kP1 + kP2, v2 = kP2, v3 = 0, v4 = 0 - kP1;
    const unsigned char* const limit = end - 32;
    do {
      v1 = xxh_round(v1, read64(p));
      v2 = xxh_round(v2, read64(p + 8));
      v3 = xxh_round(v3, read64(p + 16));
      v4 = xxh_round(v4, read64(p + 24));
      p += 32;
    } while (p <= limit);
    h = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
    h = xxh_merge(h, v1);
    h = xxh_merge(h, v2);
    h = xxh_merge(h, v3);
    h = xxh_merge(h, v4);
  } else {
    h = kP5;
  }
  h += static_cast<std::uint64_t>(size);
  for (; p + 8 <= end; p += 8) {
    h ^= xxh_round(0, read64(p));
    h = std::rotl(h, 27) * kP1 + kP4;
  }
  if (p + 4 <= end) {
    h ^= static_cast<std::uint64_t>(read32(p)) * kP1;
    h = std::rotl(h, 23) * kP2 + kP3;
    p += 4;
  }
  for (; p < end; ++p) {
    h ^= (*p) * kP5;
    h = std::rotl(h, 11) * kP1;
  }
  h ^= h >> 33;
  h *= kP2;
  h ^= h >> 29;
  h *= kP3;
  h ^= h >> 32;
  return h;
}

void write_pdb_file(const std::string& path, const PatternDb& table, const WriteInfo& info) {
  const Pattern& pattern = table.pattern();
  FileHeader h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kFormatVersion;
  h.header_bytes = kHeaderBytes;
  h.payload_offset = kPayloadOffset;
  h.entry_count = table.size();
  h.payload_checksum = checksum64(table.data(), table.size());
  h.created_unix = static_cast<std::int64_t>(std::time(nullptr));
  h.build_seconds = info.build_seconds;
  h.rows = static_cast<std::uint8_t>(pattern.rows());
  h.cols = static_cast<std::uint8_t>(pattern.cols());
  h.goal = goal_code(pattern.goal());
  h.pattern_size = static_cast<std::uint8_t>(pattern.size());
  h.zero_aware = pattern.zero_aware() ? 1 : 0;
  h.entry_width = 1;
  int max_value = 0;
  for (std::uint64_t r = 0; r < table.size(); ++r) {
    if (table.at(r) != kUnreachable) max_value = std::max<int>(max_value, table.at(r));
  }
  h.max_value = static_cast<std::uint8_t>(max_value);
  for (int i = 0; i < pattern.size(); ++i) h.tiles[i] = static_cast<std::uint8_t>(pattern.tile(i));
  std::memcpy(h.creator, info.creator.data(), std::min(info.creator.size(), sizeof h.creator - 1));
  h.header_checksum = checksum64(&h, offsetof(FileHeader, header_checksum));

  const std::string tmp = temp_name(path);
  try {
    {
      Fd fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
      if (fd.get() < 0) throw FileError(tmp, "cannot create: " + errno_text());
      std::vector<char> head(kPayloadOffset, 0);
      std::memcpy(head.data(), &h, sizeof h);
      write_all(fd.get(), head.data(), head.size(), tmp);
      write_all(fd.get(), table.data(), table.size(), tmp);
      if (::fsync(fd.get()) != 0) throw FileError(tmp, "cannot flush to disk: " + errno_text());
    }
    // Read back what reached the file system before publishing it: this is
    // the "first load after build" verification.
    {
      const OpenedFile written = open_and_decode(tmp);
      auto m = map_file(tmp, written);
      const std::uint64_t sum = checksum64(payload_of(*m), written.info.entry_count);
      if (sum != written.info.checksum) {
        throw FileError(tmp, "the written file does not read back (checksum mismatch)");
      }
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) throw FileError(path, "cannot rename into place: " + errno_text());
  } catch (...) {
    ::unlink(tmp.c_str());
    throw;
  }
  {
    Fd dir(::open(directory_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dir.get() >= 0) ::fsync(dir.get());
  }
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) write_stamp(path, st, h.payload_checksum);
}

FileInfo read_pdb_info(const std::string& path) { return open_and_decode(path).info; }

std::shared_ptr<const PatternDb> load_pdb_file(const std::string& path, const Pattern* expected,
                                               const LoadOptions& options) {
  const OpenedFile file = open_and_decode(path);
  const FileInfo& info = file.info;
  Pattern pattern = info.pattern();
  if (expected) {
    if (pattern.rows() != expected->rows() || pattern.cols() != expected->cols()) {
      throw FileError(path, "built for a " + size_name(pattern.rows(), pattern.cols()) + " board, but a " +
                                size_name(expected->rows(), expected->cols()) + " board was expected");
    }
    if (pattern.goal() != expected->goal()) {
      throw FileError(path, "built for the " + std::string(goal_name(pattern.goal())) + " goal, but " +
                                std::string(goal_name(expected->goal())) + " was expected");
    }
    if (pattern.zero_aware() != expected->zero_aware()) {
      throw FileError(path, std::string("holds a ") + (pattern.zero_aware() ? "zero-aware" : "plain") +
                                " table, but a " + (expected->zero_aware() ? "zero-aware" : "plain") +
                                " one was expected");
    }
    if (pattern.tiles() != expected->tiles()) {
      throw FileError(path, "holds the pattern " + pattern.tile_list() + ", but " + expected->tile_list() +
                                " was expected");
    }
  }
  auto mapping = map_file(path, file);
  const std::uint8_t* payload = payload_of(*mapping);
  const bool small = info.entry_count <= options.always_verify_bytes;
  const bool verify = options.verify == Verify::kAlways ||
                      (options.verify == Verify::kAuto && (small || !stamp_matches(path, file.st, info.checksum)));
  if (verify) {
    const std::uint64_t sum = checksum64(payload, info.entry_count);
    if (sum != info.checksum) {
      throw FileError(path, "payload checksum mismatch (stored " + hex64(info.checksum) + ", computed " + hex64(sum) +
                                "): the file is corrupt; delete it and build the table again");
    }
    if (options.verify == Verify::kAuto && !small) write_stamp(path, file.st, info.checksum);
  }
  return std::make_shared<const PatternDb>(std::move(pattern), payload, std::move(mapping), path);
}

VerifyResult verify_pdb_file(const std::string& path) {
  const OpenedFile file = open_and_decode(path);
  auto mapping = map_file(path, file);
  ::madvise(mapping->addr, mapping->bytes, MADV_SEQUENTIAL);
  VerifyResult r;
  r.stored = file.info.checksum;
  r.computed = checksum64(payload_of(*mapping), file.info.entry_count);
  r.ok = r.stored == r.computed;
  return r;
}

std::string default_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/npuzzle";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/npuzzle";
  return ".npuzzle-cache";
}

std::string cache_file_name(const Pattern& pattern) {
  std::string name = size_name(pattern.rows(), pattern.cols()) + "-" + std::string(goal_name(pattern.goal()));
  for (int t : pattern.tiles()) name += "-" + std::to_string(t);
  return name + (pattern.zero_aware() ? "-zero-aware.pdb" : ".pdb");
}

namespace {

// Tables this process has mapped, by path, so that every user shares one mapping.
std::mutex registry_mutex;
std::map<std::string, std::weak_ptr<const PatternDb>>& registry() {
  static auto* r = new std::map<std::string, std::weak_ptr<const PatternDb>>();
  return *r;
}

std::shared_ptr<const PatternDb> registered(const std::string& path) {
  std::lock_guard lock(registry_mutex);
  auto it = registry().find(path);
  return it == registry().end() ? nullptr : it->second.lock();
}

void register_table(const std::string& path, const std::shared_ptr<const PatternDb>& table) {
  std::lock_guard lock(registry_mutex);
  registry()[path] = table;
}

// An exclusive flock on `path`, held for the object's lifetime.
class LockFile {
 public:
  explicit LockFile(const std::string& path) : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    if (fd_.get() < 0) throw FileError(path, "cannot create the lock file: " + errno_text());
    while (::flock(fd_.get(), LOCK_EX) != 0) {
      if (errno != EINTR) throw FileError(path, "cannot lock: " + errno_text());
    }
  }
  ~LockFile() { ::flock(fd_.get(), LOCK_UN); }

 private:
  Fd fd_;
};

bool exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

// Removes the temporaries "PATH.tmp.PID.N" (temp_name) of processes that no
// longer exist: a build killed half-way (kill -9, the OOM killer) leaves
// one, as large as the table. Called under PATH's build lock, which every
// live builder through the cache holds while it writes, so a dead process's
// temporary is garbage; one of a live process (a direct write_pdb_file, or
// a reused PID) is left alone.
void remove_stale_temporaries(const std::string& path) {
  const std::filesystem::path target(path);
  const std::string prefix = target.filename().string() + ".tmp.";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(directory_of(path), ec)) {
    const std::string name = entry.path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    char* end = nullptr;
    const long pid = std::strtol(name.c_str() + prefix.size(), &end, 10);
    if (pid <= 0 || end == nullptr || *end != '.') continue;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) ::unlink(entry.path().c_str());
  }
}

}  // namespace

CacheResult load_or_build(const Pattern& pattern, const CacheOptions& options) {
  const std::string dir = options.directory();
  CacheResult result;
  result.path = options.path_of(pattern);
  if (auto shared = registered(result.path)) {
    result.table = std::move(shared);
    return result;
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw FileError(dir, "cannot create the PDB directory: " + ec.message());
  if (!exists(result.path)) {
    if (!options.build_missing) {
      throw FileError(result.path, "not built yet (the table of " + pattern.describe() + ")");
    }
    LockFile lock(result.path + ".lock");
    if (!exists(result.path)) {  // nobody built it while we waited for the lock
      remove_stale_temporaries(result.path);
      const MemoryReservation arrays(options.budget, build_memory_bytes(pattern),
                                     "building the pattern database " + pattern.describe());
      PatternDb table = build_pdb(pattern, options.build, &result.stats);
      write_pdb_file(result.path, table, WriteInfo{options.creator, result.stats.seconds});
      result.built = true;
    }
  }
  // The mapping is paged in as the search touches it, all of it in the end.
  MemoryReservation mapped;
  if (options.budget) {
    mapped = MemoryReservation(options.budget, read_pdb_info(result.path).file_bytes,
                               "the pattern database " + result.path);
  }
  result.table = load_pdb_file(result.path, &pattern, options.load);
  if (mapped.bytes() != 0) {
    // The reservation lives exactly as long as the table: both sit in one
    // holder that the returned pointer owns (an aliasing shared_ptr).
    struct Holder {
      std::shared_ptr<const PatternDb> table;
      MemoryReservation reservation;
    };
    auto holder = std::make_shared<Holder>(Holder{result.table, std::move(mapped)});
    result.table = std::shared_ptr<const PatternDb>(holder, holder->table.get());
  }
  register_table(result.path, result.table);
  return result;
}

// ------------------------------------------- forms derived from a table --
namespace {

constexpr char kDerivedMagic[8] = {'N', 'P', 'U', 'Z', 'Z', 'D', 'R', 'V'};
constexpr std::uint32_t kDerivedFormatVersion = 1;

struct DerivedHeader {
  char magic[8];
  std::uint32_t format_version;
  std::uint32_t kind_version;
  char kind[16];
  std::uint64_t parameter;
  std::uint64_t source_checksum;  // the source table's payload XXH64, as its header stores it
  std::uint64_t payload_bytes;
  std::uint64_t payload_checksum;
  std::uint64_t header_checksum;  // XXH64 of the bytes before it
};
static_assert(std::is_trivially_copyable_v<DerivedHeader>);
static_assert(sizeof(DerivedHeader) <= kPayloadOffset);

DerivedHeader derived_header(const DerivedKey& key, std::uint64_t source_checksum) {
  DerivedHeader h{};
  std::memcpy(h.magic, kDerivedMagic, sizeof kDerivedMagic);
  h.format_version = kDerivedFormatVersion;
  h.kind_version = key.version;
  std::memcpy(h.kind, key.kind.data(), std::min(key.kind.size(), sizeof h.kind - 1));
  h.parameter = key.parameter;
  h.source_checksum = source_checksum;
  h.payload_bytes = key.bytes;
  return h;
}

// Reads exactly `bytes` at `offset`; false on an error or a short file.
bool read_exactly(int fd, void* out, std::uint64_t bytes, std::uint64_t offset) {
  auto* p = static_cast<char*>(out);
  while (bytes > 0) {
    const ssize_t n = ::pread(fd, p, std::min<std::uint64_t>(bytes, std::uint64_t{1} << 30),
                              static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    offset += static_cast<std::uint64_t>(n);
    bytes -= static_cast<std::uint64_t>(n);
  }
  return true;
}

constexpr std::uint64_t kKeepFreeBytes = std::uint64_t{1} << 30;

}  // namespace

std::string derived_path(const std::string& table_path, const DerivedKey& key) {
  return table_path + "." + key.kind;
}

bool read_derived_file(const std::string& table_path, const DerivedKey& key, void* out) noexcept {
  try {
    const std::uint64_t source = read_pdb_info(table_path).checksum;
    const std::string path = derived_path(table_path, key);
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) return false;
    struct stat st;
    if (::fstat(fd.get(), &st) != 0 || static_cast<std::uint64_t>(st.st_size) != kPayloadOffset + key.bytes) return false;
    DerivedHeader stored;
    if (!read_exactly(fd.get(), &stored, sizeof stored, 0)) return false;
    DerivedHeader expected = derived_header(key, source);
    expected.payload_checksum = stored.payload_checksum;
    expected.header_checksum = stored.header_checksum;
    if (std::memcmp(&stored, &expected, sizeof stored) != 0) return false;
    if (checksum64(&stored, offsetof(DerivedHeader, header_checksum)) != stored.header_checksum) return false;
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd.get(), 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    if (!read_exactly(fd.get(), out, key.bytes, kPayloadOffset)) return false;
    return checksum64(out, key.bytes) == stored.payload_checksum;
  } catch (...) {
    return false;
  }
}

bool write_derived_file(const std::string& table_path, const DerivedKey& key, const void* data) noexcept {
  std::string tmp;
  try {
    const std::string path = derived_path(table_path, key);
    struct statvfs fs;
    if (::statvfs(directory_of(path).c_str(), &fs) != 0) return false;
    const std::uint64_t free_bytes = static_cast<std::uint64_t>(fs.f_bavail) * fs.f_frsize;
    if (free_bytes < kPayloadOffset + key.bytes + kKeepFreeBytes) return false;
    DerivedHeader h = derived_header(key, read_pdb_info(table_path).checksum);
    h.payload_checksum = checksum64(data, key.bytes);
    h.header_checksum = checksum64(&h, offsetof(DerivedHeader, header_checksum));
    remove_stale_temporaries(path);
    tmp = temp_name(path);
    {
      Fd fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
      if (fd.get() < 0) return false;
      std::vector<char> head(kPayloadOffset, 0);
      std::memcpy(head.data(), &h, sizeof h);
      write_all(fd.get(), head.data(), head.size(), tmp);
      write_all(fd.get(), data, key.bytes, tmp);
    }
    // No fsync: a file torn by a crash fails its checksum on the next read
    // and is derived and written again.
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
      ::unlink(tmp.c_str());
      return false;
    }
    return true;
  } catch (...) {
    if (!tmp.empty()) ::unlink(tmp.c_str());
    return false;
  }
}

}  // namespace npuzzle::pdb
