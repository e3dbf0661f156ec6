#include "mpi/messages.h"

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
  item.goal = static_cast<Goal>(r.get<std::uint8_t>());
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

void put_result(Writer& w, std::uint64_t sequence, const BatchItem& item) {
  w.put(sequence);
  const SolveResult& result = item.report.result;
  w.put(static_cast<std::uint8_t>(result.status));
  w.put(result.expanded);
  w.put(result.generated);
  w.put(result.seconds);
  w.put(item.report.notice);
  w.put(item.message);
  const ResultRow& row = item.row;
  for (const std::string* field : {&row.id, &row.rows, &row.cols, &row.status, &row.length, &row.lower_bound,
                                   &row.expanded, &row.generated, &row.seconds, &row.algorithm, &row.heuristic,
                                   &row.solution}) {
    w.put(*field);
  }
}

void get_result(Reader& r, std::uint64_t* sequence, BatchItem& item) {
  *sequence = r.get<std::uint64_t>();
  SolveResult& result = item.report.result;
  const auto status = r.get<std::uint8_t>();
  if (status >= kStatusCount) throw MessageError("npuzzle-mpi: a result with an unknown status (corrupt message?)");
  result.status = static_cast<Status>(status);
  result.expanded = r.get<decltype(result.expanded)>();
  result.generated = r.get<decltype(result.generated)>();
  result.seconds = r.get<decltype(result.seconds)>();
  item.report.notice = r.get_string();
  item.message = r.get_string();
  ResultRow& row = item.row;
  for (std::string* field : {&row.id, &row.rows, &row.cols, &row.status, &row.length, &row.lower_bound,
                             &row.expanded, &row.generated, &row.seconds, &row.algorithm, &row.heuristic,
                             &row.solution}) {
    *field = r.get_string();
  }
}

}  // namespace npuzzle::mpi
