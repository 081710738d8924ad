#include "simulation/ladder/ladder_analysis.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "simulation/compare/difference_interval.h"

namespace wb::sim {

namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln(10)
constexpr std::uint64_t kMinEntityPlayers = 10;           // player-games each way before an entity is judged

std::string percent(double x) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << 100.0 * x;
  return s.str();
}

std::string signedPoints(double x) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << std::showpos << 100.0 * x;
  return s.str();
}

int categoryOf(const Interval& ci, double fair) {
  if (ci.lo > fair) return 1;
  if (ci.hi < fair) return -1;
  return 0;
}

Finding rateFinding(const std::string& id, const std::string& label, const OutcomeTally& t, double fair) {
  Finding f;
  f.id = id;
  f.label = label;
  f.n = t.games;
  f.value = t.winRate();
  f.ci = wilsonInterval(t.wins, t.games);
  f.fair = fair;
  f.category = categoryOf(f.ci, fair);
  return f;
}

// Inverse of a small symmetric positive definite matrix (Gauss-Jordan); false if singular.
bool invert(std::vector<std::vector<double>>& m) {
  const std::size_t n = m.size();
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1.0;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(m[r][c]) > std::fabs(m[pivot][c])) pivot = r;
    if (std::fabs(m[pivot][c]) < 1e-12) return false;
    std::swap(m[c], m[pivot]);
    std::swap(inv[c], inv[pivot]);
    const double d = m[c][c];
    for (std::size_t k = 0; k < n; ++k) {
      m[c][k] /= d;
      inv[c][k] /= d;
    }
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = m[r][c];
      if (f == 0.0) continue;
      for (std::size_t k = 0; k < n; ++k) {
        m[r][k] -= f * m[c][k];
        inv[r][k] -= f * inv[c][k];
      }
    }
  }
  m = std::move(inv);
  return true;
}

// Ranks of the items by value (average ranks for ties) are not needed for tau:
// it compares every pair directly.
}  // namespace

