#include "app/gui/document/set_value.h"

#include <QDebug>

#include "app/gui/document/ruleset_document.h"
#include "model/path/ruleset_path.h"

namespace wb::app {

namespace {
QString shorten(const QString& text) {
  if (text.size() > 24) return text.left(21) + QStringLiteral("...");
  return text.isEmpty() ? QObject::tr("(empty)") : text;
}

QString describe(const QString& path, const QString& oldText, const QString& newText) {
  return QObject::tr("Set %1: %2 -> %3").arg(path, shorten(oldText), shorten(newText));
}
}  // namespace

SetValue::SetValue(RulesetDocument* document, QString path, QString oldText, QString newText,
                   QUndoCommand* parent)
    : QUndoCommand(parent),
      m_document(document), m_path(std::move(path)), m_oldText(std::move(oldText)),
      m_newText(std::move(newText)) {
  setText(describe(m_path, m_oldText, m_newText));
}

void SetValue::undo() { apply(m_oldText); }
void SetValue::redo() { apply(m_newText); }

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
