// The fuzzing entry points (see fuzz_entries.h).
#include "tests/fuzz/fuzz_entries.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/expression/compiled_expression.h"
#include "model/expression/expression.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"
#include "simulation/core/game.h"
#include "simulation/core/rng.h"
#include "simulation/dice/dice_lab.h"
#include "simulation/dice/dice_notation.h"

namespace wb::fuzz {

int fuzzLoader(const std::uint8_t* data, std::size_t size);

namespace {

std::string_view asText(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Values a name of a fuzzed expression takes: the awkward ones included.
double valueFor(std::uint8_t byte) {
  static const double kValues[] = {0.0,  1.0,   -1.0,    2.0,      0.5,      -0.0,   1e308, -1e308,
                                   HUGE_VAL, -HUGE_VAL, std::nan(""), 3.0, 7.0, 1e-308, 100.0, 6.0};
  return kValues[byte % 16];
}

bool sameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0 || a == b;  // 0.0 == -0.0 is fine: only the sign of zero
}

const model::Ruleset* diceRuleset() {
  static const std::optional<model::Ruleset> ruleset = []() -> std::optional<model::Ruleset> {
    auto loaded = model::loadRuleset(std::string(WB_SOURCE_DIR) + "/tests/data/dice/card_dice_dice.yaml");
    if (!loaded.ok()) return std::nullopt;
    return std::move(loaded.ruleset);
  }();
  return ruleset ? &*ruleset : nullptr;
}

}  // namespace

int fuzzLoader(const std::uint8_t* data, std::size_t size) {
  const auto& engines = rulesets::builtinEngines();
  // Relative includes resolve in a folder that does not exist; absolute ones
  // (`include: [/dev/zero]`) reach the real file system, as a user's would.
  auto loaded = model::loadRulesetFromString(asText(data, size), "/nonexistent-wb-fuzz/ruleset.yaml",
                                             engines.schemaLookup());
  for (const auto& d : loaded.diagnostics.items())
    if (d.message.empty()) fuzzFailure("a diagnostic without a message");
  if (!loaded.ok()) return 0;
  model::Diagnostics diags;
  std::unique_ptr<sim::Game> game = engines.compile(loaded.ruleset, diags);
  if (!game) return 0;
  const int players = std::clamp(loaded.ruleset.players.min, 1, 8);
  sim::Rng rng(1);
  auto state = game->newInitialState(sim::GameSetup(players), rng);
  std::vector<sim::Action> actions;
  for (int i = 0; i < kFuzzPlayoutActions && !state->isTerminal(); ++i) {
    state->legalActions(actions);
    if (actions.empty()) fuzzFailure("no legal action before the end of the game");
    if (!state->applyAction(actions[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(actions.size())))], rng))
      fuzzFailure("a legal action was refused");
  }
  if (state->isTerminal())
    for (double r : state->returns())
      if (!(r >= 0.0 && r <= 1.0)) fuzzFailure("a return outside [0, 1]");
  return 0;
}

int fuzzExpression(const std::uint8_t* data, std::size_t size) {
  const std::string_view all = asText(data, size);
  const std::size_t newline = all.find('\n');
  const std::string_view text = all.substr(0, newline);
  const std::string_view rest = newline == std::string_view::npos ? std::string_view{} : all.substr(newline + 1);
  model::ExpressionError error;
  auto expr = model::Expression::parse(text, &error);
  if (!expr) {
    if (error.message.empty()) fuzzFailure("a parse error without a message");
    if (error.column < 1 || static_cast<std::size_t>(error.column) > text.size() + 1) fuzzFailure("an error column outside the text");
    return 0;
  }
  if (expr->root().height > model::kMaxExpressionDepth) fuzzFailure("a tree over the depth bound");
  const std::vector<std::string> names = expr->names();
  std::vector<double> values(names.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    values[i] = valueFor(i < rest.size() ? static_cast<std::uint8_t>(rest[i]) : static_cast<std::uint8_t>(i));
  auto indexOf = [&](std::string_view name) -> int {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return static_cast<int>(i);
    return -1;
  };
  const double tree = expr->evaluate([&](std::string_view name) {
    const int i = indexOf(name);
    if (i < 0) fuzzFailure("the tree looked up a name names() does not list");
    return values[static_cast<std::size_t>(i)];
  });
  auto compiled = expr->compile(indexOf, &error);
  if (!compiled) fuzzFailure("an expression that parses does not compile with every name bound");
  const double flat = compiled->evaluate(values.data());
  if (!sameValue(tree, flat)) {
    std::fprintf(stderr, "tree %.17g, compiled %.17g\n", tree, flat);
    fuzzFailure("the tree and the compiled program disagree");
  }
  if (compiled->isConstant() != expr->isConstant()) fuzzFailure("isConstant differs between tree and program");
  return 0;
}

int fuzzDice(const std::uint8_t* data, std::size_t size) {
  namespace dice = sim::dice;
  const std::string_view all = asText(data, size);
  dice::DiceRequest rq;
  std::size_t at = 0;
  bool first = true;
  while (at <= all.size()) {
    std::size_t end = all.find('\n', at);
    if (end == std::string_view::npos) end = all.size();
    const std::string_view line = all.substr(at, end - at);
    at = end + 1;
    const std::size_t space = line.find(' ');
    const std::string key(line.substr(0, space));
    const std::string value(space == std::string_view::npos ? std::string_view{} : line.substr(space + 1));
    if (first) {
      first = false;
      if (auto q = dice::diceQueryFromString(key)) {
        rq.query = *q;
        continue;
      }
    }
    if (key == "pool") rq.pool = value;
    else if (key == "vs") rq.vs = value;
    else if (key == "target") rq.target = value;
    else if (key == "wild") rq.wild = value;
    else if (key == "anchored") rq.anchored = true;
    else if (key == "expression") rq.expression = value;
    else if (key == "rolls") rq.rolls = std::atoi(value.c_str());
    else if (key == "mc") rq.monteCarlo = std::atoll(value.c_str());
    else if (key == "seed") rq.seed = static_cast<std::uint64_t>(std::atoll(value.c_str()));
    else if (key == "at_least") rq.atLeast = std::atof(value.c_str());
    else if (key == "faces") {
      std::string cur;
      for (char c : value + ",") {
        if (c == ',') {
          if (!cur.empty()) rq.faces.push_back(cur);
          cur.clear();
        } else {
          cur += c;
        }
      }
    }
  }
  const model::Ruleset* ruleset = diceRuleset();
  dice::NotationError ne;
  if (!dice::parsePool(rq.pool, ruleset, &ne) && ne.message.empty()) fuzzFailure("a notation error without a message");
  dice::DiceControl control;
  control.exactLimit = kFuzzExactLimit;
  control.monteCarloLimit = kFuzzMonteCarloLimit;
  dice::DiceResult result;
  dice::DiceError error;
  if (!dice::evaluateDice(rq, ruleset, result, error, control)) {
    if (error.message.empty()) fuzzFailure("a dice error without a message");
    return 0;
  }
  if (!result.pmf.empty()) {
    const double total = result.pmf.total();
    if (std::isfinite(total) && std::abs(total - 1.0) > 1e-6) {
      std::fprintf(stderr, "total probability %.17g\n", total);
      fuzzFailure("the probabilities do not add up to 1");
    }
  }
  return 0;
}

}  // namespace wb::fuzz
