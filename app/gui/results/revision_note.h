// How a result on screen relates to the ruleset as it is now (results
// belong to a revision), in the words every panel uses:
// "Played before 2 edits of the ruleset (a; b)" after edits in this session,
// and "Played on another revision ..." for a result reopened from the results
// file whose content hash is not the ruleset's. Each panel adds what the
// difference means for its own numbers.
#pragma once

#include <QString>

class QLabel;
class QWidget;

#include <string>

#include "model/core/ruleset.h"

namespace wb::app {

struct EditsSince {
  int count = 0;    // edits between the played ruleset and the current one
  QString text;     // "Played before 1 edit of the ruleset (...)"; "" when none
};

// The edits from `played` to `now` (model::diffRulesets), the first three named.
EditsSince editsSince(const model::Ruleset& played, const model::Ruleset& now);

// A result played on a ruleset hashed `resultHash`, saved at `savedAt`, that
// is not `now`: what it is and what to do.
QString otherRevisionNote(const std::string& resultHash, const model::Ruleset& now, const QString& savedAt);

// The note's label, the same in every panel: word-wrapped, amber, hidden until a
// panel sets a note; named "revisionNote" for the tests.
QLabel* newRevisionLabel(QWidget* parent);

}  // namespace wb::app
