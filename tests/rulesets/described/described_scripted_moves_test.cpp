// Scripted players name a choice's moves and the stack's pass
// (data/schema/game-description.md, "Value and scripted players"): `take:`
// names an action, the picks of a `choose` by its id (with `prefer` reading
// each candidate card), `<id> done` to stop a choice early, and `pass` to let
// an action waiting on the stack resolve unanswered. Also the test hook
// setTurn, which starts a turn with nothing of the old one waiting.
#include <unistd.h>

#include <filesystem>

#include "model/core/atomic_file.h"
#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

std::string gameText(const std::string& players) {
  return std::string(R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: hit, name: Hit, count: 0, cost: 1, properties: {damage: 1}}
  - {id: tin, name: Tin, count: 0, cost: 2}
  - {id: gold, name: Gold, count: 0, cost: 9}
  - {id: block, name: Block, count: 0, cost: 0, properties: {block: 1}}
rules:
  counters:
    health: {per: player, min: 0, max: 10, start: 10}
  zones:
    hand: {per: player, visibility: owner, start: {hit: 5, tin: 1, gold: 1, block: 2}}
    used: {per: player, visibility: everyone}
  turn:
    phases:
      - id: main
        actions:
          - id: play
            pick: {from: hand, when: card_damage > 0}
            effects: [{move: {to: used}}]
            resolve: [{for_each: opponents, do: [{pay: {health: 1}}]}]
          - id: toss
            limit: 1
            effects: [{choose: {id: toss, from: hand, to: used, when: card_damage == 0 and card_block == 0}}]
          - id: stash
            limit: 1
            effects: [{choose: {id: stash, from: hand, to: used, count: 2, up_to: true}}]
          - id: done
            effects: [end_turn]
      - id: answer
        during: answers
        actions:
          - id: block
            pick: {from: hand, when: card_block > 0}
            answers: answered_card_damage > 0
            effects: [{move: {to: used}}]
            resolve: [{cancel: answered}]
  end:
    - when: health <= 0
      winner: {most: health}
  players:
)") + players;
}

const char* kPlayers = R"(    never_answers:
      - take: pass
      - take: block
      - take: play
    vetoer:
      - take: block
      - take: play
    dearest:
      - take: toss
        prefer: card_cost
    cheapest:
      - take: toss
        prefer: 0 - card_cost
    stasher:
      - take: stash
        prefer: card_cost
    quitter:
      - take: stash done
)";

struct Fixture {
  Fixture() {
    std::string errors;
    game = gameFromText(gameText(kPlayers), &errors);
    EXPECT_TRUE(game) << errors;
    EXPECT_EQ(errors, "");
    if (game) s = game->newGame(2, rng);
  }
  std::string scripted(const std::string& name) const {
    const int index = s->scriptIndex(name);
    EXPECT_GE(index, 0) << name;
    const sim::Action a = s->scriptedAction(index);
    return a < 0 ? "(none)" : s->actionToString(a);
  }
  std::string firstLegal() const {
    return s->actionToString(static_cast<const sim::State&>(*s).legalActions().front());
  }
  bool take(const std::string& name) {
    const sim::Action a = actionNamed(*s, name);
    return a >= 0 && s->applyAction(a, rng);
  }
  sim::Rng rng{11};
  std::shared_ptr<const DescribedGame> game;
  std::unique_ptr<DescribedState> s;
};

TEST(DescribedScriptedMoves, PassDeclinesToAnswerWhileTheVetoerBlocks) {
  Fixture f;
  ASSERT_TRUE(f.s);
  ASSERT_TRUE(f.take("play hit"));
  ASSERT_EQ(f.s->stackSize(), 1);
  ASSERT_EQ(f.s->currentPlayer(), 1);
  // Both moves are legal; each player takes the one its rules name first.
  EXPECT_EQ(f.scripted("never_answers"), "pass");
  EXPECT_EQ(f.scripted("vetoer"), "block block");
  // Played through: the one that never answers takes the hit.
  const int health = counterIndex(*f.game, "health");
  ASSERT_TRUE(f.s->applyAction(f.s->scriptedAction(f.s->scriptIndex("never_answers")), f.rng));
  EXPECT_EQ(f.s->stackSize(), 0);
  EXPECT_EQ(f.s->counter(health, 1), 9);
  // In the turn's own phase `pass` names nothing legal: the rules below it decide.
  EXPECT_EQ(f.s->currentPlayer(), 0);
  EXPECT_EQ(f.scripted("never_answers"), "play hit");
  // The vetoer's block cancels the next hit.
  ASSERT_TRUE(f.take("play hit"));
  ASSERT_TRUE(f.s->applyAction(f.s->scriptedAction(f.s->scriptIndex("vetoer")), f.rng));
  EXPECT_EQ(f.s->counter(health, 1), 9);
}

