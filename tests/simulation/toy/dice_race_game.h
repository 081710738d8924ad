// Toy game with chance and hidden information for the simulation tests: a
// race to `goal`. Each player has a private shuffled deck (two each of cards
// 1..5) and a hidden hand of 3. On a turn a player plays a card (action =
// its value 1..5) and moves that far, plus 2 on a die roll of 6; landing
// exactly on an opponent sends them back to 0 ("bump"). Or the player may
// redraw (action 0): discard the hand and draw 3 new cards. Optional factions
// ("swift": +1 on every move, "steady": none) exercise faction rotation.
// determinize(observer) reshuffles what the observer cannot see: the other
// players' hands and every deck, keeping hand sizes; canonically (from sorted
// cards, so the result never depends on the hidden order).
// Entities: card1..card5 (Played), bump (Triggered), redraw (Played).
#pragma once

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "simulation/core/game.h"

namespace wb::sim::toy {

class DiceRaceState : public State {
 public:
  DiceRaceState(const GameSetup& setup, int goal, bool factions, Rng& rng)
      : m_players(setup.players), m_goal(goal) {
    m_pos.assign(static_cast<std::size_t>(m_players), 0);
    m_hand.resize(static_cast<std::size_t>(m_players));
    m_deck.resize(static_cast<std::size_t>(m_players));
    m_discard.resize(static_cast<std::size_t>(m_players));
    m_bonus.assign(static_cast<std::size_t>(m_players), 0);
    for (int p = 0; p < m_players; ++p) {
      auto& deck = m_deck[static_cast<std::size_t>(p)];
      for (int v = 1; v <= 5; ++v) deck.insert(deck.end(), 2, v);
      shuffle(deck, rng);
      for (int k = 0; k < 3; ++k) draw(p, rng);
      if (factions && p < static_cast<int>(setup.factionOfSeat.size()))
        m_bonus[static_cast<std::size_t>(p)] = setup.factionOfSeat[static_cast<std::size_t>(p)] == 0 ? 1 : 0;
    }
    log().reset(m_players, 7);
  }
  int numPlayers() const override { return m_players; }
  int currentPlayer() const override { return isTerminal() ? kTerminalPlayer : m_toMove; }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (isTerminal()) return;
    out.push_back(0);
    const auto& hand = m_hand[static_cast<std::size_t>(m_toMove)];
    for (int v = 1; v <= 5; ++v)
      if (std::find(hand.begin(), hand.end(), v) != hand.end()) out.push_back(v);
  }
  bool isTerminal() const override { return m_winner >= 0; }
  std::vector<double> returns() const override {
    std::vector<double> r(static_cast<std::size_t>(m_players), 0.0);
    if (m_winner >= 0) r[static_cast<std::size_t>(m_winner)] = 1.0;
    return r;
  }
  // Turns started, the current one included (each move is a turn; the last one counted by the move).
  int turnCount() const override { return m_turns + (isTerminal() ? 0 : 1); }
  std::unique_ptr<State> clone() const override { return std::make_unique<DiceRaceState>(*this); }
  std::unique_ptr<State> determinize(int observer, Rng& rng) const override {
    auto d = std::make_unique<DiceRaceState>(*this);
    for (int p = 0; p < m_players; ++p) {
      auto& deck = d->m_deck[static_cast<std::size_t>(p)];
      auto& hand = d->m_hand[static_cast<std::size_t>(p)];
      if (p != observer) {
        const std::size_t handSize = hand.size();
        deck.insert(deck.end(), hand.begin(), hand.end());
        hand.clear();
        std::sort(deck.begin(), deck.end());
        shuffle(deck, rng);
        for (std::size_t k = 0; k < handSize; ++k) {
          hand.push_back(deck.back());
          deck.pop_back();
        }
      } else {
        std::sort(deck.begin(), deck.end());
        shuffle(deck, rng);
      }
    }
    return d;
  }
  double heuristic(int player) const override {
    if (isTerminal()) return player == m_winner ? 1e9 : -1e9;
    double best = 0.0;
    for (int p = 0; p < m_players; ++p)
      if (p != player) best = std::max(best, static_cast<double>(m_pos[static_cast<std::size_t>(p)]));
    return m_pos[static_cast<std::size_t>(player)] - best;
  }
  std::string actionToString(Action a) const override { return a == 0 ? "redraw" : "play " + std::to_string(a); }
  // Test access to the cards (the top of a deck is back()).
  std::vector<int>& hand(int p) { return m_hand[static_cast<std::size_t>(p)]; }
  std::vector<int>& deck(int p) { return m_deck[static_cast<std::size_t>(p)]; }
  std::string toString() const override {
    std::ostringstream s;
    s << "turn " << m_turns << " to_move " << m_toMove;
    for (int p = 0; p < m_players; ++p) {
      s << " | p" << p << " at " << m_pos[static_cast<std::size_t>(p)] << " hand";
      for (int v : m_hand[static_cast<std::size_t>(p)]) s << ' ' << v;
      s << " deck";
      for (int v : m_deck[static_cast<std::size_t>(p)]) s << ' ' << v;
    }
    return s.str();
  }

