// The described Elemental Card-Dice Game (data/rulesets/card-dice-described)
// against the card_dice engine on the same cards: both play the same number
// of games with the same agents, and each figure (first-side win rate among
// decided games, timeout share, mean length in turns, each card's
// acquisitions per game) is tested for a difference, two-sided, with Holm's
// correction over all of them (simulation/stats/multiple_testing.h).
#pragma once

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/card_dice/card_dice_state.h"
#include "rulesets/described/described_state.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/core/game.h"
#include "simulation/core/state.h"
#include "simulation/stats/multiple_testing.h"

namespace wb::rulesets::described::testing {

inline std::string describedCardDicePath() {
  return std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice-described/card-dice-described.yaml";
}

// The described game, compiled by the engine catalog like any ruleset.
inline std::unique_ptr<sim::Game> describedCardDice(std::string* errors = nullptr) {
  auto loaded = model::loadRuleset(describedCardDicePath(), builtinEngines().schemaLookup());
  model::Diagnostics d;
  std::unique_ptr<sim::Game> g = loaded.ok() ? builtinEngines().compile(loaded.ruleset, d) : nullptr;
  if (errors) *errors = loaded.ok() ? d.format() : loaded.diagnostics.format();
  return g;
}

// The card_dice engine on data/rulesets/card-dice with only the cards the
// described game has (the Basic Income of the starting decks among them).
inline std::unique_ptr<sim::Game> cppCardDiceOnSameCards(std::string* errors = nullptr) {
  auto described = model::loadRuleset(describedCardDicePath(), builtinEngines().schemaLookup());
  auto loaded = model::loadRuleset(std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml",
                                   builtinEngines().schemaLookup());
  if (!described.ok() || !loaded.ok()) {
    if (errors) *errors = described.diagnostics.format() + loaded.diagnostics.format();
    return nullptr;
  }
  std::set<std::string> ids;
  for (const auto& c : described.ruleset.cards()) ids.insert(c.id);
  auto& cards = loaded.ruleset.cards();
  cards.erase(std::remove_if(cards.begin(), cards.end(), [&](const model::Entity& c) { return !ids.count(c.id); }),
              cards.end());
  model::Diagnostics d;
  std::unique_ptr<sim::Game> g = builtinEngines().compile(loaded.ruleset, d);
  if (errors) *errors = d.format();
  return g;
}

// The declared victory's counter, read the same way on either engine: a
// player's health ("the player whose health reaches zero first loses").
inline int healthOf(const sim::State& s, int p) {
  if (const auto* c = dynamic_cast<const card_dice::CardDiceState*>(&s)) return c->player(p).health;
  const auto& d = dynamic_cast<const DescribedState&>(s);
  const auto& cs = d.program().counters;
  for (std::size_t i = 0; i < cs.size(); ++i)
    if (cs[i].id == "health") return d.counter(static_cast<int>(i), p);
  return 0;
}

// "victory-greedy": a one-ply search with no knowledge of the game beyond its
// declared victory. From a determinization (it sees what its player sees), it
// tries every legal action and keeps one that wins, else one with the largest
// health lead after it (ties at random). Both engines get the same agent.
inline sim::Action victoryGreedy(const sim::State& state, sim::Rng& rng) {
  const int me = state.currentPlayer();
  const std::vector<sim::Action> legal = state.legalActions();
  if (legal.size() == 1) return legal.front();
  const std::unique_ptr<sim::State> view = state.determinize(me, rng);
  double best = -1e300;
  std::vector<sim::Action> ties;
  for (sim::Action a : legal) {
    std::unique_ptr<sim::State> next = view->clone();
    sim::Rng chance(rng());
    if (!next->applyAction(a, chance)) continue;
    double v;
    if (next->isTerminal()) {
      const auto r = next->returns();
      v = (r[static_cast<std::size_t>(me)] - 0.5) * 1e9;
    } else {
      v = healthOf(*next, me) - healthOf(*next, 1 - me);
    }
    if (v > best + 1e-9) {
      best = v;
      ties.assign(1, a);
    } else if (v > best - 1e-9) {
      ties.push_back(a);
    }
  }
  if (ties.empty()) return legal.front();
  return ties[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(ties.size())))];
}

// Per-game figures of one engine's games.
struct AgreementSample {
  std::vector<std::string> cards;             // entity ids
  std::vector<double> firstWins;              // per decided game: 1 if seat 1 won
  std::vector<double> lengths;                // turns, every game
  std::uint64_t games = 0, timeouts = 0;
  std::vector<std::vector<double>> acquired;  // per card, per game (both players)
};

