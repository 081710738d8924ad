#include "app/gui/document/set_value.h"

#include <QDebug>

#include "app/gui/document/ruleset_document.h"
#include "model/path/ruleset_path.h"

namespace wb::app {

namespace {
QString describe(const QString& path, const QString& text) {
  QString shown = text;
  if (shown.size() > 24) shown = shown.left(21) + QStringLiteral("...");
  return QObject::tr("Set %1 = %2").arg(path, shown);
}
}  // namespace

SetValue::SetValue(RulesetDocument* document, QString path, QString oldText, QString newText,
                   QUndoCommand* parent)
    : QUndoCommand(parent),
      m_document(document), m_path(std::move(path)), m_oldText(std::move(oldText)),
      m_newText(std::move(newText)) {
  setText(describe(m_path, m_newText));
}

void SetValue::undo() { apply(m_oldText); }
void SetValue::redo() { apply(m_newText); }

bool SetValue::mergeWith(const QUndoCommand* other) {
  const auto* next = dynamic_cast<const SetValue*>(other);
  if (!next || next->m_path != m_path || next->m_document != m_document) return false;
  m_newText = next->m_newText;
  setText(describe(m_path, m_newText));
  // Back to where it started: the merged step does nothing.
  if (m_newText == m_oldText) setObsolete(true);
  return true;
}

void SetValue::apply(const QString& text) {
  std::string why;
  if (!model::setPath(m_document->rulesetForEdit(), m_path.toStdString(), text.toStdString(), &why))
    qWarning("SetValue %s: %s", qPrintable(m_path), why.c_str());
  DocumentChange change;
  change.kind = DocumentChange::Kind::Value;
  change.path = m_path;
  m_document->commandApplied(change);
}

}  // namespace wb::app
