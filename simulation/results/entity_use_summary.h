// Entity use per game and the diversity of use in one run, with their 95%
// intervals (use_estimate.h, on RunStats' groups of games): what `balance
// run` prints and writes, what compare sets side by side, and what the
// report shows. A kind is the ruleset section that defines an entity
// (cards, tiles, events, abilities, factions; "other" for what an engine
// logs beyond them).
#pragma once

#include <string>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/runner/run_result.h"
#include "simulation/stats/use_estimate.h"

namespace wb::sim {

struct EntityUseRow {
  std::string id, kind;
  UseEstimate perGame[3];     // acquired, played, triggered per game
  double gamesShare[3] = {0, 0, 0};  // share of games with that use
  int main = -1;              // what it does most in this run (-1: never used)
};

struct DiversityRow {
  std::string kind;
  int use = 0;                // the use the shares are of: what the kind's entities do most
  std::size_t entities = 0;   // entities of the kind
  UseEstimate value;          // exp of the entropy of the use shares
};

struct EntityUseSummary {
  std::vector<EntityUseRow> entities;
  std::vector<DiversityRow> diversity;  // kinds with two entities or more
};

// The section of each id in `ruleset` ("other" when none defines it).
std::vector<std::string> entityKinds(const model::Ruleset& ruleset, const std::vector<std::string>& ids);

// `kinds` per entity of the result (RunResult::entityKinds; empty: one kind "entities").
EntityUseSummary summarizeEntityUse(const RunResult& result);

}  // namespace wb::sim
