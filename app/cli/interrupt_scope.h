// Ctrl-C in every long `balance` command: one rule everywhere.
// While an InterruptScope lives, SIGINT does not end the process: it is
// recorded and the watched work is cancelled, from a watcher thread rather than
// the signal handler, so any cancel() may take locks. The command then prints
// its partial result marked cancelled, says "cancelled" on stderr and exits
// kExitCancelled (130, as a shell reports SIGINT); a partial --json result
// never replaces an existing file (writeJsonOutput, cli_format.h).
//
//   InterruptScope interrupt;          // first thing in the command: Ctrl-C during loading counts too
//   interrupt.watch(runner);           // runner.cancel() on Ctrl-C (at once if it came already)
//   auto result = runner.run();
//   if (interrupt.interrupted()) ...   // exit kExitCancelled
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

namespace wb::app {

inline constexpr int kExitCancelled = 130;

class InterruptScope {
 public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  // From now on Ctrl-C calls `cancel` (replacing the one watched before); if
  // Ctrl-C came already, it is called at once.
  void watch(std::function<void()> cancel);
  template <class Runner>
  void watch(Runner& runner) {
    watch(std::function<void()>([&runner] { runner.cancel(); }));
  }
  // Nothing is cancelled on Ctrl-C any more (the flag is still set).
  void unwatch();

  bool interrupted() const;
  // The flag itself, for loops that poll it.
  static const std::atomic<bool>& flag();

 private:
  void onSignal();

  std::mutex m_mutex;
  std::function<void()> m_cancel;
  int m_pipe[2] = {-1, -1};
  std::thread m_watcher;
  void (*m_previous)(int) = nullptr;
};

}  // namespace wb::app
