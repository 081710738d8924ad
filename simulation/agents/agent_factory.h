// Agents by name, with options, as written on the command line:
//   random | greedy | mcts | mcts:iters=2000,c=1.4,rollout=greedy,depth=200
// and the `--agents A,B,...` list syntax, where a `key=value` piece without a
// name continues the options of the agent before it
// ("mcts:iters=500,c=2,greedy" is two agents). Bad specs are errors, never throws.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

// A new agent, or nullptr with `error` set ("unknown agent 'x' (known: ...)",
// "unknown option 'y' for agent 'mcts' (known: ...)", "bad value ...").
std::unique_ptr<Agent> makeAgent(std::string_view spec, std::string& error);

// True if makeAgent would succeed.
bool isValidAgentSpec(std::string_view spec, std::string& error);

// Splits an `--agents` list into specs (see above). Empty pieces are errors.
bool splitAgentList(std::string_view list, std::vector<std::string>& specs, std::string& error);

// The agent every command and the workbench use when none is given and the
// engine declares none (EngineInfo::defaultAgent; rulesets::defaultAgent looks
// it up): the strongest agent that plays 2,000 games of a shipped ruleset within
// two minutes on two cores (data/docs/performance.md, "The default agent"). The planner is stronger and meets
// that bar on Zoneplex, Elem Master and element, which declare it; it misses it
// on card-dice and ElemenZ (4 players), which play greedy. Outputs always name
// the agents.
inline constexpr const char* kDefaultAgent = "greedy";

// The agent names, and a few lines of help on their options.
std::vector<std::string> agentNames();
std::string agentHelp();

}  // namespace wb::sim
