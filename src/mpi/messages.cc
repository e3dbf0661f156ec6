#include "mpi/messages.h"

#include <algorithm>

namespace npuzzle::mpi {

void put_work(Writer& w, std::uint64_t sequence, const BatchItem& item) {
  w.put(sequence);
  w.put(item.index);
  w.put(static_cast<std::uint8_t>(item.goal));
  const PuzzleRecord& record = item.record;
  w.put(record.id);
  w.put(record.source);
  w.put(record.line);
  w.put(record.rows);
  w.put(record.cols);
  w.put(record.error);
  w.put(static_cast<std::uint8_t>(record.board.has_value()));
  if (record.board) {
    const auto& tiles = record.board->tiles();
    w.put<std::uint64_t>(tiles.size());
    for (std::uint32_t t : tiles) w.put(t);
  }
}

void get_work(Reader& r, std::uint64_t* sequence, BatchItem& item) {
  *sequence = r.get<std::uint64_t>();
  item.index = r.get<std::uint64_t>();
  const auto goal = r.get<std::uint8_t>();
  if (goal > static_cast<std::uint8_t>(Goal::kBlankFirst)) {
    throw MessageError("npuzzle-mpi: a puzzle with an unknown goal (corrupt message?)");
  }
  item.goal = static_cast<Goal>(goal);
  PuzzleRecord& record = item.record;
  record.id = r.get_string();
  record.source = r.get_string();
  record.line = r.get<int>();
  record.rows = r.get<int>();
  record.cols = r.get<int>();
  record.error = r.get_string();
  record.board.reset();
  if (r.get<std::uint8_t>()) {
    const auto cells = r.get<std::uint64_t>();
    if (record.rows < 2 || record.cols < 2 || cells > static_cast<std::uint64_t>(kMaxCells) ||
        cells != static_cast<std::uint64_t>(record.rows) * static_cast<std::uint64_t>(record.cols)) {
      throw MessageError("npuzzle-mpi: a board's size does not match its shape (corrupt message?)");
    }
    std::vector<std::uint32_t> tiles(cells);
    for (auto& t : tiles) t = r.get<std::uint32_t>();
    if (!Board::validate(record.rows, record.cols, tiles).empty()) {
      throw MessageError("npuzzle-mpi: a board that is not a permutation (corrupt message?)");
    }
    record.board.emplace(record.rows, record.cols, std::move(tiles));
  }
}

namespace {

void put_optional(Writer& w, const std::optional<std::int64_t>& value) {
  w.put<std::uint8_t>(value.has_value());
  if (value) w.put(*value);
}
std::optional<std::int64_t> get_optional(Reader& r) {
  if (!r.get<std::uint8_t>()) return std::nullopt;
  return r.get<std::int64_t>();
}

// Two bits a move, as MoveSequence holds them.
void put_moves(Writer& w, const MoveSequence& moves) {
  w.put(moves.size());
  for (std::uint64_t word : moves.words()) w.put(word);
}
MoveSequence get_moves(Reader& r) {
  const auto size = r.get<std::uint64_t>();
  // Checked before anything is allocated: a corrupt count is a MessageError, not a huge reservation.
  if (size / 32 + (size % 32 != 0) > r.left() / sizeof(std::uint64_t)) {
    throw MessageError("npuzzle-mpi: a message ended early (corrupt?)");
  }
  MoveSequence moves;
  moves.reserve(size);
  for (std::uint64_t left = size; left > 0;) {
    const unsigned count = static_cast<unsigned>(std::min<std::uint64_t>(left, 32));
    std::uint64_t word = r.get<std::uint64_t>();
    if (count < 32) word &= (std::uint64_t{1} << (2 * count)) - 1;
    moves.append_packed(word, count);
    left -= count;
  }
  return moves;
}

void put_problem(Writer& w, const std::optional<RequestProblem>& problem) {
  w.put<std::uint8_t>(problem.has_value());
  if (!problem) return;
  w.put(static_cast<std::uint8_t>(problem->code));
  w.put(problem->low);
  w.put(problem->high);
  w.put(problem->detail);
}
std::optional<RequestProblem> get_problem(Reader& r) {
  if (!r.get<std::uint8_t>()) return std::nullopt;
  RequestProblem problem;
  const auto code = r.get<std::uint8_t>();
  if (code > static_cast<std::uint8_t>(RequestProblem::Code::kPhasedTooLarge)) {
    throw MessageError("npuzzle-mpi: a result with an unknown problem (corrupt message?)");
  }
  problem.code = static_cast<RequestProblem::Code>(code);
  problem.low = r.get<double>();
  problem.high = r.get<double>();
  problem.detail = r.get_string();
  return problem;
}

// auto's choice, by name: the row is found again from its spec on rank 0.
void put_auto_choice(Writer& w, const std::optional<AutoChoice>& choice) {
  w.put<std::uint8_t>(choice.has_value());
  if (!choice) return;
  w.put(choice->spec);
  w.put(choice->label);
  w.put<std::uint64_t>(choice->stronger.size());
  for (const AutoOffer& offer : choice->stronger) {
    w.put(offer.spec);
    w.put<std::uint8_t>(offer.ready);
    w.put(offer.build_cost);
  }
  w.put<std::uint64_t>(choice->skipped.size());
  for (const std::string& skipped : choice->skipped) w.put(skipped);
}
std::optional<AutoChoice> get_auto_choice(Reader& r) {
  if (!r.get<std::uint8_t>()) return std::nullopt;
  AutoChoice choice;
  choice.spec = r.get_string();
  choice.label = r.get_string();
  choice.row = find_heuristic_row(choice.spec);
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) {
    AutoOffer offer;
    offer.spec = r.get_string();
    offer.ready = r.get<std::uint8_t>() != 0;
    offer.build_cost = r.get_string();
    choice.stronger.push_back(std::move(offer));
  }
  for (auto n = r.get<std::uint64_t>(); n > 0; --n) choice.skipped.push_back(r.get_string());
  return choice;
}

}  // namespace

