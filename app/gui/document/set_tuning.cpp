#include "app/gui/document/set_tuning.h"

#include "app/gui/document/ruleset_document.h"

namespace wb::app {

SetTuning::SetTuning(RulesetDocument* document, Sections before, Sections after, const QString& description)
    : m_document(document), m_before(std::move(before)), m_after(std::move(after)) {
  setText(description);
}

void SetTuning::undo() { apply(m_before); }
void SetTuning::redo() { apply(m_after); }

void SetTuning::apply(const Sections& sections) {
  m_document->rulesetForEdit().tuning = sections;
  DocumentChange change;
  change.kind = DocumentChange::Kind::Value;
  change.path = QString::fromLatin1(kChangePath);
  m_document->commandApplied(change);
}

}  // namespace wb::app
