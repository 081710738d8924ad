// The Specialties tab's result in the results file (data/schema/results-file.md,
// key "specialties"): the experiment's settings, the factions and every
// pairing's tallies (sums, so the numbers reopen exactly), with the content
// hash of the ruleset it was played on.
#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>

#include "simulation/factions/specialties.h"

namespace wb::app {

struct StoredSpecialties {
  std::string contentHash;        // of the ruleset played
  QString savedAt;                // UTC, ISO 8601
  std::vector<std::string> names; // the factions' display names, as played
  sim::SpecialtiesResult result;
};

QJsonObject specialtiesToJson(const StoredSpecialties& stored);
// nullopt when the object is not a specialties result this version reads.
std::optional<StoredSpecialties> specialtiesFromJson(const QJsonObject& o);

}  // namespace wb::app
