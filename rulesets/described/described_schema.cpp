#include "rulesets/described/described_schema.h"

#include "model/describe/description_compiler.h"
#include "rulesets/described/described_game.h"
#include "rulesets/described/described_lua.h"
#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace {

model::ArgSpec text(const char* key, bool required, const char* description) {
  model::ArgSpec a;
  a.key = key;
  a.type = model::ArgType::Text;
  a.required = required;
  a.description = description;
  return a;
}

// A script's runtime errors, and effects that outgrow their step budget, show
// only in play: validation plays a few short random games and reports the
// first such error (a script's at its line).
// The probe spends about one action's budget of effect steps in all
// (PlayLimits::effectSteps; a few hundredths of a second by default):
// validation runs after every edit in the window, and effects that take a
// million steps an action, within their own budget, held it for minutes. The
// games it did not play are not an error.
void probeScripts(const DescribedGame& game, int players, const model::SourceLocation& where, model::Diagnostics& out) {
  std::vector<sim::Action> legal;
  long long spent = 0;
  const long long budget = game.limits().effectSteps;
  for (std::uint64_t seed = 1; seed <= 20 && spent < budget; ++seed) {
    sim::Rng rng(seed);
    auto state = game.newGame(players, rng);
    for (int i = 0; i < 2000 && !state->isTerminal() && spent + state->effectSteps() < budget; ++i) {
      state->legalActions(legal);
      if (legal.empty()) break;
      state->applyLegalAction(legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))], rng);
    }
    spent += state->effectSteps();
    if (const std::string* error = state->scriptError()) {
      if (error->rfind("lua:", 0) == 0)
        out.add(luaDiagnostic(game.program(), *error));
      else
        out.error(where, "in play: " + *error);
      return;
    }
  }
}

}  // namespace

model::EngineSchema makeEngineSchema(const PlayLimits& limits) {
  model::EngineSchema s;
  s.engine = kEngineName;
  s.description =
      "A game written in the rules language (data/schema/game-description.md): counters, zones, "
      "turns, actions and effects in the ruleset's 'rules:' section, compiled once at load.";
  // Amounts are Text here: they name the game's own counters and zones, which
  // the description's compiler binds and checks.
  s.ops = {
      {"gain", {text("counter", true, "counter"), text("amount", false, "amount (default 1)")}, "add to a counter"},
      {"pay", {text("counter", true, "counter"), text("amount", false, "amount (default 1)")}, "take from a counter"},
      {"set", {text("counter", true, "counter"), text("amount", true, "amount")}, "set a counter"},
      {"draw",
       {text("count", false, "cards (default 1)"), text("from", false, "zone (default deck)"),
        text("to", false, "zone (default hand)"), text("reshuffle", false, "zone shuffled into 'from' when it runs out")},
       "draw cards"},
      {"roll", {text("sides", false, "sides (default 6)"), text("into", true, "counter")}, "roll a die into a counter"},
      {"end_turn", {}, "end the turn"},
      {"shuffle", {text("zone", false, "zone (default deck)")}, "shuffle a zone"},
      {"choose",
       {text("from", true, "zone the cards are picked from"), text("to", true, "zone they go to"),
        text("count", false, "cards (default 1)"), text("top", false, "choose among this many cards off the top"),
        text("by", false, "who picks: player (default) or opponent"),
        text("of", false, "whose zones: player (default) or opponent"),
        text("up_to", false, "true: the chooser may stop early"),
        text("order", false, "true: the order of the picks counts (the last picked on top)"),
        text("when", false, "condition a card must satisfy (card_ names)"),
        text("id", false, "the moves' name (default choose)")},
       "a player picks cards of a zone, one move per card"},
      {"choose_amount",
       {text("max", true, "the largest number offered"), text("into", true, "counter that holds the number chosen"),
        text("min", false, "the smallest number offered (default 0)"),
        text("by", false, "who chooses: player (default) or opponent"),
        text("also", false, "a number offered besides the grid when the range is too wide to list"),
        text("id", false, "the moves' name (default amount)")},
       "a player chooses a number in a range, one move per number"},
      {"cancel", {}, "cancel the action the answer playing this card answers (it does not resolve)"},
      {"reveal",
       {text("zone", true, "zone whose cards the player sees"),
        text("of", false, "whose zone: player (default) or opponent"),
        text("top", false, "only this many cards off the top, in their order")},
       "the player sees a hidden zone's cards; their determinizations keep them until they move"},
      {"reroll",
       {text("into", true, "counter rolled: a counter, or die (the die the move names)"),
        text("sides", false, "sides (default 6)"), text("times", false, "rolls in all; the player may stop after any (default 1)"),
        text("id", false, "the moves' name (default reroll)")},
       "roll a die, then roll it again while the player wishes and rolls are left"},
      {"exchange", {text("counter", true, "counter (or die)"), text("with", true, "counter (or second_die)")},
       "exchange the values of two counters (two dice the move names)"},
  };
  s.check = [limits](const model::Ruleset& ruleset, model::Diagnostics& out) {
    auto game = DescribedGame::create(ruleset, out, limits);
    if (game) probeScripts(*game, ruleset.players.min, ruleset.origin.at("rules"), out);
  };
  return s;
}

const model::EngineSchema& engineSchema() {
  static const model::EngineSchema schema = makeEngineSchema({});
  return schema;
}

sim::EngineInfo engineInfo() {
  sim::EngineInfo info = sim::makeEngineInfo<DescribedGame>(kEngineName, engineSchema());
  info.defaultAgent = "greedy";
  return info;
}

}  // namespace wb::rulesets::described
