#include "simulation/dice/dice_budget.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace wb::sim::dice {

DiceBudget::DiceBudget(double limit, const std::atomic<bool>* cancel, std::function<void(double)> progress)
    : m_limit(limit), m_cancel(cancel), m_progress(std::move(progress)), m_lastReport(std::chrono::steady_clock::now()) {}

bool DiceBudget::check() {
  m_nextCheck = m_spent + kCheckUnits;
  if (m_stop != Stop::None) return false;
  if (m_cancel && m_cancel->load(std::memory_order_relaxed)) {
    m_stop = Stop::Cancelled;
    return false;
  }
  if (m_spent > m_limit) {
    m_stop = Stop::Work;
    return false;
  }
  if (m_progress) {
    const auto now = std::chrono::steady_clock::now();
    if (now - m_lastReport >= std::chrono::milliseconds(100)) {
      m_lastReport = now;
      const double expected = m_expected > 0 ? m_expected : m_limit;
      m_progress(std::clamp(m_spent / expected, 0.0, 0.99));
    }
  }
  return true;
}

bool DiceBudget::fits(std::size_t entries) {
  if (entries <= kMaxDiceEntries) return m_stop == Stop::None;
  if (m_stop == Stop::None) m_stop = Stop::Memory;
  return false;
}

std::string DiceBudget::why() const {
  switch (m_stop) {
    case Stop::None: return "";
    case Stop::Cancelled: return "cancelled";
    case Stop::Memory: return "more than " + std::to_string(kMaxDiceEntries) + " distinct outcomes or states";
    case Stop::Work: return "more than " + aboutSeconds(m_limit) + " of work";
  }
  return "";
}

std::string aboutSeconds(double units) {
  const double s = units / 1e9;
  char buf[64];
  if (s < 1) std::snprintf(buf, sizeof buf, "about %.1f s", s);
  else if (s < 120) std::snprintf(buf, sizeof buf, "about %.0f s", s);
  else if (s < 7200) std::snprintf(buf, sizeof buf, "about %.0f minutes", s / 60);
  else if (s < 2 * 86400) std::snprintf(buf, sizeof buf, "about %.0f hours", s / 3600);
  else if (s < 1e9) std::snprintf(buf, sizeof buf, "about %.0f days", s / 86400);
  else std::snprintf(buf, sizeof buf, "longer than a lifetime");
  return buf;
}

}  // namespace wb::sim::dice
