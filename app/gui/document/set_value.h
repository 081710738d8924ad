// SetValue: the generic "change value" undo command. It sets any path of
// model/path/ruleset_path.h from text and restores the old text on undo.
// Each committed edit is its own step, named with both values ("Set
// cards.meteor_strike.cost: 18 -> 14"): 18 -> 14 then 14 -> 16 undoes to 14
// first. Typing in a field is not an edit until it is committed.
#pragma once

#include <QString>
#include <QUndoCommand>

namespace wb::app {

class RulesetDocument;

class SetValue : public QUndoCommand {
 public:
  // With a `parent` it is one step of a compound edit (RulesetDocument::setValues).
  SetValue(RulesetDocument* document, QString path, QString oldText, QString newText,
           QUndoCommand* parent = nullptr);

  void undo() override;
  void redo() override;

  const QString& path() const { return m_path; }

 private:
  void apply(const QString& text);
  RulesetDocument* m_document;
  QString m_path;
  QString m_oldText;
  QString m_newText;
};

}  // namespace wb::app
