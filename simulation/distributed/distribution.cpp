#include "simulation/distributed/distribution.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "simulation/distributed/byte_buffer.h"
#include "simulation/core/wall_clock.h"

namespace wb::sim {
namespace {

std::atomic<Distribution*> g_current{nullptr};

// Message kinds, and what a request carries.
constexpr std::uint64_t kRequest = 1, kChunk = 2, kDone = 3, kFail = 4;
constexpr std::uint64_t kNoResult = 0, kResult = 1, kCancelled = 2;

void nap() { std::this_thread::sleep_for(std::chrono::milliseconds(1)); }

[[noreturn]] void killSelf() {
  std::raise(SIGKILL);
  std::abort();
}

// Hands out chunks of the current batch window, skipping the tasks a
// checkpoint already holds; shared by rank 0's playing thread and its loop.
class Dispenser {
 public:
  explicit Dispenser(const IndexRanges& skip) : m_skip(skip) {}
  void setWindow(std::uint64_t begin, std::uint64_t end, std::uint64_t chunk) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_cursor = begin;
    m_end = end;
    m_chunk = std::max<std::uint64_t>(1, chunk);
  }
  bool take(std::uint64_t& begin, std::uint64_t& end) {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_closed) return false;
    m_cursor = m_skip.firstMissing(m_cursor);
    if (m_cursor >= m_end) return false;
    begin = m_cursor;
    end = std::min({m_end, m_cursor + m_chunk, m_skip.firstPresent(m_cursor)});
    m_cursor = end;
    return true;
  }
  void close() {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_closed = true;
  }
  bool closed() {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_closed;
  }

 private:
  std::mutex m_mutex;
  const IndexRanges& m_skip;
  std::uint64_t m_cursor = 0, m_end = 0, m_chunk = 1;
  bool m_closed = false;
};

struct LocalChunk {
  std::uint64_t begin = 0, end = 0;
  std::optional<std::string> partial;  // nullopt: cancelled
};

std::string failMessage(std::uint64_t seq, const std::string& why) {
  ByteWriter w;
  w.u64(kFail);
  w.u64(seq);
  w.bytes(why);
  return w.take();
}

}  // namespace

Distribution::Distribution(DistributionOptions options, std::unique_ptr<Transport> transport)
    : m_options(std::move(options)), m_transport(std::move(transport)) {}

Distribution::~Distribution() {
  if (g_current.load() == this) g_current.store(nullptr);
}

Distribution* Distribution::current() {
  Distribution* d = g_current.load();
  return d && d->m_owner == std::this_thread::get_id() ? d : nullptr;
}

