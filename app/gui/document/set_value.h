// SetValue: the generic "change value" undo command. It sets any path of
// model/path/ruleset_path.h from text and restores the old text on undo.
// Repeated edits of the same path merge into one step (like Tiled's
// ChangeValue), so typing 17, 16, 15 into a cost undoes back to 18 at once.
#pragma once

#include <QString>
#include <QUndoCommand>

namespace wb::app {

class RulesetDocument;

class SetValue : public QUndoCommand {
 public:
  static constexpr int kId = 0x5e7;
  // With a `parent` it is one step of a compound edit (RulesetDocument::setValues).
  SetValue(RulesetDocument* document, QString path, QString oldText, QString newText,
           QUndoCommand* parent = nullptr);

  void undo() override;
  void redo() override;
  int id() const override { return kId; }
  bool mergeWith(const QUndoCommand* other) override;

  const QString& path() const { return m_path; }

 private:
  void apply(const QString& text);
  RulesetDocument* m_document;
  QString m_path;
  QString m_oldText;
  QString m_newText;
};

}  // namespace wb::app
