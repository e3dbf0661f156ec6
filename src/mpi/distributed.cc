#include "mpi/distributed.h"

#include <mpi.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "cli/batch_command.h"
#include "cli/options.h"
#include "mpi/messages.h"

namespace npuzzle::mpi {

// How long a rank with nothing to do sleeps between looks at MPI (Open MPI
// moves messages only inside MPI calls; a blocking call would spin a core
// that the searches need). A worker holds a spare chunk of about
// kChunkSeconds (20 ms) of search, so answers 2 ms late cost no idle time;
// each look costs CPU (200 us cost 5-10% of a core per rank), and a local
// search that finishes wakes rank 0 at once.
constexpr auto kIdlePoll = std::chrono::milliseconds(2);
// How soon a rank looks again while a message of its own is under way. A
// message beyond the transport's eager limit (4 KB on shared memory: a
// chunk of results) moves in several steps, each needing an MPI call on
// both ends; with 2 ms between looks it took milliseconds, and a blocking
// receive spun for them (a third of rank 0's CPU on 100,000 3x3 boards).
constexpr auto kBusyPoll = std::chrono::microseconds(50);
// Messages up to this size go eagerly on every transport we know of
// (shared memory's 4 KB limit includes its header; TCP's is 64 KB): their
// bytes are at the receiver when MPI_Isend returns, and their completion
// only waits for the receiver to hand the buffer back at its next look. So
// they do not make a rank look at MPI sooner (they did: a worker polling
// at kBusyPoll for its small result messages sent more, smaller ones, and
// spent its core on context switches).
constexpr std::size_t kEagerBytes = 3 * 1024;
// A part is sent once it holds kEagerBytes - kPartHeadroom bytes of
// puzzles or results: one more of a small board never takes it past
// kEagerBytes (a large board's record may; such a part goes on its own).
constexpr std::size_t kPartHeadroom = 512;
// Records (puzzles or results) packed into parts of about kEagerBytes: each
// part's message is a count and that many records.
class Parts {
 public:
  Writer& writer() { return part_; }
  // Counts the record just written; true when the part is full and should go.
  bool added() {
    ++count_;
    return part_.bytes().size() >= kEagerBytes - kPartHeadroom;
  }
  std::uint64_t count() const { return count_; }
  // The message of the records since the last take(); starts a new part.
  std::string take() {
    Writer message;
    message.put<std::uint64_t>(count_);
    std::string bytes = message.bytes() + part_.bytes();
    part_.bytes().clear();
    count_ = 0;
    return bytes;
  }

 private:
  Writer part_;
  std::uint64_t count_ = 0;
};

struct Message {
  int rank = 0;
  int tag = 0;
  std::string bytes;
};

// Every transfer of a rank, non-blocking: sends keep their buffers until
// MPI is done with them (two ranks that each block in a send to the other
// would deadlock), and a message that has arrived gets a posted receive
// instead of a blocking one, so that no call waits for the other end.
class Transfers {
 public:
  void send(int rank, int tag, std::string bytes) {
    sends_.emplace_back(MPI_REQUEST_NULL, std::move(bytes));
    auto& [request, buffer] = sends_.back();
    MPI_Isend(buffer.data(), static_cast<int>(buffer.size()), MPI_BYTE, rank, tag, MPI_COMM_WORLD, &request);
  }

  // Posts a receive for every message from `source` that has arrived, then
  // returns the received ones, in arrival order per sender.
  std::vector<Message> receive(int source = MPI_ANY_SOURCE) {
    for (;;) {
      int arrived = 0;
      MPI_Message handle;
      MPI_Status status;
      MPI_Improbe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &handle, &status);
      if (!arrived) break;
      int count = 0;
      MPI_Get_count(&status, MPI_BYTE, &count);
      receives_.emplace_back(MPI_REQUEST_NULL, Message{status.MPI_SOURCE, status.MPI_TAG,
                                                       std::string(static_cast<std::size_t>(count), '\0')});
      auto& [request, message] = receives_.back();
      MPI_Imrecv(message.bytes.data(), count, MPI_BYTE, &handle, &request);
    }
    std::vector<Message> received;
    std::vector<int> waiting_senders;  // a sender's later messages wait for its earlier ones
    for (auto it = receives_.begin(); it != receives_.end();) {
      const int sender = it->second.rank;
      int done = 0;
      if (std::find(waiting_senders.begin(), waiting_senders.end(), sender) == waiting_senders.end()) {
        MPI_Test(&it->first, &done, MPI_STATUS_IGNORE);
      }
      if (done) {
        received.push_back(std::move(it->second));
        it = receives_.erase(it);
      } else {
        waiting_senders.push_back(sender);
        ++it;
      }
    }
    return received;
  }

