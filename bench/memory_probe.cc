// What a random read of a table the size of pdb:78's (550 MB) costs on this
// machine: one after another (each address depends on the last read: the
// latency) and independent (the out-of-order core and the memory system
// overlap them: the throughput), on 4 KiB pages and on 2 MiB pages
// (MADV_HUGEPAGE), and on 1 GiB pages when the administrator has reserved
// enough of them (echo N > /sys/kernel/mm/hugepages/hugepages-1048576kB/
// nr_hugepages; results/korf24_levers.md section 28). The project's VMs
// differ most in this (results/random15.md), so a results file can quote it
// beside its figures.
//
//   memory_probe [MiB] [READS]      (defaults 550 and 5,000,000)
#include <sys/mman.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

volatile std::uint64_t sink;

struct Table {
  std::uint8_t* data;
  std::size_t bytes;   // read
  std::size_t mapped;  // bytes rounded up to the page
};

enum class Pages { k4KiB, k2MiB, k1GiB };

// Null data when the pages cannot be had (1 GiB pages not reserved).
Table make_table(std::size_t bytes, Pages pages) {
  int flags = MAP_PRIVATE | MAP_ANONYMOUS;
  std::size_t mapped = bytes;
#if defined(MAP_HUGETLB) && defined(MAP_HUGE_SHIFT)
  if (pages == Pages::k1GiB) {
    mapped = (bytes + (std::size_t{1} << 30) - 1) & ~((std::size_t{1} << 30) - 1);
    flags |= MAP_HUGETLB | (30 << MAP_HUGE_SHIFT);
  }
#else
  if (pages == Pages::k1GiB) return {nullptr, bytes, mapped};
#endif
  void* p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, flags, -1, 0);
  if (p == MAP_FAILED) {
    if (pages == Pages::k1GiB) return {nullptr, bytes, mapped};
    std::perror("mmap");
    std::exit(1);
  }
  if (pages == Pages::k2MiB) ::madvise(p, bytes, MADV_HUGEPAGE);
  auto* data = static_cast<std::uint8_t*>(p);
  // Every byte written, so that no page is the shared zero page.
  for (std::size_t i = 0; i < bytes; ++i) data[i] = static_cast<std::uint8_t>((i * 2654435761u) >> 24);
  return {data, bytes, mapped};
}

std::uint64_t xorshift(std::uint64_t& x) {
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

// Nanoseconds per read when each address depends on the previous value.
double dependent_ns(const Table& t, std::size_t reads) {
  std::uint64_t x = 88172645463325252ull, value = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < reads; ++i) value = t.data[(xorshift(x) + value) % t.bytes];
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sink = value;  // keeps the chain
  return s * 1e9 / static_cast<double>(reads);
}

// Nanoseconds per read when the addresses are known in advance.
double independent_ns(const Table& t, std::size_t reads) {
  std::vector<std::uint64_t> at(reads);
  std::uint64_t x = 88172645463325252ull;
  for (auto& a : at) a = xorshift(x) % t.bytes;
  std::uint64_t sum = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < reads; ++i) sum += t.data[at[i]];
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sink = sum;
  return s * 1e9 / static_cast<double>(reads);
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t mib = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 550;
  const std::size_t reads = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 5000000;
  for (const Pages pages : {Pages::k4KiB, Pages::k2MiB, Pages::k1GiB}) {
    const char* name = pages == Pages::k4KiB   ? "4 KiB"
                       : pages == Pages::k2MiB ? "2 MiB (MADV_HUGEPAGE)"
                                               : "1 GiB (MAP_HUGETLB)";
    const Table t = make_table(mib << 20, pages);
    if (t.data == nullptr) {
      std::printf("%zu MiB, %s pages: not had (too few reserved)\n", mib, name);
      continue;
    }
    std::printf("%zu MiB, %s pages: dependent %.1f ns a read, independent %.1f ns a read\n", mib, name,
                dependent_ns(t, reads), independent_ns(t, reads));
    ::munmap(t.data, t.mapped);
  }
  return 0;
}
