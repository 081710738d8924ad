// The distribution layer without MPI: IndexRanges, the RunStats
// codec, dynamic sharing between ranks over an in-memory transport (ranks are
// threads here; tests/cli/distributed_tests.cmake runs the real mpirun), batch
// windows with stop(), and checkpoints that resume to the identical result.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>

#include "simulation/distributed/byte_buffer.h"
#include "simulation/distributed/distribution.h"
#include "simulation/distributed/index_ranges.h"
#include "simulation/distributed/run_stats_codec.h"
#include "simulation/results/run_result_json.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/simulation/toy/card_race_game.h"
#include "tests/simulation/toy/dice_race_game.h"

using namespace wb::sim;

namespace {

// Ranks as threads: one queue to rank 0, one from rank 0 per rank.
struct Mailboxes {
  std::mutex mutex;
  std::condition_variable cv;
  std::deque<std::pair<int, std::string>> toRoot;
  std::vector<std::deque<std::string>> fromRoot;
  explicit Mailboxes(int ranks) : fromRoot(static_cast<std::size_t>(ranks)) {}
};

class MemoryTransport : public Transport {
 public:
  MemoryTransport(Mailboxes& boxes, int rank) : m_boxes(boxes), m_rank(rank) {}
  int rank() const override { return m_rank; }
  int size() const override { return static_cast<int>(m_boxes.fromRoot.size()); }
  bool receiveAny(int& from, std::string& message, bool& got, std::string&) override {
    std::lock_guard<std::mutex> lock(m_boxes.mutex);
    got = !m_boxes.toRoot.empty();
    if (got) {
      from = m_boxes.toRoot.front().first;
      message = std::move(m_boxes.toRoot.front().second);
      m_boxes.toRoot.pop_front();
    }
    return true;
  }
  bool send(int to, const std::string& message, std::string&) override {
    std::lock_guard<std::mutex> lock(m_boxes.mutex);
    if (to == 0) m_boxes.toRoot.emplace_back(m_rank, message);
    else m_boxes.fromRoot[static_cast<std::size_t>(to)].push_back(message);
    m_boxes.cv.notify_all();
    return true;
  }
  bool receiveFromRoot(std::string& message, std::string&) override {
    std::unique_lock<std::mutex> lock(m_boxes.mutex);
    auto& box = m_boxes.fromRoot[static_cast<std::size_t>(m_rank)];
    m_boxes.cv.wait(lock, [&] { return !box.empty(); });
    message = std::move(box.front());
    box.pop_front();
    return true;
  }

 private:
  Mailboxes& m_boxes;
  int m_rank;
};

// A job whose total counts how often each task was played: every task must
// land exactly once, whoever plays it.
struct CountingJob {
  std::vector<std::uint64_t> hits;
  std::vector<std::uint64_t> playedHere;
  DistributedJob job;
  CountingJob(std::uint64_t tasks, int slowness) : hits(tasks, 0), playedHere(tasks, 0) {
    job.fingerprint = "counting";
    job.tasks = tasks;
    job.play = [this, slowness](std::uint64_t b, std::uint64_t e) -> std::optional<std::string> {
      std::this_thread::sleep_for(std::chrono::microseconds(200 * slowness * static_cast<int>(e - b)));
      ByteWriter w;
      w.u64(b);
      w.u64(e);
      for (std::uint64_t i = b; i < e; ++i) ++playedHere[i];
      return w.take();
    };
    job.merge = [this](const std::string& bytes) {
      ByteReader r(bytes);
      const std::uint64_t b = r.u64(), e = r.u64();
      for (std::uint64_t i = b; i < e && i < hits.size(); ++i) ++hits[i];
      return r.ok();
    };
    job.total = [this] {
      ByteWriter w;
      w.u64s(hits);
      return w.take();
    };
    job.restore = [this](const std::string& bytes) {
      ByteReader r(bytes);
      hits = r.u64s();
      return r.ok();
    };
  }
  std::uint64_t total() const {
    std::uint64_t n = 0;
    for (auto h : hits) n += h;
    return n;
  }
};

RunConfig smallRun(std::vector<std::string> agents, std::uint64_t games, int threads) {
  RunConfig c;
  c.agents = std::move(agents);
  c.games = games;
  c.threads = threads;
  c.seed = 11;
  c.players = 2;
  return c;
}

std::string withoutTimings(std::string json) {
  for (const char* key : {"\"elapsed_s\"", "\"games_per_s\""}) {
    auto at = json.find(key);
    if (at == std::string::npos) continue;
    json.erase(at, json.find_first_of(",\n}", at) - at);
  }
  return json;
}

std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("wb_dist_" + std::to_string(::getpid()) + "_" + name)).string();
}

}  // namespace

