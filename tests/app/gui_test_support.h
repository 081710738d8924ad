// Small helpers for the offscreen GUI tests (no QtTest dependency): count a
// signal's emissions and spin the event loop until a condition holds.
#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QObject>

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
