// Toy game for the impact tests: a race to `goal` for 2 players. On a turn a
// player steps (action 0: move 1) or plays the power card (action 1: move 4;
// entity "power_card", deliberately overpowered); every move adds a die roll of
// 0 or 1 and ends the turn. Before moving, a player may once per turn play the
// dud card (action 2: entity "dud_card"): it rolls a die and does nothing else,
// so it changes the chance stream but not the odds (a random player still moves
// with the power card half the time, with or without it). Grants: "charm" (+1 on
// every move of its owner) and "dud_charm" (nothing) can be given from the
// start; the cards cannot.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "simulation/core/game.h"

namespace wb::sim::toy {

class CardRaceState : public State {
 public:
  CardRaceState(int goal, const GameSetup& setup) : m_goal(goal) {
    for (const Grant& g : setup.grants)
      if (g.entity == 2 && g.seat >= 0 && g.seat < 2) m_bonus[static_cast<std::size_t>(g.seat)] = 1;
    log().reset(2, 4);
  }
  int numPlayers() const override { return 2; }
  int currentPlayer() const override { return isTerminal() ? kTerminalPlayer : m_toMove; }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (isTerminal()) return;
    out = {0, 1};
    if (!m_dudPlayed) out.push_back(2);
  }
  bool isTerminal() const override { return m_winner >= 0; }
  std::vector<double> returns() const override {
    std::vector<double> r(2, 0.0);
    if (m_winner >= 0) r[static_cast<std::size_t>(m_winner)] = 1.0;
    return r;
  }
  void actionEntities(Action a, std::vector<int>& out) const override {
    out.clear();
    if (a == 1) out.push_back(0);
    if (a == 2) out.push_back(1);
  }
  // Turns started, the current one included (each move is a turn; the last one counted by the move).
  int turnCount() const override { return m_turns + (isTerminal() ? 0 : 1); }
  std::unique_ptr<State> clone() const override { return std::make_unique<CardRaceState>(*this); }
  double heuristic(int player) const override {
    if (isTerminal()) return player == m_winner ? 1e9 : -1e9;
    return m_pos[static_cast<std::size_t>(player)] - m_pos[static_cast<std::size_t>(1 - player)];
  }
  std::string toString() const override { return std::to_string(m_pos[0]) + ":" + std::to_string(m_pos[1]); }

 protected:
  void doApplyAction(Action a, Rng& rng) override {
    const auto p = static_cast<std::size_t>(m_toMove);
    if (a == 2) {  // the dud: a roll that changes nothing; the turn goes on
      log().add(m_toMove, 1, EntityUse::Played);
      (void)uniformInt(rng, 2);
      m_dudPlayed = true;
      return;
    }
    if (a == 1) log().add(m_toMove, 0, EntityUse::Played);
    m_pos[p] += (a == 1 ? 4 : 1) + m_bonus[p] + uniformInt(rng, 2);
    if (m_pos[p] >= m_goal) m_winner = m_toMove;
    m_toMove = 1 - m_toMove;
    m_dudPlayed = false;
    ++m_turns;
  }

 private:
  int m_goal;
  int m_pos[2] = {0, 0};
  int m_bonus[2] = {0, 0};
  int m_toMove = 0;
  int m_turns = 0;
  int m_winner = -1;
  bool m_dudPlayed = false;
};

class CardRaceGame : public Game {
 public:
  explicit CardRaceGame(int goal = 40) : m_goal(goal) {}
  std::string engine() const override { return "toy_card_race"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<State> newInitialState(const GameSetup& setup, Rng& /*rng*/) const override {
    return std::make_unique<CardRaceState>(m_goal, setup);
  }
  bool canGrant(int entity) const override { return entity == 2 || entity == 3; }
  int defaultMaxTurns() const override { return 500; }

 private:
  int m_goal;
  std::vector<std::string> m_ids{"power_card", "dud_card", "charm", "dud_charm"};
};

}  // namespace wb::sim::toy
