// Engines keyed by the ruleset's `engine:` name. Each entry carries the
// engine's schema (for validation) and a factory that compiles a Ruleset into
// a Game, reporting problems as diagnostics instead of throwing.
// The rulesets layer fills the registry (rulesets/engine_catalog.h).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"
#include "model/yaml/ruleset_loader.h"
#include "simulation/core/game.h"

namespace wb::sim {

struct EngineInfo {
  std::string name;
  std::string description;
  model::EngineSchema schema;
  // The agent used when the user names none (`--agents` left out, a new seat in
  // the workbench): the fastest agent whose headline conclusions (seat, faction
  // and entity orders) agree with the strongest agent's in `balance ladder`'s
  // check, and that plays 2,000 games of this engine's shipped ruleset within two
  // minutes on two cores. Empty: sim::kDefaultAgent.
  std::string defaultAgent;
  // Where that agent differs by player count (ElemenZ: greedy at 3 players, where
  // even its point orders match the planner's; the planner at 2 and 4, where
  // greedy's agreement rests on ties: data/rulesets/elemenz/README.md): {players,
  // agent} pairs that take the place of defaultAgent at exactly that player count.
  struct PlayerCountDefault {
    int players = 0;
    std::string agent;
  };
  std::vector<PlayerCountDefault> defaultAgentByPlayers;
  // The default at `players` players: its defaultAgentByPlayers entry, else
  // defaultAgent (empty when the engine declares none).
  const std::string& defaultAgentFor(int players) const;
  // Compiles the ruleset; returns nullptr and adds diagnostics on failure.
  std::function<std::unique_ptr<Game>(const model::Ruleset&, model::Diagnostics&)> create;
};

// The EngineInfo of an engine whose Game type has
//   static std::unique_ptr<GameT> create(const model::Ruleset&, model::Diagnostics&).
template <typename GameT>
EngineInfo makeEngineInfo(std::string name, const model::EngineSchema& schema) {
  EngineInfo info;
  info.name = std::move(name);
  info.description = schema.description;
  info.schema = schema;
  info.create = [](const model::Ruleset& ruleset, model::Diagnostics& out) -> std::unique_ptr<Game> {
    return GameT::create(ruleset, out);
  };
  return info;
}

class EngineRegistry {
 public:
  void add(EngineInfo info);
  const EngineInfo* find(std::string_view name) const;
  std::vector<std::string> names() const;
  // For the loader: engine name -> schema.
  model::SchemaLookup schemaLookup() const;
  // Finds the engine and compiles; unknown engine is a diagnostic at the `engine:` key.
  std::unique_ptr<Game> compile(const model::Ruleset& ruleset, model::Diagnostics& out) const;

 private:
  std::vector<EngineInfo> m_engines;
};

}  // namespace wb::sim
