// The solver behind the game's Solve and Hint buttons: the engine's public
// API (search/engine.h, search/registry.h) run on a worker thread, so the
// window never waits for a search. Answers come back as the finished()
// signal on the thread that owns the Assistant (the GUI thread).
//
// One search at a time. cancel() raises SolveLimits::cancel; the engine polls
// it every 65,536 expansions (milliseconds), so a cancelled search answers
// with Status::kCancelled at once.
//
// Which search:
//   Solve  boards up to 16 cells: optimal IDA* with the strongest heuristic
//          ready at once (4x4: pdb:78 or pdb:663 when cached, else "auto",
//          while the window has pdb:663 built for the next time);
//          larger boards: the engine's "phased" solver once it has one
//          (plan_solve asks parse_algorithm), else optimal IDA* with "auto",
//          which the player may cancel; boards beyond what optimal search
//          supports are refused with the reason.
//   Hint   optimal IDA* under a time limit. On 4x4 the first hint starts
//          building pdb:663 (seconds) in the background when no table is
//          cached (tables_status() reports its progress); until it is
//          ready hints use "auto" (linear-conflict, unless pdb:555 is
//          cached), which may hit the time limit.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include <QObject>
#include <QString>

#include "core/board.h"
#include "search/engine.h"

namespace npuzzle::gui {

enum class Task : std::uint8_t { kSolve, kHint };

// A request as planned for one board, before it runs.
struct Plan {
  SolveRequest request;
  std::string algorithm;  // as the CLI names it: "ida", "phased"
  bool optimal = true;    // the algorithm proves optimality
  std::string refusal;    // non-empty: nothing is run, and this says why
  std::string warning;    // for the status line while it runs ("may take long")
};

struct Answer {
  Task task = Task::kSolve;
  Board start;
  Goal goal = Goal::kBlankLast;
  std::string algorithm;
  SolveReport report;  // report.result.moves take `start` to the goal when solved
  std::string refusal;  // the plan's refusal, when nothing was run
};

class Assistant : public QObject {
  Q_OBJECT

 public:
  explicit Assistant(QObject* parent = nullptr);
  // Cancels a running search and waits for it and for a table build
  // (a build cannot be interrupted; it takes seconds).
  ~Assistant() override;

  bool busy() const { return busy_; }
  // Precondition for both: !busy(). finished() follows, always.
  void solve(const Board& board, Goal goal);
  void hint(const Board& board, Goal goal);
  void cancel();

  Plan plan(Task task, int rows, int cols, Goal goal) const;

  // True when the hint table for this shape and goal is cached, or the
  // shape needs none (every shape but 4x4).
  bool hint_tables_ready(int rows, int cols, Goal goal) const;
  // Starts building pdb:663 for 4x4 and `goal` when it is not cached and
  // not already being built; tables_status() reports, ending with ready.
  void prepare_hint_tables(int rows, int cols, Goal goal);
  bool building_tables() const;

  // Tests: the heuristic Solve uses instead of its own choice.
  void set_solve_heuristic(std::optional<HeuristicSpec> spec) { solve_heuristic_ = std::move(spec); }
  // The tables' options (the cache directory); the default is the CLI's cache.
  TableOptions& tables() { return tables_; }

 signals:
  void finished(const npuzzle::gui::Answer& answer);
  // A running search's progress, for the status line.
  void progress(const QString& text);
  // The hint table's build: progress, then a final message; ready says whether it can be used.
  void tables_status(const QString& text, bool ready);

 private:
  void run(Task task, const Board& board, Goal goal);

  TableOptions tables_;
  std::optional<HeuristicSpec> solve_heuristic_;
  std::atomic<bool> cancel_{false};
  bool busy_ = false;
  std::thread search_;
  std::thread builder_;
  mutable std::mutex build_mutex_;
  std::set<Goal> building_;  // goals whose 4x4 hint table is being built
};

}  // namespace npuzzle::gui
