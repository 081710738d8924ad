#include "simulation/assumptions/assumption_runner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "model/path/ruleset_path.h"
#include "simulation/compare/difference_interval.h"
#include "simulation/stats/multiple_testing.h"

namespace wb::sim {
namespace {

std::string fixed1(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}
std::string percent(double rate) { return fixed1(100.0 * rate) + "%"; }
std::string points(double delta) { return (delta >= 0 ? "+" : "") + fixed1(100.0 * delta); }

AssumptionChange rateChange(std::string key, std::string label, std::uint64_t xA, std::uint64_t nA, std::uint64_t xB,
                            std::uint64_t nB) {
  AssumptionChange c;
  c.key = std::move(key);
  c.label = std::move(label);
  c.shipped = nA ? static_cast<double>(xA) / static_cast<double>(nA) : 0.0;
  c.alternative = nB ? static_cast<double>(xB) / static_cast<double>(nB) : 0.0;
  c.delta = c.alternative - c.shipped;
  c.ci = proportionDifferenceInterval(xA, nA, xB, nB);
  c.pValue = twoProportionPValue(xA, nA, xB, nB);
  c.nShipped = nA;
  c.nAlternative = nB;
  return c;
}

// The first-side verdict of a run: +1 favoured, -1 disfavoured, 0 no detectable advantage.
int firstSideVerdict(const RunStats& s) {
  const FirstSideTest t = s.firstSideTest();
  if (t.decided == 0 || t.pValue >= kFamilyAlpha) return 0;
  return t.rate() > t.fair ? 1 : -1;
}

const char* verdictWords(int v) {
  return v > 0 ? "a first-side advantage" : v < 0 ? "a first-side disadvantage" : "no detectable first-side advantage";
}

std::string finding(const AssumedValue& a, const AlternativeResult& alt, const AssumptionChange& c,
                    const RunResult& shipped) {
  const std::string name = a.path.substr(a.path.rfind('.') + 1);
  const std::string ci = " [" + points(c.ci.lo) + ", " + points(c.ci.hi) + "]";
  std::string s = name + ": with " + alt.value + " ";
  if (c.key == "first_side") {
    s += "the first side wins " + percent(c.alternative) + " of decided games (" + points(c.delta) + " points" + ci +
         "; shipped " + percent(c.shipped) + ")";
    const int before = firstSideVerdict(shipped.stats), after = firstSideVerdict(alt.run.stats);
    if (before != after) {
      s += before != 0 && after != 0 ? ": REVERSES the verdict (" : before == 0 ? ": CREATES a verdict (" : ": REMOVES the verdict (";
      s += std::string(verdictWords(before)) + " -> " + verdictWords(after) + ")";
    }
  } else if (c.key == "turns") {
    char buf[96];
    std::snprintf(buf, sizeof buf, "games last %.1f turns instead of %.1f (%+.1f [%+.1f, %+.1f])", c.alternative, c.shipped,
                  c.delta, c.ci.lo, c.ci.hi);
    s += buf;
  } else if (c.key.rfind("seat:", 0) == 0) {
    s += "Seat " + std::to_string(std::stoi(c.key.substr(5)) + 1) + " wins " + percent(c.alternative) + " of all games (" + points(c.delta) + " points" + ci +
         "; shipped " + percent(c.shipped) + ")";
  } else {
    const std::string what = c.key == "timeouts"      ? "games time out (turn cap)"
                             : c.key == "adjudicated" ? "games are adjudicated at the engine's cap"
                             : c.key == "nobody"      ? "games end with nobody winning"
                                                      : "games are drawn";
    s += percent(c.alternative) + " of " + what + " (" + points(c.delta) + " points" + ci + "; shipped " +
         percent(c.shipped) + ")";
    if (c.shipped == 0.0) s += ": CREATES it";
    if (c.alternative == 0.0) s += ": REMOVES it";
  }
  return s;
}

}  // namespace

std::vector<AssumptionChange> conclusionChanges(const RunResult& shipped, const RunResult& alt) {
  std::vector<AssumptionChange> out;
  const RunStats& a = shipped.stats;
  const RunStats& b = alt.stats;
  const FirstSideTest fa = a.firstSideTest(), fb = b.firstSideTest();
  out.push_back(rateChange("first_side", "first side wins (of decided games)", fa.wins, fa.decided, fb.wins, fb.decided));
  for (std::size_t s = 0; s < a.seats().size() && s < b.seats().size(); ++s)
    out.push_back(rateChange("seat:" + std::to_string(s), "Seat " + std::to_string(s + 1) + " wins (of all games)",
                             a.seats()[s].wins, a.seats()[s].games, b.seats()[s].wins, b.seats()[s].games));
  AssumptionChange len;
  len.key = "turns";
  len.label = "mean game length (turns)";
  len.isRate = false;
  len.shipped = a.length().mean();
  len.alternative = b.length().mean();
  len.delta = len.alternative - len.shipped;
  len.ci = meanDifferenceInterval(len.shipped, a.length().sd(), a.length().games, len.alternative, b.length().sd(),
                                  b.length().games);
  len.pValue = meanDifferencePValue(len.shipped, a.length().sd(), a.length().games, len.alternative, b.length().sd(),
                                    b.length().games);
  len.nShipped = a.length().games;
  len.nAlternative = b.length().games;
  out.push_back(len);
  auto share = [&](const char* key, const char* label, std::uint64_t xa, std::uint64_t xb) {
    if (xa + xb > 0) out.push_back(rateChange(key, label, xa, a.games(), xb, b.games()));
  };
  share("timeouts", "timeouts (turn cap), share of games", a.timeouts(), b.timeouts());
  share("adjudicated", "adjudicated at the engine's cap, share of games", a.adjudicatedGames(), b.adjudicatedGames());
  share("nobody", "nobody wins, share of games", a.nobodyWinsGames(), b.nobodyWinsGames());
  share("draws", "draws, share of games", a.drawnGames(), b.drawnGames());
  return out;
}

FactionRanking factionRanking(const RunResult& run, const FactionRanking* against) {
  FactionRanking r;
  const auto& tallies = run.stats.factions();
  const std::size_t n = std::min(tallies.size(), run.factions.size());
  if (n == 0) return r;
  std::vector<std::size_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::size_t x, std::size_t y) { return tallies[x].winRate() > tallies[y].winRate(); });
  for (std::size_t i : idx) r.order.push_back(run.factions[i]);
  r.top = r.order.front();
  r.bottom = r.order.back();
  if (against && against->order.size() == r.order.size()) {
    // Rank positions of each faction in both orders.
    std::vector<double> mine, theirs;
    for (const auto& f : against->order) {
      theirs.push_back(-static_cast<double>(&f - against->order.data()));
      const auto it = std::find(r.order.begin(), r.order.end(), f);
      mine.push_back(-static_cast<double>(it - r.order.begin()));
    }
    r.tau = kendallTauB(theirs, mine);
  }
  return r;
}

