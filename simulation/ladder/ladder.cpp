#include "simulation/ladder/ladder.h"

#include <algorithm>
#include <numeric>

#include "simulation/agents/agent_factory.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "simulation/core/wall_clock.h"

namespace wb::sim {

const Pairing* LadderResult::pairing(int a, int b) const {
  for (const Pairing& p : pairings)
    if ((p.a == a && p.b == b) || (p.a == b && p.b == a)) return &p;
  return nullptr;
}

LadderRunner::LadderRunner(const Game& game, LadderConfig config) : m_game(game), m_config(std::move(config)) {}

bool LadderRunner::validate(std::string& error) const {
  if (m_config.agents.size() < 2) {
    error = "give at least two agents (e.g. --agents random,greedy,planner)";
    return false;
  }
  for (std::size_t i = 0; i < m_config.agents.size(); ++i) {
    if (!isValidAgentSpec(m_config.agents[i], error)) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (m_config.agents[i] == m_config.agents[j]) {
        error = "agent '" + m_config.agents[i] + "' is given twice";
        return false;
      }
  }
  if (m_config.run.games == 0) {
    error = "the number of games must be at least 1";
    return false;
  }
  if (m_config.run.players < 2) {
    error = "a ladder needs at least two players";
    return false;
  }
  return true;
}

LadderResult LadderRunner::run() {
  LadderResult result;
  result.config = m_config;
  result.engine = m_game.engine();
  result.agents = m_config.agents;
  if (!validate(result.error)) return result;
  const double start = wallSeconds();
  const int n = static_cast<int>(m_config.agents.size());
  const int players = m_config.run.players;
  const std::uint64_t selfGames = m_config.selfPlayGames > 0 ? m_config.selfPlayGames : m_config.run.games;
  // Odd player counts: the pairing is played both ways round (a in the extra seat, then b).
  const bool bothWays = players % 2 == 1;
  LadderProgress progress;
  progress.stages = n * (n - 1) / 2 * (bothWays ? 2 : 1) + n;

  // One run; its seed is the ladder's seed mixed with the stage, so every run is
  // reproducible on its own and independent of the others.
  auto play = [&](std::vector<std::string> agents, std::uint64_t games, const std::string& what) {
    RunConfig c = m_config.run;
    c.agents = std::move(agents);
    c.games = games;
    c.seed = deriveSeed(m_config.run.seed, static_cast<std::uint64_t>(progress.stage), 977);
    c.untilCi = 0.0;
    MonteCarloRunner runner(m_game, c);
    progress.what = what;
    progress.gamesDone = 0;
    progress.gamesTotal = games;
    if (m_progress) {
      m_progress(progress);
      runner.setProgressCallback([&](const RunProgress& p) {
        if (m_cancel.load()) runner.cancel();
        progress.gamesDone = p.gamesDone;
        m_progress(progress);
      }, 0.2);
    } else {
      runner.setProgressCallback([&](const RunProgress&) {
        if (m_cancel.load()) runner.cancel();
      }, 0.2);
    }
    RunResult r = runner.run();
    ++progress.stage;
    return r;
  };

  for (int a = 0; a < n && !m_cancel.load(); ++a) {
    for (int b = a + 1; b < n && !m_cancel.load(); ++b) {
      const std::string& A = m_config.agents[static_cast<std::size_t>(a)];
      const std::string& B = m_config.agents[static_cast<std::size_t>(b)];
      std::vector<std::string> seats(static_cast<std::size_t>(players));
      for (int s = 0; s < players; ++s) seats[static_cast<std::size_t>(s)] = s % 2 == 0 ? A : B;
      const std::uint64_t games = bothWays ? (m_config.run.games + 1) / 2 : m_config.run.games;
      RunResult r = play(seats, games, A + " vs " + B);
      if (!r.ok()) {
        result.error = r.error;
        return result;
      }
      Pairing p = pairingFromRun(r, a, b, 0, 1);
      if (bothWays && !m_cancel.load()) {
        for (int s = 0; s < players; ++s) seats[static_cast<std::size_t>(s)] = s % 2 == 0 ? B : A;
        RunResult r2 = play(seats, m_config.run.games / 2, B + " vs " + A);
        if (!r2.ok()) {
          result.error = r2.error;
          return result;
        }
        mergePairing(p, pairingFromRun(r2, a, b, 1, 0));
      }
      result.pairings.push_back(p);
    }
  }
  for (int a = 0; a < n && !m_cancel.load(); ++a) {
    RunResult r = play({m_config.agents[static_cast<std::size_t>(a)]}, selfGames, m_config.agents[static_cast<std::size_t>(a)] + " alone");
    if (!r.ok()) {
      result.error = r.error;
      return result;
    }
    result.conclusions.push_back(conclusionsOf(r, m_config.topEntities));
    result.selfPlay.push_back(std::move(r));
  }
  result.cancelled = m_cancel.load();
  result.ratings = bradleyTerry(n, result.pairings, 0);
  result.rungs.resize(static_cast<std::size_t>(n));
  std::iota(result.rungs.begin(), result.rungs.end(), 0);
  std::stable_sort(result.rungs.begin(), result.rungs.end(), [&](int x, int y) {
    return result.ratings[static_cast<std::size_t>(x)].elo < result.ratings[static_cast<std::size_t>(y)].elo;
  });
  if (static_cast<int>(result.conclusions.size()) == n) {
    for (int k = 0; k + 1 < n; ++k) {
      const int from = result.rungs[static_cast<std::size_t>(k)], to = result.rungs[static_cast<std::size_t>(k) + 1];
      const auto& a = result.conclusions[static_cast<std::size_t>(from)];
      const auto& b = result.conclusions[static_cast<std::size_t>(to)];
      for (auto& x : rankAgreement(from, to, a, b)) result.agreement.push_back(x);
      for (auto& x : conclusionChanges(from, to, a, b)) result.changes.push_back(x);
    }
    const int strongest = result.rungs.back();
    for (int a : result.rungs)
      if (a != strongest)
        result.checks.push_back(agreementCheck(a, strongest, result.conclusions[static_cast<std::size_t>(a)],
                                               result.conclusions[static_cast<std::size_t>(strongest)]));
  }
  result.elapsedSeconds = wallSeconds() - start;
  return result;
}

}  // namespace wb::sim
