// Turns per seat are counted in every shipped engine (State::turnsOf), so `balance run`
// can say when seats get unequal numbers of turns: the counts add up to the length
// (turns started), and the seat whose turn it is (State::turnPlayer) has started one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"
#include "simulation/core/rng.h"

namespace wb::rulesets {
namespace {

struct Shipped {
  const char* path;
  int players;
};

TEST(TurnsPerSeat, EveryEngineCountsTheTurnsEachSeatStarts) {
  const std::vector<Shipped> shipped = {{"card-dice/card-dice.yaml", 2},     {"element/element.yaml", 2},
                                        {"elem-master/elem-master.yaml", 2}, {"elemenz/elemenz.yaml", 4},
                                        {"zoneplex/zoneplex.yaml", 5}};
  const auto lookup = builtinEngines().schemaLookup();
  for (const Shipped& g : shipped) {
    SCOPED_TRACE(g.path);
    const auto loaded = model::loadRuleset(std::string(WB_SOURCE_DIR) + "/data/rulesets/" + g.path, lookup);
    ASSERT_TRUE(loaded.ok()) << loaded.diagnostics.format();
    model::Diagnostics diags;
    auto game = builtinEngines().compile(loaded.ruleset, diags);
    ASSERT_TRUE(game != nullptr) << diags.format();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      sim::Rng chance(seed), choice(seed + 100);
      auto s = game->newInitialState(sim::GameSetup{g.players, {}}, chance);
      std::vector<sim::Action> legal;
      for (int step = 0; step < 20000 && !s->isTerminal() && s->turnCount() < 150; ++step) {
        int sum = 0;
        for (int p = 0; p < g.players; ++p) {
          ASSERT_GE(s->turnsOf(p), 0) << "the engine does not count the turns of seat " << p;
          sum += s->turnsOf(p);
        }
        ASSERT_EQ(sum, s->turnCount()) << "seed " << seed << ", step " << step;
        ASSERT_GE(s->turnPlayer(), 0);
        ASSERT_GT(s->turnsOf(s->turnPlayer()), 0) << "the seat whose turn it is has started a turn";
        s->legalActions(legal);
        ASSERT_FALSE(legal.empty());
        ASSERT_TRUE(s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(choice, static_cast<int>(legal.size())))], chance));
      }
    }
  }
}

}  // namespace
}  // namespace wb::rulesets
