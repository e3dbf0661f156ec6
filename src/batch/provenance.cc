#include "batch/provenance.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <thread>

#include "core/memory_budget.h"
#include "npuzzle/revision.h"

namespace npuzzle {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

}  // namespace

std::string npuzzle_version() { return NPUZZLE_VERSION; }
std::string git_revision() { return NPUZZLE_GIT_REVISION; }

JsonObject machine_info() {
  JsonObject m;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  m.add("hostname", host);
  m.add("cpu", cpu_model());
  m.add("logical_cores", static_cast<int>(std::thread::hardware_concurrency()));
  m.add("memory_bytes", physical_memory());
  utsname u{};
  if (uname(&u) == 0) m.add("os", std::string(u.sysname) + " " + u.release + " " + u.machine);
  return m;
}

std::string machine_summary() {
  return cpu_model() + ", " + std::to_string(std::thread::hardware_concurrency()) + " logical cores";
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace npuzzle