TEST(IndexRanges, MergesTouchingRangesAndFindsGaps) {
  IndexRanges r;
  r.add(10, 20);
  r.add(0, 5);
  r.add(5, 8);   // touches [0,5)
  r.add(30, 40);
  r.add(15, 32); // bridges [10,20) and [30,40)
  ASSERT_EQ(r.ranges().size(), 2u);
  EXPECT_EQ(r.ranges()[0], IndexRanges::Range(0, 8));
  EXPECT_EQ(r.ranges()[1], IndexRanges::Range(10, 40));
  EXPECT_EQ(r.countIn(6, 12), 4u);  // 6, 7, 10, 11
  EXPECT_EQ(r.firstMissing(3), 8u);
  EXPECT_EQ(r.firstMissing(8), 8u);
  EXPECT_EQ(r.firstPresent(8), 10u);
  EXPECT_EQ(r.firstPresent(40), UINT64_MAX);
  EXPECT_TRUE(r.contains(39));
  EXPECT_FALSE(r.contains(9));
}

TEST(RunStatsCodec, RoundTripsARealRunBitForBit) {
  toy::DiceRaceGame race(30, /*factions=*/true);
  RunResult a = MonteCarloRunner(race, smallRun({"greedy", "random"}, 300, 2)).run();
  toy::CardRaceGame cards;
  RunResult b = MonteCarloRunner(cards, smallRun({"random"}, 200, 2)).run();
  for (const RunStats* s : {&a.stats, &b.stats}) {
    ASSERT_GT(s->games(), 0u);
    RunStats back;
    ASSERT_TRUE(RunStatsCodec::decode(RunStatsCodec::encode(*s), back));
    EXPECT_EQ(back, *s);
    std::string cut = RunStatsCodec::encode(*s);
    cut.pop_back();
    EXPECT_FALSE(RunStatsCodec::decode(cut, back)) << "a truncated message is refused";
  }
}

TEST(Distribution, RanksShareEveryTaskExactlyOnceAndAllEndWithTheTotal) {
  const int ranks = 3;
  Mailboxes boxes(ranks);
  std::vector<std::unique_ptr<CountingJob>> jobs;
  std::vector<std::unique_ptr<Distribution>> dists;
  for (int r = 0; r < ranks; ++r) {
    jobs.push_back(std::make_unique<CountingJob>(500, r == 2 ? 4 : 1));  // rank 2 is 4x slower
    dists.push_back(std::make_unique<Distribution>(DistributionOptions{}, std::make_unique<MemoryTransport>(boxes, r)));
  }
  std::vector<std::string> errors(ranks);
  std::vector<int> ok(ranks, 0);
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] { ok[r] = dists[r]->execute(jobs[r]->job, errors[r]) ? 1 : 0; });
  for (auto& t : threads) t.join();
  std::vector<std::uint64_t> playedBy(ranks, 0);
  for (int r = 0; r < ranks; ++r) {
    ASSERT_TRUE(ok[r]) << errors[r];
    EXPECT_EQ(jobs[r]->hits, std::vector<std::uint64_t>(500, 1)) << "rank " << r << " ends with every task once";
    for (auto p : jobs[r]->playedHere) playedBy[r] += p;
  }
  EXPECT_EQ(playedBy[0] + playedBy[1] + playedBy[2], 500u);
  EXPECT_GT(playedBy[1], playedBy[2]) << "the slow rank takes fewer chunks (dynamic balancing)";
}

