// Parsing: Korf's 100 in the lines format, and a large grid.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "io/reader.h"

namespace npuzzle {
namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void BM_ParseKorf100(benchmark::State& state) {
  const std::string text = read_file(std::string(NPUZZLE_SOURCE_DIR) + "/datasets/korf100.txt");
  for (auto _ : state) {
    std::istringstream in(text);
    auto file = read_puzzles(in, "korf100.txt", {});
    benchmark::DoNotOptimize(file.puzzles.data());
  }
  state.SetItemsProcessed(state.iterations() * 100);
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_ParseKorf100);

void BM_ParseGrid(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  std::string text = std::to_string(side) + "\n";
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < side; ++c) text += std::to_string((r * side + c + 1) % (side * side)) + " ";
    text += "\n";
  }
  for (auto _ : state) {
    std::istringstream in(text);
    auto file = read_puzzles(in, "grid.txt", {});
    benchmark::DoNotOptimize(file.puzzles.data());
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_ParseGrid)->Arg(4)->Arg(100)->Arg(1000);

}  // namespace
}  // namespace npuzzle
