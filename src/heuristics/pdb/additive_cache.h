// Additive sets of pattern databases (additive.h) from the table cache
// (file.h): loading, building what is missing, and one shared copy per
// set for the life of the process.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "heuristics/pdb/additive.h"
#include "heuristics/pdb/file.h"

namespace npuzzle::pdb {

struct AdditiveOptions {
  bool reflect = true;  // max with the diagonal reflection on square boards
  CacheOptions cache;   // where the tables live, and how missing ones are built
};

// Every part of `spec` for this board and goal, loaded from the cache (and
// built first where missing, unless options.cache.build_missing is false).
// Throws std::invalid_argument for a bad spec, FileError for a bad file.
std::shared_ptr<const AdditivePdb> load_additive(std::string_view spec, int rows, int cols, Goal goal,
                                                 const AdditiveOptions& options = {});

// True when every table of `spec` for this board and goal is in the cache
// directory (not opened; a bad file shows up when it is loaded).
bool additive_cached(std::string_view spec, int rows, int cols, Goal goal, const AdditiveOptions& options = {});

// The paths of the tables of `spec` for this board and goal that are not
// in the cache directory (empty: additive_cached). Throws like load_additive
// for a bad spec.
std::vector<std::string> missing_tables(std::string_view spec, int rows, int cols, Goal goal,
                                        const AdditiveOptions& options = {});

// As load_additive, but the same (spec, board, goal, reflection, directory)
// returns the same object for the life of the process. Thread-safe.
std::shared_ptr<const AdditivePdb> shared_additive(std::string_view spec, int rows, int cols, Goal goal,
                                                   const AdditiveOptions& options = {});

}  // namespace npuzzle::pdb
