// One Element position on either engine: the C++ engine (`element`,
// data/rulesets/element) or the game written in the rules language
// (data/rulesets/element-described). The rule tests set a position up the
// same way on both, take actions by a name both engines share ("place fire
// C4", "move F6", "end turn", "river north", "leave river", "steer left") and
// read the outcome, so one test checks a rule on both engines.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/path/ruleset_path.h"
#include "tests/rulesets/described/described_fixture.h"
#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::described::testing {

using Sets = std::vector<std::pair<std::string, std::string>>;

// The shared name of an action from either engine's actionToString.
inline std::string sharedName(std::string s) {
  if (const auto at = s.find('@'); at != std::string::npos) {  // element: "fire@C4 (seal)"
    std::string cell = s.substr(at + 1);
    if (const auto sp = cell.find(' '); sp != std::string::npos) cell.resize(sp);
    return "place " + s.substr(0, at) + " " + cell;
  }
  if (s == "river: leave it" || s == "leave_river") return "leave river";
  if (s == "end_turn") return "end turn";
  const std::pair<const char*, const char*> dirs[] = {{"river N", "river north"}, {"river E", "river east"},
                                                      {"river S", "river south"}, {"river W", "river west"}};
  for (const auto& [from, to] : dirs)
    if (s == from) return to;
  std::replace(s.begin(), s.end(), '_', ' ');  // river_north, steer_left
  return s;
}

class Duel {
 public:
  virtual ~Duel() = default;
  virtual void put(const std::string& stone, const std::vector<std::string>& squares, bool fortify = false) = 0;
  virtual void sorcerers(const std::string& first, const std::string& second) = 0;
  // `p`'s turn starts with these dice (faces fire, wind, earth, water, logo, seal).
  virtual void turn(int p, const std::vector<std::string>& faces) = 0;
  virtual std::string at(const std::string& square) const = 0;  // the stone there, "" if none
  virtual bool locked(const std::string& square) const = 0;
  virtual int supply(const std::string& stone) const = 0;
  virtual int escapes(int p) const = 0;
  virtual std::string stage() const = 0;  // play, river, steer, over
  // Counters both engines keep: spreads, fortresses, river_flows, river_replaced, lost_stones.
  virtual int count(const std::string& counter, int p) const = 0;
  virtual sim::State& state() = 0;
  virtual std::string engine() const = 0;

  std::vector<std::string> legal() {
    std::vector<std::string> out;
    for (sim::Action a : state().legalActions()) out.push_back(sharedName(state().actionToString(a)));
    return out;
  }
  bool isLegal(const std::string& name) {
    const auto l = legal();
    return std::find(l.begin(), l.end(), name) != l.end();
  }
  int countLegal(const std::string& prefix) {
    int n = 0;
    for (const auto& s : legal()) n += s.rfind(prefix, 0) == 0 ? 1 : 0;
    return n;
  }
  bool play(const std::string& name) {
    for (sim::Action a : state().legalActions())
      if (sharedName(state().actionToString(a)) == name) return state().applyAction(a, rng);
    return false;
  }
  bool terminal() { return state().isTerminal(); }
  std::vector<double> returns() { return state().returns(); }

  sim::Rng rng{1};
};

class CppDuel : public Duel {
 public:
  explicit CppDuel(const Sets& sets) : m_pos(sets.empty() ? element::test::shippedGame() : element::test::variantGame(sets)) {}
  void put(const std::string& stone, const std::vector<std::string>& squares, bool fortify) override {
    m_pos.put(stone, squares, fortify);
  }
  void sorcerers(const std::string& a, const std::string& b) override { m_pos.sorcerers(a, b); }
  void turn(int p, const std::vector<std::string>& faces) override { m_pos.turn(p, faces); }
  std::string at(const std::string& sq) const override { return m_pos.at(sq); }
  bool locked(const std::string& sq) const override { return m_pos.state->fortified(m_pos.cell(sq)); }
  int supply(const std::string& stone) const override { return m_pos.state->supply(m_pos.stone(stone)); }
  int escapes(int p) const override { return m_pos.state->escapes(p); }
  std::string stage() const override {
    switch (m_pos.state->stage()) {
      case element::Stage::Play: return "play";
      case element::Stage::ChooseRiver: return "river";
      case element::Stage::Steer: return "steer";
      case element::Stage::Over: return "over";
    }
    return "?";
  }
  int count(const std::string& c, int p) const override {
    const auto& ids = m_pos.game->rules().counters;
    const auto it = std::find(ids.begin(), ids.end(), c == "fortresses" ? "fortresses" : c);
    if (it == ids.end()) return -1;
    const int total = static_cast<int>(m_pos.state->counters().count(0, static_cast<int>(it - ids.begin())) +
                                       m_pos.state->counters().count(1, static_cast<int>(it - ids.begin())));
    // The described game counts rivers for the table: compare the total there.
    if (c == "river_flows" || c == "river_replaced") return total;
    return static_cast<int>(m_pos.state->counters().count(p, static_cast<int>(it - ids.begin())));
  }
  sim::State& state() override { return *m_pos.state; }
  std::string engine() const override { return "element"; }