  // Lets finished sends go.
  void poll_sends() {
    for (auto it = sends_.begin(); it != sends_.end();) {
      int done = 0;
      MPI_Test(&it->first, &done, MPI_STATUS_IGNORE);
      it = done ? sends_.erase(it) : std::next(it);
    }
  }

  // True while a posted receive, or a send beyond kEagerBytes, is under way.
  bool busy() const {
    return !receives_.empty() ||
           std::any_of(sends_.begin(), sends_.end(), [](const auto& send) { return send.second.size() > kEagerBytes; });
  }
  // How long to sleep when there is nothing else to do.
  std::chrono::microseconds poll_interval() const {
    return busy() ? kBusyPoll : std::chrono::microseconds(kIdlePoll);
  }

  // Completes every send and posted receive; returns the received messages.
  std::vector<Message> drain() {
    for (auto& pending : sends_) MPI_Wait(&pending.first, MPI_STATUS_IGNORE);
    sends_.clear();
    std::vector<Message> received;
    for (auto& [request, message] : receives_) {
      MPI_Wait(&request, MPI_STATUS_IGNORE);
      received.push_back(std::move(message));
    }
    receives_.clear();
    return received;
  }

 private:
  // Lists: the buffers must not move while MPI holds them.
  std::list<std::pair<MPI_Request, std::string>> sends_;
  std::list<std::pair<MPI_Request, Message>> receives_;
};

namespace {

// A chunk stops growing at this many bytes (large boards).
constexpr std::size_t kMaxChunkBytes = std::size_t{64} << 20;

// The next message from `rank`, waiting for it (only at the end of a run).
Message wait_receive(int rank) {
  MPI_Message handle;
  MPI_Status status;
  MPI_Mprobe(rank, MPI_ANY_TAG, MPI_COMM_WORLD, &handle, &status);
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  Message m{status.MPI_SOURCE, status.MPI_TAG, std::string(static_cast<std::size_t>(count), '\0')};
  MPI_Mrecv(m.bytes.data(), count, MPI_BYTE, &handle, MPI_STATUS_IGNORE);
  return m;
}

// oneTBB's default pool is one thread short of the cores, for a main thread
// that joins in; here the main thread only talks MPI, so `threads` workers
// need a pool of threads + 1 (this program's only pool, for its lifetime).
struct ThreadPool {
  explicit ThreadPool(int threads)
      : limit(oneapi::tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads) + 1) {}
  oneapi::tbb::global_control limit;
};

// Finished puzzles handed from the solving threads to the MPI thread.
template <typename T>
class DoneQueue {
 public:
  // Hands one over; `wake` the MPI thread now (at the end of a chunk), or
  // let it find the value at its next look (within kIdlePoll), so that a
  // chunk of tiny puzzles costs one wake-up, not one per puzzle.
  void push(T value, bool wake) {
    {
      std::lock_guard lock(mutex_);
      items_.push_back(std::move(value));
    }
    if (wake) wake_.notify_one();
  }
  // Everything pushed so far; waits up to `wait` for something when empty.
  std::vector<T> take(std::chrono::microseconds wait = std::chrono::microseconds::zero()) {
    std::unique_lock lock(mutex_);
    if (wait.count() > 0 && items_.empty()) wake_.wait_for(lock, wait, [&] { return !items_.empty(); });
    return std::exchange(items_, {});
  }

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<T> items_;
};

}  // namespace

Coordinator::Coordinator(int ranks)
    : ranks_(ranks), stopped_(static_cast<std::size_t>(ranks), false), transfers_(std::make_unique<Transfers>()) {
  stopped_[0] = true;
}

