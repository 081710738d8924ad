// Undo commands on the effects list of one entity: add, remove, move (reorder)
// and edit (replace one effect: op change, arguments added or removed).
// Entities are found by section and id at apply time.
#pragma once

#include <QString>
#include <QUndoCommand>

#include "model/core/entity.h"

namespace wb::app {

class RulesetDocument;

// Shared plumbing: finds the entity and notifies the document.
class EffectCommand : public QUndoCommand {
 protected:
  EffectCommand(RulesetDocument* document, model::Section section, QString id);
  std::vector<model::Effect>* effects();
  void notify();
  RulesetDocument* m_document;
  model::Section m_section;
  QString m_id;
};

class AddEffect : public EffectCommand {
 public:
  AddEffect(RulesetDocument* document, model::Section section, QString id, model::Effect effect, int index);
  void undo() override;
  void redo() override;

 private:
  model::Effect m_effect;
  int m_index;
};

class RemoveEffect : public EffectCommand {
 public:
  RemoveEffect(RulesetDocument* document, model::Section section, QString id, int index);
  void undo() override;
  void redo() override;

 private:
  model::Effect m_effect;
  int m_index;
};

class MoveEffect : public EffectCommand {
 public:
  MoveEffect(RulesetDocument* document, model::Section section, QString id, int from, int to);
  void undo() override;
  void redo() override;

 private:
  void move(int from, int to);
  int m_from;
  int m_to;
};

class EditEffect : public EffectCommand {
 public:
  EditEffect(RulesetDocument* document, model::Section section, QString id, int index, model::Effect effect);
  void undo() override;
  void redo() override;

 private:
  model::Effect m_old;
  model::Effect m_new;
  int m_index;
};

}  // namespace wb::app
