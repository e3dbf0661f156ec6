// npuzzle-mpi's messages (src/mpi/messages.h) without MPI: what rank 0
// packs comes out the same on a worker, a worker's SolveReport comes out
// the same on rank 0 (every field, long solutions two bits a move), and a
// short or corrupt message is a MessageError, never a read past the buffer.
#include <gtest/gtest.h>

#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "batch/batch.h"
#include "mpi/messages.h"

namespace npuzzle::mpi {
namespace {

BatchItem sample_work() {
  BatchItem item;
  item.index = 12345678901ull;
  item.goal = Goal::kBlankFirst;
  item.record.id = "korf-7, with \"quotes\"";
  item.record.source = "data/korf100.txt";
  item.record.line = 7;
  item.record.rows = 4;
  item.record.cols = 4;
  item.record.board.emplace(4, 4, std::vector<std::uint32_t>{1, 2, 3, 7, 0, 5, 6, 4, 8, 9, 10, 11, 12, 13, 14, 15});
  return item;
}

TEST(MpiMessages, WorkRoundTrips) {
  BatchItem invalid;
  invalid.index = 3;
  invalid.record.id = "bad";
  invalid.record.source = "in.txt";
  invalid.record.line = 4;
  invalid.record.error = "in.txt:4: duplicate tile 8";
  Writer w;
  put_work(w, 41, sample_work());
  put_work(w, 42, invalid);
  Reader r(w.bytes());
  for (const auto& [sequence, want] : {std::pair<std::uint64_t, BatchItem>{41, sample_work()}, {42, invalid}}) {
    BatchItem got;
    std::uint64_t got_sequence = 0;
    get_work(r, &got_sequence, got);
    EXPECT_EQ(got_sequence, sequence);
    EXPECT_EQ(got.index, want.index);
    EXPECT_EQ(got.goal, want.goal);
    EXPECT_EQ(got.record.id, want.record.id);
    EXPECT_EQ(got.record.source, want.record.source);
    EXPECT_EQ(got.record.line, want.record.line);
    EXPECT_EQ(got.record.rows, want.record.rows);
    EXPECT_EQ(got.record.cols, want.record.cols);
    EXPECT_EQ(got.record.error, want.record.error);
    EXPECT_EQ(got.record.board, want.record.board);
  }
}

// A report with every field set: a long solution (several words of moves,
// not a multiple of 32), auto's choice with stronger offers and a skipped
// table, a request problem, the other goal, a resumed search.
BatchItem full_result() {
  BatchItem item;
  SolveReport& report = item.report;
  SolveResult& result = report.result;
  result.status = Status::kLimit;
  result.length = 1001;
  result.lower_bound = 44;
  result.initial_h = 37;
  result.expanded = 1ull << 40;
  result.generated = (1ull << 41) + 3;
  result.seconds = 12.5;
  for (int i = 0; i < 1001; ++i) result.moves.push_back(static_cast<Direction>((i * 7 + i / 3) % 4));
  result.message = "time limit";
  report.heuristic = "pdb:663/no-reflect";
  AutoChoice choice;
  choice.spec = "pdb:663";
  choice.label = "pdb:663/no-reflect";
  choice.row = find_heuristic_row("pdb:663");
  choice.stronger.push_back({"pdb:78", false, "about 4 minutes and 2 GiB of memory to build, 550 MB on disk"});
  choice.stronger.push_back({"pdb:700", true, ""});
  choice.skipped = {"pdb:555: a bad file", "zpdb:663: \"quoted\", with a\nnewline"};
  report.auto_choice = choice;
  report.explanation = "in words: why, with a , comma";
  report.problem = RequestProblem{RequestProblem::Code::kFsmDepthRange, 2, 10, "6x6"};
  report.solvable_for = Goal::kBlankFirst;
  report.resumed_at = 48;
  report.resumed_subtrees = 1234567;
  report.checkpoint_warning = "out.checkpoints/x.ckpt: cannot write";
  return item;
}

void expect_same_report(const SolveReport& got, const SolveReport& want) {
  EXPECT_EQ(got.result.status, want.result.status);
  EXPECT_EQ(got.result.length, want.result.length);
  EXPECT_EQ(got.result.lower_bound, want.result.lower_bound);
  EXPECT_EQ(got.result.initial_h, want.result.initial_h);
  EXPECT_EQ(got.result.expanded, want.result.expanded);
  EXPECT_EQ(got.result.generated, want.result.generated);
  EXPECT_EQ(got.result.seconds, want.result.seconds);
  EXPECT_EQ(got.result.moves.size(), want.result.moves.size());
  EXPECT_EQ(got.result.moves, want.result.moves);
  EXPECT_EQ(got.result.moves.to_vector(), want.result.moves.to_vector());
  EXPECT_EQ(got.result.message, want.result.message);
  EXPECT_EQ(got.heuristic, want.heuristic);
  ASSERT_EQ(got.auto_choice.has_value(), want.auto_choice.has_value());
  if (want.auto_choice) {
    EXPECT_EQ(got.auto_choice->spec, want.auto_choice->spec);
    EXPECT_EQ(got.auto_choice->label, want.auto_choice->label);
    EXPECT_EQ(got.auto_choice->row, want.auto_choice->row);
    ASSERT_EQ(got.auto_choice->stronger.size(), want.auto_choice->stronger.size());
    for (std::size_t i = 0; i < want.auto_choice->stronger.size(); ++i) {
      EXPECT_EQ(got.auto_choice->stronger[i].spec, want.auto_choice->stronger[i].spec);
      EXPECT_EQ(got.auto_choice->stronger[i].ready, want.auto_choice->stronger[i].ready);
      EXPECT_EQ(got.auto_choice->stronger[i].build_cost, want.auto_choice->stronger[i].build_cost);
    }
    EXPECT_EQ(got.auto_choice->skipped, want.auto_choice->skipped);
  }
  EXPECT_EQ(got.explanation, want.explanation);
  ASSERT_EQ(got.problem.has_value(), want.problem.has_value());
  if (want.problem) {
    EXPECT_EQ(got.problem->code, want.problem->code);
    EXPECT_EQ(got.problem->low, want.problem->low);
    EXPECT_EQ(got.problem->high, want.problem->high);
    EXPECT_EQ(got.problem->detail, want.problem->detail);
  }
  EXPECT_EQ(got.solvable_for, want.solvable_for);
  EXPECT_EQ(got.resumed_at, want.resumed_at);
  EXPECT_EQ(got.resumed_subtrees, want.resumed_subtrees);
  EXPECT_EQ(got.checkpoint_warning, want.checkpoint_warning);
}

TEST(MpiMessages, ResultsRoundTrip) {
  // A full report, an empty one (every optional absent, no moves), and
  // solutions of every length around the 32-move words.
  std::vector<BatchItem> items = {full_result(), BatchItem{}};
  items[1].report.result.status = Status::kOptimal;
  items[1].report.result.length = 0;
  items[1].report.result.lower_bound = 0;
  for (std::size_t length : {1u, 31u, 32u, 33u, 63u, 64u, 65u, 100000u}) {
    BatchItem item;
    item.report.result.status = Status::kSolved;
    item.report.result.length = static_cast<std::int64_t>(length);
    for (std::size_t i = 0; i < length; ++i) {
      item.report.result.moves.push_back(static_cast<Direction>((i * i + 3 * i) % 4));
    }
    item.report.heuristic = "manhattan";
    item.report.problem = RequestProblem{RequestProblem::Code::kPhasedTooLarge, 0, 0, "too large"};
    item.report.solvable_for = Goal::kBlankLast;
    items.push_back(std::move(item));
  }
  Writer w;
  for (std::size_t i = 0; i < items.size(); ++i) put_result(w, 9 + i, items[i]);
  Reader r(w.bytes());
  for (std::size_t i = 0; i < items.size(); ++i) {
    SCOPED_TRACE("result " + std::to_string(i));
    BatchItem got;
    got.report.resumed_at = 99;  // stale values are overwritten
    got.report.auto_choice = AutoChoice{};
    std::uint64_t sequence = 0;
    get_result(r, &sequence, got);
    EXPECT_EQ(sequence, 9 + i);
    expect_same_report(got.report, items[i].report);
  }
  // Nothing is left over: a further read is a short message.
  BatchItem extra;
  std::uint64_t sequence = 0;
  EXPECT_THROW(get_result(r, &sequence, extra), MessageError);
}

// Rank 0 words the row and the message from the report it receives, as the
// single-process sink does: the same row and message on both sides.
TEST(MpiMessages, ARoundTrippedReportMakesTheSameRowAndMessage) {
  BatchItem sent = sample_work();
  sent.report = full_result().report;
  sent.report.result.status = Status::kUnsolvable;
  Writer w;
  put_result(w, 1, sent);
  Reader r(w.bytes());
  BatchItem got = sample_work();  // rank 0 keeps the item's record; the result fills its report
  std::uint64_t sequence = 0;
  get_result(r, &sequence, got);
  SolveRequest request;
  const ResultRow a = result_row(sent, request, "");
  const ResultRow b = result_row(got, request, "");
  for (std::size_t c = 0; c < kResultColumns; ++c) EXPECT_EQ(a.field(c), b.field(c)) << kResultColumnNames[c];
  EXPECT_EQ(item_message(got, neutral_vocabulary()), item_message(sent, neutral_vocabulary()));
  EXPECT_NE(item_message(got, neutral_vocabulary()).find("data/korf100.txt:7: puzzle korf-7"), std::string::npos);
}

TEST(MpiMessages, ShortOrCorruptMessagesThrow) {
  Writer w;
  put_work(w, 1, sample_work());
  const std::string whole = w.bytes();
  for (std::size_t cut = 0; cut < whole.size(); ++cut) {
    const std::string part = whole.substr(0, cut);
    Reader r(part);
    BatchItem item;
    std::uint64_t sequence = 0;
    EXPECT_THROW(get_work(r, &sequence, item), MessageError) << "cut at " << cut;
  }
  // A board whose tile count is not rows x cols.
  BatchItem wrong = sample_work();
  wrong.record.cols = 5;
  Writer bad;
  put_work(bad, 1, wrong);
  Reader r(bad.bytes());
  BatchItem item;
  std::uint64_t sequence = 0;
  EXPECT_THROW(get_work(r, &sequence, item), MessageError);
}

// What get_result throws for `bytes`: "MessageError", the standard
// exception's type, or "" when it returns.
std::string what_get_result_throws(const std::string& bytes) {
  Reader r(bytes);
  BatchItem item;
  std::uint64_t sequence = 0;
  try {
    get_result(r, &sequence, item);
  } catch (const MessageError&) {
    return "MessageError";
  } catch (const std::bad_alloc&) {
    return "std::bad_alloc";
  } catch (const std::length_error&) {
    return "std::length_error";
  } catch (const std::exception& e) {
    return std::string("another exception: ") + e.what();
  }
  return "";
}

// Results: every cut short, and corrupt enumerations and lengths.
TEST(MpiMessages, ShortOrCorruptResultsThrow) {
  Writer w;
  put_result(w, 1, full_result());
  const std::string whole = w.bytes();
  for (std::size_t cut = 0; cut < whole.size(); ++cut) {
    const std::string part = whole.substr(0, cut);
    Reader r(part);
    BatchItem item;
    std::uint64_t sequence = 0;
    EXPECT_THROW(get_result(r, &sequence, item), MessageError) << "cut at " << cut << " of " << whole.size();
  }
  // The layout's offsets (messages.cc): the sequence, then the status byte.
  constexpr std::size_t kStatusAt = sizeof(std::uint64_t);
  // length, lower_bound (int64), initial_h (int), expanded, generated (uint64), seconds (double)
  constexpr std::size_t kMovesAt = kStatusAt + 1 + 8 + 8 + sizeof(int) + 8 + 8 + 8;
  std::string bad = whole;
  bad[kStatusAt] = static_cast<char>(kStatusCount);  // no such status
  EXPECT_EQ(what_get_result_throws(bad), "MessageError");
  bad = whole;
  std::uint64_t moves = 0;
  std::memcpy(&moves, bad.data() + kMovesAt, sizeof moves);
  ASSERT_EQ(moves, 1001u) << "the layout changed: update this test's offsets";
  // A count a few words too long reads into the fields after the moves, and
  // the message then ends early.
  for (std::uint64_t corrupt : {moves + 32, moves + 32 * 100}) {
    std::memcpy(bad.data() + kMovesAt, &corrupt, sizeof corrupt);
    EXPECT_EQ(what_get_result_throws(bad), "MessageError") << "a move count of " << corrupt;
  }
}

// A move count far beyond what the message holds must be refused before
// anything of that size is allocated.
TEST(MpiMessages, AnAbsurdMoveCountIsAMessageErrorNotAnAllocation) {
  Writer w;
  put_result(w, 1, full_result());
  constexpr std::size_t kMovesAt = sizeof(std::uint64_t) + 1 + 8 + 8 + sizeof(int) + 8 + 8 + 8;
  for (std::uint64_t corrupt : {std::uint64_t{1} << 40, ~std::uint64_t{0}}) {
    std::string bad = w.bytes();
    std::memcpy(bad.data() + kMovesAt, &corrupt, sizeof corrupt);
    EXPECT_EQ(what_get_result_throws(bad), "MessageError") << "a move count of " << corrupt;
  }
}

}  // namespace
}  // namespace npuzzle::mpi
