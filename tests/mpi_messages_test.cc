// npuzzle-mpi's messages (src/mpi/messages.h) without MPI: what rank 0
// packs comes out the same on a worker, and a short or corrupt message is
// a MessageError, never a read past the buffer.
#include <gtest/gtest.h>

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

TEST(MpiMessages, ResultsRoundTrip) {
  BatchItem item;
  item.report.result.status = Status::kLimit;
  item.report.result.expanded = 1ull << 40;
  item.report.result.generated = (1ull << 41) + 3;
  item.report.result.seconds = 12.5;
  item.report.notice = "npuzzle: note";
  item.message = "in.txt:9: something";
  item.row = ResultRow{"id,1", "4", "4", "limit", "", "44", "1099511627776", "2199023255555", "12.500000", "ida",
                    "manhattan", ""};
  Writer w;
  put_result(w, 9, item);
  Reader r(w.bytes());
  BatchItem got;
  std::uint64_t sequence = 0;
  get_result(r, &sequence, got);
  EXPECT_EQ(sequence, 9u);
  EXPECT_EQ(got.report.result.status, Status::kLimit);
  EXPECT_EQ(got.report.result.expanded, item.report.result.expanded);
  EXPECT_EQ(got.report.result.generated, item.report.result.generated);
  EXPECT_EQ(got.report.result.seconds, 12.5);
  EXPECT_EQ(got.report.notice, item.report.notice);
  EXPECT_EQ(got.message, item.message);
  EXPECT_EQ(format_csv_row(got.row), format_csv_row(item.row));
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

}  // namespace
}  // namespace npuzzle::mpi
