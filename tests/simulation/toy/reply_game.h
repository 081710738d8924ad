// Toy game for the ladder tests, built so that a headline conclusion flips with
// the players' skill: player 0 picks an opening (a or b), player 1 a reply (x,
// y or z), and the table decides: a: x and y win for player 0, z for player 1;
// b: x and z for player 0, y for player 1. Players who pick at random give the
// first player 4 wins in 6 (an advantage); a player 1 who looks one move ahead
// (greedy) always finds the reply that wins, so the first player never wins.
// Entities: opening_a, opening_b, reply_x, reply_y, reply_z (Played).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "simulation/core/game.h"

namespace wb::sim::toy {

class ReplyState : public State {
 public:
  ReplyState() { log().reset(2, 5); }
  int numPlayers() const override { return 2; }
  int currentPlayer() const override { return isTerminal() ? kTerminalPlayer : m_moves; }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (isTerminal()) return;
    const int n = m_moves == 0 ? 2 : 3;
    for (int a = 0; a < n; ++a) out.push_back(a);
  }
  bool isTerminal() const override { return m_moves == 2; }
  std::vector<double> returns() const override {
    std::vector<double> r(2, 0.0);
    if (isTerminal()) r[static_cast<std::size_t>(winner())] = 1.0;
    return r;
  }
  int turnCount() const override { return m_moves + (isTerminal() ? 0 : 1); }  // turns started
  std::unique_ptr<State> clone() const override { return std::make_unique<ReplyState>(*this); }
  std::string toString() const override {
    return "opening " + std::to_string(m_opening) + " reply " + std::to_string(m_reply);
  }

 protected:
  void doApplyAction(Action a, Rng& /*rng*/) override {
    if (m_moves == 0) {
      m_opening = static_cast<int>(a);
      log().add(0, m_opening, EntityUse::Played);
    } else {
      m_reply = static_cast<int>(a);
      log().add(1, 2 + m_reply, EntityUse::Played);
    }
    ++m_moves;
  }

 private:
  int winner() const {
    static const int kTable[2][3] = {{0, 0, 1}, {0, 1, 0}};
    return kTable[m_opening][m_reply];
  }
  int m_moves = 0, m_opening = 0, m_reply = 0;
};

class ReplyGame : public Game {
 public:
  std::string engine() const override { return "toy_reply"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<State> newInitialState(const GameSetup& /*setup*/, Rng& /*rng*/) const override {
    return std::make_unique<ReplyState>();
  }
  int defaultMaxTurns() const override { return 10; }

 private:
  std::vector<std::string> m_ids{"opening_a", "opening_b", "reply_x", "reply_y", "reply_z"};
};

}  // namespace wb::sim::toy
