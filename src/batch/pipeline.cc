#include "batch/pipeline.h"

#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <memory>

#include "search/handoff.h"

namespace npuzzle {

void run_pipeline(BatchSource& source, const SolveStage& solve, BatchSink& sink, int threads,
                  const std::atomic<bool>& stop_intake, int max_in_flight) {
  oneapi::tbb::task_arena arena(threads);
  // Tags for handoff.h: one per serial stage, and each item for itself.
  const char source_turn = 0;
  const char sink_turn = 0;
  const auto chain =
      oneapi::tbb::make_filter<void, BatchItem*>(
          oneapi::tbb::filter_mode::serial_in_order,
          [&](oneapi::tbb::flow_control& fc) -> BatchItem* {
            handoff_acquire(&source_turn);
            auto item = std::make_unique<BatchItem>();
            BatchItem* handed = nullptr;
            if (stop_intake.load() || !source.next(*item)) {
              fc.stop();
            } else {
              handed = item.release();
              handoff_release(handed);
            }
            handoff_release(&source_turn);
            return handed;
          }) &
      oneapi::tbb::make_filter<BatchItem*, BatchItem*>(oneapi::tbb::filter_mode::parallel,
                                                       [&](BatchItem* item) {
                                                         handoff_acquire(item);
                                                         if (!item->kept) solve(*item);
                                                         handoff_release(item);
                                                         return item;
                                                       }) &
      oneapi::tbb::make_filter<BatchItem*, void>(oneapi::tbb::filter_mode::serial_in_order, [&](BatchItem* item) {
        handoff_acquire(&sink_turn);
        handoff_acquire(item);
        std::unique_ptr<BatchItem> owned(item);
        sink.accept(*owned);
        handoff_release(&sink_turn);
      });
  handoff_release(&source_turn);
  handoff_release(&sink_turn);
  const int tokens = max_in_flight > 0 ? max_in_flight : 4 * threads;
  arena.execute([&] { oneapi::tbb::parallel_pipeline(static_cast<std::size_t>(tokens), chain); });
  handoff_acquire(&source_turn);
  handoff_acquire(&sink_turn);
}

}  // namespace npuzzle
