// Toy game with teams and engine counters for the outcome and rotation tests:
// Nim with one heap for 4 players in two teams (seats 0+2 against 1+3,
// State::sideOf), players take 1..3 stones in turn, the team of whoever takes
// the last stone wins (both partners get return 1). Optional `drawAt`: a heap
// that falls to this size or below (above 0) ends the game as a draw between the teams.
// Counter "took_three" counts every take of 3 stones.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "simulation/core/game.h"

namespace wb::sim::toy {

class TeamNimState : public State {
 public:
  TeamNimState(int heap, int drawAt) : m_heap(heap), m_drawAt(drawAt) { counterLog().reset(4, 1); }
  int numPlayers() const override { return 4; }
  int currentPlayer() const override { return isTerminal() ? kTerminalPlayer : m_toMove; }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (isTerminal()) return;
    for (int k = 1; k <= 3 && k <= m_heap; ++k) out.push_back(k);
  }
  bool isTerminal() const override { return m_heap == 0 || m_drawn; }
  std::vector<double> returns() const override {
    std::vector<double> r(4, 0.0);
    if (m_drawn) return std::vector<double>(4, 0.5);
    if (m_heap == 0)
      for (int p = 0; p < 4; ++p) r[static_cast<std::size_t>(p)] = sideOf(p) == sideOf(m_lastMover) ? 1.0 : 0.0;
    return r;
  }
  int sideOf(int seat) const override { return seat % 2; }
  // Turns started, the current one included (each move is a turn; the last one counted by the move).
  int turnCount() const override { return m_turns + (isTerminal() ? 0 : 1); }
  std::unique_ptr<State> clone() const override { return std::make_unique<TeamNimState>(*this); }
  std::string toString() const override { return "heap=" + std::to_string(m_heap); }

 protected:
  void doApplyAction(Action a, Rng& /*rng*/) override {
    m_heap -= static_cast<int>(a);
    if (a == 3) counterLog().add(m_toMove, 0);
    m_lastMover = m_toMove;
    m_drawn = m_heap > 0 && m_heap <= m_drawAt;
    m_toMove = (m_toMove + 1) % 4;
    ++m_turns;
  }

 private:
  int m_heap;
  int m_drawAt;
  int m_toMove = 0;
  int m_lastMover = 0;
  int m_turns = 0;
  bool m_drawn = false;
};

class TeamNimGame : public Game {
 public:
  explicit TeamNimGame(int heap = 21, int drawAt = -1) : m_heap(heap), m_drawAt(drawAt) {}
  std::string engine() const override { return "toy_team_nim"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  const std::vector<std::string>& counterIds() const override { return m_counters; }
  std::unique_ptr<State> newInitialState(const GameSetup& /*setup*/, Rng& /*rng*/) const override {
    return std::make_unique<TeamNimState>(m_heap, m_drawAt);
  }
  int defaultMaxTurns() const override { return 100; }

 private:
  int m_heap;
  int m_drawAt;
  std::vector<std::string> m_ids;
  std::vector<std::string> m_counters{"took_three"};
};

}  // namespace wb::sim::toy
