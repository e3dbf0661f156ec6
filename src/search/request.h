// One description of a solve request, for every front end: the CLI's
// options, the Python module's keywords, the game and the MPI ranks all
// fill a SolveRequest, and the engine checks it. What is wrong with one
// comes back as a RequestProblem, a value, and each front end words it in
// its own vocabulary (--weight, weight=...): the sentences are written once,
// here, and no string below the front ends names a flag or a program.
//
//   SolveRequest request;
//   request.goal = Goal::kBlankFirst;
//   request.heuristic = heuristic_spec("pdb:663");
//   request.limits.seconds = 10;
//   if (auto problem = check_request(request)) error(describe(*problem, my_vocabulary));
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/board.h"
#include "heuristics/registry.h"
#include "search/move_fsm.h"
#include "search/result.h"

namespace npuzzle {

// kPhased: the constructive row-by-row solver (phased.h): any size, status
// kSolved, never optimal.
enum class Algorithm : std::uint8_t { kIdaStar, kAStar, kPhased };
std::string_view algorithm_name(Algorithm a);
std::optional<Algorithm> parse_algorithm(std::string_view name);

struct SolveRequest {
  Goal goal = Goal::kBlankLast;
  Algorithm algorithm = Algorithm::kIdaStar;
  HeuristicSpec heuristic = HeuristicSpec::automatic();
  // Pattern databases: cache directory, reflection, and the memory budget
  // they draw from. Solving only loads tables (registry.h).
  TableOptions tables;
  // IDA* and A*: W >= 1 searches with f = g + W*h and guarantees
  // length <= W * optimal (ida_star.h, a_star.h), status kSolved; 1 is
  // optimal search.
  double weight = 1;
  // Weighted IDA* only, 1 <= G <= weight: each bound at least G times the
  // last, with the inner weight weight/G (ida_star.h); 1 is the smallest step.
  double bound_growth = 1;
  // Unweighted IDA* only: kFsm cuts duplicate paths with a move-pruning
  // machine (move_fsm.h): fewer nodes, the same optimal lengths; kParent
  // reproduces the published node counts.
  MovePruning pruning = MovePruning::kParent;
  // kFsm only: the machine's depth in moves, 0 for default_fsm_depth();
  // otherwise from kMinFsmDepth to max_fsm_depth() of the board's cells.
  int fsm_depth = 0;
  bool shorten = false;  // phased only: shorten the solution (search/shorten.h)
  SolveLimits limits;
  // Optimal IDA* (weight 1) only: split each iteration's tree over the
  // threads of the calling oneTBB task arena (parallel_ida_star.h), always,
  // or for the iterations that start after `intra_parallel_from` is raised.
  // The result and node counts are the serial search's, unless a limit or
  // cancel stops it (a node limit is then checked against all threads'
  // expansions together and may be passed by 65,536 per thread).
  bool intra_parallel = false;
  const std::atomic<bool>* intra_parallel_from = nullptr;
  // Unweighted IDA* only: a checkpoint file (checkpoint.h). When it exists
  // and matches the board and request, the search resumes from it (a
  // mismatch or an unreadable file is kUnsupported, with the reason); it is
  // rewritten after every completed iteration and removed once the search
  // has an answer. Empty: none.
  std::string checkpoint;
};

// The options of a request (and of the runs around it) as the problems
// below name them; a front end's Vocabulary spells them.
enum class RequestOption : std::uint8_t {
  kGoal,
  kAlgorithm,
  kHeuristic,
  kWeight,
  kBoundGrowth,
  kPruning,
  kFsmDepth,
  kShorten,
  kTimeLimit,
  kMaxNodes,
  kMemoryLimit,
  kMemoryBudget,
  kReflect,
  kSize,
  kNotation,
  kResume,
  kShard,
  kThreads,
};

// How a front end names an option, and an option set to a value: the CLI
// says "--weight" and "--algorithm ida", the Python module "weight" and
// "algorithm='ida'". neutral_vocabulary() is the engine's own ("the weight",
// "the algorithm ida"), for messages no front end rewords.
struct Vocabulary {
  std::function<std::string(RequestOption)> option;
  std::function<std::string(RequestOption, std::string_view value)> setting;
};
const Vocabulary& neutral_vocabulary();

// What is wrong with a request, as a value. `low` and `high` bound a range.
struct RequestProblem {
  enum class Code : std::uint8_t {
    kWeightRange,            // the weight is not from 1 to 1000
    kWeightWithPhased,       // a weight above 1 for the phased solver
    kBoundGrowthRange,       // the bound growth is not from 1 to the weight
    kBoundGrowthWithoutIda,  // a bound growth above 1 for another algorithm than IDA*
    kMachineWithoutPlainIda, // the move-pruning machine for another search than unweighted IDA*
    kPickWithoutPlainIda,    // pick(A,B) for another search than unweighted IDA*
    kFsmDepthWithoutMachine, // a machine depth without the machine
    kFsmDepthRange,          // a machine depth outside low..high (0: the shape's default)
    kShortenWithoutPhased,   // shortening asked of another algorithm than phased
    kTooManyCells,           // optimal search on a board of `low` cells, above `high` (`detail`: the shape)
    kAStarTooManyCells,      // A* on a board above `high` cells
    kHeuristicSize,          // the heuristic does not serve the shape (`detail`: why)
    kPhasedTooLarge,         // the phased solver's solution would not fit its move limit (`detail`: why)
  };
  Code code;
  double low = 0;
  double high = 0;
  std::string detail;
};

// The problem with the request whatever the board, or none.
std::optional<RequestProblem> check_request(const SolveRequest& request);
// The problem with the request for a rows x cols board (the above first,
// then the shape's limits), or none.
std::optional<RequestProblem> check_request(const SolveRequest& request, int rows, int cols);

// The problem as a sentence in a front end's vocabulary.
std::string describe(const RequestProblem& problem, const Vocabulary& vocabulary = neutral_vocabulary());

// W as the fraction num/den that the kernel uses: the smallest den up to
// 1000 that gives W within 1e-9, else W rounded to thousandths (never below 1).
struct WeightFraction {
  int num = 1;
  int den = 1;
};
WeightFraction weight_fraction(double weight);

}  // namespace npuzzle
