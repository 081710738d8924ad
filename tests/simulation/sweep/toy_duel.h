// A toy engine for the sweep and comparison tests, with win rates known in
// closed form. Two players alternate; on their turn a player either rolls
// (action 0: wins at once with probability p_seat = parameters.p0 / p1 percent)
// or passes (action 1). Random agents roll half the time, so seat 0 wins with
//   q0 / (q0 + q1 - q0 q1),  q = p / 200,
// e.g. 0.571 at p0 = p1 = 50, and exactly 1/2 at p0 = 40 when p1 = 50.
// parameters.unused changes nothing (a sweep of it must find no effect).
#pragma once

#include <memory>
#include <string>

#include "model/yaml/ruleset_loader.h"
#include "simulation/core/engine_registry.h"

namespace wb::test {

class ToyDuelState : public sim::State {
 public:
  ToyDuelState(int p0, int p1) : m_p{p0, p1} {}
  int numPlayers() const override { return 2; }
  int currentPlayer() const override { return m_winner >= 0 ? sim::kTerminalPlayer : m_turn % 2; }
  void legalActions(std::vector<sim::Action>& out) const override {
    out.clear();
    if (m_winner < 0) out = {0, 1};
  }
  bool isTerminal() const override { return m_winner >= 0; }
  std::vector<double> returns() const override {
    std::vector<double> r(2, 0.0);
    if (m_winner >= 0) r[static_cast<std::size_t>(m_winner)] = 1.0;
    return r;
  }
  int turnCount() const override { return m_turn + (isTerminal() ? 0 : 1); }  // turns started
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<ToyDuelState>(*this); }
  std::string toString() const override { return "turn " + std::to_string(m_turn); }

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override {
    const int me = m_turn % 2;
    if (a == 0 && sim::uniformInt(rng, 100) < m_p[me]) m_winner = me;
    ++m_turn;
  }

 private:
  int m_p[2];
  int m_turn = 0;
  int m_winner = -1;
};

class ToyDuelGame : public sim::Game {
 public:
  ToyDuelGame(int p0, int p1) : m_p0(p0), m_p1(p1) {}
  std::string engine() const override { return "toy_duel"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup&, sim::Rng&) const override {
    return std::make_unique<ToyDuelState>(m_p0, m_p1);
  }
  int defaultMaxTurns() const override { return 2000; }

 private:
  int m_p0, m_p1;
  std::vector<std::string> m_ids;
};

inline sim::EngineRegistry toyRegistry() {
  sim::EngineRegistry registry;
  sim::EngineInfo info;
  info.name = "toy_duel";
  info.description = "toy duel for tests";
  info.schema.engine = "toy_duel";
  info.create = [](const model::Ruleset& r, model::Diagnostics&) -> std::unique_ptr<sim::Game> {
    return std::make_unique<ToyDuelGame>(static_cast<int>(r.number("p0", 50)), static_cast<int>(r.number("p1", 50)));
  };
  registry.add(info);
  return registry;
}

inline const char* kToyDuelYaml = R"(id: toy-duel
name: Toy Duel
engine: toy_duel
version: 1
players: {min: 2, max: 2}
parameters:
  p0: {type: int, default: 50, min: 0, max: 100}
  p1: {type: int, default: 50, min: 0, max: 100}
  unused: {type: int, default: 3, min: 0, max: 10}
  label: {type: string, default: duel}
)";

inline model::Ruleset toyDuelRuleset() {
  return model::loadRulesetFromString(kToyDuelYaml, "toy-duel.yaml").ruleset;
}

}  // namespace wb::test