Coordinator::~Coordinator() = default;

void Coordinator::run(BatchSource& source, const SolveStage& solve, BatchSink& sink, int threads,
                      BatchControl& control) {
  threads = std::max(threads, 1);
  const ThreadPool pool(threads);
  // No slot reserved for this thread: it coordinates, the arena's threads solve.
  oneapi::tbb::task_arena arena(threads, 0);
  struct Slot {
    std::unique_ptr<BatchItem> item;
    bool done = false;
    bool remote = false;
  };
  std::map<std::uint64_t, Slot> flight;  // taken from the source, not yet at the sink; by sequence number
  std::uint64_t next_sequence = 0;
  bool source_done = false;
  std::vector<std::uint64_t> rank_threads(static_cast<std::size_t>(ranks_), 1);  // as each worker reports
  rank_threads[0] = static_cast<std::uint64_t>(threads);
  // Seconds per puzzle, a moving average that follows a change of
  // difficulty within a few dozen results.
  double mean_seconds = 0;
  std::uint64_t solved = 0;
  std::uint64_t largest_chunk = 1;  // chunks grow at most twofold per chunk handed out
  std::uint64_t local_in_flight = 0;
  DoneQueue<std::uint64_t> local_done;

  auto chunk_size = [&]() -> std::uint64_t {
    if (solved == 0) return 1;
    const double by_time = kChunkSeconds / std::max(mean_seconds, 1e-9);
    return std::clamp<std::uint64_t>(static_cast<std::uint64_t>(std::min(by_time, 1e9)), 1,
                                     std::min(kMaxChunk, 2 * largest_chunk));
  };
  auto window = [&]() -> std::uint64_t {
    std::uint64_t total = 0;
    for (std::uint64_t t : rank_threads) total += t;
    return kWindowPerThread * total * chunk_size();
  };
  auto count_solved = [&](const BatchItem& item) {
    const double alpha = solved < 16 ? 1.0 / static_cast<double>(solved + 1) : 1.0 / 16;
    mean_seconds += alpha * (item.report.result.seconds - mean_seconds);
    ++solved;
  };
  // The next puzzle to solve; kept rows (--resume) go straight to the sink's queue.
  auto take = [&]() -> std::optional<std::uint64_t> {
    while (!source_done) {
      if (control.stop_intake.load()) break;
      auto item = std::make_unique<BatchItem>();
      if (!source.next(*item)) break;
      const std::uint64_t sequence = next_sequence++;
      Slot& slot = flight[sequence];
      slot.done = item->kept.has_value();
      slot.item = std::move(item);
      if (!slot.done) return sequence;
    }
    source_done = true;
    return std::nullopt;
  };

  for (;;) {
    bool progressed = false;
    // 1. Requests and results from the workers.
    for (const Message& message : transfers_->receive()) {
      progressed = true;
      Reader reader(message.bytes);
      if (message.tag == kRequest) {
        rank_threads[static_cast<std::size_t>(message.rank)] = std::max<std::uint64_t>(reader.get<std::uint64_t>(), 1);
        waiting_.push_back(message.rank);
      } else if (message.tag == kResults) {
        const auto count = reader.get<std::uint64_t>();
        for (std::uint64_t i = 0; i < count; ++i) {
          std::uint64_t sequence = 0;
          BatchItem result;
          get_result(reader, &sequence, result);
          auto it = flight.find(sequence);
          if (it == flight.end() || it->second.done || !it->second.remote) continue;  // abandoned (cancel)
          BatchItem& item = *it->second.item;
          item.report = std::move(result.report);
          it->second.done = true;
          count_solved(item);
        }
      }
    }
    // 2. This rank's own finished searches.
    for (std::uint64_t sequence : local_done.take()) {
      progressed = true;
      Slot& slot = flight.at(sequence);
      slot.done = true;
      --local_in_flight;
      count_solved(*slot.item);
    }
    // A cancel (a second signal, or the grace period over) stops this
    // rank's searches through the flag; the workers' cannot be reached, so
    // their puzzles are left for --resume and the caller ends the job.
    if (control.cancel.load()) {
      for (auto& [sequence, slot] : flight) {
        if (slot.remote && !slot.done) {
          slot.item->report.result.status = Status::kCancelled;
          slot.done = true;
          abandoned_ = true;
        }
      }
    }
    // 3. Everything finished in input order goes to the sink.
    while (!flight.empty() && flight.begin()->second.done) {
      auto node = flight.extract(flight.begin());
      sink.accept(*node.mapped().item);
      progressed = true;
    }
    // 4. A chunk for each worker that asked, or kStop when the input is done.
    while (!waiting_.empty() && flight.size() < window()) {
      const int rank = waiting_.front();
      std::uint64_t chunk = 0;
      std::uint64_t chunk_bytes = 0;
      const std::uint64_t wanted = chunk_size();
      Parts parts;
      while (chunk < wanted && flight.size() < window() && chunk_bytes < kMaxChunkBytes) {
        const auto sequence = take();
        if (!sequence) break;
        Slot& slot = flight.at(*sequence);
        slot.remote = true;
        const std::size_t before = parts.writer().bytes().size();
        put_work(parts.writer(), *sequence, *slot.item);
        chunk_bytes += parts.writer().bytes().size() - before;
        ++chunk;
        if (parts.added()) transfers_->send(rank, kWorkPart, parts.take());
      }
      if (chunk == 0 && !source_done) break;
      largest_chunk = std::max<std::uint64_t>(largest_chunk, chunk);
      if (chunk == 0) {
        transfers_->send(rank, kStop, {});
        stopped_[static_cast<std::size_t>(rank)] = true;
      } else {
        transfers_->send(rank, kWork, parts.take());  // the last part, perhaps of no puzzles
      }
      waiting_.erase(waiting_.begin());
      progressed = true;
    }
    // 5. Work for this rank's threads, in chunks of a quarter of a
    // worker's (one wake-up of this thread per chunk, not per puzzle: with
    // tiny puzzles, each wake-up is a context switch on a solving core),
    // two per thread: small, so that rank 0 never holds much more than its
    // share when the workers ask for the last puzzles.
    const std::uint64_t local_chunk = std::max<std::uint64_t>(chunk_size() / 4, 1);
    while (local_in_flight < 2 * static_cast<std::uint64_t>(threads) * local_chunk && flight.size() < window()) {
      std::vector<std::pair<std::uint64_t, BatchItem*>> chunk;
      while (chunk.size() < local_chunk && flight.size() < window()) {
        const auto sequence = take();
        if (!sequence) break;
        chunk.emplace_back(*sequence, flight.at(*sequence).item.get());
      }
      if (chunk.empty()) break;
      local_in_flight += chunk.size();
      arena.enqueue([&solve, &local_done, chunk = std::move(chunk)] {
        for (std::size_t i = 0; i < chunk.size(); ++i) {
          solve(*chunk[i].second);
          local_done.push(chunk[i].first, i + 1 == chunk.size());
        }
      });
      progressed = true;
    }
    transfers_->poll_sends();
    if (source_done && flight.empty() && local_in_flight == 0) break;
    // Nothing to do: wait for a local search to finish, or look at MPI again soon.
    if (!progressed) {
      for (std::uint64_t sequence : local_done.take(transfers_->poll_interval())) {
        Slot& slot = flight.at(sequence);
        slot.done = true;
        --local_in_flight;
        count_solved(*slot.item);
      }
    }
  }
  transfers_->poll_sends();
}

