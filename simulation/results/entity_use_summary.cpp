#include "simulation/results/entity_use_summary.h"

#include <algorithm>

namespace wb::sim {

std::vector<std::string> entityKinds(const model::Ruleset& ruleset, const std::vector<std::string>& ids) {
  std::vector<std::string> out(ids.size(), "other");
  for (std::size_t e = 0; e < ids.size(); ++e)
    for (model::Section sec : model::kSections) {
      const auto& list = ruleset.entities(sec);
      if (std::any_of(list.begin(), list.end(), [&](const model::Entity& x) { return x.id == ids[e]; })) {
        out[e] = model::toString(sec);
        break;
      }
    }
  return out;
}

EntityUseSummary summarizeEntityUse(const RunResult& result) {
  EntityUseSummary out;
  const RunStats& s = result.stats;
  const UseGroups& g = s.useGroups();
  const std::size_t n = std::min(result.entities.size(), s.entities().size());
  const bool grouped = g.entities == static_cast<int>(s.entities().size()) && !g.games.empty();
  const auto groups = static_cast<std::size_t>(UseGroups::kGroups);
  std::vector<double> games(groups, 0.0);
  for (std::size_t k = 0; grouped && k < groups; ++k) games[k] = static_cast<double>(g.games[k]);
  const double allGames = static_cast<double>(s.games());
  for (std::size_t e = 0; e < n; ++e) {
    EntityUseRow row;
    row.id = result.entities[e];
    row.kind = e < result.entityKinds.size() ? result.entityKinds[e] : "entities";
    const EntityTally& t = s.entities()[e];
    for (int u = 0; u < 3; ++u) {
      if (grouped) {
        std::vector<double> use(groups, 0.0);
        for (std::size_t k = 0; k < groups; ++k) use[k] = static_cast<double>(g.at(static_cast<int>(k), static_cast<int>(e), u));
        row.perGame[u] = usePerGame(use, games, groups);
      } else {
        row.perGame[u].value = allGames > 0 ? static_cast<double>(t.use(u)) / allGames : 0.0;
      }
      row.gamesShare[u] = allGames > 0 ? static_cast<double>(t.gamesWith[u]) / allGames : 0.0;
      if (t.use(u) > 0 && (row.main < 0 || t.use(u) > t.use(row.main))) row.main = u;
    }
    out.entities.push_back(std::move(row));
  }
  // Diversity per kind, of the use most of the kind's entities show most.
  std::vector<std::string> kinds;
  for (const auto& r : out.entities)
    if (std::find(kinds.begin(), kinds.end(), r.kind) == kinds.end()) kinds.push_back(r.kind);
  for (const auto& kind : kinds) {
    std::vector<std::size_t> members;
    int counts[3] = {0, 0, 0};
    for (std::size_t e = 0; e < out.entities.size(); ++e)
      if (out.entities[e].kind == kind) {
        members.push_back(e);
        if (out.entities[e].main >= 0) ++counts[out.entities[e].main];
      }
    if (members.size() < 2) continue;
    DiversityRow d;
    d.kind = kind;
    d.entities = members.size();
    for (int u = 1; u < 3; ++u)
      if (counts[u] > counts[d.use]) d.use = u;
    std::vector<std::vector<double>> rows;
    if (grouped) {
      for (std::size_t k = 0; k < groups; ++k) {
        std::vector<double> r;
        for (std::size_t e : members) r.push_back(static_cast<double>(g.at(static_cast<int>(k), static_cast<int>(e), d.use)));
        rows.push_back(std::move(r));
      }
    } else {
      std::vector<double> r;
      for (std::size_t e : members) r.push_back(static_cast<double>(s.entities()[e].use(d.use)));
      rows.push_back(std::move(r));
    }
    d.value = useDiversity(rows, rows.size());
    out.diversity.push_back(std::move(d));
  }
  return out;
}

}  // namespace wb::sim
