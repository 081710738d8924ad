#include "simulation/core/engine_registry.h"

#include <algorithm>

namespace wb::sim {

const std::string& EngineInfo::defaultAgentFor(int players) const {
  for (const PlayerCountDefault& d : defaultAgentByPlayers)
    if (d.players == players) return d.agent;
  return defaultAgent;
}

void EngineRegistry::add(EngineInfo info) {
  for (auto& e : m_engines) {
    if (e.name == info.name) {
      e = std::move(info);
      return;
    }
  }
  m_engines.push_back(std::move(info));
}

const EngineInfo* EngineRegistry::find(std::string_view name) const {
  for (const auto& e : m_engines)
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<std::string> EngineRegistry::names() const {
  std::vector<std::string> out;
  out.reserve(m_engines.size());
  for (const auto& e : m_engines) out.push_back(e.name);
  std::sort(out.begin(), out.end());
  return out;
}

model::SchemaLookup EngineRegistry::schemaLookup() const {
  return [this](std::string_view engine) -> const model::EngineSchema* {
    const EngineInfo* info = find(engine);
    return info ? &info->schema : nullptr;
  };
}

std::unique_ptr<Game> EngineRegistry::compile(const model::Ruleset& ruleset, model::Diagnostics& out) const {
  const EngineInfo* info = find(ruleset.engine);
  if (!info) {
    std::string known;
    for (const auto& n : names()) known += (known.empty() ? "" : ", ") + n;
    out.error(ruleset.origin.at("engine"),
              "unknown engine '" + ruleset.engine + "' (known: " + (known.empty() ? "none" : known) + ")");
    return nullptr;
  }
  if (!info->create) {
    out.error(ruleset.origin.at("engine"), "engine '" + ruleset.engine + "' cannot compile rulesets");
    return nullptr;
  }
  std::unique_ptr<Game> game = info->create(ruleset, out);
  if (!game && !out.hasErrors())
    out.error(ruleset.origin.at("engine"), "engine '" + ruleset.engine + "' could not compile the ruleset");
  return game;
}

}  // namespace wb::sim