void Coordinator::release_workers() {
  // Requests already under way count as asked; anything else (results of
  // abandoned work) is dropped.
  for (const Message& message : transfers_->drain()) {
    if (message.tag == kRequest) waiting_.push_back(message.rank);
  }
  for (int rank = 1; rank < ranks_; ++rank) {
    if (stopped_[static_cast<std::size_t>(rank)]) continue;
    bool asked = std::find(waiting_.begin(), waiting_.end(), rank) != waiting_.end();
    while (!asked) asked = wait_receive(rank).tag == kRequest;  // results of abandoned work are dropped
    MPI_Send(nullptr, 0, MPI_BYTE, rank, kStop, MPI_COMM_WORLD);
    stopped_[static_cast<std::size_t>(rank)] = true;
  }
  waiting_.clear();
}

int serve_as_worker(const std::vector<std::string>& args) {
  // Every rank parses the same command line; rank 0 reports a bad one, and
  // then only stops the workers.
  std::optional<cli::BatchCommandLine> parsed;
  try {
    parsed = cli::parse_batch_command_line(args, "npuzzle-mpi");
  } catch (const std::exception&) {
  }
  const bool usable = parsed && parsed->help.empty();
  BatchControl control;
  int threads = 1;
  std::optional<ItemSolver> solver;
  if (usable) {
    threads = parsed->config.threads > 0 ? parsed->config.threads
                                         : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    // Each item carries its goal; the solver resolves per shape for the run's.
    parsed->config.vocabulary = &cli::cli_vocabulary();
    solver.emplace(parsed->config, parsed->config.goal_override.value_or(Goal::kBlankLast), threads, control);
  }
  const ThreadPool pool(threads);
  oneapi::tbb::task_arena arena(threads, 0);
  DoneQueue<std::pair<std::uint64_t, std::unique_ptr<BatchItem>>> done;
  Transfers transfers;
  std::uint64_t in_flight = 0;
  std::uint64_t last_chunk = 1;
  std::uint64_t chunk = 0;  // puzzles of the chunk being received so far
  bool asked = false;
  bool stopped = false;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (;;) {
    bool progressed = false;
    if (!stopped && !asked && in_flight < static_cast<std::uint64_t>(threads) + last_chunk) {
      Writer request;
      request.put<std::uint64_t>(static_cast<std::uint64_t>(threads));
      transfers.send(0, kRequest, std::move(request.bytes()));
      asked = true;
    }
    for (const Message& message : transfers.receive(0)) {
      progressed = true;
      if (message.tag == kStop) {
        stopped = true;
        asked = false;
        continue;
      }
      if (message.tag != kWork && message.tag != kWorkPart) continue;
      Reader reader(message.bytes);
      const auto count = reader.get<std::uint64_t>();
      // One slice per thread, each a task that hands its results over at
      // once (one wake-up of this thread per slice, not per puzzle).
      const std::uint64_t slice = (count + static_cast<std::uint64_t>(threads) - 1) / static_cast<std::uint64_t>(threads);
      for (std::uint64_t start = 0; start < count; start += slice) {
        auto items = std::make_shared<std::vector<std::pair<std::uint64_t, std::unique_ptr<BatchItem>>>>();
        for (std::uint64_t i = start; i < std::min(count, start + slice); ++i) {
          auto item = std::make_unique<BatchItem>();
          std::uint64_t sequence = 0;
          get_work(reader, &sequence, *item);
          items->emplace_back(sequence, std::move(item));
        }
        arena.enqueue([&, items] {
          for (std::size_t i = 0; i < items->size(); ++i) {
            auto& [sequence, item] = (*items)[i];
            if (solver) {
              solver->solve(*item);
            } else {
              item->report.result.status = Status::kInvalid;
              item->report.explanation = "npuzzle-mpi: rank " + std::to_string(rank) + " could not read the options";
            }
            done.push({sequence, std::move(item)}, i + 1 == items->size());
          }
        });
      }
      in_flight += count;
      chunk += count;
      if (message.tag == kWork) {  // the chunk's last part
        asked = false;
        last_chunk = std::max<std::uint64_t>(chunk, 1);
        chunk = 0;
      }
    }
    auto finished = done.take(progressed ? std::chrono::microseconds::zero() : transfers.poll_interval());
    Parts parts;
    for (const auto& [sequence, item] : finished) {
      put_result(parts.writer(), sequence, *item);
      if (parts.added()) transfers.send(0, kResults, parts.take());
    }
    if (parts.count() > 0) transfers.send(0, kResults, parts.take());
    in_flight -= finished.size();
    transfers.poll_sends();
    if (stopped && in_flight == 0) break;
  }
  transfers.drain();
  return 0;
}

}  // namespace npuzzle::mpi
