// The rules language's `reveal` in play (data/schema/game-description.md,
// "What a player saw"): what a player was shown stays in place in its
// determinizations, and is forgotten as the cards move (a card that leaves,
// a draw off a known top, a shuffle); the chooser of an `order` knows the top.
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
  - {id: d, name: D, count: 0, cost: 4}
rules:
  counters:
    score: {per: player, min: 0, max: 100}
  zones:
    deck: {per: player, visibility: nobody, start: {a: 2, b: 2, c: 2, d: 2}}
    hand: {per: player, visibility: owner}
    discard: {per: player, visibility: everyone}
  turn:
    actions:
      - id: peek
        effects: [{reveal: {zone: hand, of: opponent}}]
      - id: spy
        effects: [{reveal: {zone: deck, top: 2}}]
      - id: order
        effects: [{choose: {id: put, from: deck, top: 3, count: 3, to: deck, order: true}}]
      - id: take
        effects: [{draw: 1}]
      - id: mix
        effects: [{shuffle: deck}]
      - id: play
        pick: {from: hand}
        effects: [{move: {to: discard}}]
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
  bool take(const std::string& name) {
    const sim::Action a = actionNamed(*s, name);
    return a >= 0 && s->applyAction(a, rng);
  }
  // The pile `z` of `player` in one determinization for player 1 (the first player is index 0).
  std::vector<std::int16_t> seen(const std::string& z, int player, std::uint64_t seed) const {
    sim::Rng r(seed);
    auto d = s->determinize(0, r);
    return static_cast<const DescribedState&>(*d).zone(zone(z), player);
  }
  sim::Rng rng{5};
  std::shared_ptr<const DescribedGame> game;
  std::unique_ptr<DescribedState> s;
};

TEST(DescribedReveal, AShownHandStaysUntilItsCardsLeave) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.s->setZone(f.zone("hand"), 1, {0, 1});
  f.s->setZone(f.zone("deck"), 1, {2, 3, 2, 3});
  int varied = 0;
  for (std::uint64_t k = 0; k < 20; ++k) varied += f.seen("hand", 1, k) != std::vector<std::int16_t>{0, 1};
  EXPECT_GT(varied, 0) << "unseen, the hand is dealt again";
  ASSERT_TRUE(f.take("peek"));
  EXPECT_EQ(f.s->knownCards(0, f.zone("hand"), 1), (std::vector<std::int16_t>{0, 1}));
  for (std::uint64_t k = 0; k < 20; ++k) EXPECT_EQ(f.seen("hand", 1, k), (std::vector<std::int16_t>{0, 1})) << k;
  // The opponent plays one of them: it is no longer known in the hand.
  f.s->setTurn(1, 0);
  ASSERT_TRUE(f.take("play b"));
  EXPECT_EQ(f.s->knownCards(0, f.zone("hand"), 1), (std::vector<std::int16_t>{0}));
  // A card drawn into the hand is not known: it is dealt from the unseen cards.
  ASSERT_TRUE(f.take("take"));
  int stays = 0;
  for (std::uint64_t k = 0; k < 20; ++k) {
    const auto h = f.seen("hand", 1, k);
    ASSERT_EQ(h.size(), 2u);
    stays += h[0] == 0;
  }
  EXPECT_EQ(stays, 20);
}

TEST(DescribedReveal, AKnownTopShrinksWithADrawAndIsLostInAShuffle) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.s->setZone(f.zone("deck"), 0, {0, 1, 2, 3, 0, 1});
  ASSERT_TRUE(f.take("spy"));
  EXPECT_EQ(f.s->knownTop(0, f.zone("deck"), 0), 2);
  EXPECT_EQ(f.s->knownTop(1, f.zone("deck"), 0), 0) << "only the subject saw it";
  for (std::uint64_t k = 0; k < 10; ++k) {
    const auto d = f.seen("deck", 0, k);
    EXPECT_EQ(std::vector<std::int16_t>(d.end() - 2, d.end()), (std::vector<std::int16_t>{0, 1})) << k;
  }
  ASSERT_TRUE(f.take("take"));
  EXPECT_EQ(f.s->knownTop(0, f.zone("deck"), 0), 1);
  for (std::uint64_t k = 0; k < 10; ++k) EXPECT_EQ(f.seen("deck", 0, k).back(), 0) << k;
  ASSERT_TRUE(f.take("mix"));
  EXPECT_EQ(f.s->knownTop(0, f.zone("deck"), 0), 0);
}

TEST(DescribedReveal, TheChooserOfAnOrderKnowsTheTop) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.s->setZone(f.zone("deck"), 0, {3, 3, 0, 1, 2});
  ASSERT_TRUE(f.take("order"));
  ASSERT_TRUE(f.take("put a"));
  ASSERT_TRUE(f.take("put c"));
  EXPECT_EQ(f.s->zone(f.zone("deck"), 0), (std::vector<std::int16_t>{3, 3, 1, 2, 0}));
  EXPECT_EQ(f.s->knownTop(0, f.zone("deck"), 0), 3);
  EXPECT_EQ(f.s->knownTop(1, f.zone("deck"), 0), 0);
  for (std::uint64_t k = 0; k < 10; ++k) {
    const auto d = f.seen("deck", 0, k);
    EXPECT_EQ(std::vector<std::int16_t>(d.end() - 3, d.end()), (std::vector<std::int16_t>{1, 2, 0})) << k;
  }
}

}  // namespace
}  // namespace wb::rulesets::described::testing
