// Moved to search/handoff.h (parallel IDA* needs it below the batch layer).
#pragma once

#include "search/handoff.h"
