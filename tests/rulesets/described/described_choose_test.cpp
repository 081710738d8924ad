// The rules language's `choose` and `deal` in play (data/schema/game-description.md,
// "Choices"): a choice is the chooser's moves, the effects after it wait for
// them, "done" ends an `up_to` choice, the chooser's view keeps the zone it
// searches, and `deal` gives each player cards in turn order.
#include <algorithm>

#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

const char* kGame = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: a, name: A, count: 0, cost: 1}
  - {id: b, name: B, count: 0, cost: 2}
  - {id: c, name: C, count: 0, cost: 3}
rules:
  counters:
    score: {per: player, min: 0, max: 100}
  zones:
    pile: {per: game, visibility: nobody, start: {a: 2, b: 2, c: 2}}
    deck: {per: player, visibility: nobody}
    hand: {per: player, visibility: owner}
    discard: {per: player, visibility: everyone}
  setup:
    - deal: {from: pile, to: hand, count: 2}
  turn:
    actions:
      - id: squeeze
        limit: 1
        effects:
          - choose: {id: give, by: opponent, of: opponent, from: hand, to: discard}
          - gain: {score: 1}
      - id: stash
        limit: 1
        effects:
          - choose: {id: stash, from: hand, to: deck, count: 2, up_to: true}
          - gain: {score: 10}
      - id: search
        limit: 1
        effects:
          - choose: {id: search, from: deck, to: hand, when: card_cost >= 2}
      - id: pass
        effects: [end_turn]
  end:
    - when: score >= 100
)";

struct Fixture {
  Fixture() {
    std::string errors;
    game = gameFromText(kGame, &errors);
    EXPECT_TRUE(game) << errors;
    if (game) s = game->newGame(2, rng);
  }
  int zone(const std::string& id) const {
    const auto& zs = game->program().zones;
    for (std::size_t i = 0; i < zs.size(); ++i)
      if (zs[i].id == id) return static_cast<int>(i);
    ADD_FAILURE() << "no zone " << id;
    return 0;
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (sim::Action a : static_cast<const sim::State&>(*s).legalActions()) out.push_back(s->actionToString(a));
    std::sort(out.begin(), out.end());
    return out;
  }
  bool take(const std::string& name) {
    const sim::Action a = actionNamed(*s, name);
    return a >= 0 && s->applyAction(a, rng);
  }
  sim::Rng rng{5};
  std::shared_ptr<const DescribedGame> game;
  std::unique_ptr<DescribedState> s;
};

TEST(DescribedDeal, DealsEachPlayerOneCardAtATimeInTurnOrder) {
  Fixture f;
  ASSERT_TRUE(f.s);
  // The pile is a a b b c c (top last): c to the first player, c to the second, then b, b.
  EXPECT_EQ(f.s->zone(f.zone("hand"), 0), (std::vector<std::int16_t>{2, 1}));
  EXPECT_EQ(f.s->zone(f.zone("hand"), 1), (std::vector<std::int16_t>{2, 1}));
  EXPECT_EQ(f.s->zone(f.zone("pile"), 0), (std::vector<std::int16_t>{0, 0}));
}

TEST(DescribedChoose, TheOpponentPicksAndTheEffectsAfterWait) {
  Fixture f;
  ASSERT_TRUE(f.s);
  ASSERT_TRUE(f.take("squeeze"));
  EXPECT_EQ(f.s->currentPlayer(), 1) << "by: opponent";
  EXPECT_EQ(f.names(), (std::vector<std::string>{"give b", "give c"}));
  EXPECT_EQ(f.s->counter(0, 0), 0) << "the gain waits for the choice";
  ASSERT_TRUE(f.take("give c"));
  EXPECT_EQ(f.s->currentPlayer(), 0);
  EXPECT_EQ(f.s->zone(f.zone("discard"), 1), (std::vector<std::int16_t>{2}));
  EXPECT_EQ(f.s->counter(0, 0), 1);
}

TEST(DescribedChoose, UpToMayStopEarly) {
  Fixture f;
  ASSERT_TRUE(f.s);
  ASSERT_TRUE(f.take("stash"));
  EXPECT_EQ(f.names(), (std::vector<std::string>{"stash b", "stash c", "stash done"}));
  ASSERT_TRUE(f.take("stash b"));
  EXPECT_EQ(f.names(), (std::vector<std::string>{"stash c", "stash done"}));
  ASSERT_TRUE(f.take("stash done"));
  EXPECT_EQ(f.s->zone(f.zone("deck"), 0), (std::vector<std::int16_t>{1}));
  EXPECT_EQ(f.s->counter(0, 0), 10);
}

// A pick nobody could make otherwise is made without asking: one card qualifies.
TEST(DescribedChoose, AForcedPickIsNotAsked) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.s->setZone(f.zone("deck"), 0, {0, 2, 0});
  ASSERT_TRUE(f.take("search"));
  EXPECT_EQ(f.s->zone(f.zone("deck"), 0), (std::vector<std::int16_t>{0, 0}));
  EXPECT_EQ(f.s->zone(f.zone("hand"), 0), (std::vector<std::int16_t>{2, 1, 2}));
}

// The chooser searches its hidden deck: its view of the position keeps the
// deck (the moves it sees are the real ones); the other player's view does not.
TEST(DescribedChoose, TheChoosersViewKeepsTheZoneItSearches) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.s->setZone(f.zone("deck"), 0, {1, 0, 2, 0, 1});
  ASSERT_TRUE(f.take("search"));
  const auto real = f.names();
  EXPECT_EQ(real, (std::vector<std::string>{"search b", "search c"}));
  bool otherDiffers = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    sim::Rng r(seed);
    auto mine = f.s->determinize(0, r);
    EXPECT_EQ(static_cast<DescribedState&>(*mine).zone(f.zone("deck"), 0), f.s->zone(f.zone("deck"), 0));
    auto theirs = f.s->determinize(1, r);
    otherDiffers = otherDiffers ||
                   static_cast<DescribedState&>(*theirs).zone(f.zone("deck"), 0) != f.s->zone(f.zone("deck"), 0);
  }
  EXPECT_TRUE(otherDiffers);
  ASSERT_TRUE(f.take("search c"));
  EXPECT_EQ(f.s->currentPlayer(), 0);
}

}  // namespace
}  // namespace wb::rulesets::described::testing
