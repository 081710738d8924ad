// ElemenZ hooks for `balance impact` (rulesets/elemenz/elemenz_game.cpp,
// elemenz_state.cpp setUp, elemenz_describe.cpp actionEntities): a pulse token
// or an avatar can be granted (it sits on the seat's totem / in its hand from
// the start, taken from the bag / the tiles); combos and race abilities cannot
// (every shaman has its board). Restricted play names the combo completed, the
// token or avatar used or bought.
#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

int count(const auto& values, int v) {
  int n = 0;
  for (auto x : values) n += static_cast<int>(x) == v ? 1 : 0;
  return n;
}

TEST(ElemenzImpact, PulseTokensAndAvatarsCanBeGrantedCombosCannot) {
  auto game = shippedGame();
  const ElemenzRules& R = game->rules();
  const int restore = token(*game, "pulse_restore");
  EXPECT_TRUE(game->canGrant(R.tokens[static_cast<std::size_t>(restore)].entity));
  EXPECT_FALSE(game->canGrant(R.combos[static_cast<std::size_t>(combo(*game, "fire_strike"))].entity));
  ASSERT_FALSE(R.avatars.empty());
  EXPECT_FALSE(game->canGrant(R.avatars.front().entity)) << "avatars are off in the shipped ruleset";
  EXPECT_TRUE(avatarGame()->canGrant(avatarGame()->rules().avatars.front().entity));
}

// "Four pulse tokens are randomly drawn from the bag by each player": a granted
// token is one of the seat's four, taken out of the bag.
TEST(ElemenzImpact, AGrantedTokenStartsOnTheSeatsTotem) {
  auto game = shippedGame();
  const ElemenzRules& R = game->rules();
  const int buff = token(*game, "pulse_totemic_buff");
  const int entity = R.tokens[static_cast<std::size_t>(buff)].entity;
  int withoutGrant = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    sim::Rng rng(seed), plainRng(seed);
    auto s = game->newGame(sim::GameSetup{3, {0, 1, 2}, {{2, entity}}}, rng);
    auto plain = game->newGame(sim::GameSetup{3, {0, 1, 2}}, plainRng);
    EXPECT_GE(count(s->player(2).totem, buff), 1) << "seed " << seed;
    EXPECT_EQ(s->player(2).totem.count(), plain->player(2).totem.count());
    withoutGrant += count(plain->player(2).totem, buff) >= 1 ? 1 : 0;
  }
  EXPECT_LT(withoutGrant, 30) << "the grant must make a difference";
}

TEST(ElemenzImpact, AGrantedAvatarStartsInTheSeatsHand) {
  auto game = avatarGame();
  const ElemenzRules& R = game->rules();
  const int a = 0;
  sim::Rng rng(4);
  auto s = game->newGame(sim::GameSetup{4, {0, 1, 2, 3}, {{1, R.avatars[a].entity}}}, rng);
  EXPECT_EQ(count(s->player(1).avatars, a), 1);
  for (int p : {0, 2, 3}) EXPECT_EQ(count(s->player(p).avatars, a), 0);
}

TEST(ElemenzImpact, ActionsNameTheComboOrTokenTheyUse) {
  auto game = shippedGame();
  const ElemenzRules& R = game->rules();
  auto s = newGame(*game, {kFireFaction, kWaterFaction, kEarthFaction});
  std::vector<int> used;
  const int strike = combo(*game, "fire_strike");
  s->actionEntities(encode(ActionKind::Complete, completePayload(strike, 2, 1)), used);
  EXPECT_EQ(used, std::vector<int>{R.combos[static_cast<std::size_t>(strike)].entity});
  const int restore = token(*game, "pulse_restore");
  s->actionEntities(encode(ActionKind::UseToken, restore * 32), used);
  EXPECT_EQ(used, std::vector<int>{R.tokens[static_cast<std::size_t>(restore)].entity});
  s->actionEntities(encode(ActionKind::EndTurn, 0), used);
  EXPECT_TRUE(used.empty());
  s->actionEntities(encode(ActionKind::Reroll, 3), used);
  EXPECT_TRUE(used.empty());
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