namespace {

struct InputLine {
  std::string hash, role, path;
};

std::vector<InputLine> inputLines(const std::string& text) {
  std::vector<InputLine> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto a = line.find(' ');
    const auto b = a == std::string::npos ? a : line.find(' ', a + 1);
    if (b == std::string::npos) return {};
    out.push_back({line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return out;
}

}  // namespace

std::string describeChangedInputs(const std::string& before, const std::string& now) {
  const auto old = inputLines(before), current = inputLines(now);
  std::vector<std::string> changed;
  for (const auto& c : current) {
    auto same = std::find_if(old.begin(), old.end(), [&](const InputLine& o) { return o.role == c.role && o.path == c.path; });
    if (same != old.end() && same->hash == c.hash) continue;
    changed.push_back(c.role == "ruleset" ? "the ruleset" : "the file " + c.path + " (" + c.role + ")");
  }
  if (changed.empty() || old.empty())
    return "the inputs (the ruleset, its includes or a file named on the command line) changed";
  std::string text;
  for (std::size_t i = 0; i < changed.size(); ++i)
    text += (i == 0 ? "" : i + 1 == changed.size() ? " and " : ", ") + changed[i];
  return text + " changed";
}

void Distribution::install(Distribution* distribution) {
  if (distribution) distribution->m_owner = std::this_thread::get_id();
  g_current.store(distribution);
}

bool Distribution::execute(DistributedJob& job, std::string& error) {
  const std::uint64_t seq = m_nextSeq++;
  job.cancelled = false;
  return rank() == 0 ? coordinate(job, seq, error) : work(job, seq, error);
}

bool Distribution::openCheckpoint(std::string& error) {
  if (!m_checkpointRefusal.empty()) {
    error = m_checkpointRefusal;
    return false;
  }
  if (m_checkpointOpened || m_options.checkpointPath.empty()) return true;
  m_checkpointOpened = true;
  bool exists = false;
  if (!m_checkpoint.load(m_options.checkpointPath, exists, error)) {
    m_checkpointRefusal = error;
    return false;
  }
  if (exists && m_checkpoint.key != m_options.key) {
    error = "the checkpoint " + m_options.checkpointPath + " belongs to another command (" + m_checkpoint.key +
            "); give another file or delete it";
    m_checkpointRefusal = error;
    return false;
  }
  if (exists && m_checkpoint.inputs != m_options.inputs) {
    error = describeChangedInputs(m_checkpoint.inputs, m_options.inputs) + " since the checkpoint " +
            m_options.checkpointPath + " was written; give another file or delete it to start again";
    m_checkpointRefusal = error;
    return false;
  }
  if (!exists) m_checkpoint = CheckpointFile{m_options.key, m_options.inputs, {}};
  return true;
}

bool Distribution::saveCheckpoint(DistributedJob& job, CheckpointRecord& record, std::string& error) {
  if (m_options.checkpointPath.empty()) return true;
  record.total = job.total();
  return m_checkpoint.save(m_options.checkpointPath, error);
}

bool Distribution::coordinate(DistributedJob& job, std::uint64_t seq, std::string& error) {
  const int workers = ranks() - 1;
  std::string failure;
  CheckpointRecord scratch;  // the record when there is no checkpoint file
  CheckpointRecord* record = &scratch;
  bool resumedComplete = false;
  if (!openCheckpoint(failure)) {
    // reported below, after every rank has asked for work
  } else if (!m_options.checkpointPath.empty()) {
    auto it = m_checkpoint.records.find(seq);
    if (it != m_checkpoint.records.end()) {
      CheckpointRecord& r = it->second;
      if (r.fingerprint != job.fingerprint || r.tasks != job.tasks) {
        failure = "the checkpoint " + m_options.checkpointPath + " was written by another run (job " + std::to_string(seq + 1) +
                  " differs: " + r.fingerprint + "); give another file or delete it";
      } else if (!job.restore(r.total)) {
        failure = "the checkpoint " + m_options.checkpointPath + " is damaged (job " + std::to_string(seq + 1) + ")";
      } else {
        resumedComplete = r.complete;
      }
    } else {
      CheckpointRecord& r = m_checkpoint.records[seq];
      r.fingerprint = job.fingerprint;
      r.tasks = job.tasks;
    }
    if (failure.empty()) {
      record = &m_checkpoint.records[seq];
      saveCheckpoint(job, *record, failure);  // at once: a path that cannot be written fails before any game
    }
  }
  const IndexRanges restored = record->done;
  IndexRanges& done = record->done;

  // Batch windows: fixed boundaries, so stop() sees exactly the totals a
  // one-process run sees. Windows a resumed run has already passed are skipped.
  const std::uint64_t batch = job.batch > 0 ? job.batch : std::max<std::uint64_t>(1, job.tasks);
  auto chunkFor = [&](std::uint64_t size) {
    // About 16 chunks per rank: fine enough to balance games of very different
    // lengths and to lose little at a kill, coarse enough to keep messages rare.
    const std::uint64_t parts = 16 * static_cast<std::uint64_t>(ranks());
    const std::uint64_t share = (size + parts - 1) / parts;
    return std::max(job.minChunk, share);
  };
  std::uint64_t windowBegin = 0, windowEnd = std::min(job.tasks, batch);
  bool finished = !failure.empty() || resumedComplete || job.tasks == 0;
  bool cancelled = false;
  // A window is decided when all of it is done; a resumed run already went past
  // every full window followed by restored tasks (its stop() said "go on").
  auto windowDone = [&] { return done.countIn(windowBegin, windowEnd) == windowEnd - windowBegin; };
  auto decideWindows = [&] {
    while (!finished && windowDone()) {
      const bool passed = restored.firstPresent(windowEnd) != UINT64_MAX;
      if (windowEnd >= job.tasks || (!passed && job.batch > 0 && job.stop && job.stop())) {
        finished = true;
      } else {
        windowBegin = windowEnd;
        windowEnd = std::min(job.tasks, windowEnd + batch);
      }
    }
  };
  decideWindows();

  Dispenser dispenser(restored);
  dispenser.setWindow(windowBegin, windowEnd, chunkFor(windowEnd - windowBegin));
  if (finished) dispenser.close();

  std::mutex queueMutex;
  std::vector<LocalChunk> queue;
  std::atomic<bool> localExited{false};
  const bool playHere = m_options.rootPlays || workers == 0;
  std::thread local([&] {
    std::uint64_t b = 0, e = 0;
    while (playHere) {
      if (!dispenser.take(b, e)) {
        if (dispenser.closed()) break;
        nap();
        continue;
      }
      LocalChunk c{b, e, job.play(b, e)};
      const bool stopped = !c.partial;
      {
        std::lock_guard<std::mutex> lock(queueMutex);
        queue.push_back(std::move(c));
      }
      if (stopped) break;
    }
    localExited.store(true);
  });

  bool dirty = false;  // merged since the last checkpoint
  auto mergeChunk = [&](std::uint64_t b, std::uint64_t e, const std::string& partial) {
    if (!failure.empty()) return;
    if (b >= e || e > job.tasks || done.countIn(b, e) != 0 || !job.merge(partial)) {
      failure = "a rank sent a result that does not fit this run (tasks " + std::to_string(b) + ".." + std::to_string(e) + ")";
      return;
    }
    done.add(b, e);
    dirty = true;
    m_tasksMerged += e - b;
    ++m_chunks;
    if (m_options.stopAfterMerge && m_options.stopAfterMerge(m_chunks)) {
      saveCheckpoint(job, *record, failure);
      if (failure.empty()) failure = "stopped after " + std::to_string(m_chunks) + " chunks (test hook)";
      return;
    }
    if (m_options.killAfterChunks > 0 && m_options.killRank == 0 && m_chunks == m_options.killAfterChunks) {
      std::string ignored;
      saveCheckpoint(job, *record, ignored);
      killSelf();
    }
  };

  std::vector<int> idle;  // ranks waiting for an answer (their last result is merged)
  double lastSave = wallSeconds();
  while (true) {
    bool busy = false;
    const bool exited = localExited.load();
    std::vector<LocalChunk> mine;
    {
      std::lock_guard<std::mutex> lock(queueMutex);
      mine.swap(queue);
    }
    for (auto& c : mine) {
      busy = true;
      if (c.partial) mergeChunk(c.begin, c.end, *c.partial);
      else cancelled = true;
    }
    while (m_transport && workers > 0) {
      int from = 0;
      bool got = false;
      std::string message;
      if (!m_transport->receiveAny(from, message, got, error)) {
        m_lostContact = true;
        dispenser.close();
        local.join();
        error = "lost contact with the other ranks (" + error + ")";
        return false;
      }
      if (!got) break;
      busy = true;
      ByteReader in(message);
      const std::uint64_t kind = in.u64(), theirSeq = in.u64(), status = in.u64(), b = in.u64(), e = in.u64();
      const std::string partial = in.bytes();
      if (!in.ok() || kind != kRequest || theirSeq != seq) {
        if (failure.empty()) failure = "rank " + std::to_string(from) + " is out of step (job " + std::to_string(theirSeq + 1) + ", expected " + std::to_string(seq + 1) + ")";
      } else if (status == kResult) {
        mergeChunk(b, e, partial);
      } else if (status == kCancelled) {
        cancelled = true;
      }
      idle.push_back(from);
    }
    if (!finished && !failure.empty()) finished = true;
    if (!finished && (cancelled || (job.cancelRequested && job.cancelRequested()))) {
      cancelled = true;
      finished = true;
    }
    if (!finished && windowDone()) {
      decideWindows();
      if (!finished) dispenser.setWindow(windowBegin, windowEnd, chunkFor(windowEnd - windowBegin));
      busy = true;
    }
    if (finished) dispenser.close();
    for (auto it = idle.begin(); !finished && it != idle.end();) {
      std::uint64_t b = 0, e = 0;
      if (!dispenser.take(b, e)) break;
      ByteWriter w;
      w.u64(kChunk);
      w.u64(seq);
      w.u64(b);
      w.u64(e);
      if (!m_transport->send(*it, w.str(), error)) {
        m_lostContact = true;
        dispenser.close();
        local.join();
        error = "lost contact with rank " + std::to_string(*it) + " (" + error + ")";
        return false;
      }
      it = idle.erase(it);
      busy = true;
    }
    if (dirty && failure.empty() && !m_options.checkpointPath.empty() && wallSeconds() - lastSave >= m_options.checkpointSeconds) {
      saveCheckpoint(job, *record, failure);
      lastSave = wallSeconds();
      dirty = false;
    }
    if (finished && exited && static_cast<int>(idle.size()) == workers) break;
    if (!busy) nap();
  }
  local.join();

  if (failure.empty() && !cancelled && !m_options.checkpointPath.empty()) {
    record->complete = true;
    saveCheckpoint(job, *record, failure);
  } else if (failure.empty() && cancelled) {
    saveCheckpoint(job, *record, failure);  // what was merged: the same command resumes from it
  }
  ByteWriter w;
  if (failure.empty()) {
    w.u64(kDone);
    w.u64(seq);
    w.u64(cancelled ? 1 : 0);
    w.bytes(workers > 0 ? job.total() : std::string());
  }
  const std::string answer = failure.empty() ? w.take() : failMessage(seq, failure);
  for (int r : idle) {
    if (!m_transport->send(r, answer, error)) {
      m_lostContact = true;
      error = "lost contact with rank " + std::to_string(r) + " (" + error + ")";
      return false;
    }
  }
  if (!failure.empty()) {
    error = failure;
    return false;
  }
  job.cancelled = cancelled;
  return true;
}

bool Distribution::work(DistributedJob& job, std::uint64_t seq, std::string& error) {
  ByteWriter first;
  for (std::uint64_t v : {kRequest, seq, kNoResult, std::uint64_t{0}, std::uint64_t{0}}) first.u64(v);
  first.bytes("");
  std::string request = first.take();
  while (true) {
    std::string reply;
    if (!m_transport->send(0, request, error) || !m_transport->receiveFromRoot(reply, error)) {
      m_lostContact = true;
      error = "lost contact with rank 0 (" + error + ")";
      return false;
    }
    ByteReader in(reply);
    const std::uint64_t kind = in.u64(), theirSeq = in.u64();
    if (!in.ok() || theirSeq != seq) {
      m_lostContact = true;
      error = "rank 0 is out of step with rank " + std::to_string(rank());
      return false;
    }
    if (kind == kFail) {
      error = in.bytes();
      return false;
    }
    if (kind == kDone) {
      const bool cancelled = in.u64() != 0;
      if (!job.restore(in.bytes()) || !in.ok()) {
        m_lostContact = true;
        error = "rank 0 sent a total that does not fit this run";
        return false;
      }
      job.cancelled = cancelled;
      return true;
    }
    const std::uint64_t b = in.u64(), e = in.u64();
    if (m_options.killAfterChunks > 0 && m_options.killRank == rank() && m_chunks == m_options.killAfterChunks) killSelf();
    std::optional<std::string> partial = job.play(b, e);
    ++m_chunks;
    ByteWriter w;
    for (std::uint64_t v : {kRequest, seq, partial ? kResult : kCancelled, b, e}) w.u64(v);
    w.bytes(partial ? *partial : std::string());
    request = w.take();
  }
}

}  // namespace wb::sim