void finishAssumptions(AssumptionsResult& result) {
  std::vector<double> p;
  for (const auto& a : result.assumptions)
    for (const auto& alt : a.alternatives)
      for (const auto& c : alt.changes) p.push_back(c.pValue);
  result.tests = p.size();
  const std::vector<double> adjusted = holmAdjust(p);
  const double level = kFamilyAlpha / static_cast<double>(std::max<std::size_t>(1, result.tests));
  const double zSum = normalQuantile(1.0 - level / 2.0) + normalQuantile(0.8);
  std::size_t k = 0;
  for (auto& a : result.assumptions) {
    a.largestChange = 0;
    a.largestKey.clear();
    for (auto& alt : a.alternatives) {
      alt.largestChange = 0;
      alt.largestKey.clear();
      alt.findings.clear();
      for (auto& c : alt.changes) {
        c.adjustedP = adjusted[k++];
        c.significant = c.adjustedP <= kFamilyAlpha;
        if (c.isRate) {
          c.detectable = detectableRateDifference(c.shipped, std::min(c.nShipped, c.nAlternative), level);
        } else {
          const double sd = result.shipped.stats.length().sd();
          c.detectable = c.nShipped ? zSum * sd * std::sqrt(2.0 / static_cast<double>(c.nShipped)) : 0.0;
        }
        if (!c.significant) continue;
        const double size = c.isRate ? std::fabs(c.delta)
                                     : (c.shipped > 0 ? std::fabs(c.delta) / c.shipped : std::fabs(c.delta));
        if (size > alt.largestChange) {
          alt.largestChange = size;
          alt.largestKey = c.key;
          alt.largestDelta = c.delta;
        }
        alt.findings.push_back(finding(a.value, alt, c, result.shipped));
      }
      if (alt.largestChange > a.largestChange) {
        a.largestChange = alt.largestChange;
        a.largestKey = alt.largestKey;
        a.largestValue = alt.value;
        a.largestDelta = alt.largestDelta;
      }
    }
  }
  result.ranking.clear();
  for (std::size_t i = 0; i < result.assumptions.size(); ++i)
    if (result.assumptions[i].value.playable()) result.ranking.push_back(i);
  std::stable_sort(result.ranking.begin(), result.ranking.end(), [&](std::size_t x, std::size_t y) {
    const auto& a = result.assumptions[x];
    const auto& b = result.assumptions[y];
    if (a.largestChange != b.largestChange) return a.largestChange > b.largestChange;
    return a.value.path < b.value.path;
  });
}

