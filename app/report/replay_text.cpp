#include "app/report/replay_text.h"

#include <algorithm>
#include <utility>

namespace wb::app {

ReplayText::ReplayText(const sim::Game& game, MoveWords words)
    : m_words(std::move(words)), m_chance(game.chanceEventCounters()), m_counterNames(game.counterIds()) {}

void ReplayText::heading(int turn, int seat) {
  m_out << "\n  turn " << turn << ", Seat " << seat + 1 << ":";
  m_lineTurn = turn;
  m_lineSeat = seat;
  m_lastActor = seat;
  m_lineHasMove = false;
}

// Chance counters of `seat` that grew since the last move, named on the current line.
void ReplayText::chanceEvents(const sim::State& now, int seat) {
  const int players = now.numPlayers();
  if (m_lastChance.size() != static_cast<std::size_t>(players) * m_chance.size()) return;
  for (std::size_t k = 0; k < m_chance.size(); ++k) {
    std::uint32_t& last = m_lastChance[static_cast<std::size_t>(seat) * m_chance.size() + k];
    const std::uint32_t count = now.counters().count(seat, m_chance[k]);
    if (count <= last) continue;
    const int c = m_chance[k];
    const std::string name = c >= 0 && static_cast<std::size_t>(c) < m_counterNames.size()
                                 ? m_counterNames[static_cast<std::size_t>(c)]
                                 : "counter " + std::to_string(c);
    m_out << (m_lineHasMove ? "; " : " ") << "chance: " << name << (seat == m_lineSeat ? "" : " (Seat " + std::to_string(seat + 1) + ")");
    m_lineHasMove = true;
    last = count;
  }
}

void ReplayText::catchUp(const sim::State& now) {
  const int players = now.numPlayers();
  if (m_lastTurns.empty()) {
    // First move: nothing happened before it but the setup.
    m_lastTurns.assign(static_cast<std::size_t>(players), 0);
    for (int s = 0; s < players; ++s) m_lastTurns[static_cast<std::size_t>(s)] = std::max(0, now.turnsOf(s));
    m_lastChance.assign(static_cast<std::size_t>(players) * m_chance.size(), 0);
    for (int s = 0; s < players; ++s)
      for (std::size_t k = 0; k < m_chance.size(); ++k)
        m_lastChance[static_cast<std::size_t>(s) * m_chance.size() + k] = now.counters().count(s, m_chance[k]);
    return;
  }
  // What the last move set off in its own turn.
  if (m_lineSeat >= 0) chanceEvents(now, m_lineSeat);
  // Turns begun since then other than the one now being played: turns nobody decided
  // anything in. Their seats come from the engines' per-seat counts, in seat order after
  // the last turn's seat (the turn order of every shipped engine).
  std::vector<int> started(static_cast<std::size_t>(players), 0);
  for (int s = 0; s < players; ++s) {
    const int t = now.turnsOf(s);
    if (t < 0) continue;
    started[static_cast<std::size_t>(s)] = t - m_lastTurns[static_cast<std::size_t>(s)];
    m_lastTurns[static_cast<std::size_t>(s)] = t;
  }
  const bool newTurn = now.turnCount() != m_lineTurn;
  if (newTurn && now.turnPlayer() >= 0 && now.turnPlayer() < players) --started[static_cast<std::size_t>(now.turnPlayer())];
  int skipped = newTurn ? now.turnCount() - m_lineTurn - 1 : 0;
  for (int step = 1; step <= players * 4 && skipped > 0; ++step) {
    const int s = (std::max(m_lineSeat, 0) + step) % players;
    if (started[static_cast<std::size_t>(s)] <= 0) continue;
    --started[static_cast<std::size_t>(s)];
    heading(m_lineTurn + 1, s);
    m_out << " no decision";
    m_lineHasMove = true;
    chanceEvents(now, s);
    --skipped;
  }
}

void ReplayText::move(const sim::State& before, sim::Action a) {
  catchUp(before);
  const int seat = before.turnPlayer();
  if (before.turnCount() != m_lineTurn) heading(before.turnCount(), seat);
  const int actor = before.currentPlayer();
  m_out << (m_lineHasMove ? ";" : "");
  // Another seat's move says so; the turn's player is named again when it takes over.
  if (actor != m_lineSeat && actor != m_lastActor) m_out << " Seat " << actor + 1 << " reacts:";
  else if (actor == m_lineSeat && m_lastActor != m_lineSeat && m_lineHasMove) m_out << " Seat " << actor + 1 << ":";
  m_out << " " << m_words(before.actionToString(a));
  m_lineHasMove = true;
  m_lastActor = actor;
}

void ReplayText::finish(const sim::State& last) {
  if (m_lineSeat >= 0) chanceEvents(last, m_lineSeat);
}

}  // namespace wb::app
