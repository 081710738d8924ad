// Undo commands that add or remove a whole entity (card, tile, event, ability,
// faction) in one section of the ruleset.
#pragma once

#include <QUndoCommand>

#include "model/core/entity.h"

namespace wb::app {

class RulesetDocument;

class AddEntity : public QUndoCommand {
 public:
  AddEntity(RulesetDocument* document, model::Section section, model::Entity entity, int index);
  void undo() override;
  void redo() override;

 private:
  RulesetDocument* m_document;
  model::Section m_section;
  model::Entity m_entity;
  int m_index;
};

class RemoveEntity : public QUndoCommand {
 public:
  RemoveEntity(RulesetDocument* document, model::Section section, int index);
  void undo() override;
  void redo() override;

 private:
  RulesetDocument* m_document;
  model::Section m_section;
  model::Entity m_entity;  // kept for undo
  int m_index;
};

}  // namespace wb::app
