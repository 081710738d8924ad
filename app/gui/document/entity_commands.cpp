#include "app/gui/document/entity_commands.h"

#include "app/gui/document/ruleset_document.h"

namespace wb::app {

namespace {
void notify(RulesetDocument* document, model::Section section) {
  DocumentChange change;
  change.kind = DocumentChange::Kind::Entities;
  change.section = static_cast<int>(section);
  document->commandApplied(change);
}
}  // namespace

AddEntity::AddEntity(RulesetDocument* document, model::Section section, model::Entity entity, int index)
    : m_document(document), m_section(section), m_entity(std::move(entity)), m_index(index) {
  setText(QObject::tr("Add %1").arg(QString::fromStdString(m_entity.id)));
}

void AddEntity::redo() {
  auto& list = m_document->rulesetForEdit().entities(m_section);
  list.insert(list.begin() + m_index, m_entity);
  notify(m_document, m_section);
}

void AddEntity::undo() {
  auto& list = m_document->rulesetForEdit().entities(m_section);
  list.erase(list.begin() + m_index);
  notify(m_document, m_section);
}

RemoveEntity::RemoveEntity(RulesetDocument* document, model::Section section, int index)
    : m_document(document), m_section(section),
      m_entity(document->ruleset().entities(section)[static_cast<std::size_t>(index)]), m_index(index) {
  setText(QObject::tr("Remove %1").arg(QString::fromStdString(m_entity.id)));
}

void RemoveEntity::redo() {
  auto& list = m_document->rulesetForEdit().entities(m_section);
  list.erase(list.begin() + m_index);
  notify(m_document, m_section);
}

void RemoveEntity::undo() {
  auto& list = m_document->rulesetForEdit().entities(m_section);
  list.insert(list.begin() + m_index, m_entity);
  notify(m_document, m_section);
}

ReplaceEntity::ReplaceEntity(RulesetDocument* document, model::Section section, int index, model::Entity after,
                             const QString& text)
    : m_document(document), m_section(section), m_index(index),
      m_before(document->ruleset().entities(section)[static_cast<std::size_t>(index)]), m_after(std::move(after)) {
  setText(text);
}

void ReplaceEntity::redo() {
  m_document->rulesetForEdit().entities(m_section)[static_cast<std::size_t>(m_index)] = m_after;
  notify(m_document, m_section);
}

void ReplaceEntity::undo() {
  m_document->rulesetForEdit().entities(m_section)[static_cast<std::size_t>(m_index)] = m_before;
  notify(m_document, m_section);
}

}  // namespace wb::app