 private:
  element::test::Position m_pos;
};

class DescribedDuel : public Duel {
 public:
  explicit DescribedDuel(const Sets& sets) {
    model::LoadResult r = model::loadRuleset(shippedPath("element-described"), lookup());
    EXPECT_TRUE(r.ok()) << r.diagnostics.format();
    for (const auto& [path, value] : sets) {
      std::string error;
      EXPECT_TRUE(model::setPath(r.ruleset, path, value, &error)) << error;
    }
    std::string errors;
    m_game = compile(r, &errors);
    EXPECT_TRUE(m_game) << errors;
    sim::Rng setup(1);
    m_state = m_game->newGame(2, setup);
    // An empty board, as the element engine's scripted positions start.
    for (int c = 0; c < m_game->program().board.cells; ++c) m_state->removePiece(c);
  }
  int cell(const std::string& sq) const { return m_game->program().board.parseCell(sq); }
  int piece(const std::string& stone) const {
    const auto& b = m_game->program().board;
    for (std::size_t k = 0; k < b.pieces.size(); ++k)
      if (m_game->program().cards[static_cast<std::size_t>(b.pieces[k].card)].id == stone) return static_cast<int>(k);
    ADD_FAILURE() << "no piece " << stone;
    return 0;
  }
  void put(const std::string& stone, const std::vector<std::string>& squares, bool fortify) override {
    for (const auto& sq : squares) {
      m_state->putPiece(cell(sq), piece(stone));
      m_state->setLocked(cell(sq), fortify);
    }
  }
  void sorcerers(const std::string& a, const std::string& b) override {
    m_state->setToken(0, 0, cell(a));
    m_state->setToken(1, 0, cell(b));
  }
  void turn(int p, const std::vector<std::string>& faces) override {
    const auto& phases = m_game->program().phases;
    int play = 0;
    for (std::size_t i = 0; i < phases.size(); ++i)
      if (phases[i].id == "play") play = static_cast<int>(i);
    m_state->setTurn(p, play);
    for (const auto& f : faces) {
      const std::string c = f == "seal" ? "seals" : f == "logo" ? "steps" : "need_" + f;
      const int k = counterIndex(*m_game, c);
      m_state->setCounter(k, p, m_state->counter(k, p) + 1);
    }
  }
  std::string at(const std::string& sq) const override {
    const int k = m_state->board().piece[static_cast<std::size_t>(cell(sq))];
    if (k < 0) return "";
    return m_game->program().cards[static_cast<std::size_t>(m_game->program().board.pieces[static_cast<std::size_t>(k)].card)].id;
  }
  bool locked(const std::string& sq) const override { return m_state->board().locked[static_cast<std::size_t>(cell(sq))] != 0; }
  int supply(const std::string& stone) const override { return m_state->counter(counterIndex(*m_game, "tray_" + stone), 0); }
  int escapes(int p) const override { return m_state->escapes(p); }
  std::string stage() const override {
    if (m_state->isTerminal()) return "over";
    return m_game->program().phases[static_cast<std::size_t>(m_state->phase())].id;
  }
  int count(const std::string& c, int p) const override { return m_state->counter(counterIndex(*m_game, c), p); }
  sim::State& state() override { return *m_state; }
  std::string engine() const override { return "described"; }
  DescribedState& described() { return *m_state; }

 private:
  std::shared_ptr<const DescribedGame> m_game;
  std::unique_ptr<DescribedState> m_state;
};

inline std::unique_ptr<Duel> makeDuel(const std::string& engine, const Sets& sets = {}) {
  if (engine == "element") return std::make_unique<CppDuel>(sets);
  return std::make_unique<DescribedDuel>(sets);
}

}  // namespace wb::rulesets::described::testing
