#include "simulation/ladder/ladder_check.h"

#include <iomanip>
#include <sstream>

namespace wb::sim {

namespace {

// +1: x's interval lies wholly above y's; -1: wholly below; 0: they overlap.
int separation(const Finding& x, const Finding& y) {
  if (x.ci.lo > y.ci.hi) return 1;
  if (x.ci.hi < y.ci.lo) return -1;
  return 0;
}

std::string shortName(const Finding& f) {
  const auto colon = f.id.find(':');
  return colon == std::string::npos ? f.id : f.id.substr(colon + 1);
}

// "18.4% [16.8, 20.2]" (an entity's difference of win rates: "+3.4 pp [...]").
std::string valueText(const Finding& f) {
  const bool points = f.id.rfind("entity:", 0) == 0;
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << (points ? std::showpos : std::noshowpos) << 100.0 * f.value
    << (points ? " pp [" : "% [") << 100.0 * f.ci.lo << ", " << 100.0 * f.ci.hi << "]";
  return s.str();
}

const Finding* findById(const std::vector<Finding>& list, const std::string& id) {
  for (const Finding& f : list)
    if (f.id == id) return &f;
  return nullptr;
}

OrderComparison compareOrder(const char* what, const std::vector<Finding>& a, const std::vector<Finding>& b) {
  OrderComparison c;
  c.what = what;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Finding* bi = findById(b, a[i].id);
    if (!bi) continue;
    for (std::size_t j = i + 1; j < a.size(); ++j) {
      const Finding* bj = findById(b, a[j].id);
      if (!bj) continue;
      ++c.pairs;
      const int sa = separation(a[i], a[j]), sb = separation(*bi, *bj);
      if (sa == 0 || sb == 0) {
        ++c.tied;
      } else if (sa == sb) {
        ++c.sameSeparated;
      } else {
        ++c.opposite;
        const Finding& hiA = sa > 0 ? a[i] : a[j];
        const Finding& loA = sa > 0 ? a[j] : a[i];
        const Finding& hiB = sa > 0 ? *bi : *bj;
        const Finding& loB = sa > 0 ? *bj : *bi;
        c.conflicts.push_back(shortName(hiA) + " above " + shortName(loA) + ": " + valueText(hiA) + " vs " + valueText(loA) +
                              ", then " + valueText(hiB) + " vs " + valueText(loB));
      }
    }
  }
  return c;
}

}  // namespace

bool AgreementCheck::agrees() const {
  if (!firstSideConflict.empty()) return false;
  for (const OrderComparison& o : orders)
    if (o.opposite > 0) return false;
  return true;
}

AgreementCheck agreementCheck(int agent, int reference, const AgentConclusions& a, const AgentConclusions& b) {
  AgreementCheck check;
  check.agent = agent;
  check.reference = reference;
  if (a.firstSide.category != 0 && b.firstSide.category != 0 && a.firstSide.category != b.firstSide.category)
    check.firstSideConflict = a.firstSide.label + ": " + describeFinding(a.firstSide) + ", then " + describeFinding(b.firstSide);
  if (!a.seats.empty() && !b.seats.empty()) check.orders.push_back(compareOrder("seats", a.seats, b.seats));
  if (!a.factions.empty() && !b.factions.empty()) check.orders.push_back(compareOrder("factions", a.factions, b.factions));
  if (!a.entities.empty() && !b.entities.empty()) check.orders.push_back(compareOrder("entities", a.entities, b.entities));
  return check;
}

std::string orderWithTies(const std::vector<Finding>& ranking) {
  std::string s;
  for (std::size_t i = 0; i < ranking.size(); ++i) {
    if (i > 0) s += separation(ranking[i - 1], ranking[i]) != 0 ? " > " : " ~ ";
    s += shortName(ranking[i]);
  }
  return s;
}

}  // namespace wb::sim
