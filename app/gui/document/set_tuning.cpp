#include "app/gui/document/set_tuning.h"

#include "app/gui/document/ruleset_document.h"

namespace wb::app {

SetTuning::SetTuning(RulesetDocument* document, Sections before, Sections after, const QString& description)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after)) {
  setText(description);
}

void SetTuning::undo() { apply(m_before); }
void SetTuning::redo() { apply(m_after); }

// The sections this command sets are the tuner's `targets:` and `knobs:`; any
// other section kept beside them (a described game's `rules:`) is the game
// itself and stays as it is.
static bool isTuningSection(const std::string& key) { return key == "targets" || key == "knobs"; }

void SetTuning::apply(const Sections& sections) {
  Sections merged;
  for (const auto& kv : m_document->ruleset().tuning)
    if (!isTuningSection(kv.first)) merged.push_back(kv);
  for (const auto& kv : sections)
    if (isTuningSection(kv.first)) merged.push_back(kv);
  m_document->rulesetForEdit().tuning = std::move(merged);
  DocumentChange change;
  change.kind = DocumentChange::Kind::Value;
  change.path = QString::fromLatin1(kChangePath);
  m_document->commandApplied(change);
}

}  // namespace wb::app
