// The moves of one replayed game as text, one line per turn, headed by the seat
// whose turn it is: "turn 12, Seat 2: roll; Seat 3 reacts: pass; complete
// SHIELD". Moves of another seat inside the turn (reactions, answers, bids) say
// so; turns in which the player decided nothing (a turn ended by chance at once)
// keep their line; the engine's chance-event counters (a wild surge) are named.
// Moves read as the window words them (engine_words.h: a card by its name).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "app/report/engine_words.h"
#include "simulation/core/game.h"
#include "simulation/core/state.h"

namespace wb::app {

class ReplayText {
 public:
  explicit ReplayText(const sim::Game& game, MoveWords words = {});
  // Called before each move with the state it is played in.
  void move(const sim::State& before, sim::Action a);
  // Called once with the final state: what the last move set off.
  void finish(const sim::State& last);
  std::string text() const { return m_out.str(); }
  // The text written since the last take() (or the start), then forgotten: a caller that
  // labels each move (the window's games panel) reads the lines as they come.
  std::string take() {
    std::string s = m_out.str();
    m_out.str(std::string());
    return s;
  }

 private:
  // Chance events and turns begun since the last move (the state after it is `now`).
  void catchUp(const sim::State& now);
  void chanceEvents(const sim::State& now, int seat);
  void heading(int turn, int seat);

  MoveWords m_words;
  std::vector<int> m_chance;                 // counter indices
  std::vector<std::string> m_counterNames;
  std::vector<std::uint32_t> m_lastChance;   // per seat x chance counter
  std::vector<int> m_lastTurns;              // turnsOf per seat at the last move
  std::ostringstream m_out;
  int m_lineTurn = -1;
  int m_lineSeat = -1;
  int m_lastActor = -1;
  bool m_lineHasMove = false;
};

}  // namespace wb::app