 protected:
  void doApplyAction(Action a, Rng& rng) override {
    const int p = m_toMove;
    auto& hand = m_hand[static_cast<std::size_t>(p)];
    if (a == 0) {
      log().add(p, 6, EntityUse::Played);
      for (int v : hand) m_discard[static_cast<std::size_t>(p)].push_back(v);
      hand.clear();
      for (int k = 0; k < 3; ++k) draw(p, rng);
    } else {
      const int v = static_cast<int>(a);
      hand.erase(std::find(hand.begin(), hand.end(), v));
      m_discard[static_cast<std::size_t>(p)].push_back(v);
      log().add(p, v - 1, EntityUse::Played);
      const int roll = uniformInt(rng, 6) + 1;
      int& pos = m_pos[static_cast<std::size_t>(p)];
      pos += v + (roll == 6 ? 2 : 0) + m_bonus[static_cast<std::size_t>(p)];
      for (int q = 0; q < m_players; ++q) {
        if (q != p && m_pos[static_cast<std::size_t>(q)] == pos && pos < m_goal) {
          m_pos[static_cast<std::size_t>(q)] = 0;
          log().add(p, 5, EntityUse::Triggered);
        }
      }
      draw(p, rng);
      if (pos >= m_goal) m_winner = p;
    }
    ++m_turns;
    m_toMove = (m_toMove + 1) % m_players;
  }

 private:
  static void shuffle(std::vector<int>& v, Rng& rng) {
    for (int i = static_cast<int>(v.size()) - 1; i > 0; --i)
      std::swap(v[static_cast<std::size_t>(i)], v[static_cast<std::size_t>(uniformInt(rng, i + 1))]);
  }
  void draw(int p, Rng& rng) {
    auto& deck = m_deck[static_cast<std::size_t>(p)];
    auto& discard = m_discard[static_cast<std::size_t>(p)];
    if (deck.empty()) {
      deck.swap(discard);
      shuffle(deck, rng);
    }
    if (deck.empty()) return;
    m_hand[static_cast<std::size_t>(p)].push_back(deck.back());
    deck.pop_back();
  }

  int m_players;
  int m_goal;
  int m_toMove = 0;
  int m_turns = 0;
  int m_winner = -1;
  std::vector<int> m_pos, m_bonus;
  std::vector<std::vector<int>> m_hand, m_deck, m_discard;
};

class DiceRaceGame : public Game {
 public:
  explicit DiceRaceGame(int goal = 30, bool factions = false) : m_goal(goal), m_factions(factions) {}
  std::string engine() const override { return "toy_dice_race"; }
  std::vector<std::string> factions() const override {
    return m_factions ? std::vector<std::string>{"swift", "steady"} : std::vector<std::string>{};
  }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<State> newInitialState(const GameSetup& setup, Rng& rng) const override {
    return std::make_unique<DiceRaceState>(setup, m_goal, m_factions, rng);
  }
  int defaultMaxTurns() const override { return 400; }

 private:
  int m_goal;
  bool m_factions;
  std::vector<std::string> m_ids{"card1", "card2", "card3", "card4", "card5", "bump", "redraw"};
};

}  // namespace wb::sim::toy