void put_result(Writer& w, std::uint64_t sequence, const BatchItem& item) {
  w.put(sequence);
  const SolveReport& report = item.report;
  const SolveResult& result = report.result;
  w.put(static_cast<std::uint8_t>(result.status));
  w.put(result.length);
  w.put(result.lower_bound);
  w.put(result.initial_h);
  w.put(result.expanded);
  w.put(result.generated);
  w.put(result.seconds);
  put_moves(w, result.moves);
  w.put(result.message);
  w.put(report.heuristic);
  put_auto_choice(w, report.auto_choice);
  w.put(report.explanation);
  put_problem(w, report.problem);
  w.put<std::int8_t>(report.solvable_for ? static_cast<std::int8_t>(*report.solvable_for) : -1);
  put_optional(w, report.resumed_at ? std::optional<std::int64_t>(*report.resumed_at) : std::nullopt);
  put_optional(w, report.resumed_subtrees ? std::optional<std::int64_t>(static_cast<std::int64_t>(*report.resumed_subtrees))
                                          : std::nullopt);
  w.put(report.checkpoint_warning);
}

void get_result(Reader& r, std::uint64_t* sequence, BatchItem& item) {
  *sequence = r.get<std::uint64_t>();
  SolveReport& report = item.report;
  SolveResult& result = report.result;
  const auto status = r.get<std::uint8_t>();
  if (status >= kStatusCount) throw MessageError("npuzzle-mpi: a result with an unknown status (corrupt message?)");
  result.status = static_cast<Status>(status);
  result.length = r.get<decltype(result.length)>();
  result.lower_bound = r.get<decltype(result.lower_bound)>();
  result.initial_h = r.get<decltype(result.initial_h)>();
  result.expanded = r.get<decltype(result.expanded)>();
  result.generated = r.get<decltype(result.generated)>();
  result.seconds = r.get<decltype(result.seconds)>();
  result.moves = get_moves(r);
  result.message = r.get_string();
  report.heuristic = r.get_string();
  report.auto_choice = get_auto_choice(r);
  report.explanation = r.get_string();
  report.problem = get_problem(r);
  const auto other = r.get<std::int8_t>();
  if (other < -1 || other > static_cast<std::int8_t>(Goal::kBlankFirst)) {
    throw MessageError("npuzzle-mpi: a result with an unknown goal (corrupt message?)");
  }
  report.solvable_for = other < 0 ? std::nullopt : std::optional<Goal>(static_cast<Goal>(other));
  const auto resumed_at = get_optional(r);
  report.resumed_at = resumed_at ? std::optional<int>(static_cast<int>(*resumed_at)) : std::nullopt;
  const auto resumed_subtrees = get_optional(r);
  report.resumed_subtrees =
      resumed_subtrees ? std::optional<std::size_t>(static_cast<std::size_t>(*resumed_subtrees)) : std::nullopt;
  report.checkpoint_warning = r.get_string();
}

}  // namespace npuzzle::mpi