AssumptionRunner::AssumptionRunner(const EngineRegistry& registry, const model::Ruleset& ruleset, RunConfig config)
    : m_registry(registry), m_ruleset(ruleset), m_config(std::move(config)) {}

void AssumptionRunner::setProgressCallback(ProgressCallback callback, double intervalSeconds) {
  m_progress = std::move(callback);
  m_interval = intervalSeconds;
}

AssumptionsResult AssumptionRunner::run() {
  AssumptionsResult result;
  for (auto& v : assumedValues(m_ruleset)) {
    AssumptionResult a;
    a.value = std::move(v);
    result.assumptions.push_back(std::move(a));
  }
  std::size_t runs = 1;
  for (const auto& a : result.assumptions) runs += a.value.alternatives.size();
  const std::uint64_t total = runs * m_config.games;
  std::uint64_t before = 0;
  std::size_t runIndex = 0;
  auto play = [&](const model::Ruleset& ruleset, const std::string& label) {
    MonteCarloRunner::ProgressCallback cb;
    if (m_progress) {
      cb = [&, label](const RunProgress& p) {
        AssumptionsProgress ap;
        ap.run = runIndex;
        ap.runs = runs;
        ap.label = label;
        ap.gamesDone = before + p.gamesDone;
        ap.gamesTotal = total;
        ap.etaSeconds = p.gamesPerSecond > 0
                            ? static_cast<double>(total - std::min(total, ap.gamesDone)) / p.gamesPerSecond
                            : 0.0;
        m_progress(ap);
      };
    }
    RunResult r = m_run.run(m_registry, ruleset, m_config, cb, m_interval);
    before += r.stats.games();
    ++runIndex;
    return r;
  };

  result.shipped = play(m_ruleset, "shipped");
  if (!result.shipped.ok()) {
    result.error = result.shipped.error;
    return result;
  }
  result.shippedFactions = factionRanking(result.shipped);
  if (result.shipped.cancelled || m_run.cancelled()) {
    result.cancelled = true;
    return result;
  }
  for (auto& a : result.assumptions) {
    for (const auto& value : a.value.alternatives) {
      AlternativeResult alt;
      alt.value = value;
      model::Ruleset edited = m_ruleset;
      std::string error;
      if (!model::setPath(edited, a.value.path, value, &error)) {
        alt.error = error;
        before += m_config.games;
        ++runIndex;
      } else {
        alt.run = play(edited, a.value.path + "=" + value);
        if (!alt.run.ok()) {
          alt.error = alt.run.error;
          while (!alt.error.empty() && alt.error.back() == '\n') alt.error.pop_back();
        } else if (alt.run.cancelled || m_run.cancelled()) {
          result.cancelled = true;
          return result;
        } else {
          alt.changes = conclusionChanges(result.shipped, alt.run);
          alt.factions = factionRanking(alt.run, &result.shippedFactions);
        }
      }
      a.alternatives.push_back(std::move(alt));
    }
  }
  finishAssumptions(result);
  return result;
}

}  // namespace wb::sim
