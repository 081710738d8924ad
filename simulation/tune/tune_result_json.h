// The JSON document of a tune (`balance tune --json`), described field by
// field in data/schema/tune-result.md.
#pragma once

#include <string>

#include "simulation/core/json_writer.h"
#include "simulation/tune/tune_result.h"

namespace wb::sim {

void writeTuneResultJson(JsonWriter& w, const TuneResult& result);
std::string tuneResultToJson(const TuneResult& result, bool pretty = true);

}  // namespace wb::sim