// `games` games, seat i played by agents[i % agents.size()], game g dealt from
// seed + g and its agents deciding from another stream of it. A game still
// running after `maxTurns` turns (or 200,000 actions) is a timeout.
inline AgreementSample playSample(const sim::Game& game, const std::vector<std::string>& agents, int games,
                                  std::uint64_t seed, int maxTurns = 2000) {
  AgreementSample s;
  s.cards = game.entityIds();
  s.acquired.assign(s.cards.size(), {});
  std::vector<std::unique_ptr<sim::Agent>> seats;
  std::vector<bool> ours;
  for (int i = 0; i < 2; ++i) {
    const std::string& spec = agents[static_cast<std::size_t>(i) % agents.size()];
    ours.push_back(spec == "victory-greedy");
    std::string error;
    seats.push_back(ours.back() ? nullptr : sim::makeAgent(spec, error));
    if (!ours.back() && !seats.back()) return s;
  }
  for (int g = 0; g < games; ++g) {
    sim::Rng rng(seed * 1000003ULL + static_cast<std::uint64_t>(g));
    sim::Rng agentRng(seed * 7919ULL + static_cast<std::uint64_t>(g) * 31ULL + 17ULL);
    for (auto& a : seats)
      if (a) a->reset();
    auto state = game.newInitialState(sim::GameSetup(2), rng);
    long long actions = 0;
    while (!state->isTerminal() && state->turnCount() <= maxTurns && actions < 200000) {
      const int p = state->currentPlayer();
      const sim::Action a = ours[static_cast<std::size_t>(p)]
                                ? victoryGreedy(*state, agentRng)
                                : seats[static_cast<std::size_t>(p)]->chooseAction(*state, agentRng);
      state->applyAction(a, rng);
      ++actions;
    }
    ++s.games;
    const bool ended = state->isTerminal();
    if (!ended) ++s.timeouts;
    s.lengths.push_back(std::min(state->turnCount(), maxTurns));
    if (ended) {
      const auto r = state->returns();
      if (r[0] != r[1]) s.firstWins.push_back(r[0] > r[1] ? 1.0 : 0.0);
    }
    const sim::EntityLog& log = state->entityLog();
    for (std::size_t c = 0; c < s.cards.size(); ++c) {
      double n = 0;
      for (int p = 0; p < 2; ++p) n += log.count(p, static_cast<int>(c), sim::EntityUse::Acquired);
      s.acquired[c].push_back(n);
    }
  }
  return s;
}

struct AgreementRow {
  std::string figure;
  double reference = 0, described = 0;
  double p = 1, holm = 1;
};

inline double meanOf(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0.0 : s / static_cast<double>(v.size());
}

inline double sdOf(const std::vector<double>& v) {
  if (v.size() < 2) return 0.0;
  const double m = meanOf(v);
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return std::sqrt(s / static_cast<double>(v.size() - 1));
}

// Every figure of `ref` (the card_dice engine) against `des` (described),
// matched by card id, with Holm-adjusted p-values.
inline std::vector<AgreementRow> compareSamples(const AgreementSample& ref, const AgreementSample& des) {
  std::vector<AgreementRow> rows;
  auto rate = [&](const std::string& name, std::uint64_t xa, std::uint64_t na, std::uint64_t xb, std::uint64_t nb) {
    rows.push_back({name, na ? double(xa) / double(na) : 0.0, nb ? double(xb) / double(nb) : 0.0,
                    sim::twoProportionPValue(xa, na, xb, nb), 1.0});
  };
  auto mean = [&](const std::string& name, const std::vector<double>& a, const std::vector<double>& b) {
    rows.push_back({name, meanOf(a), meanOf(b),
                    sim::meanDifferencePValue(meanOf(a), sdOf(a), a.size(), meanOf(b), sdOf(b), b.size()), 1.0});
  };
  auto sum = [](const std::vector<double>& v) { return static_cast<std::uint64_t>(std::llround(meanOf(v) * double(v.size()))); };
  rate("first-side win rate", sum(ref.firstWins), ref.firstWins.size(), sum(des.firstWins), des.firstWins.size());
  rate("timeout share", ref.timeouts, ref.games, des.timeouts, des.games);
  mean("mean length (turns)", ref.lengths, des.lengths);
  for (std::size_t c = 0; c < ref.cards.size(); ++c)
    for (std::size_t d = 0; d < des.cards.size(); ++d)
      if (ref.cards[c] == des.cards[d]) mean("acquired/game " + ref.cards[c], ref.acquired[c], des.acquired[d]);
  std::vector<double> ps;
  for (const auto& r : rows) ps.push_back(r.p);
  const auto adjusted = sim::holmAdjust(ps);
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i].holm = adjusted[i];
  return rows;
}

inline std::string formatRows(const std::vector<AgreementRow>& rows) {
  std::ostringstream out;
  char line[200];
  std::snprintf(line, sizeof line, "%-34s %10s %10s %9s %9s\n", "figure", "card_dice", "described", "p", "Holm p");
  out << line;
  for (const auto& r : rows) {
    std::snprintf(line, sizeof line, "%-34s %10.4f %10.4f %9.3g %9.3g\n", r.figure.c_str(), r.reference, r.described,
                  r.p, r.holm);
    out << line;
  }
  return out.str();
}

}  // namespace wb::rulesets::described::testing
