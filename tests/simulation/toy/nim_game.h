// Toy game for the simulation tests: Nim with one heap, players take 1..3
// stones in turn, whoever takes the last stone wins. Perfect information; the
// heuristic knows the theory (a heap that is a multiple of 4 loses for the
// player to move), so greedy plays perfectly. With `allowPass` a player may
// also take 0 stones, so games can last forever (turn-cap tests).
// Entities: take1, take2, take3 (Played), and "last" (Triggered by the winner).
#pragma once

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "simulation/core/game.h"

namespace wb::sim::toy {

class NimState : public State {
 public:
  NimState(int players, int heap, bool allowPass) : m_players(players), m_heap(heap), m_allowPass(allowPass) {
    log().reset(players, 4);
  }
  int numPlayers() const override { return m_players; }
  int currentPlayer() const override { return isTerminal() ? kTerminalPlayer : m_toMove; }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (isTerminal()) return;
    if (m_allowPass) out.push_back(0);
    for (int k = 1; k <= 3 && k <= m_heap; ++k) out.push_back(k);
  }
  bool isTerminal() const override { return m_heap == 0; }
  std::vector<double> returns() const override {
    std::vector<double> r(static_cast<std::size_t>(m_players), 0.0);
    if (isTerminal()) r[static_cast<std::size_t>(m_lastMover)] = 1.0;
    return r;
  }
  // Turns started, the current one included (each move is a turn; the last one counted by the move).
  int turnCount() const override { return m_turns + (isTerminal() ? 0 : 1); }
  std::unique_ptr<State> clone() const override { return std::make_unique<NimState>(*this); }
  double heuristic(int player) const override {
    if (isTerminal()) return player == m_lastMover ? 1e9 : -1e9;
    const bool moverLoses = m_heap % 4 == 0;
    return (player == m_toMove) == !moverLoses ? 1.0 : 0.0;
  }
  std::string actionToString(Action a) const override { return "take " + std::to_string(a); }
  std::string toString() const override {
    std::ostringstream s;
    s << "heap=" << m_heap << " to_move=" << m_toMove << " turns=" << m_turns;
    return s.str();
  }
  int heap() const { return m_heap; }

 protected:
  void doApplyAction(Action a, Rng& /*rng*/) override {
    m_heap -= static_cast<int>(a);
    m_lastMover = m_toMove;
    if (a > 0) log().add(m_toMove, static_cast<int>(a) - 1, EntityUse::Played);
    if (m_heap == 0) log().add(m_toMove, 3, EntityUse::Triggered);
    m_toMove = (m_toMove + 1) % m_players;
    ++m_turns;
  }

 private:
  int m_players;
  int m_heap;
  bool m_allowPass;
  int m_toMove = 0;
  int m_lastMover = 0;
  int m_turns = 0;
};

class NimGame : public Game {
 public:
  explicit NimGame(int heap = 15, bool allowPass = false, int maxTurns = 100)
      : m_heap(heap), m_allowPass(allowPass), m_maxTurns(maxTurns) {}
  std::string engine() const override { return "toy_nim"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<State> newInitialState(const GameSetup& setup, Rng& /*rng*/) const override {
    return std::make_unique<NimState>(setup.players, m_heap, m_allowPass);
  }
  int defaultMaxTurns() const override { return m_maxTurns; }

 private:
  int m_heap;
  bool m_allowPass;
  int m_maxTurns;
  std::vector<std::string> m_ids{"take1", "take2", "take3", "last"};
};

}  // namespace wb::sim::toy