Interval wilsonIntervalReal(double successes, double n, double z) {
  if (!(n > 0.0)) return Interval{0.0, 1.0};
  const double p = std::clamp(successes / n, 0.0, 1.0);
  const double z2 = z * z;
  const double denom = 1.0 + z2 / n;
  const double centre = (p + z2 / (2.0 * n)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
  return Interval{std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Pairing pairingFromRun(const RunResult& run, int a, int b, int runIndexA, int runIndexB) {
  Pairing p;
  p.a = a;
  p.b = b;
  const auto& agents = run.stats.agents();
  if (runIndexA < 0 || runIndexB < 0 || runIndexA >= static_cast<int>(agents.size()) ||
      runIndexB >= static_cast<int>(agents.size()))
    return p;
  const OutcomeTally& ta = agents[static_cast<std::size_t>(runIndexA)];
  const OutcomeTally& tb = agents[static_cast<std::size_t>(runIndexB)];
  p.games = run.stats.games();
  // A draw between a seat of a and a seat of b counts for both; draws beyond
  // that were between seats of one agent, which is that agent's game.
  const double shared = static_cast<double>(std::min(ta.draws, tb.draws));
  p.draws = shared;
  p.aWins = static_cast<double>(ta.wins) + (static_cast<double>(ta.draws) - shared) / 2.0;
  p.bWins = static_cast<double>(tb.wins) + (static_cast<double>(tb.draws) - shared) / 2.0;
  p.adjudicated = run.stats.adjudicatedGames();
  p.timeouts = run.stats.timeouts();
  p.other = run.stats.nobodyWinsGames() + p.adjudicated + p.timeouts;
  const double decided = p.decided();
  p.score = decided > 0 ? (p.aWins + p.draws / 2.0) / decided : 0.5;
  p.ci = wilsonIntervalReal(p.aWins + p.draws / 2.0, decided);
  return p;
}

void mergePairing(Pairing& into, const Pairing& more) {
  into.games += more.games;
  into.aWins += more.aWins;
  into.bWins += more.bWins;
  into.draws += more.draws;
  into.other += more.other;
  into.adjudicated += more.adjudicated;
  into.timeouts += more.timeouts;
  const double decided = into.decided();
  into.score = decided > 0 ? (into.aWins + into.draws / 2.0) / decided : 0.5;
  into.ci = wilsonIntervalReal(into.aWins + into.draws / 2.0, decided);
}

std::vector<Rating> bradleyTerry(int agents, const std::vector<Pairing>& pairings, int anchor) {
  const std::size_t n = static_cast<std::size_t>(std::max(agents, 0));
  std::vector<Rating> out(n);
  if (n == 0) return out;
  // w[i][j]: points of i against j (half a point of prior each way for every pair played).
  std::vector<std::vector<double>> w(n, std::vector<double>(n, 0.0));
  for (const Pairing& p : pairings) {
    if (p.a < 0 || p.b < 0 || p.a >= agents || p.b >= agents || p.a == p.b) continue;
    const auto a = static_cast<std::size_t>(p.a), b = static_cast<std::size_t>(p.b);
    w[a][b] += p.aWins + p.draws / 2.0 + 0.5;
    w[b][a] += p.bWins + p.draws / 2.0 + 0.5;
  }
  std::vector<double> s(n, 1.0);
  for (int iter = 0; iter < 10000; ++iter) {
    double change = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      double wins = 0.0, denom = 0.0;
      for (std::size_t j = 0; j < n; ++j) {
        if (j == i) continue;
        const double games = w[i][j] + w[j][i];
        if (games <= 0.0) continue;
        wins += w[i][j];
        denom += games / (s[i] + s[j]);
      }
      if (denom <= 0.0 || wins <= 0.0) continue;
      const double next = wins / denom;
      change = std::max(change, std::fabs(std::log(next / s[i])));
      s[i] = next;
    }
    // Keep the scale fixed (geometric mean 1).
    double logMean = 0.0;
    for (double v : s) logMean += std::log(v);
    logMean /= static_cast<double>(n);
    for (double& v : s) v /= std::exp(logMean);
    if (change < 1e-10) break;
  }
  const std::size_t ref = static_cast<std::size_t>(std::clamp(anchor, 0, agents - 1));
  for (std::size_t i = 0; i < n; ++i) out[i].elo = kEloPerNat * std::log(s[i] / s[ref]);
  // Standard errors: the inverse Fisher information of the log-strengths with the anchor fixed.
  std::vector<std::size_t> free;
  for (std::size_t i = 0; i < n; ++i)
    if (i != ref) free.push_back(i);
  std::vector<std::vector<double>> info(free.size(), std::vector<double>(free.size(), 0.0));
  for (std::size_t x = 0; x < free.size(); ++x) {
    const std::size_t i = free[x];
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i) continue;
      const double games = w[i][j] + w[j][i];
      const double v = games * s[i] * s[j] / ((s[i] + s[j]) * (s[i] + s[j]));
      info[x][x] += v;
      for (std::size_t y = 0; y < free.size(); ++y)
        if (free[y] == j) info[x][y] -= v;
    }
  }
  if (!free.empty() && invert(info))
    for (std::size_t x = 0; x < free.size(); ++x)
      out[free[x]].se = info[x][x] > 0 ? kEloPerNat * std::sqrt(info[x][x]) : 0.0;
  return out;
}

double kendallTau(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = std::min(x.size(), y.size());
  if (n < 2) return 0.0;
  double concordant = 0, discordant = 0, tiesX = 0, tiesY = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const double dx = x[i] - x[j], dy = y[i] - y[j];
      if (dx == 0 && dy == 0) continue;
      if (dx == 0) ++tiesX;
      else if (dy == 0) ++tiesY;
      else if ((dx > 0) == (dy > 0)) ++concordant;
      else ++discordant;
    }
  const double denom = std::sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return denom > 0 ? (concordant - discordant) / denom : 0.0;
}

