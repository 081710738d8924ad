#include "app/cli/interrupt_scope.h"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cerrno>

namespace wb::app {
namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_wakeFd{-1};

extern "C" void onInterruptSignal(int) {
  const int saved = errno;
  g_interrupted.store(true);
  const int fd = g_wakeFd.load();
  if (fd >= 0) {
    const char c = 'i';
    [[maybe_unused]] const auto n = ::write(fd, &c, 1);  // async-signal-safe; a full pipe has a wake-up already
  }
  errno = saved;
}

}  // namespace

InterruptScope::InterruptScope() {
  g_interrupted.store(false);
  if (::pipe(m_pipe) == 0) {
    ::fcntl(m_pipe[1], F_SETFL, ::fcntl(m_pipe[1], F_GETFL) | O_NONBLOCK);
    g_wakeFd.store(m_pipe[1]);
    m_watcher = std::thread([this] {
      char c = 0;
      for (;;) {
        const auto n = ::read(m_pipe[0], &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0 || c == 'q') return;
        onSignal();
      }
    });
  }
  m_previous = std::signal(SIGINT, onInterruptSignal);
  if (m_previous == SIG_ERR) m_previous = SIG_DFL;
}

InterruptScope::~InterruptScope() {
  std::signal(SIGINT, m_previous);
  g_wakeFd.store(-1);
  if (m_watcher.joinable()) {
    // Blocking write of the quit byte: the pipe is non-blocking, so retry while full.
    const char q = 'q';
    while (::write(m_pipe[1], &q, 1) < 0 && (errno == EAGAIN || errno == EINTR)) std::this_thread::yield();
    m_watcher.join();
  }
  for (int fd : m_pipe)
    if (fd >= 0) ::close(fd);
}

void InterruptScope::onSignal() {
  std::lock_guard lock(m_mutex);
  if (m_cancel) m_cancel();
}

void InterruptScope::watch(std::function<void()> cancel) {
  std::lock_guard lock(m_mutex);
  m_cancel = std::move(cancel);
  if (g_interrupted.load() && m_cancel) m_cancel();
}

void InterruptScope::unwatch() {
  std::lock_guard lock(m_mutex);
  m_cancel = nullptr;
}

bool InterruptScope::interrupted() const { return g_interrupted.load(); }

const std::atomic<bool>& InterruptScope::flag() { return g_interrupted; }

}  // namespace wb::app