TEST(DescribedScriptedMoves, AChoicesPicksFollowPrefer) {
  Fixture f;
  ASSERT_TRUE(f.s);
  // `take: toss` names the action, then the picks of its choice.
  EXPECT_EQ(f.scripted("dearest"), "toss");
  ASSERT_TRUE(f.take("toss"));
  // Tin and gold may be tossed; the first listed (tin) is what a player without rules for it takes.
  EXPECT_EQ(f.firstLegal(), "toss tin");
  EXPECT_EQ(f.scripted("dearest"), "toss gold");
  EXPECT_EQ(f.scripted("cheapest"), "toss tin");
  EXPECT_EQ(f.scripted("vetoer"), "(none)");  // its rules name no move of the choice
  ASSERT_TRUE(f.s->applyAction(f.s->scriptedAction(f.s->scriptIndex("dearest")), f.rng));
  const auto& used = f.s->zone(1, 0);  // zones: hand, used
  ASSERT_EQ(used.size(), 1u);
  EXPECT_EQ(f.game->program().cards[static_cast<std::size_t>(used.back())].id, "gold");
}

TEST(DescribedScriptedMoves, DoneStopsAChoiceEarly) {
  Fixture f;
  ASSERT_TRUE(f.s);
  ASSERT_TRUE(f.take("stash"));
  EXPECT_EQ(f.firstLegal(), "stash done");
  EXPECT_EQ(f.scripted("stasher"), "stash gold");
  EXPECT_EQ(f.scripted("quitter"), "stash done");
  ASSERT_TRUE(f.s->applyAction(f.s->scriptedAction(f.s->scriptIndex("quitter")), f.rng));
  EXPECT_EQ(f.s->zone(1, 0).size(), 0u);
  EXPECT_EQ(f.s->currentPlayer(), 0);  // the choice is over; the turn goes on
}

// setTurn (a position set by hand) leaves no choice waiting and nothing on the stack.
TEST(DescribedSetTurn, ClearsTheStackAndAWaitingChoice) {
  Fixture f;
  ASSERT_TRUE(f.s);
  ASSERT_TRUE(f.take("play hit"));
  ASSERT_EQ(f.s->stackSize(), 1);
  f.s->setTurn(0, 0);
  EXPECT_EQ(f.s->stackSize(), 0);
  EXPECT_EQ(f.s->currentPlayer(), 0);
  EXPECT_GE(actionNamed(*f.s, "toss"), 0);
  EXPECT_LT(actionNamed(*f.s, "pass"), 0);
  ASSERT_TRUE(f.take("toss"));
  ASSERT_GE(actionNamed(*f.s, "toss gold"), 0);  // the choice waits
  f.s->setTurn(1, 0);
  EXPECT_EQ(f.s->currentPlayer(), 1);
  EXPECT_LT(actionNamed(*f.s, "toss gold"), 0);
  EXPECT_GE(actionNamed(*f.s, "toss"), 0);
  EXPECT_GE(actionNamed(*f.s, "play hit"), 0);
  // Play goes on from there: player 2's hit waits for player 1's answer.
  ASSERT_TRUE(f.take("play hit"));
  EXPECT_EQ(f.s->stackSize(), 1);
  EXPECT_EQ(f.s->currentPlayer(), 0);
}

// Every diagnostic of loading `text` from a file game.yaml (its folder left
// out): a file on disk, so the lines are the file's (a text loaded from memory
// is compiled from its re-emitted `rules:`).
std::string loadFileErrors(const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("wb_described_scripted_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "game.yaml").string();
  EXPECT_TRUE(model::writeFileAtomically(path, text));
  std::string out = model::loadRuleset(path, lookup()).diagnostics.format();
  for (std::size_t pos; (pos = out.find(dir.string() + "/")) != std::string::npos;) out.erase(pos, dir.string().size() + 1);
  fs::remove_all(dir);
  return out;
}

std::string errorsWith(const std::string& players) { return loadFileErrors(gameText(players)); }

TEST(DescribedScriptedMoves, BadNamesAreErrorsAtTheirPlace) {
  EXPECT_EQ(errorsWith("    p:\n      - take: tos\n"),
            "game.yaml:45:15: error: unknown action 'tos' for 'take' (an action, a choice's id, '<choice> done' or "
            "'pass') (did you mean 'toss'?)\n");
  EXPECT_EQ(errorsWith("    p:\n      - take: toss done\n"),
            "game.yaml:45:15: error: 'toss done': the choice 'toss' cannot stop early (it has no 'up_to: true')\n");
  EXPECT_EQ(errorsWith("    p:\n      - take: play done\n"),
            "game.yaml:45:15: error: 'play done': no 'choose' has the id 'play'\n");
}

}  // namespace
}  // namespace wb::rulesets::described::testing