AgentConclusions conclusionsOf(const RunResult& run, int topEntities) {
  AgentConclusions c;
  const RunStats& s = run.stats;
  const FirstSideTest t = s.firstSideTest();
  c.firstSide.id = "first_side";
  c.firstSide.label = t.teams ? "first team" : "first player";
  c.firstSide.value = t.rate();
  c.firstSide.ci = t.ci;
  c.firstSide.fair = t.fair;
  c.firstSide.n = t.decided;
  c.firstSide.category = t.decided > 0 && t.pValue < 0.05 ? (t.rate() > t.fair ? 1 : -1) : 0;
  c.meanLength = s.length().mean();

  if (s.players() > 2) {
    std::uint64_t wins = 0, games = 0;
    for (const auto& seat : s.seats()) {
      wins += seat.wins;
      games += seat.games;
    }
    const double fair = games ? static_cast<double>(wins) / static_cast<double>(games) : 0.0;
    for (int k = 0; k < s.players(); ++k)
      c.seats.push_back(rateFinding("seat:" + std::to_string(k), "Seat " + std::to_string(k + 1),
                                    s.seats()[static_cast<std::size_t>(k)], fair));
  }

  {
    std::uint64_t wins = 0, games = 0;
    for (const auto& f : s.factions()) {
      wins += f.wins;
      games += f.games;
    }
    const double fair = games ? static_cast<double>(wins) / static_cast<double>(games) : 0.0;
    for (std::size_t f = 0; f < s.factions().size() && f < run.factions.size(); ++f)
      if (s.factions()[f].games > 0)
        c.factions.push_back(rateFinding("faction:" + run.factions[f], "faction " + run.factions[f], s.factions()[f], fair));
    std::stable_sort(c.factions.begin(), c.factions.end(),
                     [](const Finding& x, const Finding& y) { return x.value > y.value; });
  }

  for (std::size_t e = 0; e < s.entities().size() && e < run.entities.size(); ++e) {
    const EntityTally& et = s.entities()[e];
    if (et.usedPlayers < kMinEntityPlayers || et.unusedPlayers < kMinEntityPlayers) continue;
    Finding f;
    f.id = "entity:" + run.entities[e];
    f.label = "entity " + run.entities[e];
    const double used = static_cast<double>(et.usedWins) / static_cast<double>(et.usedPlayers);
    const double unused = static_cast<double>(et.unusedWins) / static_cast<double>(et.unusedPlayers);
    f.value = used - unused;
    f.ci = proportionDifferenceInterval(et.unusedWins, et.unusedPlayers, et.usedWins, et.usedPlayers);
    f.fair = 0.0;
    f.n = et.usedPlayers;
    f.category = categoryOf(f.ci, 0.0);
    c.entities.push_back(f);
  }
  std::stable_sort(c.entities.begin(), c.entities.end(),
                   [](const Finding& x, const Finding& y) { return x.value > y.value; });
  const int k = std::min<int>(std::max(topEntities, 0), static_cast<int>(c.entities.size()) / 2);
  for (int i = 0; i < k; ++i) {
    c.topEntities.push_back(c.entities[static_cast<std::size_t>(i)].id.substr(7));
    c.bottomEntities.push_back(c.entities[c.entities.size() - 1 - static_cast<std::size_t>(i)].id.substr(7));
  }
  return c;
}

