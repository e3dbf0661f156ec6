// Provenance for every result file and run summary: what ran, where, when.
#pragma once

#include <string>

#include "io/json.h"

namespace npuzzle {

std::string npuzzle_version();
std::string git_revision();
// Host name, CPU model, logical cores, memory and kernel.
JsonObject machine_info();
// A one-line "model, N cores" for summaries.
std::string machine_summary();
// The current UTC time as ISO 8601.
std::string utc_now();

}  // namespace npuzzle
