// What the window shows of a game written in the rules language beyond its
// cards and factions (which have their tables): the counters with their
// bounds, the zones with who sees them, the phases and their actions, how the
// game ends and the scripted players, read from the compiled description, so
// the overview says what the engine will play.
#pragma once

#include <QString>

#include "model/core/ruleset.h"

namespace wb::app {

// HTML rows for the Overview's Rules box; "" when the ruleset is not a
// described game or its description does not compile (Diagnostics say why).
QString describedRulesSummary(const model::Ruleset& ruleset);

}  // namespace wb::app
