// The report's "How robust are these conclusions?" section: the
// skill ladder's ratings, the rank agreement between consecutive rungs and
// the conclusions that change with the players' skill, when the report was
// given a ladder (`balance report ... --ladder AGENTS`); otherwise the
// commands that produce one. Kept apart from html_report_writer.cpp so the
// section can change without touching the rest of the report.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "simulation/ladder/ladder.h"

namespace wb::app {

// The section as HTML (an <h2> and what follows). `file` names the ruleset in
// the suggested commands; `ladder` is the ladder run for the report, if any.
void writeRobustnessSection(std::ostream& h, const std::optional<sim::LadderResult>& ladder, const std::string& file);

// At most this many conclusion changes are listed (the rest are counted).
inline constexpr int kRobustnessChangesListed = 12;

}  // namespace wb::app
