// Undo commands that add, remove or replace a whole entity (card, tile, event, ability,
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

// Replaces an entity by an edited copy (a property added, changed or removed:
// paths can only set what exists). Undo puts the old entity back.
class ReplaceEntity : public QUndoCommand {
 public:
  ReplaceEntity(RulesetDocument* document, model::Section section, int index, model::Entity after,
                const QString& text);
  void undo() override;
  void redo() override;

 private:
  RulesetDocument* m_document;
  model::Section m_section;
  int m_index;
  model::Entity m_before, m_after;
};

}  // namespace wb::app