TEST(Distribution, BatchWindowsStopWhereOneProcessStops) {
  const int ranks = 2;
  Mailboxes boxes(ranks);
  std::vector<std::unique_ptr<CountingJob>> jobs;
  std::vector<std::unique_ptr<Distribution>> dists;
  for (int r = 0; r < ranks; ++r) {
    jobs.push_back(std::make_unique<CountingJob>(1000, 0));
    jobs.back()->job.batch = 100;
    dists.push_back(std::make_unique<Distribution>(DistributionOptions{}, std::make_unique<MemoryTransport>(boxes, r)));
  }
  CountingJob* root = jobs[0].get();
  root->job.stop = [root] { return root->total() >= 300; };
  std::vector<std::string> errors(ranks);
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r) threads.emplace_back([&, r] { dists[r]->execute(jobs[r]->job, errors[r]); });
  for (auto& t : threads) t.join();
  for (int r = 0; r < ranks; ++r) {
    EXPECT_EQ(jobs[r]->total(), 300u) << "three whole batches, then stop: rank " << r;
    for (std::uint64_t i = 0; i < 1000; ++i) ASSERT_EQ(jobs[r]->hits[i], i < 300 ? 1u : 0u);
  }
}

TEST(Distribution, ARunStoppedAtAFixedPointResumesFromItsCheckpointToTheIdenticalResult) {
  toy::DiceRaceGame race(30, true);
  const RunConfig cfg = smallRun({"greedy", "random"}, 400, 2);
  const std::string expected = withoutTimings(runResultToJson(MonteCarloRunner(race, cfg).run()));
  const std::string path = tempPath("resume.ckpt");
  std::filesystem::remove(path);
  DistributionOptions options;
  options.checkpointPath = path;
  options.checkpointSeconds = 0;
  options.key = "test";
  {
    DistributionOptions stopping = options;
    stopping.stopAfterMerge = [](std::uint64_t chunks) { return chunks == 3; };  // a fixed point, as a kill
    Distribution first(stopping);
    Distribution::install(&first);
    RunResult stopped = MonteCarloRunner(race, cfg).run();
    Distribution::install(nullptr);
    EXPECT_NE(stopped.error.find("stopped after 3 chunks"), std::string::npos) << stopped.error;
  }
  ASSERT_TRUE(std::filesystem::exists(path));
  {
    CheckpointFile saved;
    bool exists = false;
    std::string error;
    ASSERT_TRUE(saved.load(path, exists, error)) << error;
    ASSERT_EQ(saved.records.size(), 1u);
    EXPECT_EQ(saved.records.begin()->second.done.size(), 3 * 25u) << "three chunks of 400 / 16 games";
    EXPECT_FALSE(saved.records.begin()->second.complete);
  }
  // The resumed run is not stopped: it plays the other 325 games.
  Distribution second(options);
  Distribution::install(&second);
  RunResult resumed = MonteCarloRunner(race, cfg).run();
  Distribution::install(nullptr);
  ASSERT_TRUE(resumed.ok()) << resumed.error;
  EXPECT_FALSE(resumed.cancelled);
  EXPECT_EQ(withoutTimings(runResultToJson(resumed)), expected);

  // Another run (another seed) refuses this checkpoint instead of mixing it in.
  Distribution third(options);
  Distribution::install(&third);
  RunConfig other = cfg;
  other.seed = 12;
  RunResult refused = MonteCarloRunner(race, other).run();
  Distribution::install(nullptr);
  EXPECT_NE(refused.error.find("another run"), std::string::npos) << refused.error;
  std::filesystem::remove(path);
}
