// Distribution: shares the tasks of a DistributedJob between the ranks of an
// MPI run with dynamic load balancing, and checkpoints the merged totals.
//
// Rank 0 hands out chunks of task indices on request (a rank asks again as soon
// as it is done, so ranks stuck with long games simply take fewer chunks) and
// plays chunks itself on a second thread; every other rank asks rank 0 for a
// chunk, plays it on its own threads and sends the partial total back with its
// next request. Totals are mergeable sums, so the result equals the one-process
// result for any rank and thread count. At the end rank 0 sends the total to
// every rank, so every rank's command continues with the same numbers (a sweep
// moves to its next point in step) and only rank 0 prints.
//
// With `checkpointPath`, rank 0 writes the merged totals and the done indices
// atomically every `checkpointSeconds` and when a job ends; the same command
// with the same file resumes from it (CheckpointFile). Without a transport
// (one process) it is the same logic with no peers: checkpoints still work.
//
// The process-wide instance (install / current) is set by the command line's
// entry point; MonteCarloRunner and ImpactRunner hand their jobs to it. Nothing
// else knows about ranks.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "simulation/distributed/checkpoint_file.h"
#include "simulation/distributed/distributed_job.h"
#include "simulation/distributed/transport.h"

namespace wb::sim {

struct DistributionOptions {
  std::string checkpointPath;       // empty: no checkpoints
  double checkpointSeconds = 5.0;   // at most this long between checkpoints (0: after every chunk)
  std::string key;                  // the command a checkpoint belongs to (CheckpointFile::key)
  std::string inputs;               // the content of its ruleset (CheckpointFile::inputs)
  // Test hook, a fixed point for the kill tests: rank `killRank` kills itself
  // (SIGKILL) after `killAfterChunks` chunks (rank 0: merged and checkpointed;
  // another rank: played and sent). 0 = never.
  std::uint64_t killAfterChunks = 0;
  int killRank = 0;
  // false: rank 0 only hands out work (with other ranks). Tests use it so that
  // rank 1 surely plays the chunks it is to die in, however late it starts.
  bool rootPlays = true;
  // In-process tests of the same fixed point: asked on rank 0 after each merged
  // chunk; true = write the checkpoint and end the job there with an error, as a kill would.
  std::function<bool(std::uint64_t chunks)> stopAfterMerge;
};

// What changed between a checkpoint's inputs and this command's (both as
// "HASH ROLE PATH" lines, app/cli/distributed_entry.cpp): "the ruleset
// changed", "the file t.yaml (--targets) changed".
std::string describeChangedInputs(const std::string& before, const std::string& now);

class Distribution {
 public:
  // `transport` null: one process (checkpoints only).
  explicit Distribution(DistributionOptions options, std::unique_ptr<Transport> transport = nullptr);
  ~Distribution();
  Distribution(const Distribution&) = delete;
  Distribution& operator=(const Distribution&) = delete;

  // The instance the runners use; nullptr (the default) = play locally as always.
  // Only the thread that installed it sees it: a run started on another thread
  // (a pool of runs) plays locally, which every rank then does identically.
  static Distribution* current();
  static void install(Distribution* distribution);

  // Plays every task of `job` (or up to where job.stop() ends it) across the
  // ranks; on return every rank's job total is the merged total. Every rank must
  // call it for the same jobs in the same order. False with a message when the
  // checkpoint belongs to another command, cannot be written, or a rank is lost.
  bool execute(DistributedJob& job, std::string& error);

  int rank() const { return m_transport ? m_transport->rank() : 0; }
  int ranks() const { return m_transport ? m_transport->size() : 1; }
  const DistributionOptions& options() const { return m_options; }
  // A transport failure: the other ranks may be left waiting, so the process
  // should abort the MPI job rather than finalize.
  bool lostContact() const { return m_lostContact; }
  // Tasks merged by rank 0 in this process (for messages).
  std::uint64_t tasksMerged() const { return m_tasksMerged; }

 private:
  bool coordinate(DistributedJob& job, std::uint64_t seq, std::string& error);
  bool work(DistributedJob& job, std::uint64_t seq, std::string& error);
  bool openCheckpoint(std::string& error);
  bool saveCheckpoint(DistributedJob& job, CheckpointRecord& record, std::string& error);
  // Sends `message` to every other rank as each one asks (after a failure at rank 0).
  void answerEveryRank(const std::string& message);

  DistributionOptions m_options;
  std::unique_ptr<Transport> m_transport;
  CheckpointFile m_checkpoint;
  bool m_checkpointOpened = false;
  // Why the checkpoint was refused, kept so that every later job of the run is
  // refused with the same reason (a caller that went on after the first refusal
  // must not meet the loaded records under another name).
  std::string m_checkpointRefusal;
  std::uint64_t m_nextSeq = 0;
  std::uint64_t m_chunks = 0;       // chunks merged (rank 0) or played (others), for the kill hook
  std::uint64_t m_tasksMerged = 0;
  bool m_lostContact = false;
  std::thread::id m_owner;          // the thread that installed it
};

}  // namespace wb::sim