namespace {

// The values of the findings both lists hold, in a's order (for tau).
void common(const std::vector<Finding>& a, const std::vector<Finding>& b, std::vector<double>& x, std::vector<double>& y) {
  x.clear();
  y.clear();
  for (const Finding& f : a)
    for (const Finding& g : b)
      if (f.id == g.id) {
        x.push_back(f.value);
        y.push_back(g.value);
        break;
      }
}

const Finding* findById(const std::vector<Finding>& list, const std::string& id) {
  for (const Finding& f : list)
    if (f.id == id) return &f;
  return nullptr;
}

void compareFindings(int from, int to, const Finding& a, const Finding& b, std::vector<ConclusionChange>& out) {
  if (a.category == b.category) return;
  ConclusionChange c;
  c.from = from;
  c.to = to;
  c.id = a.id;
  c.label = a.label;
  c.before = describeFinding(a);
  c.after = describeFinding(b);
  c.kind = a.category != 0 && b.category != 0 ? "reversed" : a.category == 0 ? "appears" : "vanishes";
  out.push_back(c);
}

std::string listText(const std::vector<std::string>& ids) {
  std::string s;
  for (std::size_t i = 0; i < ids.size(); ++i) s += (i ? ", " : "") + ids[i];
  return s.empty() ? "-" : s;
}

}  // namespace

std::string describeFinding(const Finding& f) {
  std::ostringstream s;
  const bool difference = f.id.rfind("entity:", 0) == 0;
  if (difference) {
    s << (f.category > 0 ? "players who used it won more: " : f.category < 0 ? "players who used it won less: " : "no clear difference: ")
      << signedPoints(f.value) << " pp [" << signedPoints(f.ci.lo) << ", " << signedPoints(f.ci.hi) << "]";
  } else {
    s << (f.category > 0 ? "above fair: " : f.category < 0 ? "below fair: " : "not distinguishable from fair: ")
      << percent(f.value) << "% [" << percent(f.ci.lo) << ", " << percent(f.ci.hi) << "] vs " << percent(f.fair) << "%";
  }
  return s.str();
}

std::vector<RankAgreement> rankAgreement(int from, int to, const AgentConclusions& a, const AgentConclusions& b) {
  std::vector<RankAgreement> out;
  std::vector<double> x, y;
  auto add = [&](const char* what, const std::vector<Finding>& fa, const std::vector<Finding>& fb) {
    common(fa, fb, x, y);
    if (x.size() < 2) return;
    out.push_back(RankAgreement{from, to, what, static_cast<int>(x.size()), kendallTau(x, y)});
  };
  add("seats", a.seats, b.seats);
  add("factions", a.factions, b.factions);
  add("entities", a.entities, b.entities);
  return out;
}

std::vector<ConclusionChange> conclusionChanges(int from, int to, const AgentConclusions& a, const AgentConclusions& b) {
  std::vector<ConclusionChange> out;
  compareFindings(from, to, a.firstSide, b.firstSide, out);
  for (const Finding& f : a.seats)
    if (const Finding* g = findById(b.seats, f.id)) compareFindings(from, to, f, *g, out);
  for (const Finding& f : a.factions)
    if (const Finding* g = findById(b.factions, f.id)) compareFindings(from, to, f, *g, out);
  for (const Finding& f : a.entities)
    if (const Finding* g = findById(b.entities, f.id)) compareFindings(from, to, f, *g, out);
  // The identity of the strongest and weakest faction, and the top and bottom entities.
  auto ranking = [&](const char* id, const char* label, const std::string& before, const std::string& after) {
    if (before == after) return;
    out.push_back(ConclusionChange{from, to, id, label, before, after, "ranking"});
  };
  if (!a.factions.empty() && !b.factions.empty()) {
    ranking("faction_top", "strongest faction", a.factions.front().id.substr(8), b.factions.front().id.substr(8));
    ranking("faction_bottom", "weakest faction", a.factions.back().id.substr(8), b.factions.back().id.substr(8));
  }
  if (!a.topEntities.empty() && !b.topEntities.empty()) {
    ranking("entity_top", "top entities", listText(a.topEntities), listText(b.topEntities));
    ranking("entity_bottom", "bottom entities", listText(a.bottomEntities), listText(b.bottomEntities));
  }
  return out;
}

}  // namespace wb::sim
