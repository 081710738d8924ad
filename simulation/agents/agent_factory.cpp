#include "simulation/agents/agent_factory.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "simulation/agents/greedy_agent.h"
#include "simulation/agents/mcts_agent.h"
#include "simulation/agents/planner_agent.h"
#include "simulation/agents/random_agent.h"
#include "simulation/agents/scripted_agent.h"

namespace wb::sim {

namespace {

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return std::string(s.substr(b, e - b));
}

bool parseIntOption(const std::string& text, long long lo, long long hi, long long& out) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(first, last, out);
  return ec == std::errc() && ptr == last && out >= lo && out <= hi;
}

bool parseDoubleOption(const std::string& text, double lo, double hi, double& out) {
  if (text.empty()) return false;
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(out) && out >= lo && out <= hi;
}

struct Option {
  std::string key, value;
};

bool parseSpec(std::string_view spec, std::string& name, std::vector<Option>& options, std::string& error) {
  const std::string s = trim(spec);
  const auto colon = s.find(':');
  name = trim(s.substr(0, colon));
  if (name.empty()) {
    error = "empty agent name in '" + s + "'";
    return false;
  }
  if (colon == std::string::npos) return true;
  const std::string rest = s.substr(colon + 1);
  std::size_t start = 0;
  while (start <= rest.size()) {
    const auto comma = rest.find(',', start);
    const std::string piece = trim(rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    const auto eq = piece.find('=');
    if (piece.empty() || eq == std::string::npos || eq == 0) {
      error = "agent '" + name + "': expected key=value, got '" + piece + "'";
      return false;
    }
    options.push_back({trim(piece.substr(0, eq)), trim(piece.substr(eq + 1))});
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return true;
}

std::unique_ptr<Agent> makeMcts(const std::vector<Option>& options, std::string& error) {
  MctsOptions o;
  for (const auto& opt : options) {
    const std::string bad = "agent 'mcts': bad value '" + opt.value + "' for " + opt.key;
    if (opt.key == "iters" || opt.key == "iterations") {
      long long v = 0;
      if (!parseIntOption(opt.value, 1, 100000000, v)) { error = bad + " (an integer >= 1)"; return nullptr; }
      o.iterations = static_cast<int>(v);
    } else if (opt.key == "c") {
      if (!parseDoubleOption(opt.value, 0.0, 1000.0, o.exploration)) { error = bad + " (a number >= 0)"; return nullptr; }
    } else if (opt.key == "rollout") {
      if (opt.value == "random") o.greedyRollout = false;
      else if (opt.value == "greedy") o.greedyRollout = true;
      else { error = bad + " (random or greedy)"; return nullptr; }
    } else if (opt.key == "depth") {
      long long v = 0;
      if (!parseIntOption(opt.value, 0, 100000000, v)) { error = bad + " (an integer >= 0)"; return nullptr; }
      o.maxRolloutDepth = static_cast<int>(v);
    } else if (opt.key == "prior") {
      if (opt.value == "heuristic") o.heuristicPrior = true;
      else if (opt.value == "none") o.heuristicPrior = false;
      else { error = bad + " (heuristic or none)"; return nullptr; }
    } else if (opt.key == "horizon") {
      long long v = 0;
      if (!parseIntOption(opt.value, 0, 100000, v)) { error = bad + " (an integer >= 0)"; return nullptr; }
      o.horizonTurns = static_cast<int>(v);
    } else {
      error = "unknown option '" + opt.key + "' for agent 'mcts' (known: iters, c, rollout, depth, horizon, prior)";
      return nullptr;
    }
  }
  return std::make_unique<MctsAgent>(o);
}

std::unique_ptr<Agent> makeGreedy(const std::vector<Option>& options, std::string& error) {
  GreedyOptions o;
  for (const auto& opt : options) {
    const std::string bad = "agent 'greedy': bad value '" + opt.value + "' for " + opt.key;
    if (opt.key == "samples") {
      long long v = 0;
      if (!parseIntOption(opt.value, 1, 1000, v)) { error = bad + " (an integer 1..1000)"; return nullptr; }
      o.samples = static_cast<int>(v);
    } else if (opt.key == "answers") {
      if (opt.value == "on") o.answers = true;
      else if (opt.value == "off") o.answers = false;
      else { error = bad + " (on or off)"; return nullptr; }
    } else {
      error = "unknown option '" + opt.key + "' for agent 'greedy' (known: samples, answers)";
      return nullptr;
    }
  }
  return std::make_unique<GreedyAgent>(o);
}

std::unique_ptr<Agent> makePlanner(const std::vector<Option>& options, std::string& error) {
  PlannerOptions o;
  for (const auto& opt : options) {
    const std::string bad = "agent 'planner': bad value '" + opt.value + "' for " + opt.key;
    if (opt.key == "width") {
      long long v = 0;
      if (!parseIntOption(opt.value, 1, 1000, v)) { error = bad + " (an integer 1..1000)"; return nullptr; }
      o.width = static_cast<int>(v);
    } else if (opt.key == "depth") {
      long long v = 0;
      if (!parseIntOption(opt.value, 1, 1000, v)) { error = bad + " (an integer 1..1000)"; return nullptr; }
      o.depth = static_cast<int>(v);
    } else if (opt.key == "eval") {
      if (opt.value == "lead") o.lead = true;
      else if (opt.value == "self") o.lead = false;
      else { error = bad + " (lead or self)"; return nullptr; }
    } else if (opt.key == "opponent") {
      if (opt.value == "greedy") o.opponent = PlannerOptions::Opponent::Greedy;
      else if (opt.value == "first") o.opponent = PlannerOptions::Opponent::First;
      else if (opt.value == "random") o.opponent = PlannerOptions::Opponent::Random;
      else { error = bad + " (greedy, first or random)"; return nullptr; }
    } else if (opt.key == "follow") {
      if (opt.value == "on") o.follow = true;
      else if (opt.value == "off") o.follow = false;
      else { error = bad + " (on or off)"; return nullptr; }
    } else if (opt.key == "common") {
      if (opt.value == "on") o.commonRandom = true;
      else if (opt.value == "off") o.commonRandom = false;
      else { error = bad + " (on or off)"; return nullptr; }
    } else if (opt.key == "cap") {
      long long v = 0;
      if (!parseIntOption(opt.value, 0, 100000, v)) { error = bad + " (an integer 0..100000)"; return nullptr; }
      o.turnCap = static_cast<int>(v);
    } else if (opt.key == "chance") {
      long long v = 0;
      if (!parseIntOption(opt.value, 0, 64, v)) { error = bad + " (an integer 0..64)"; return nullptr; }
      o.chanceSamples = static_cast<int>(v);
    } else {
      error = "unknown option '" + opt.key + "' for agent 'planner' (known: width, depth, eval, opponent, follow, common, cap, chance)";
      return nullptr;
    }
  }
  return std::make_unique<PlannerAgent>(o);
}

}  // namespace

std::unique_ptr<Agent> makeAgent(std::string_view spec, std::string& error) {
  // `script:NAME`: a scripted player the game's own data defines (scripted_agent.h).
  if (spec.substr(0, 7) == "script:") {
    const std::string name = trim(spec.substr(7));
    const bool word = !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == std::string::npos;
    if (!word) {
      error = "bad script name in '" + std::string(spec) + "' (script:NAME, NAME one of the game's players)";
      return nullptr;
    }
    return std::make_unique<ScriptedAgent>(name);
  }
  std::string name;
  std::vector<Option> options;
  if (!parseSpec(spec, name, options, error)) return nullptr;
  if (name == "random") {
    if (!options.empty()) {
      error = "unknown option '" + options.front().key + "' for agent '" + name + "' (it takes none)";
      return nullptr;
    }
    return std::make_unique<RandomAgent>();
  }
  if (name == "greedy") return makeGreedy(options, error);
  if (name == "mcts") return makeMcts(options, error);
  if (name == "planner") return makePlanner(options, error);
  error = "unknown agent '" + name + "' (known: random, greedy, planner, mcts, script:NAME)";
  return nullptr;
}

bool isValidAgentSpec(std::string_view spec, std::string& error) { return makeAgent(spec, error) != nullptr; }

bool splitAgentList(std::string_view list, std::vector<std::string>& specs, std::string& error) {
  specs.clear();
  std::size_t start = 0;
  while (true) {
    const auto comma = list.find(',', start);
    const std::string piece = trim(list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (piece.empty()) {
      error = "empty agent name in '" + std::string(list) + "'";
      return false;
    }
    const bool continuation = piece.find('=') != std::string::npos && piece.find(':') == std::string::npos;
    if (continuation) {
      if (specs.empty()) {
        error = "agent option '" + piece + "' comes before any agent name";
        return false;
      }
      specs.back() += (specs.back().find(':') == std::string::npos ? ":" : ",") + piece;
    } else {
      specs.push_back(piece);
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return true;
}

std::vector<std::string> agentNames() { return {"random", "greedy", "planner", "mcts"}; }

std::string agentHelp() {
  return "agents:\n"
         "  random   a uniformly random legal action\n"
         "  greedy   one-ply look-ahead on the engine's heuristic, random tie-breaks; options:\n"
         "           samples=K (" + std::to_string(kDefaultGreedySamples) + ") samples of the chance after each action, the same\n"
         "           K for every action (common random numbers), answers=on|off (on: others'\n"
         "           answers inside the turn, by their one-ply choice, before the score)\n"
         "  planner  plans its whole turn (beam search over its own actions, pending choices\n"
         "           included) and judges each plan by the heuristic once the turn has passed;\n"
         "           options: width=W (4) partial plans kept per step, depth=D (12) actions per\n"
         "           plan, eval=lead|self (lead: its heuristic minus its opponents' mean),\n"
         "           opponent=greedy|first|random (others' decisions inside the turn),\n"
         "           follow=on|off (keep the plan while what it sees matches),\n"
         "           common=on|off (on: every plan meets the same chance and answers),\n"
         "           cap=N (40; after N own decisions in a turn, end the turn when it can; 0 = off),\n"
         "           chance=K (0: plan on through rolls on one sample; K: stop a plan at an own\n"
         "           action that draws a random number, valued by the mean of K samples)\n"
         "  mcts     tree search (PUCT/UCT), determinized for hidden information; options:\n"
         "           iters=N (1000), c=X (1.4), rollout=random|greedy (random), depth=D (200),\n"
         "           horizon=T (2; judge every leaf at the start of turn now+T, 0 = off),\n"
         "           prior=heuristic|none (heuristic: PUCT guided by the one-ply heuristic)\n"
         "           e.g. mcts:iters=2000,c=1.4,rollout=greedy\n"
         "  script:NAME  a scripted player the game's rules define (a described game's\n"
         "           `players:` priority rules, e.g. script:hold_at_20)\n";
}

}  // namespace wb::sim
