#include "heuristics/pdb/additive_cache.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <tuple>

namespace npuzzle::pdb {

std::shared_ptr<const AdditivePdb> load_additive(std::string_view spec, int rows, int cols, Goal goal,
                                                 const AdditiveOptions& options) {
  if (is_catalogue_spec(spec)) {
    std::vector<std::shared_ptr<const AdditivePdb>> partitions;
    for (const std::string& member : catalogue_members(spec, rows, cols)) {
      partitions.push_back(load_additive(member, rows, cols, goal, options));
    }
    return std::make_shared<const AdditivePdb>(std::string(spec), partitions);
  }
  const auto tiles = partition_tiles(spec, rows, cols, goal);
  std::vector<std::shared_ptr<const PatternDb>> parts;
  for (const auto& part : tiles) {
    parts.push_back(load_or_build(Pattern(rows, cols, goal, part, is_zero_aware_spec(spec)), options.cache).table);
  }
  return std::make_shared<const AdditivePdb>(std::string(spec), rows, cols, goal, std::move(parts), options.reflect);
}

bool additive_cached(std::string_view spec, int rows, int cols, Goal goal, const AdditiveOptions& options) {
  if (is_catalogue_spec(spec)) {
    for (const std::string& member : catalogue_members(spec, rows, cols)) {
      if (!additive_cached(member, rows, cols, goal, options)) return false;
    }
    return true;
  }
  for (const auto& part : partition_tiles(spec, rows, cols, goal)) {
    std::error_code ec;
    const Pattern pattern(rows, cols, goal, part, is_zero_aware_spec(spec));
    if (!std::filesystem::is_regular_file(options.cache.path_of(pattern), ec)) {
      return false;
    }
  }
  return true;
}

std::vector<std::string> missing_tables(std::string_view spec, int rows, int cols, Goal goal,
                                        const AdditiveOptions& options) {
  std::vector<std::string> missing;
  if (is_catalogue_spec(spec)) {
    for (const std::string& member : catalogue_members(spec, rows, cols)) {
      for (std::string& path : missing_tables(member, rows, cols, goal, options)) {
        if (std::find(missing.begin(), missing.end(), path) == missing.end()) missing.push_back(std::move(path));
      }
    }
    return missing;
  }
  for (const auto& part : partition_tiles(spec, rows, cols, goal)) {
    std::error_code ec;
    const std::string path = options.cache.path_of(Pattern(rows, cols, goal, part, is_zero_aware_spec(spec)));
    if (!std::filesystem::is_regular_file(path, ec)) missing.push_back(path);
  }
  return missing;
}

std::shared_ptr<const AdditivePdb> shared_additive(std::string_view spec, int rows, int cols, Goal goal,
                                                   const AdditiveOptions& options) {
  using Key = std::tuple<std::string, int, int, Goal, bool, std::string>;
  static std::mutex mutex;
  static auto* cache = new std::map<Key, std::shared_ptr<const AdditivePdb>>();
  const std::string dir = options.cache.directory();
  Key key{std::string(spec), rows, cols, goal, options.reflect && rows == cols, dir};
  std::lock_guard lock(mutex);
  if (auto it = cache->find(key); it != cache->end()) return it->second;
  auto pdb = load_additive(spec, rows, cols, goal, options);
  cache->emplace(std::move(key), pdb);
  return pdb;
}

}  // namespace npuzzle::pdb
