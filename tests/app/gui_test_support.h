// Small helpers for the offscreen GUI tests (no QtTest dependency): count a
// signal's emissions and spin the event loop until a condition holds.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

namespace wb::app::testing {

// Processes events until `done()` or `timeoutMs` passes; returns done().
inline bool waitUntil(const std::function<bool()>& done, int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!done() && t.elapsed() < timeoutMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
  return done();
}

// Processes events until `done()`, however long a loaded machine takes: for
// waits whose end is certain (a started run always ends with its `finished`
// signal), so a test fails on what it checks, never on the clock (ctest's own
// timeout still ends a hang).
inline void waitFor(const std::function<bool()>& done) {
  if (done()) return;
  // An event loop that sleeps between events (a busy loop would take a core
  // from the very workers it waits for), asking again after each few ms.
  QEventLoop loop;
  QTimer ask;
  QObject::connect(&ask, &QTimer::timeout, &loop, [&] {
    if (done()) loop.quit();
  });
  ask.start(20);
  loop.exec();
}

inline void spin(int ms) {
  waitUntil([] { return false; }, ms);
}

// Counts emissions of a signal: SignalCounter c(obj, &Class::signal); c.count().
class SignalCounter {
 public:
  template <typename Object, typename Signal>
  SignalCounter(Object* sender, Signal signal) : m_count(std::make_shared<int>(0)) {
    auto count = m_count;
    m_connection = QObject::connect(sender, signal, sender, [count](auto&&...) { ++*count; });
  }
  ~SignalCounter() { QObject::disconnect(m_connection); }
  int count() const { return *m_count; }
  bool wait(int timeoutMs) {
    const int start = *m_count;
    return waitUntil([&] { return *m_count > start; }, timeoutMs);
  }

 private:
  std::shared_ptr<int> m_count;
  QMetaObject::Connection m_connection;
};

}  // namespace wb::app::testing
